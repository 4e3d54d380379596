import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createLazyMediaService } from '../internal/lazy-media.js';
import { checkPersistedHistory, createBagDirectory, describeChecked, type ChatSession, type MediaService, type MediaTokenProvider, type PersistedMessage } from '../../src/index.js';
import { deleteStored, historyKey, readLayout, readStored, writeLayout, writeStored } from '../internal/storage.js';
import type { Theme } from '../internal/theme.styles.js';
import { rejectValue } from './session-binding.js';

/** What the workspace reads of its chat. */
export interface WorkspaceHost extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  bagsUrl: string | undefined;
  mediaBaseUrl: string | undefined;
  mediaToken: MediaTokenProvider | undefined;
  mediaCredentials: 'omit' | 'same-origin' | 'include';
  account: string | undefined;
  historyKey: string | undefined;
  layoutKey: string;
  theme: Theme;
}

const CREDENTIALS: readonly string[] = ['omit', 'same-origin', 'include'];

/**
 * What `<mantis-chat>` keeps around its session: the bags API and the media service its attributes configure (media
 * scoped to `account`, released when the chat is removed for good), the opt-in stored conversation (`history-key`),
 * and the user's theme choice (layout preferences). See elements/internal/storage.ts for what is stored where.
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
  /** Layout preferences are read once per connection; a choice made meanwhile wins over what was read. */
  #themeChosen = false;
  #released = false;
  readonly #changed: () => void;

  /** `changed`: the media service changed, so what views see of the session must be given to them again. */
  constructor(host: WorkspaceHost, changed: () => void) {
    this.#host = host;
    this.#changed = changed;
    host.addController(this);
  }

  hostConnected(): void {
    // Put back after it was removed for good (a keep-alive router): its media service is made again.
    if (this.#released && this.#host.mediaBaseUrl) this.applyMedia();
    this.#released = false;
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
    this.#dropMedia();
    if (!host.mediaBaseUrl) return this.#changed();
    const credentials = CREDENTIALS.includes(host.mediaCredentials) ? host.mediaCredentials : 'same-origin';
    if (credentials !== host.mediaCredentials) rejectValue(host, 'mediaCredentials', '"omit", "same-origin" or "include"');
    const token = this.#token();
    try {
      new URL(host.mediaBaseUrl, document.baseURI);
    } catch {
      rejectValue(host, 'mediaBaseUrl', 'a URL (the media store)');
      return this.#changed();
    }
    this.#media = createLazyMediaService({
      baseUrl: host.mediaBaseUrl,
      relativeTo: document.baseURI,
      credentials,
      ...(token ? { token } : {}),
      ...(host.account !== undefined ? { account: host.account } : {}),
    });
    session.media = this.#media;
    this.#mediaSession = session;
    this.#changed();
  }

  /** The shown session consults the bags API the chat names (set or removed; a host's session is left alone until then). */
  applyBags(): void {
    const host = this.#host;
    let url: URL | null = null;
    try {
      url = host.bagsUrl ? new URL(host.bagsUrl, document.baseURI) : null;
    } catch {
      url = null;
    }
    if (host.bagsUrl && !url) rejectValue(host, 'bagsUrl', 'a URL (the bags API)');
    host.session.bags = url ? createBagDirectory(url.href) : null;
  }

  /** The token provider changed: the next request reads the new one (nothing fetched is dropped). */
  applyToken(): void {
    const token = this.#token();
    // A refused value leaves the provider as it was.
    if (token !== undefined || this.#host.mediaToken === undefined) this.#host.session.media?.setToken(token);
  }

  /** The host's token provider; one that is not a function is refused (with mantis-config-error) and not used. */
  #token(): MediaTokenProvider | undefined {
    const token = this.#host.mediaToken;
    if (token === undefined || typeof token === 'function') return token;
    rejectValue(this.#host, 'mediaToken', 'a function that returns the bearer token');
    return undefined;
  }

  /** Takes the service this chat made off the session it gave it to, and disposes it. */
  #dropMedia(): void {
    if (this.#mediaSession && this.#mediaSession.media === this.#media) this.#mediaSession.media = null;
    this.#media?.dispose();
    this.#media = null;
    this.#mediaSession = null;
  }

  /** The signed-in account changed: every object URL of the old one is revoked and every request aborted. */
  applyAccount(): void {
    this.#host.session.media?.setAccount(this.#host.account);
  }

  /** The chat was removed for good: its own service revokes every object URL and aborts what is in flight. */
  release(): void {
    this.#dropMedia();
    this.#released = true;
    this.#changed();
  }

  /** The user chose a theme: it is applied and remembered across reloads. */
  chooseTheme(theme: Theme): void {
    this.#themeChosen = true;
    this.#host.theme = theme;
    void writeLayout(this.#host.layoutKey, { theme });
  }

  async #restoreLayout(): Promise<void> {
    this.#themeChosen = false;
    const layout = await readLayout(this.#host.layoutKey);
    if (layout.theme && !this.#themeChosen) this.#host.theme = layout.theme;
  }

  /**
   * Loads the stored conversation of `history-key`. The first key a chat gets restores into an empty transcript only
   * (a conversation already shown wins, and is stored from then on); changing the key to another one switches to the
   * conversation stored under it, or an empty one.
   */
  restoreHistory(): Promise<void> {
    const key = this.#host.historyKey;
    if (!key || key === this.#restoredKey) return this.#restoring;
    const switching = this.#restoredKey !== undefined;
    this.#restoredKey = key;
    this.#restoring = this.#restoring.then(async () => {
      const stored = await readStored<unknown>(historyKey(key));
      if (this.#host.historyKey !== key) return;
      const checked = stored === undefined ? { messages: [], dropped: [], downgraded: [] } : checkPersistedHistory(stored, this.#host.session.protocols);
      const said = describeChecked(checked);
      if (said) console.warn(`[mantis-ui] The conversation stored under history-key "${key}" is not all in the persisted format: ${said}`);
      const messages = checked?.messages ?? [];
      if (!switching && (messages.length === 0 || this.#host.session.messages.length > 0)) return;
      (this.#host as unknown as { messages: readonly PersistedMessage[] }).messages = messages;
    });
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
