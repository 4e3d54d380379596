import { A2UI_V09_VERSIONS } from './types.js';

/*
 * Which surface an A2UI message addresses, read without trusting its shape: what places a surface in the conversation
 * (the surface group, group.ts) and what a message's parts show (records.ts).
 */

/** The versions whose messages the chat reads (v1.0's rules load with its first message). */
const READ_VERSIONS: readonly string[] = [...A2UI_V09_VERSIONS, 'v1.0'];

/** Characters of a surface ID the chat keeps (longer IDs are not attributed to any message). */
const SURFACE_ID_CHARS = 128;
const PAYLOADS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/** The surface an A2UI message addresses and what it does, read without trusting its shape; null when it names none. */
export function surfaceOf(message: unknown): { readonly surfaceId: string; readonly kind: (typeof PAYLOADS)[number] } | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  // A message is its version and one payload: anything else places (and deletes) nothing. A version the chat does not
  // read (a later one, say) still places its surface, where the refusal is then said, but deletes none.
  const record = message as Record<string, unknown>;
  const keys = Object.keys(record);
  const version = record['version'];
  if (typeof version !== 'string' || keys.length !== 2) return null;
  const kind = PAYLOADS.find((k) => keys.includes(k));
  const payload = kind ? record[kind] : undefined;
  if (!kind || typeof payload !== 'object' || payload === null) return null;
  const id = (payload as Record<string, unknown>)['surfaceId'];
  // A deleteSurface holds its surfaceId alone: one with more is not a delete (its renderer refuses it).
  if (kind === 'deleteSurface' && (Object.keys(payload).length !== 1 || !READ_VERSIONS.includes(version))) return null;
  return typeof id === 'string' && id.length > 0 && id.length <= SURFACE_ID_CHARS ? { surfaceId: id, kind } : null;
}

/** The IDs of the surfaces some A2UI messages touch, in first-touch order. */
export function touchedSurfaces(messages: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    const surface = surfaceOf(message);
    if (surface && !ids.includes(surface.surfaceId)) ids.push(surface.surfaceId);
  }
  return ids;
}
