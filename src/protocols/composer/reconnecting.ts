import { ClientFrame, parseServerEvent, type ServerEvent } from './frames.js';
import { INLINE_UI_CAPABILITY } from '../../message/marker.js';
import { BaseTransport, type TransportCapabilities } from './transport.js';

/**
 * Reconnection timing. Delays grow exponentially from `minDelay` to `maxDelay`, each drawn with jitter. The schedule
 * starts again from `minDelay` once a connection has made progress: it delivered a new event (a message event past
 * the last sequence of its message, or the answer to an unanswered action), or it stayed up for `stableAfter`; and on
 * `connect`/`retry`. A server that accepts and drops without delivering anything new meets growing delays.
 */
export interface ReconnectOptions {
  /** First delay in ms (default 500). An SSE `retry:` field replaces it. */
  readonly minDelay?: number;
  /** Largest delay in ms (default 15000). */
  readonly maxDelay?: number;
  /** Fraction of each delay that is random (default 0.5: a delay is drawn between half and all of its step). */
  readonly jitter?: number;
  /** Reconnect attempts in a row without progress before giving up and staying closed (default: never give up). */
  readonly maxAttempts?: number;
  /**
   * Milliseconds after which an open connection that delivered nothing new still starts the backoff schedule again
   * from `minDelay` (default 5000); one that delivers a new event starts it again at once. A server that accepts and
   * drops every connection without delivering anything new therefore meets growing delays and, with `maxAttempts`,
   * an end.
   */
  readonly stableAfter?: number;
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
 * the last applied event, de-duplication by sequence, and user messages and actions that are queued while offline
 * and resent until the server answers them (the server applies each `client_message_id` and `client_action_id`
 * once, so each is sent exactly once as far as anyone can tell). Subclasses open and close their channel and report what happens on it.
 */
export abstract class ReconnectingTransport extends BaseTransport {
  readonly sessionId: string;
  protected readonly options: { -readonly [K in keyof Required<Omit<ReconnectOptions, 'sessionId'>>]: Required<ReconnectOptions>[K] };
  /**
   * User messages and actions not yet answered (by a reply's `in_reply_to`, by an `action_result`), in the order
   * they were sent: resent on every connection, and answered once by the server (by `client_message_id`,
   * `client_action_id`).
   */
  readonly #unanswered = new Map<string, ClientFrame>();
  /** Other frames waiting for the connection: sent once, when it opens. */
  #outbox: ClientFrame[] = [];
  readonly #lastSequence = new Map<string, number>();
  #position: ResumePosition | undefined;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Resets the backoff schedule once the open channel has stayed up for `stableAfter`. */
  #stable: ReturnType<typeof setTimeout> | undefined;
  #wanted = false;
  #opened = false;
  /** A channel was asked to open and has neither opened nor been lost yet. */
  #opening = false;
  #capabilities: TransportCapabilities | undefined;
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
      stableAfter: options.stableAfter ?? 5000,
      random,
    };
  }

  /** The URL the channel connects to now: the given one until `advertise` is called, then derived from it. */
  abstract get url(): string;

  /** The last event applied: where a reconnect resumes. */
  get resumePosition(): ResumePosition | undefined {
    return this.#position;
  }

  /** What `advertise` last set; undefined until it is called (the given URL is then used as is). */
  protected get capabilities(): TransportCapabilities | undefined {
    return this.#capabilities;
  }

  /** `url` with this transport's `session_id` (a URL that names a session keeps it). */
  protected withSession(url: string): string {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('session_id')) parsed.searchParams.set('session_id', this.sessionId);
    return parsed.href;
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
    this.#attempt = 0;
    if (options.signal) {
      if (options.signal.aborted) return this.close();
      const onAbort = () => this.close();
      options.signal.addEventListener('abort', onAbort, { once: true });
      this.#abort = () => options.signal?.removeEventListener('abort', onAbort);
    }
    this.setState('connecting');
    this.#openChannel();
  }

  /** Reconnects now, without waiting for the backoff delay (the UI's retry button); the schedule starts again. */
  retry(): void {
    if (!this.#wanted || this.channelOpen) return;
    this.#cancelReconnect();
    this.#attempt = 0;
    this.setState('connecting');
    this.#openChannel();
  }

  /**
   * What this client may advertise: the URL becomes the given one with the capabilities (see `composerUrl`). When
   * that changes what the URL advertises while a channel is open or opening, the channel is reopened at once; it
   * resumes as on any reconnect (resume position, unanswered messages sent again, queued frames kept).
   */
  advertise(capabilities: TransportCapabilities): void {
    // What the server reads: the capability's values on the URL (not the URL's spelling, which composerUrl may change).
    const params = [INLINE_UI_CAPABILITY.param, ...Object.keys({ ...this.#capabilities?.advertises, ...capabilities.advertises })];
    const advertised = () => {
      const search = new URL(this.url).searchParams;
      return params.map((param) => search.getAll(param).join(',')).join('&');
    };
    const before = advertised();
    this.#capabilities = { generativeUi: capabilities.generativeUi, ...(capabilities.advertises ? { advertises: capabilities.advertises } : {}) };
    if (advertised() === before || !this.#wanted || !(this.channelOpen || this.#opening)) return;
    clearTimeout(this.#stable);
    this.#cancelReconnect();
    this.closeChannel();
    this.setState('connecting');
    this.#openChannel();
  }

  send(frame: ClientFrame): void {
    const checked = ClientFrame.parse(frame);
    if (checked.type === 'user_message' || checked.type === 'action' || checked.type === 'client_action') {
      this.#unanswered.set(checked.type === 'user_message' ? checked.client_message_id : checked.client_action_id, checked);
      if (this.channelOpen) this.transmit(checked);
      return;
    }
    if (!(this.channelOpen && this.transmit(checked))) this.#outbox.push(checked);
  }

  close(): void {
    this.#wanted = false;
    this.#opening = false;
    this.#cancelReconnect();
    clearTimeout(this.#stable);
    this.#abort?.();
    this.#outbox = [];
    this.#unanswered.clear();
    this.closeChannel();
    this.setState('closed');
  }

  #cancelReconnect(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #openChannel(): void {
    this.#opening = true;
    this.openChannel();
  }

  /**
   * The channel opened: resume (subclasses do it on the wire), then send what waited. Opening is not progress: the
   * backoff schedule starts again once the channel delivers a new event, or stays up for `stableAfter`.
   */
  protected opened(): void {
    this.#opening = false;
    this.#opened = true;
    clearTimeout(this.#stable);
    if (this.options.stableAfter <= 0) this.#attempt = 0;
    else this.#stable = setTimeout(() => (this.#attempt = 0), this.options.stableAfter);
    this.setState('open');
    for (const frame of this.#unanswered.values()) if (!this.transmit(frame)) return;
    const outbox = this.#outbox;
    this.#outbox = [];
    for (const frame of outbox) if (!this.transmit(frame)) this.#outbox.push(frame);
  }

  /** One frame's text arrived (`type`: its SSE event name): an event, or what is wrong with it (skipped either way). */
  protected receivedFrame(text: string, type?: string): void {
    const parsed = parseServerEvent(text, type);
    if (parsed.ok) this.received(parsed.event);
    else if ('notice' in parsed) this.emit({ type: 'protocol-notice', key: parsed.key, reason: parsed.notice });
    else this.emit({ type: 'protocol-error', reason: parsed.reason });
  }

  /**
   * A validated server event arrived. Duplicates (at or below the last sequence of their message) are dropped. A new
   * message event, or the first answer to an action, is progress: the backoff schedule starts again, so a connection
   * cut every few kilobytes still resumes at once, as long as each one moves the conversation on. Events a server
   * sends on every connection (`capabilities`, task statuses replayed on resume, repeated action results) are not.
   */
  protected received(event: ServerEvent): void {
    if ('sequence' in event) {
      const last = this.#lastSequence.get(event.message_id) ?? -1;
      if (event.sequence <= last) return;
      this.#lastSequence.set(event.message_id, event.sequence);
      this.#position = { message_id: event.message_id, sequence: event.sequence };
      if (event.type === 'message_start' && event.in_reply_to) this.#unanswered.delete(event.in_reply_to);
      this.#attempt = 0;
    }
    if (event.type === 'action_result' && this.#unanswered.delete(event.client_action_id)) this.#attempt = 0;
    this.emit({ type: 'server', event });
  }

  /**
   * The channel closed or failed. Unless the page closed it, reconnect after a backoff delay (announced by a
   * `backoff` event), or stay closed once `maxAttempts` reconnects in a row made no progress.
   */
  protected lost(): void {
    this.#opening = false;
    clearTimeout(this.#stable);
    if (!this.#wanted) return;
    this.#cancelReconnect();
    if (this.#attempt >= this.options.maxAttempts) {
      this.#wanted = false;
      this.#abort?.();
      this.setState('closed');
      return;
    }
    const delay = this.nextDelay();
    const attempt = this.#attempt;
    const timer = setTimeout(() => {
      if (this.#timer === timer) this.#timer = undefined;
      if (this.#wanted && !this.channelOpen) this.#openChannel();
    }, delay);
    this.#timer = timer;
    this.setState('reconnecting');
    // A listener of the state change may have retried or closed already: then this delay is not scheduled.
    if (this.#timer === timer && this.#wanted) this.emit({ type: 'backoff', attempt, delay });
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
