import { createParser } from 'eventsource-parser';
import { notifyAll, type Connection, type ConnectionEvent, type ConnectionListener, type ConnectionOptions, type ConnectionState, type OutgoingFrame } from './connection.js';
import { RecordsInto, ReplyWriter, type KeepRecord } from './reply.js';

/*
 * A connection that keeps nothing open between turns: each user message is one POST whose answer is a stream of
 * Server-Sent Events, each `data:` a JSON value (the AI SDK's UI message stream, AG-UI's events). A protocol gives
 * the request of a turn and a reader of its values; this does the rest the same way for both: the request and its
 * abort, the stream, a value that is not JSON (skipped, said once per value), a stream cut short (the reply fails).
 */

export type TurnFrame = Extract<OutgoingFrame, { type: 'user-message' }>;
/** The user answered what a reply asked: the agent goes on in that reply. */
export type AnswersFrame = Extract<OutgoingFrame, { type: 'answers' }>;
/** Another protocol's message for the agent (an A2UI action), for a protocol whose wire carries it. */
export type CarryFrame = Extract<OutgoingFrame, { type: 'carry' }>;

/** How a turn's reply relates to the conversation. */
export interface TurnOptions {
  /** The user message it answers. */
  readonly replyTo?: string;
  /** The assistant message it goes on with. */
  readonly continues?: string;
  /** Stops the turn when it aborts (a call's run past the call's time). */
  readonly signal?: AbortSignal;
  /** The ended assistant message its records go to, those `keep` takes; nothing else of it shows (reply.ts RecordsInto). */
  readonly into?: { readonly messageId: string; readonly keep: KeepRecord; readonly failed?: (reason: string) => void };
  /** Told once whether the agent took the request (its response began) or not, and why. */
  readonly taken?: (ok: boolean, reason?: string) => void;
  /**
   * A GET of this URL instead of a POST: a stream taken up again (the AI SDK's resumable streams). 204, or a refusal,
   * means there is none: no reply. The stream replays its reply from the start: a message of the ID its start names
   * is replaced; with `continues`, it goes on in that message instead.
   */
  readonly resume?: URL;
}

/** What a protocol reads one turn's values with. */
export interface TurnReader {
  /** One parsed `data:` value. */
  read(value: unknown): void;
  /** The `data:` text that ends the stream (the AI SDK's `[DONE]`), if the protocol has one. */
  readonly doneMarker?: string;
}

