import { ClientFrame, type ServerEvent } from '../protocol/composer-frames.js';
import { BaseTransport } from './transport.js';

/** Reconnection timing. Delays grow exponentially from `minDelay` to `maxDelay`, each drawn with jitter. */
export interface ReconnectOptions {
  /** First delay in ms (default 500). An SSE `retry:` field replaces it. */
  readonly minDelay?: number;
  /** Largest delay in ms (default 15000). */
  readonly maxDelay?: number;
  /** Fraction of each delay that is random (default 0.5: a delay is drawn between half and all of its step). */
  readonly jitter?: number;
  /** Attempts before giving up and staying closed (default: never give up). */
  readonly maxAttempts?: number;
  /** The session to join; generated when absent. Resumption is per session. */
  readonly sessionId?: string;
  /** A random source for jitter and IDs (tests pass a seeded one). */
  readonly random?: () => number;
}

const randomId = (random: () => number): string =>
  Array.from({ length: 16 }, () => Math.floor(random() * 36).toString(36)).join('');

/** A resume position: the last event applied, by message and sequence. */
export interface ResumePosition {
  readonly message_id: string;
  readonly sequence: number;
}

/**
 * What the WebSocket and SSE transports share: reconnection with exponential backoff and jitter, resumption from
 * the last applied event, de-duplication by sequence, and user messages that are queued while offline and resent
 * until the server answers them (the server answers each `client_message_id` once, so each is sent exactly once
 * as far as anyone can tell). Subclasses open and close their channel and report what happens on it.
 */
export abstract class ReconnectingTransport extends BaseTransport {
  readonly sessionId: string;
  protected readonly options: { -readonly [K in keyof Required<Omit<ReconnectOptions, 'sessionId'>>]: Required<ReconnectOptions>[K] };
  /** User messages not yet answered, in the order they were sent. */
  readonly #unanswered = new Map<string, ClientFrame>();
  /** Other frames waiting for the connection: sent once, when it opens. */
  #outbox: ClientFrame[] = [];
  readonly #lastSequence = new Map<string, number>();
  #position: ResumePosition | undefined;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wanted = false;
  #opened = false;
  #abort: (() => void) | undefined;

  constructor(options: ReconnectOptions = {}) {
    super();
    const random = options.random ?? Math.random;
    this.sessionId = options.sessionId ?? randomId(random);
    this.options = {
      minDelay: options.minDelay ?? 500,
      maxDelay: options.maxDelay ?? 15_000,
      jitter: options.jitter ?? 0.5,
      maxAttempts: options.maxAttempts ?? Number.POSITIVE_INFINITY,
      random,
    };
  }

  /** The last event applied: where a reconnect resumes. */
  get resumePosition(): ResumePosition | undefined {
    return this.#position;
  }

  /** Whether the channel has been open before (a reconnect resumes; a first connection does not). */
  protected get hasOpened(): boolean {
    return this.#opened;
  }

  protected abstract openChannel(): void;
  protected abstract closeChannel(): void;
  /** Sends one frame on the open channel; false when it could not. */
  protected abstract transmit(frame: ClientFrame): boolean;
  /** Whether the channel is open now. */
  protected abstract get channelOpen(): boolean;

  connect(options: { signal?: AbortSignal } = {}): void {
    if (this.#wanted) return;
    this.#wanted = true;
    if (options.signal) {
      if (options.signal.aborted) return this.close();
      const onAbort = () => this.close();
      options.signal.addEventListener('abort', onAbort, { once: true });
      this.#abort = () => options.signal?.removeEventListener('abort', onAbort);
    }
    this.setState('connecting');
    this.openChannel();
  }

  /** Reconnects now, without waiting for the backoff delay (the UI's retry button). */
  retry(): void {
    if (!this.#wanted || this.channelOpen) return;
    clearTimeout(this.#timer);
    this.#attempt = 0;
    this.setState('connecting');
    this.openChannel();
  }

  send(frame: ClientFrame): void {
    const checked = ClientFrame.parse(frame);
    if (checked.type === 'user_message') {
      this.#unanswered.set(checked.client_message_id, checked);
      if (this.channelOpen) this.transmit(checked);
      return;
    }
    if (!(this.channelOpen && this.transmit(checked))) this.#outbox.push(checked);
  }

  close(): void {
    this.#wanted = false;
    clearTimeout(this.#timer);
    this.#abort?.();
    this.#outbox = [];
    this.#unanswered.clear();
    this.closeChannel();
    this.setState('closed');
  }

  /** The channel opened: resume (subclasses do it on the wire), then send what waited. */
  protected opened(): void {
    this.#attempt = 0;
    this.#opened = true;
    this.setState('open');
    for (const frame of this.#unanswered.values()) if (!this.transmit(frame)) return;
    const outbox = this.#outbox;
    this.#outbox = [];
    for (const frame of outbox) if (!this.transmit(frame)) this.#outbox.push(frame);
  }

  /** A validated server event arrived. Duplicates (at or below the last sequence of their message) are dropped. */
  protected received(event: ServerEvent): void {
    if ('sequence' in event) {
      const last = this.#lastSequence.get(event.message_id) ?? -1;
      if (event.sequence <= last) return;
      this.#lastSequence.set(event.message_id, event.sequence);
      this.#position = { message_id: event.message_id, sequence: event.sequence };
      if (event.type === 'message_start' && event.in_reply_to) this.#unanswered.delete(event.in_reply_to);
    }
    this.emit({ type: 'server', event });
  }

  /** The channel closed or failed. Unless the page closed it, reconnect after a backoff delay. */
  protected lost(): void {
    if (!this.#wanted) return;
    if (this.#attempt >= this.options.maxAttempts) {
      this.#wanted = false;
      this.setState('closed');
      return;
    }
    this.setState('reconnecting');
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (this.#wanted && !this.channelOpen) this.openChannel();
    }, this.nextDelay());
  }

  /** The next backoff delay: exponential in the attempt, capped, with jitter. */
  protected nextDelay(): number {
    const { minDelay, maxDelay, jitter, random } = this.options;
    const step = Math.min(maxDelay, minDelay * 2 ** this.#attempt);
    this.#attempt += 1;
    return Math.round(step * (1 - jitter * random()));
  }

  /** An SSE `retry:` field: the server's reconnection delay becomes the first step. */
  protected setMinDelay(ms: number): void {
    if (Number.isFinite(ms) && ms >= 0) this.options.minDelay = Math.min(ms, this.options.maxDelay);
  }
}
