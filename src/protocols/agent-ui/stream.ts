/*
 * agent-ui@1 (001_996c0b4640eee42b.txt): the client of `GET /api/v1/agent/chat/stream`, the SSE stream of
 * `ui_envelope` events, with resumption by `Last-Event-ID` and de-duplication by `envelope_id`. The fetch and backoff
 * all the agent-ui clients share are fetch.ts's (re-exported here), so the envelope runtime, which does not stream,
 * loads no SSE parser.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { parseFrame } from '../parse-frame.js';
import { UiEnvelopeEvent } from './wire.js';
import { notifyAll, type ConnectionState } from '../connection.js';
import { AGENT_UI_LIMITS } from './limits.js';
import { agentUiFetch, backoffDelay, headersOf, type AgentUiCredentials, type AgentUiFetch, type AgentUiHeaders } from './fetch.js';

export * from './fetch.js';

/** The shortest reconnect delay a server's `retry:` may set, in milliseconds. */
export const MIN_RETRY_MS = 250;
/** The most bytes read without a whole event between: an envelope at its limit, its wrapper, and room to spare. */
export const MAX_EVENT_BYTES = 2 * AGENT_UI_LIMITS.envelopeBytes;

/** Envelope IDs remembered for de-duplication (the oldest is forgotten first). */
export const MAX_SEEN_ENVELOPES = 10_000;

export type AgentUiStreamEvent =
  /** A new envelope (each `envelope_id` once), not yet validated: envelope.ts checks `event.envelope`. */
  | { readonly type: 'envelope'; readonly event: UiEnvelopeEvent }
  /** A `ui_envelope` event that is not a valid UiEnvelopeEvent of this session: reported and skipped. */
  | { readonly type: 'malformed'; readonly reason: string }
  | { readonly type: 'state'; readonly state: ConnectionState }
  /** A reconnect was scheduled: `attempt` counts from 1 since the last new envelope, `delay` is in ms. */
  | { readonly type: 'backoff'; readonly attempt: number; readonly delay: number }
  /** The server answered 204: everything was delivered. The last event; the state is `closed`. */
  | { readonly type: 'done' }
  /** `maxAttempts` reconnects in a row failed: the last event; the state is `closed`. */
  | { readonly type: 'error'; readonly reason: string };

export interface AgentUiStreamOptions {
  /** First reconnect delay in ms (default 500); the server's `retry:` replaces it. */
  readonly minDelay?: number;
  /** Largest delay in ms (default 15000). */
  readonly maxDelay?: number;
  /** Fraction of each delay that is random (default 0.5). */
  readonly jitter?: number;
  /** Reconnects in a row without a new envelope before giving up (default: never). */
  readonly maxAttempts?: number;
  /** A random source for jitter (tests pass a seeded one). */
  readonly random?: () => number;
  /** The stream URL; `session_id` is added unless it has one. */
  readonly url: string;
  readonly sessionId: string;
  readonly headers?: AgentUiHeaders;
  readonly fetch?: AgentUiFetch;
  readonly credentials?: AgentUiCredentials;
  /** Where to resume: the last `envelope_id` a previous page received. */
  readonly lastEventId?: string;
  /** Envelope IDs already received (a persisted history's): never delivered again. */
  readonly seen?: Iterable<string>;
  /** Milliseconds without a byte after which an open stream is dropped and resumed (default: wait for ever). */
  readonly idleTimeout?: number;
}

/**
 * The agent-ui@1 stream. Each new envelope is delivered once, in order; when the response ends or breaks, it
 * reconnects after a backoff delay (the first step is the server's `retry:`) with `Last-Event-ID: <last envelope_id>`,
 * until the server answers 204. A refused request (a network error, a status other than 2xx) backs off too;
 * `maxAttempts` failures in a row without a new envelope close the stream with an `error` event.
 */
export class AgentUiStream {
  readonly url: string;
  readonly sessionId: string;
  readonly #options: AgentUiStreamOptions;
  readonly #fetch: AgentUiFetch;
  readonly #listeners = new Set<(event: AgentUiStreamEvent) => void>();
  readonly #seen = new Set<string>();
  #minDelay: number;
  #lastId: string | undefined;
  #state: ConnectionState = 'idle';
  #wanted = false;
  #attempt = 0;
  #controller: AbortController | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #detach: (() => void) | undefined;

