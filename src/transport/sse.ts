import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ServerEvent, UiEnvelopeEvent, eventId, parseFrame, type ClientFrame } from '../protocol/composer-frames.js';
import { ReconnectingTransport, type ReconnectOptions } from './reconnecting.js';

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

/**
 * The Composer protocol over Server-Sent Events, fetch-based so it can send headers: a long-lived `GET` stream for
 * server events (framed by eventsource-parser, each with `id: <message_id>:<sequence>`), and a `POST` per client
 * frame. A reconnect sends `Last-Event-ID`, so the server replays what was missed; the server's `retry:` sets the
 * first backoff step. agent-ui@1 `ui_envelope` events on the same stream are validated and passed on.
 */
export class SseTransport extends ReconnectingTransport {
  readonly url: string;
  readonly #headers: () => Record<string, string>;
  readonly #fetch: FetchLike;
  #controller: AbortController | null = null;
  #open = false;

  constructor(url: string, options: SseTransportOptions = {}) {
    super(options);
    const withSession = new URL(url);
    if (!withSession.searchParams.has('session_id')) withSession.searchParams.set('session_id', this.sessionId);
    this.url = withSession.href;
    const headers = options.headers ?? {};
    this.#headers = typeof headers === 'function' ? headers : () => headers;
    const globalFetch = (globalThis as { fetch?: FetchLike }).fetch;
    if (!options.fetch && !globalFetch) throw new Error('No fetch in this environment: pass one');
    // The global fetch is called unbound-safe: some browsers throw when it is called with another `this`.
    this.#fetch = options.fetch ?? ((input, init) => (globalFetch as FetchLike).call(globalThis, input, init));
  }

  protected get channelOpen(): boolean {
    return this.#open;
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
    try {
      const response = await this.#fetch(this.url, { method: 'GET', headers, signal: controller.signal });
      if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        throw new Error(`stream refused (${response.status})`);
      }
      const parser = createParser({
        onEvent: (message) => this.#onEvent(message),
        onRetry: (ms) => this.setMinDelay(ms),
        onError: () => this.emit({ type: 'protocol-error', reason: 'malformed SSE' }),
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      this.#open = true;
      this.opened();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.#controller !== controller) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      /* a refused or broken stream: reconnect below */
    }
    if (this.#controller !== controller) return;
    this.#open = false;
    this.#controller = null;
    this.lost();
  }

  #onEvent(message: EventSourceMessage): void {
    if (message.event === 'ui_envelope') {
      const parsed = parseFrame(UiEnvelopeEvent, message.data);
      this.emit(parsed.ok ? { type: 'ui-envelope', event: parsed.value } : { type: 'protocol-error', reason: parsed.reason });
      return;
    }
    const parsed = parseFrame(ServerEvent, message.data);
    if (parsed.ok) this.received(parsed.value);
    else this.emit({ type: 'protocol-error', reason: parsed.reason });
  }

  protected closeChannel(): void {
    this.#open = false;
    const controller = this.#controller;
    this.#controller = null;
    controller?.abort();
  }

  protected transmit(frame: ClientFrame): boolean {
    if (!this.#open) return false;
    const headers = { ...this.#headers(), 'content-type': 'application/json' };
    this.#fetch(this.url, { method: 'POST', headers, body: JSON.stringify(frame) })
      .then((response) => {
        if (!response.ok) this.emit({ type: 'protocol-error', reason: `frame refused (${response.status})` });
      })
      .catch(() => {
        // A user message stays unanswered and is sent again when the stream reopens.
        this.emit({ type: 'protocol-error', reason: 'frame not delivered' });
      });
    return true;
  }
}
