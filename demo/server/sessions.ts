import { markerOf, type MessageEvent, type ProtocolMarker, type ServerEvent, type UiEnvelopeEvent } from '../../src/index.js';

/**
 * An agent-ui@1 envelope of a reply, in the log with the reply's next sequence number: the SSE stream sends it as a
 * `ui_envelope` event with that `id:`, so Last-Event-ID resumption replays it like the rest (the client de-duplicates
 * by envelope_id). WebSocket connections do not carry envelopes (001 defines them as SSE events).
 */
export interface EnvelopeLogEntry {
  readonly type: 'ui_envelope';
  readonly message_id: string;
  readonly sequence: number;
  readonly payload: UiEnvelopeEvent;
}

/** What a session's streams carry: server events, and envelopes for SSE. */
export type StreamItem = ServerEvent | EnvelopeLogEntry;

export type ActionResult = Extract<ServerEvent, { type: 'action_result' }>;

/**
 * A Composer session on the reference server: the log of every message event (what resumption replays), the user
 * messages already answered (each `client_message_id` is answered once), the outcome of every action applied (each
 * `client_action_id` is applied once and answered with the same outcome whenever it is sent again), and the
 * connections listening.
 */
export class Session {
  readonly id: string;
  readonly log: Array<MessageEvent | EnvelopeLogEntry> = [];
  /** Task events: outside any message, replayed whole on resume (a task's latest status wins, so repeats are harmless). */
  readonly tasks: ServerEvent[] = [];
  readonly answered = new Set<string>();
  /** Action outcomes by `client_action_id`: a resent action frame is answered with its stored outcome, not applied. */
  readonly #actions = new Map<string, ActionResult>();
  /** Action results the `noresult:N` fault has withheld so far in this session. */
  withheldResults = 0;
  /** Connections opened in this session so far: fault plans count per connection. */
  connections = 0;
  /** Connections the `cut` fault has cut so far (tests read it). */
  cuts = 0;
  readonly #listeners = new Set<(event: StreamItem) => void>();
  /** Streams in progress, by message ID, so `abort` can stop one. */
  readonly streams = new Map<string, AbortController>();
  /** Each message's next sequence number: its stream takes them, and so does an event sent after it ended. */
  readonly #sequences = new Map<string, number>();

  constructor(id: string) {
    this.id = id;
  }

  /** The next sequence number of a message's events (0 for its message_start). */
  nextSequence(messageId: string): number {
    const next = this.#sequences.get(messageId) ?? 0;
    this.#sequences.set(messageId, next + 1);
    return next;
  }

  /** Appends message events (and envelopes) to the log; every event goes to every listener. */
  publish(event: StreamItem): void {
    if ('sequence' in event) {
      this.log.push(event);
      if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
    } else if (event.type === 'task') {
      this.tasks.push(event);
      if (this.tasks.length > MAX_TASKS) this.tasks.splice(0, this.tasks.length - MAX_TASKS);
    }
    for (const listener of [...this.#listeners]) listener(event);
  }

  listen(listener: (event: StreamItem) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * What a resuming client missed: the message events after its position (the whole log without one), then every
   * task event, so a task status sent while it was away is not lost.
   */
  after(position: { message_id: string; sequence: number } | undefined): StreamItem[] {
    const index = position ? this.log.findIndex((e) => e.message_id === position.message_id && e.sequence === position.sequence) : -1;
    return [...(index === -1 ? this.log : this.log.slice(index + 1)), ...this.tasks];
  }

  /** The stored outcome of an action already applied in this session. */
  actionResult(clientActionId: string): ActionResult | undefined {
    return this.#actions.get(clientActionId);
  }

  /** Stores an action's outcome; past MAX_ACTIONS the oldest is forgotten (a resend that old would be applied again). */
  recordAction(result: ActionResult): void {
    this.#actions.set(result.client_action_id, result);
    if (this.#actions.size > MAX_ACTIONS) {
      const oldest = this.#actions.keys().next().value;
      if (oldest !== undefined) this.#actions.delete(oldest);
    }
  }

  /** The marker of a message in the log, for the action policy. */
  markerOf(messageId: string): ProtocolMarker | undefined {
    const start = this.log.find((e) => e.type === 'message_start' && e.message_id === messageId);
    return start?.type === 'message_start' ? markerOf(start.marker) : undefined;
  }
}

const MAX_LOG = 20_000;
const MAX_TASKS = 500;
const MAX_ACTIONS = 5000;
const MAX_SESSIONS = 200;
const sessions = new Map<string, Session>();

/** The session of this ID, created when new; the oldest is forgotten past MAX_SESSIONS. */
export function getSession(id: string): Session {
  let session = sessions.get(id);
  if (session) {
    sessions.delete(id);
    sessions.set(id, session);
    return session;
  }
  session = new Session(id);
  sessions.set(id, session);
  if (sessions.size > MAX_SESSIONS) {
    const oldest = sessions.keys().next().value;
    if (oldest !== undefined) sessions.delete(oldest);
  }
  return session;
}
