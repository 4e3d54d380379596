import type { EventSourceMessage } from 'eventsource-parser';
import { eventId, type ClientFrame } from './frames.js';
import { ReconnectingTransport, type ReconnectOptions } from './reconnecting.js';
import type { UiEnvelopeFrame } from './transport.js';
import { composerUrl, type TransportFactoryOptions } from './url.js';

type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null;
}>;

export interface SseTransportOptions extends ReconnectOptions {
  /** Headers for every request (an `Authorization` bearer token, say); a function is called per request. */
  readonly headers?: Record<string, string> | (() => Record<string, string>);
  /** The fetch to use; the global one by default. */
  readonly fetch?: FetchLike;
}

/** Statuses after which a POST is tried again: the frame may not have been taken (timeout, throttling, server trouble). */
const retryable = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/**
 * The Composer protocol over Server-Sent Events, fetch-based so it can send headers: a long-lived `GET` stream for
 * server events (framed by eventsource-parser, each with `id: <message_id>:<sequence>`), and a `POST` per client
 * frame. A reconnect sends `Last-Event-ID`, so the server replays what was missed; the server's `retry:` sets the
 * first backoff step. agent-ui@1 `ui_envelope` events on the same stream are validated and passed on.
 *
 * Client frames are POSTed strictly in order, one at a time: the next starts once the previous settled. A POST that
 * failed on the network or with 408, 429 or 5xx is tried again after a backoff delay (the reconnection schedule,
 * at most `maxAttempts` retries); one refused with another status is reported as a `protocol-error` and dropped. Each
 * frame's retries count on their own, from the first step: new events on the stream do not start them again, since
 * they say nothing of whether the server takes frames (a retry waiting for its delay goes at once when the stream
 * reopens, though). Frames wait while the stream is closed and go out in order when it reopens; `close()` drops them.
 */
export class SseTransport extends ReconnectingTransport {
  /** The URL given to the constructor, with the session. */
  readonly #given: string;
  readonly #headers: () => Record<string, string>;
  readonly #fetch: FetchLike;
  #controller: AbortController | null = null;
  #open = false;
  /** Frames to POST, in order; the first is in flight (or waiting for its retry) while `#posting`. */
  #posts: ClientFrame[] = [];
  #posting = false;
  /** Failed attempts of the first frame. */
  #failures = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by `close()`: a POST of an earlier generation settles unheard. */
  #generation = 0;

  constructor(url: string, options: SseTransportOptions = {}) {
    super(options);
    this.#given = this.withSession(url);
    const headers = options.headers ?? {};
    this.#headers = typeof headers === 'function' ? headers : () => headers;
    const globalFetch = (globalThis as { fetch?: FetchLike }).fetch;
    if (!options.fetch && !globalFetch) throw new Error('No fetch in this environment: pass one');
    // The global fetch is called unbound-safe: some browsers throw when it is called with another `this`.
    this.#fetch = options.fetch ?? ((input, init) => (globalFetch as FetchLike).call(globalThis, input, init));
  }