  constructor(options: AgentUiStreamOptions) {
    const { url, sessionId } = options;
    this.url = /[?&]session_id=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}session_id=${encodeURIComponent(sessionId)}`;
    this.sessionId = sessionId;
    this.#options = options;
    this.#fetch = agentUiFetch(options.fetch);
    this.#minDelay = options.minDelay ?? 500;
    this.#lastId = options.lastEventId;
    for (const id of [...(options.seen ?? []), ...(this.#lastId ? [this.#lastId] : [])]) this.#remember(id);
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** The last `envelope_id` received: where a reconnect (or a later page, as `lastEventId`) resumes. */
  get lastEventId(): string | undefined {
    return this.#lastId;
  }

  subscribe(listener: (event: AgentUiStreamEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Opens the stream (again after `close`, resuming); aborting the signal closes it. */
  connect({ signal }: { signal?: AbortSignal } = {}): void {
    if (this.#wanted) return;
    if (signal?.aborted) return this.close();
    this.#wanted = true;
    this.#attempt = 0;
    if (signal) {
      const onAbort = () => this.close();
      signal.addEventListener('abort', onAbort, { once: true });
      this.#detach = () => signal.removeEventListener('abort', onAbort);
    }
    this.#setState('connecting');
    this.#open();
  }

  close(): void {
    this.#stop();
    this.#setState('closed');
  }

  #stop(): void {
    this.#wanted = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#detach?.();
    this.#detach = undefined;
    this.#controller?.abort();
    this.#controller = null;
  }

  #emit(event: AgentUiStreamEvent): void {
    notifyAll(this.#listeners, event);
  }

  #setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.#emit({ type: 'state', state });
  }

  #end(event: AgentUiStreamEvent): void {
    this.#stop();
    this.#setState('closed');
    this.#emit(event);
  }

  #remember(id: string): void {
    this.#seen.add(id);
    if (this.#seen.size > MAX_SEEN_ENVELOPES) this.#seen.delete(this.#seen.values().next().value as string);
  }

  #open(): void {
    const controller = new AbortController();
    this.#controller = controller;
    void this.#run(controller);
  }

  async #run(controller: AbortController): Promise<void> {
    const current = () => this.#controller === controller;
    const { idleTimeout } = this.#options;
    let idle: ReturnType<typeof setTimeout> | undefined;
    let reason = 'The stream could not be reached.';
    try {
      const headers: Record<string, string> = { ...headersOf(this.#options.headers), accept: 'text/event-stream' };
      if (this.#lastId !== undefined) headers['last-event-id'] = this.#lastId;
      const response = await this.#fetch(this.url, {
        method: 'GET',
        headers,
        signal: controller.signal,
        redirect: 'error',
        credentials: this.#options.credentials,
      });
      if (!current()) return;
      if (response.status === 204) return this.#end({ type: 'done' });
      reason = `The stream was refused (HTTP ${response.status}).`;
      if (!response.ok || !response.body || !/^text\/event-stream/i.test(response.headers.get('content-type') ?? '')) return;
      reason = 'The stream ended.';
      /** Bytes read since the last whole event: a server that never ends one is cut off. */
      let open = 0;
      const parser = createParser({
        onEvent: (message) => {
          open = 0;
          if (current()) this.#onEvent(message);
        },
        onRetry: (ms) => {
          // Never a tight loop: a `retry: 0` still waits MIN_RETRY_MS.
          if (ms >= 0) this.#minDelay = Math.max(ms, MIN_RETRY_MS);
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      this.#setState('open');
      for (;;) {
        clearTimeout(idle);
        if (idleTimeout !== undefined) idle = setTimeout(() => controller.abort(), idleTimeout);
        const { done, value } = await reader.read();
        if (done || !current()) break;
        open += value?.byteLength ?? 0;
        if (open > MAX_EVENT_BYTES) {
          reason = `An event was over ${MAX_EVENT_BYTES} bytes.`;
          break;
        }
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      if (reason === 'The stream ended.') reason = 'The stream broke.';
    } finally {
      clearTimeout(idle);
      controller.abort();
      if (current()) this.#lost(reason);
    }
  }

  #onEvent(message: EventSourceMessage): void {
    if (message.event !== 'ui_envelope') return;
    const parsed = parseFrame(UiEnvelopeEvent, message.data);
    if (!parsed.ok) return this.#emit({ type: 'malformed', reason: parsed.reason });
    const event = parsed.value;
    if (event.session_id !== this.sessionId) return this.#emit({ type: 'malformed', reason: 'an event of another session' });
    if (this.#seen.has(event.envelope_id)) return;
    this.#remember(event.envelope_id);
    this.#lastId = event.envelope_id;
    // Progress: the backoff schedule starts again.
    this.#attempt = 0;
    this.#emit({ type: 'envelope', event });
  }

  /** The response ended or failed: reconnect after a backoff delay, or give up after `maxAttempts` in a row. */
  #lost(reason: string): void {
    this.#controller = null;
    if (!this.#wanted) return;
    const { maxDelay = 15_000, jitter = 0.5, maxAttempts = Number.POSITIVE_INFINITY, random = Math.random } = this.#options;
    if (this.#attempt >= maxAttempts) return this.#end({ type: 'error', reason });
    const delay = backoffDelay(this.#attempt++, Math.min(this.#minDelay, maxDelay), maxDelay, jitter, random);
    const timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#wanted) this.#open();
    }, delay);
    this.#timer = timer;
    this.#setState('reconnecting');
    // A listener of the state change may have closed the stream already.
    if (this.#timer === timer) this.#emit({ type: 'backoff', attempt: this.#attempt, delay });
  }
}
