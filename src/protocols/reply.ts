import type { ProtocolMarker } from '../message/marker.js';
import type { ConnectionEvent } from './connection.js';

/*
 * One reply of a protocol that answers each turn with a stream of its own (the AI SDK's, AG-UI's): what every such
 * reader does the same way. The reply starts once, under its marker, in answer to the user message; text arrives by
 * parts (a new part after text is a new paragraph); records go to the reply; it ends once, finished, stopped by the
 * user, or failed (then it shows as interrupted, even when it failed before it began).
 */
export class ReplyWriter {
  readonly #emit: (event: ConnectionEvent) => void;
  readonly #replyTo: string | undefined;
  readonly #newId: () => string;
  #messageId: string | null = null;
  #ended = false;
  #textPart: string | null = null;
  #wroteText = false;
  /** The text part state where the current step began (a reset goes back to it). */
  #stepStart: { readonly part: string | null; readonly wrote: boolean } | null = null;
  /** The message this reply goes on with (the user answered what it asked), whatever ID the wire gives. */
  readonly #continues: string | undefined;
  /**
   * A stream taken up again, which replays its reply from the start: a message of the ID it names streams again from
   * nothing (`replaces`), unless the reply goes on in `#continues` (an answered approval's continuation).
   */
  readonly #replaces: boolean;

  constructor(emit: (event: ConnectionEvent) => void, replyTo: string | undefined, newId: () => string, continues?: string, replaces = false) {
    this.#emit = emit;
    this.#replyTo = replyTo;
    this.#newId = newId;
    this.#continues = continues;
    this.#replaces = replaces && continues === undefined;
    // Its first text is a new paragraph after the message's.
    this.#wroteText = continues !== undefined;
  }

  /** The reply's message ID, once it started. */
  get messageId(): string | null {
    return this.#messageId;
  }

  /** The user message the reply answers, when the turn names one. */
  get replyTo(): string | undefined {
    return this.#replyTo;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Says something that is not the reply's (a notice, an error of the wire). */
  say(event: ConnectionEvent): void {
    this.#emit(event);
  }

  /** Starts the reply if it has not (under `marker`, as `id` when the wire names it); returns its message ID. */
  start(marker: ProtocolMarker = { inlineUiVersion: null, mode: 'orchestrator' }, id?: string): string {
    if (this.#messageId) return this.#messageId;
    const continues = this.#continues;
    this.#messageId = continues ?? id ?? this.#newId();
    // A message that goes on, or is replayed in place, keeps the marker it was shown under.
    const how = this.#replaces ? { replaces: true } : continues ? { continues: true } : {};
    this.#emit({ type: 'message-start', messageId: this.#messageId, marker, ...(this.#replyTo ? { inReplyTo: this.#replyTo } : {}), ...how });
    return this.#messageId;
  }

  /** Text of the wire's text part `part`: a part after text of another starts a new paragraph. */
  text(part: string | null, delta: string): void {
    const messageId = this.start();
    if (part !== this.#textPart) {
      this.#textPart = part;
      if (this.#wroteText) this.#emit({ type: 'text-delta', messageId, delta: '\n\n' });
      this.#wroteText = false;
    }
    this.#wroteText ||= delta.length > 0;
    if (delta) this.#emit({ type: 'text-delta', messageId, delta });
  }

  /** A step of the reply begins, or is undone (the AI SDK's `reset-step`): its text and records go, back to its start. */
  step(step: 'start' | 'reset'): void {
    const messageId = this.start();
    if (step === 'start') this.#stepStart = { part: this.#textPart, wrote: this.#wroteText };
    else if (this.#stepStart) ({ part: this.#textPart, wrote: this.#wroteText } = this.#stepStart);
    this.#emit({ type: 'step', messageId, step });
  }

  record(record: { readonly type: string; readonly [field: string]: unknown }): void {
    this.#emit({ type: 'record', messageId: this.start(), record });
  }

  /** The reply is complete (the agent finished it, or the user stopped it: it ends as it stands). */
  end(): void {
    if (this.#ended || !this.#messageId) return;
    this.#ended = true;
    this.#emit({ type: 'message-end', messageId: this.#messageId });
  }

  /**
   * The reply ends with an error (the agent's, a refused request, a cut stream): it shows as interrupted. A turn that
   * failed before its reply began still gets one, so the user never waits on a message that went nowhere.
   */
  fail(code: string, message: string): void {
    if (this.#ended) return;
    const messageId = this.start();
    this.#ended = true;
    this.#emit({ type: 'error', messageId, code, message });
  }
}

/** A record as a connection reads it. */
type AnyRecord = { readonly type: string; readonly [field: string]: unknown };

/** What a run whose records go into an ended message keeps of each: all of it (the same object), a part (another), or none (null). */
export type KeepRecord = (record: AnyRecord) => AnyRecord | null;

/**
 * A run whose only output is records for a message that already ended (`into`: the A2UI answer to a call of the
 * agent's function, which goes to the message that owns the surface, as the conversation's `late` rule takes it). No
 * message starts or ends. What `keep` leaves out, and text, is not shown, and said once; a run that fails, or ends with
 * nothing kept, is said too, never shown as an interrupted message.
 */
export class RecordsInto extends ReplyWriter {
  readonly #into: string;
  readonly #keep: KeepRecord;
  readonly #failed: ((reason: string) => void) | undefined;
  #done = false;
  #kept = false;
  #dropped = false;

  /** `failed` is told why a run that failed or ended brought nothing `keep` takes (the call it was for failed). */
  constructor(emit: (event: ConnectionEvent) => void, into: { readonly messageId: string; readonly keep: KeepRecord; readonly failed?: (reason: string) => void }) {
    super(emit, undefined, () => into.messageId);
    this.#into = into.messageId;
    this.#keep = into.keep;
    this.#failed = into.failed;
  }

  override get ended(): boolean {
    return this.#done;
  }

  override start(): string {
    return this.#into;
  }

  override text(_part: string | null, delta: string): void {
    if (delta) this.#drop();
  }

  override step(): void {}

  override record(record: AnyRecord): void {
    const kept = this.#keep(record);
    if (kept !== record) this.#drop();
    if (!kept) return;
    this.#kept = true;
    super.record(kept);
  }

  override end(): void {
    if (!this.#done && !this.#kept) this.fail('', 'the run ended without it.');
    this.#done = true;
  }

  override fail(_code: string, message: string): void {
    if (this.#done) return;
    this.#done = true;
    // A run that failed after its answer came answered all the same.
    if (this.#kept) return;
    this.say({ type: 'protocol-error', reason: `A call to the agent's function got no answer: ${message}` });
    this.#failed?.(message);
  }

  /** Says, once, that the run sent more than this reply shows. */
  #drop(): void {
    if (!this.#dropped) this.say({ type: 'protocol-notice', key: 'call-run', reason: "The agent's run for a function call sent more than its answer (text, or other records); only the answer is used." });
    this.#dropped = true;
  }
}