  /** The URL the stream and the POSTs use now: the given one, or derived from it by `composerUrl` once advertised. */
  get url(): string {
    const capabilities = this.capabilities;
    return capabilities ? composerUrl(this.#given, capabilities, undefined, 'http') : this.#given;
  }

  protected get channelOpen(): boolean {
    return this.#open;
  }

  override close(): void {
    this.#generation += 1;
    this.#posts = [];
    this.#posting = false;
    this.#failures = 0;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    super.close();
  }

  protected openChannel(): void {
    this.closeChannel();
    const controller = new AbortController();
    this.#controller = controller;
    void this.#stream(controller);
  }

  async #stream(controller: AbortController): Promise<void> {
    const position = this.resumePosition;
    const headers: Record<string, string> = { ...this.#headers(), accept: 'text/event-stream' };
    if (position) headers['last-event-id'] = eventId(position);
    // The SSE reader comes with the first stream, while the request goes out.
    const loading = import('./sse-parser.js').catch(() => null);
    try {
      const response = await this.#fetch(this.url, { method: 'GET', headers, signal: controller.signal });
      if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        throw new Error(`stream refused (${response.status})`);
      }
      const sse = await loading;
      if (!sse) {
        // Said each time it is tried again (the session says it once), never a silent reconnecting loop.
        this.emit({ type: 'protocol-error', reason: 'This page could not load the part that reads the server’s event stream.' });
        throw new Error('no SSE reader');
      }
      const { createParser } = sse;
      // Once this stream was replaced or closed, the rest of a chunk it was parsing is not heard.
      const current = () => this.#controller === controller;
      const parser = createParser({
        onEvent: (message) => {
          if (current()) this.#onEvent(message);
        },
        onRetry: (ms) => {
          if (current()) this.setMinDelay(ms);
        },
        onError: () => {
          if (current()) this.emit({ type: 'protocol-error', reason: 'malformed SSE' });
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      this.#open = true;
      this.opened();
      // A POST waiting for its retry delay goes now: the stream (and so the server) is back.
      if (this.#retryTimer !== undefined && this.#controller === controller) {
        clearTimeout(this.#retryTimer);
        this.#retryTimer = undefined;
        this.#posting = false;
        this.#pump();
      }
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.#controller !== controller) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      /* a refused or broken stream: reconnect below */
    }
    if (this.#controller !== controller) return;
    // Whatever ended it, its response goes too: a stream left open would hold one of the browser's few connections to
    // the server for every reconnect.
    controller.abort();
    this.#open = false;
    this.#controller = null;
    this.lost();
  }

  #onEvent(message: EventSourceMessage): void {
    if (message.event === 'ui_envelope') {
      // Another protocol's event on this stream: handed on as it came (agent-ui@1 reads it).
      let event: unknown;
      try {
        event = JSON.parse(message.data);
      } catch {
        this.emit({ type: 'protocol-error', reason: 'ui_envelope event is not JSON' });
        return;
      }
      if (typeof event === 'object' && event !== null && !Array.isArray(event)) this.emit({ type: 'ui-envelope', event: event as UiEnvelopeFrame });
      else this.emit({ type: 'protocol-error', reason: 'ui_envelope event is not a JSON object' });
      return;
    }
    this.receivedFrame(message.data, message.event);
  }

  protected closeChannel(): void {
    this.#open = false;
    const controller = this.#controller;
    this.#controller = null;
    controller?.abort();
  }

  /** Queues the frame for POSTing (a user message or an action already waiting there is not queued twice). */
  protected transmit(frame: ClientFrame): boolean {
    if (!this.#open) return false;
    const key = (f: ClientFrame): string | null =>
      f.type === 'user_message' ? `m:${f.client_message_id}` : f.type === 'action' || f.type === 'client_action' ? `a:${f.client_action_id}` : null;
    const waiting = key(frame) !== null && this.#posts.some((queued) => key(queued) === key(frame));
    if (!waiting) this.#posts.push(frame);
    this.#pump();
    return true;
  }

  /** POSTs the first waiting frame, unless one is in flight or the stream is closed. */
  #pump(): void {
    const frame = this.#posts[0];
    if (this.#posting || !this.#open || !frame) return;
    this.#posting = true;
    const generation = this.#generation;
    // Async, so a headers function or a fetch that throws counts as a failed attempt instead of stalling the queue.
    const post = async () => {
      const headers = { ...this.#headers(), 'content-type': 'application/json' };
      return this.#fetch(this.url, { method: 'POST', headers, body: JSON.stringify(frame) });
    };
    post()
      .then(
        (response) => (response.ok ? 'sent' : retryable(response.status) ? 'retry' : `frame refused (${response.status})`),
        () => 'retry',
      )
      .then((outcome) => {
        if (generation !== this.#generation) return;
        if (outcome === 'retry' && this.#failures < this.options.maxAttempts) {
          this.#failures += 1;
          // #posting stays set: nothing overtakes the frame while it waits.
          this.#retryTimer = setTimeout(() => {
            this.#retryTimer = undefined;
            this.#posting = false;
            this.#pump();
          }, this.#retryDelay());
          return;
        }
        // Done with this frame: sent, refused, or out of retries. A user message not answered yet stays with the
        // transport and is sent again when the stream reopens.
        if (outcome !== 'sent') this.emit({ type: 'protocol-error', reason: outcome === 'retry' ? 'frame not delivered' : outcome });
        this.#posts.shift();
        this.#failures = 0;
        this.#posting = false;
        this.#pump();
      });
  }

  /** The delay before the next attempt of a failed POST: the reconnection schedule, capped, with jitter. */
  #retryDelay(): number {
    const { minDelay, maxDelay, jitter, random } = this.options;
    const step = Math.min(maxDelay, minDelay * 2 ** (this.#failures - 1));
    return Math.round(step * (1 - jitter * random()));
  }
}

/** The Composer protocol over Server-Sent Events at a URL, with POSTed client frames (`<mantis-chat transport="sse">`). */
export function sseFromUrl(url: string, options: TransportFactoryOptions): SseTransport {
  return new SseTransport(composerUrl(url, options, options.relativeTo, 'http'), options.headers ? { headers: options.headers } : {});
}
