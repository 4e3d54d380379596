import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { ChatSession, ComposerMode, Transport, WaitEnd } from '../../src/index.js';
import { emit } from '../events.js';
import type { ChatAttachmentsController } from './attachments.js';
import { prefillInput, renderComposerForm } from './composer-form.js';

/*
 * The chat's message box and what sending does: the checks (with why a message was refused, under the input and as
 * `mantis-send-error`), the cancelable `mantis-send`, a message that waits for its files, a prefill, and the form
 * itself. The session does the sending; this is the part of `<mantis-chat>` the user types into.
 */

/** What the composer reads of its chat. */
export interface ComposerHost extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  readonly url: string | undefined;
  readonly transport: string;
  readonly connection: Transport | undefined;
  readonly hasUpdated: boolean;
  readonly isUpdatePending: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
  mode: ComposerMode;
  placeholder: string;
  suggestions: readonly string[];
  stop(): void;
}

export class ChatComposerController implements ReactiveController {
  readonly #host: ComposerHost;
  readonly #files: ChatAttachmentsController;
  readonly #applyPending: () => void;
  readonly #stick: () => void;
  /** Why the last message could not be sent ('' for none). */
  #error = '';
  /** The connection settings the last update applied (a send compares them with the current ones). */
  #applied: { readonly url: string | undefined; readonly transport: string; readonly connection: Transport | undefined } = {
    url: undefined,
    transport: 'ws',
    connection: undefined,
  };

  /** `applyPending`: runs the chat's pending update now; `stick`: the transcript follows the newest message. */
  constructor(host: ComposerHost, files: ChatAttachmentsController, applyPending: () => void, stick: () => void) {
    this.#host = host;
    this.#files = files;
    this.#applyPending = applyPending;
    this.#stick = stick;
    host.addController(this);
  }

  hostUpdate(): void {
    const { url, transport, connection } = this.#host;
    this.#applied = { url, transport, connection };
  }

  get #input(): HTMLTextAreaElement | null {
    return this.#host.renderRoot.querySelector('textarea');
  }

  /** Shows why something the user did was not done (or '' to clear it). */
  set error(text: string) {
    if (text === this.#error) return;
    this.#error = text;
    this.#host.requestUpdate();
  }

  /** Sends `text`, with the files attached when the user sent it from the input (`withFiles`). */
  send(text: string, withFiles: boolean): boolean {
    const host = this.#host;
    const session = host.session;
    // A host that changed `url`, `transport` or `connection` and sends at once means the new connection: apply the
    // pending update now, or the message would go out on the old one and its reply be lost with it.
    // Only then: a full update in the middle of an action's click would render its outcomes before they settle.
    const applied = this.#applied;
    if (host.hasUpdated && host.isUpdatePending && (applied.url !== host.url || applied.transport !== host.transport || applied.connection !== host.connection)) {
      this.#applyPending();
    }
    const files = withFiles ? session.attachments.items : [];
    const refusal = withFiles && session.waitingText !== null ? { reason: 'waiting' as const, message: '' } : session.check(text, files.length > 0);
    if (refusal) {
      this.error = refusal.reason === 'empty' || refusal.reason === 'waiting' ? '' : refusal.message;
      if (refusal.reason !== 'empty' && refusal.reason !== 'waiting') emit(host, 'mantis-send-error', { ...refusal, text });
      return false;
    }
    const attachments = files.map(({ name, mediaType, size }) => ({ name, mediaType, size }));
    if (!emit(host, 'mantis-send', { text, attachments }, { cancelable: true })) return false;
    this.error = '';
    host.suggestions = [];
    this.#files.clearRefusals();
    this.#stick();
    return (withFiles ? session.sendWithAttachments(text) : session.send(text)).ok;
  }

  /** A message that waited for its files ended: sent, the input it waited in is emptied; not sent, its text stays, with why. */
  waited(end: WaitEnd | undefined): void {
    const input = this.#input;
    if (end?.sent && input) input.value = '';
    if (end && !end.sent && end.reason) this.error = end.reason;
    this.#host.requestUpdate();
  }

  /** A prefill-composer action: the text goes in the message box, which takes focus; nothing is sent. */
  async prefill(text: string): Promise<void> {
    await this.#host.updateComplete;
    const input = this.#input;
    if (input) prefillInput(input, text);
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    const input = this.#input;
    if (this.#host.session.waitingText !== null || !input) return;
    // A message waiting for its files keeps its text in the input until it is sent.
    if (this.send(input.value, true) && this.#host.session.waitingText === null) input.value = '';
    input.focus();
  }

  #cancelWaiting(): void {
    this.#host.session.cancelWaiting();
    this.#input?.focus();
  }

  render(streaming: boolean): TemplateResult {
    const host = this.#host;
    const files = this.#files;
    const waiting = host.session.waitingText;
    return renderComposerForm({
      mode: host.mode,
      placeholder: host.placeholder,
      streaming,
      error: this.#error,
      onSubmit: (event) => this.#onSubmit(event),
      onInput: () => {
        this.error = '';
        files.clearRefusals();
      },
      onMode: (mode) => (host.mode = mode),
      onStop: () => host.stop(),
      waiting: waiting !== null,
      onPaste: files.onPaste,
      attachButton: files.renderButton(),
      tray: files.renderTray(waiting, () => this.#cancelWaiting()),
    });
  }
}
