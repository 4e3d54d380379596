import type { ComposerMode } from '../message/marker.js';
import type { AttachedFile, AttachmentTray } from '../uploads/tray.js';
import type { UserMessage } from '../message/messages.js';

/*
 * A message that waits for its files: sent by the session the moment every file it was sent with has uploaded (or the
 * user removed the ones that failed), once. Until then it is nobody's message: nothing of it is in the transcript or
 * on the transport, and the input shows it waiting. Its files are those attached when it was sent: a file added
 * meanwhile stays for the next message; a file its checks refuse stops the wait, so the user decides again.
 */

/** How a wait ended: sent, or not (`reason` says why, for people; none when the user stopped it). */
export type WaitEnd = { readonly sent: true } | { readonly sent: false; readonly reason?: string };

export class WaitingMessage {
  readonly #tray: AttachmentTray;
  readonly #check: () => string | null;
  readonly #deliver: (text: string, files: readonly AttachedFile[], mode: ComposerMode) => UserMessage;
  readonly #changed: (text: string | null, end?: WaitEnd) => void;
  #text: string | null = null;
  #mode: ComposerMode = 'orchestrator';
  #ids: ReadonlySet<string> = new Set();

  /**
   * `check` says why a message cannot be sent now (null: it can); `deliver` sends it; `changed` is told when a wait
   * starts (with its text) and ends (null, and how).
   */
  constructor(
    tray: AttachmentTray,
    check: () => string | null,
    deliver: (text: string, files: readonly AttachedFile[], mode: ComposerMode) => UserMessage,
    changed: (text: string | null, end?: WaitEnd) => void,
  ) {
    this.#tray = tray;
    this.#check = check;
    this.#deliver = deliver;
    this.#changed = changed;
    tray.subscribe((event) => {
      if (event.type === 'change') this.#settle();
      else if (event.type === 'refused' && this.#text !== null && this.#ids.has(event.id)) {
        this.#end({ sent: false, reason: 'A file of this message was not attached (see why above): it was not sent.' });
      }
    });
  }

  /** The text waiting to be sent with its files, or null. */
  get text(): string | null {
    return this.#text;
  }

  /**
   * Sends `text` with the files attached now, under `mode`, once they have uploaded: the message when that was at
   * once, else 'waiting'.
   */
  send(text: string, mode: ComposerMode): UserMessage | 'waiting' {
    this.#text = text;
    this.#mode = mode;
    this.#ids = new Set(this.#tray.items.map((item) => item.id));
    const sent = this.#settle();
    if (sent) return sent;
    if (this.#text !== null) this.#changed(text);
    return 'waiting';
  }

  /** Stops waiting; the files stay attached. Returns the text that was waiting. */
  cancel(): string | null {
    const text = this.#text;
    if (text !== null) this.#end({ sent: false });
    return text;
  }

  #end(end: WaitEnd): void {
    this.#text = null;
    this.#ids = new Set();
    this.#changed(null, end);
  }

  /** Sends the waiting text when its files allow it: the message sent, or null. */
  #settle(): UserMessage | null {
    const text = this.#text;
    if (text === null || !this.#tray.uploaded(this.#ids)) return null;
    // The connection went away meanwhile: the files stay, and the user may send again.
    const refusal = this.#check();
    if (refusal !== null) {
      this.#end({ sent: false, reason: refusal });
      return null;
    }
    const ids = this.#ids;
    // Ended before the files leave the tray: take() changes the tray, and this listener hears it.
    this.#text = null;
    this.#ids = new Set();
    const files = this.#tray.take(ids);
    // The user removed every file, and there is nothing to say without them.
    if (files.length === 0 && text.trim() === '') {
      this.#changed(null, { sent: false });
      return null;
    }
    const message = this.#deliver(text, files, this.#mode);
    this.#changed(null, { sent: true });
    return message;
  }
}