let replies = 0;
/** An ID for a reply whose wire names none. */
export const newReplyId = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${++replies}`;

export abstract class TurnConnection implements Connection {
  readonly source = this;
  protected readonly options: ConnectionOptions;
  readonly #listeners = new Set<ConnectionListener>();
  #state: ConnectionState = 'idle';
  /** The turns on their way, by the user message they answer and, once started, by their reply. */
  readonly #turns = new Map<string, { readonly controller: AbortController; readonly reply: ReplyWriter }>();

  constructor(options: ConnectionOptions) {
    this.options = options;
  }

  /** The body of the POST of a turn, or of the answers that let a reply go on. */
  protected abstract body(frame: TurnFrame | AnswersFrame): unknown;
  /** The reader of a turn's values, writing its reply. */
  protected abstract reader(reply: ReplyWriter): TurnReader;
  /** A prefix for reply IDs the wire does not give. */
  protected abstract readonly name: string;

  get state(): ConnectionState {
    return this.#state;
  }

  protected emit(event: ConnectionEvent): void {
    notifyAll(this.#listeners, event);
  }

  #set(state: ConnectionState): void {
    this.#state = state;
    this.emit({ type: 'state', state });
  }

  connect(options: { signal?: AbortSignal } = {}): void {
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
    this.#set('open');
  }

  close(): void {
    for (const turn of this.#turns.values()) turn.controller.abort();
    this.#turns.clear();
    if (this.#state !== 'closed') this.#set('closed');
  }

  /** Both protocols let the user answer an agent's questions (tool approvals, interrupts). */
  carries(kind: string): boolean {
    return kind === 'answers';
  }

  /** A frame of another protocol's (`carries` names its kinds): false when this wire cannot carry it. */
  protected carry(_frame: CarryFrame): boolean {
    return false;
  }

  subscribe(listener: ConnectionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  send(frame: OutgoingFrame): boolean {
    if (frame.type === 'abort') {
      const turn = this.#turns.get(frame.messageId);
      turn?.controller.abort();
      turn?.reply.end();
      return true;
    }
    if (this.#state !== 'open') return false;
    try {
      if (frame.type === 'carry') return this.carry(frame);
      if (frame.type === 'user-message') void this.turn(frame.message.id, this.body(frame), { replyTo: frame.message.id });
      else if (frame.type === 'answers') void this.turn(frame.messageId, this.body(frame), { continues: frame.messageId });
      else return false;
    } catch {
      // The request could not be made (a page's `requestOptions` function threw): said, and nothing is sent.
      this.emit({ type: 'protocol-error', reason: `A request to the ${this.name} agent could not be made; nothing was sent.` });
      return false;
    }
    return true;
  }

  /** Stops the request `key` names if nothing of its reply came yet; true when it did. */
  protected dropUnanswered(key: string): boolean {
    const turn = this.#turns.get(key);
    if (!turn || turn.reply.messageId !== null) return false;
    turn.controller.abort();
    return true;
  }

  /** Posts a turn's `body` (`key` names it until its reply has an ID) and reads its reply; settles once it ended. */
  protected turn(key: string, body: unknown, options: TurnOptions): Promise<void> {
    return this.#turn(key, body, options);
  }

  async #turn(key: string, body: unknown, options: TurnOptions): Promise<void> {
    const controller = new AbortController();
    options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    const emit = (event: ConnectionEvent): void => this.emit(event);
    const reply = options.into ? new RecordsInto(emit, options.into) : new ReplyWriter(emit, options.replyTo, () => newReplyId(this.name), options.continues, options.resume !== undefined);
    let told = false;
    const taken = (ok: boolean, reason?: string): void => {
      if (!told) options.taken?.(ok, reason);
      told = true;
    };
    const turn = { controller, reply };
    this.#turns.set(key, turn);
    const reader = this.reader(reply);
    const { resume } = options;
    // A stream taken up fails only once its reply began: before, there was none.
    const failBegun = (code: string, message: string): void => void ((!resume || reply.messageId) && reply.fail(code, message));
    try {
      const headers = { ...this.options.headers?.(), accept: 'text/event-stream' };
      const response = await fetch(
        resume ?? new URL(this.options.url, this.options.relativeTo).href,
        resume
          ? { headers, credentials: 'same-origin', signal: controller.signal }
          : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin', signal: controller.signal },
      );
      if (resume && (response.status === 204 || !response.ok || !response.body)) {
        // Nothing streams (204), or the agent takes nothing up: no reply, and the conversation stands as it is.
        if (response.status !== 204) this.emit({ type: 'protocol-notice', key: 'resume', reason: `The ${this.name} agent answered ${response.status} when asked for a reply still streaming; none was taken up.` });
        return;
      }
      taken(response.ok, response.ok ? undefined : `The agent answered ${response.status}.`);
      if (!response.ok || !response.body) return reply.fail('http_error', `The agent answered ${response.status}.`);
      const parser = createParser({
        onEvent: (message) => {
          if (message.data === reader.doneMarker) return;
          let value: unknown;
          try {
            value = JSON.parse(message.data);
          } catch {
            return this.emit({ type: 'protocol-error', reason: `A value of the ${this.name} stream is not JSON; it was skipped.` });
          }
          reader.read(value);
          // Known by its reply's ID from now on, so that stopping the reply aborts this request.
          if (reply.messageId && !reply.ended) this.#turns.set(reply.messageId, turn);
        },
      });
      const decoder = new TextDecoder();
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(bytes, { stream: true }));
      if (!reply.ended) failBegun('incomplete', 'The reply was cut off before it finished.');
    } catch {
      // Stopped by the user or the page (the reply already ended), or the request could not be made or answered.
      if (!controller.signal.aborted) {
        taken(false, 'The agent could not be reached.');
        failBegun('network', 'The agent could not be reached.');
        // A stream to take up that never began has no reply to say it in.
        if (resume && !reply.messageId) this.emit({ type: 'protocol-notice', key: 'resume-failed', reason: `A reply still streaming could not be asked of the ${this.name} agent (the request could not be made, or the agent could not be reached).` });
      }
    } finally {
      // Only this turn's own entries: a continuation of its reply may be known by the same ID by now.
      for (const id of [key, reply.messageId]) if (id && this.#turns.get(id) === turn) this.#turns.delete(id);
    }
  }
}
