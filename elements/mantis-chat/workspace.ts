import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatSession, PersistedMessage } from '../../src/index.js';
import { HISTORY_UNREAD, readHistory } from '../../src/chat/session-history.js';
import { deleteStored, historyKey, readLayout, readStored, writeLayout, writeStored } from '../internal/storage.js';
import type { Theme } from '../internal/theme.styles.js';

/** What the workspace reads of its chat. */
export interface WorkspaceHost extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  historyKey: string | undefined;
  layoutKey: string;
  theme: Theme;
}

/**
 * What `<mantis-chat>` keeps in the browser's storage around its session: the opt-in stored conversation
 * (`history-key`) and the user's theme choice (layout preferences). See elements/internal/storage.ts for what is
 * stored where.
 */
export class ChatWorkspaceController implements ReactiveController {
  readonly #host: WorkspaceHost;
  /** The history key whose stored conversation was restored or refused (restored once per key). */
  #restoredKey: string | undefined;
  #restoring: Promise<void> = Promise.resolve();
  /** Layout preferences are read once per connection; a choice made meanwhile wins over what was read. */
  #themeChosen = false;

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
      const read = stored === undefined ? { checked: { messages: [], dropped: [], downgraded: [] }, said: null } : await readHistory(stored, this.#host.session.protocols).catch(() => null);
      if (!read) return console.warn(`[mantis-ui] ${HISTORY_UNREAD}`);
      const { checked, said } = read;
      if (said) console.warn(`[mantis-ui] The conversation stored under history-key "${key}" is not all in the persisted format: ${said}`);
      const messages = checked?.messages ?? [];
      if (!switching && (messages.length === 0 || this.#host.session.messages.length > 0)) return;
      (this.#host as unknown as { messages: readonly PersistedMessage[] }).messages = messages;
      await this.#host.session.historyReady;
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
