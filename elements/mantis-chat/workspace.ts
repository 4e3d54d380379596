import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createMediaService, type ChatSession, type MediaService, type MediaTokenProvider, type PersistedMessage } from '../../src/index.js';
import { deleteStored, historyKey, readLayout, readStored, writeLayout, writeStored } from '../internal/storage.js';
import type { Theme } from '../internal/theme.styles.js';
import { rejectValue } from './session-binding.js';

/** What the workspace reads of its chat. */
export interface WorkspaceHost extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  mediaBaseUrl: string | undefined;
  mediaToken: MediaTokenProvider | undefined;
  mediaCredentials: 'omit' | 'same-origin' | 'include';
  account: string | undefined;
  historyKey: string | undefined;
  layoutKey: string;
  theme: Theme;
}

const CREDENTIALS: readonly string[] = ['omit', 'same-origin', 'include'];

/** A conversation read back from storage, if it has the persisted shape (a page script could have changed it). */
function asHistory(value: unknown): readonly PersistedMessage[] | null {
  if (!Array.isArray(value)) return null;
  const ok = value.every((m: unknown) => {
    const r = m as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || typeof r.id !== 'string' || typeof r.text !== 'string') return false;
    if (r.role === 'user') return true;
    return r.role === 'assistant' && Array.isArray(r.events) && typeof r.sequence === 'number' && typeof r.marker === 'object';
  });
  return ok ? (value as PersistedMessage[]) : null;
}

/**
 * What `<mantis-chat>` keeps around its session: the media service its attributes configure (scoped to `account`,
 * released when the chat is removed for good), the opt-in stored conversation (`history-key`), and the user's theme
 * choice (layout preferences). See elements/internal/storage.ts for what is stored where.
 */
export class ChatWorkspace implements ReactiveController {
  readonly #host: WorkspaceHost;
  /** The service this chat made from its attributes (a host's own `session.media` is never disposed here). */
  #media: MediaService | null = null;
  /** The session that service was given to. */
  #mediaSession: ChatSession | null = null;
  /** The history key whose stored conversation was restored or refused (restored once per key). */
  #restoredKey: string | undefined;
  #restoring: Promise<void> = Promise.resolve();

  constructor(host: WorkspaceHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    void this.#restoreLayout();
    void this.restoreHistory();
  }

  /** Settles once a stored conversation was read (and loaded when the transcript was empty). */
  get restored(): Promise<void> {
    return this.#restoring;
  }

  /** The media attributes changed, or the chat shows another session: a fresh service, scoped to the account. */
  applyMedia(): void {
    const host = this.#host;
    const session = host.session;
    const previous = this.#mediaSession;
    if (previous && previous.media === this.#media) previous.media = null;
    this.#media?.dispose();
    this.#media = null;
    this.#mediaSession = null;
    if (!host.mediaBaseUrl) return;
    const credentials = CREDENTIALS.includes(host.mediaCredentials) ? host.mediaCredentials : 'same-origin';
    if (credentials !== host.mediaCredentials) rejectValue(host, 'mediaCredentials', '"omit", "same-origin" or "include"');
    const token = host.mediaToken;
    if (token !== undefined && typeof token !== 'function') rejectValue(host, 'mediaToken', 'a function that returns the bearer token');
    try {
      new URL(host.mediaBaseUrl, document.baseURI);
    } catch {
      rejectValue(host, 'mediaBaseUrl', 'a URL (the media store)');
      return;
    }
    this.#media = createMediaService({
      baseUrl: host.mediaBaseUrl,
      relativeTo: document.baseURI,
      credentials,
      ...(typeof token === 'function' ? { token } : {}),
      ...(host.account !== undefined ? { account: host.account } : {}),
    });
    session.media = this.#media;
    this.#mediaSession = session;
  }

  /** The token provider changed: the next request reads the new one (nothing fetched is dropped). */
  applyToken(): void {
    const token = this.#host.mediaToken;
    if (token !== undefined && typeof token !== 'function') {
      rejectValue(this.#host, 'mediaToken', 'a function that returns the bearer token');
      return;
    }
    this.#host.session.media?.setToken(token);
  }

  /** The signed-in account changed: every object URL of the old one is revoked and every request aborted. */
  applyAccount(): void {
    this.#host.session.media?.setAccount(this.#host.account);
  }

  /** The chat was removed for good: its own service revokes every object URL and aborts what is in flight. */
  release(): void {
    this.#media?.dispose();
  }

  /** The user chose a theme: it is applied and remembered across reloads. */
  chooseTheme(theme: Theme): void {
    this.#host.theme = theme;
    void writeLayout(this.#host.layoutKey, { theme });
  }

  async #restoreLayout(): Promise<void> {
    const layout = await readLayout(this.#host.layoutKey);
    if (layout.theme) this.#host.theme = layout.theme;
  }

  /** Loads the stored conversation of `history-key` into an empty transcript (a conversation already shown wins). */
  restoreHistory(): Promise<void> {
    const key = this.#host.historyKey;
    if (!key || key === this.#restoredKey) return this.#restoring;
    this.#restoredKey = key;
    this.#restoring = (async () => {
      const stored = await readStored<unknown>(historyKey(key));
      if (stored === undefined || this.#host.historyKey !== key) return;
      const history = asHistory(stored);
      if (!history) {
        console.warn(`[mantis-ui] The conversation stored under history-key "${key}" is not in the persisted format; it was ignored.`);
        return;
      }
      const session = this.#host.session;
      if (session.messages.length === 0) (this.#host as unknown as { messages: readonly PersistedMessage[] }).messages = history;
    })();
    return this.#restoring;
  }

  /** The persisted conversation changed: with `history-key`, it is stored (never artifact payloads or media bytes). */
  saveHistory(messages: readonly PersistedMessage[]): void {
    const key = this.#host.historyKey;
    if (!key) return;
    // Written after the restore settled, so a reload never stores an empty conversation over the one it restores.
    this.#restoring = this.#restoring.then(() => writeStored(historyKey(key), messages));
  }

  /** Deletes the stored conversation of `history-key` (the transcript on screen stays). */
  clearHistory(): Promise<void> {
    const key = this.#host.historyKey;
    if (!key) return Promise.resolve();
    this.#restoring = this.#restoring.then(() => deleteStored(historyKey(key)));
    return this.#restoring;
  }
}
