import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isTheme, type Theme } from './theme.styles.js';

/*
 * What survives a reload (000_de6e533300a72cb9.txt: artifact panels "are excluded from persisted layout state and
 * panel-visibility storage so a reload cannot restore an orphaned panel"). Everything goes through idb-keyval into
 * one IndexedDB database, `mantis-ui` (object store `state`), under these keys:
 * - `layout:<name>`: layout preferences (LayoutPreferences), written only when the user changes one;
 * - `history:<key>`: a conversation, only for a chat with the opt-in `history-key` attribute.
 * Artifact tabs and payloads, and media bytes, are never stored. When IndexedDB fails (private mode, quota, a
 * blocked database) storage degrades to memory for the rest of the page, with one console warning.
 */

export const DATABASE_NAME = 'mantis-ui';
export const STORE_NAME = 'state';

/** Layout preferences: panel width and whether it was collapsed, and the theme when the user chose one. */
export interface LayoutPreferences {
  readonly panelWidth?: number;
  readonly panelOpen?: boolean;
  readonly theme?: Theme;
}

export const layoutKey = (name: string): string => `layout:${name}`;
export const historyKey = (name: string): string => `history:${name}`;

let store: UseStore | null = null;
let failed = false;
const memory = new Map<string, unknown>();

function degrade(error: unknown): void {
  if (failed) return;
  failed = true;
  console.warn('[mantis-ui] IndexedDB is not available; preferences and history are kept in memory for this page only.', error);
}

function idb(): UseStore | null {
  if (failed) return null;
  try {
    store ??= createStore(DATABASE_NAME, STORE_NAME);
    return store;
  } catch (error) {
    degrade(error);
    return null;
  }
}

/** Reads a value; undefined when absent or when storage failed. Never rejects. */
export async function readStored<T>(key: string): Promise<T | undefined> {
  const db = idb();
  if (db) {
    try {
      return await get<T>(key, db);
    } catch (error) {
      degrade(error);
    }
  }
  return memory.get(key) as T | undefined;
}

/** Writes a value (structured-cloned). Never rejects: a failure keeps it in memory, with one warning. */
export async function writeStored(key: string, value: unknown): Promise<void> {
  const db = idb();
  if (db) {
    try {
      await set(key, value, db);
      memory.delete(key);
      return;
    } catch (error) {
      degrade(error);
    }
  }
  memory.set(key, value);
}

/** Deletes a value. Never rejects. */
export async function deleteStored(key: string): Promise<void> {
  memory.delete(key);
  const db = idb();
  if (!db) return;
  try {
    await del(key, db);
  } catch (error) {
    degrade(error);
  }
}

/** Reads layout preferences, keeping only well-formed values (the database is not trusted either). */
export async function readLayout(name: string): Promise<LayoutPreferences> {
  const raw = await readStored<Record<string, unknown>>(layoutKey(name));
  if (typeof raw !== 'object' || raw === null) return {};
  const width = raw.panelWidth;
  return {
    ...(typeof width === 'number' && Number.isFinite(width) && width > 0 ? { panelWidth: width } : {}),
    ...(typeof raw.panelOpen === 'boolean' ? { panelOpen: raw.panelOpen } : {}),
    ...(isTheme(raw.theme) ? { theme: raw.theme } : {}),
  };
}

/** Merges a change into the layout preferences of `name`. Writes are serialised per name, so none is lost. */
const pending = new Map<string, Promise<void>>();
export function writeLayout(name: string, change: LayoutPreferences): Promise<void> {
  const previous = pending.get(name) ?? Promise.resolve();
  const next = previous.then(async () => writeStored(layoutKey(name), { ...(await readLayout(name)), ...change }));
  pending.set(name, next);
  return next;
}

/** Test hook: forget the in-memory fallback state (a new page). */
export function resetStorageForTests(): void {
  store = null;
  failed = false;
  memory.clear();
  pending.clear();
}
