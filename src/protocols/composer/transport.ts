import { notifyAll, type ConnectionState } from '../connection.js';
import type { ClientFrame, ServerEvent } from './frames.js';

export { CONNECTION_STATES, notifyAll, type ConnectionState } from '../connection.js';

/**
 * An agent-ui@1 `ui_envelope` event as the Composer's SSE stream carries it (001_996c0b4640eee42b.txt): handed to the
 * agent-ui protocol by kind, which reads it (src/protocols/agent-ui/wire.ts).
 */
export interface UiEnvelopeFrame {
  readonly session_id: string;
  readonly envelope_id: string;
  readonly created_at: number;
  readonly envelope: unknown;
}

export type TransportEvent =
  | { readonly type: 'state'; readonly state: ConnectionState }
  | { readonly type: 'server'; readonly event: ServerEvent }
  /** An agent-ui@1 `ui_envelope` event (SSE), as it came: its protocol reads it. */
  | { readonly type: 'ui-envelope'; readonly event: UiEnvelopeFrame }
  /** A frame that failed validation (a required field missing or wrong): reported and skipped; the stream goes on. */
  | { readonly type: 'protocol-error'; readonly reason: string }
  /** A frame this client does not know (an event type of a later version): skipped, noted once per `key`. */
  | { readonly type: 'protocol-notice'; readonly key: string; readonly reason: string }
  /**
   * A reconnect was scheduled: `attempt` is its number (1 for the first since a connection last made progress, by
   * delivering a new event or staying up for `stableAfter`, or since `connect`/`retry`), `delay` the milliseconds
   * until it starts (what "Reconnecting in N s" shows).
   */
  | { readonly type: 'backoff'; readonly attempt: number; readonly delay: number };

/** What this client may advertise to the server (on the Composer URL). */
export interface TransportCapabilities {
  /** Inline UI (`inline_ui_version=1`): off, the server replies in Markdown only. */
  readonly generativeUi: boolean;
  /** What the protocols a client may load advertise beside it, by URL parameter (A2UI's `a2ui_catalog`). */
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  /**
   * Documents the page gave for them, as JSON text, by the same parameter (A2UI's catalogs given as JSON): a wire that
   * can carries them inline (AG-UI's `context`); a URL cannot.
   */
  readonly documents?: Readonly<Record<string, readonly string[]>>;
}

export type TransportListener = (event: TransportEvent) => void;

/** What every element talks to; the WebSocket and SSE adapters implement it. */
export interface Transport {
  readonly state: ConnectionState;
  /** Opens the connection; aborting the signal closes it. */
  connect(options?: { signal?: AbortSignal }): void;
  /** Sends a frame; user messages sent while offline are queued and sent exactly once. */
  send(frame: ClientFrame): void;
  close(): void;
  /**
   * What this client may advertise. Until it is called the transport's URL is used as given; a change while a
   * channel is open or opening reopens it (resuming, losing nothing). Optional: a transport without it advertises
   * nothing of its own.
   */
  advertise?(capabilities: TransportCapabilities): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: TransportListener): () => void;
  /** The events as an async stream; it ends when the signal aborts or the transport closes. */
  events(signal?: AbortSignal): AsyncIterableIterator<TransportEvent>;
}

/** Shared listener bookkeeping, state changes and the async event stream. */
export abstract class BaseTransport implements Transport {
  #state: ConnectionState = 'idle';
  readonly #listeners = new Set<TransportListener>();

  get state(): ConnectionState {
    return this.#state;
  }

  abstract connect(options?: { signal?: AbortSignal }): void;
  abstract send(frame: ClientFrame): void;
  abstract close(): void;

  subscribe(listener: TransportListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  events(signal?: AbortSignal): AsyncIterableIterator<TransportEvent> {
    const queue: TransportEvent[] = [];
    let wake: (() => void) | null = null;
    let done = false;
    const finish = () => {
      done = true;
      unsubscribe();
      wake?.();
    };
    const unsubscribe = this.subscribe((event) => {
      queue.push(event);
      if (event.type === 'state' && event.state === 'closed') done = true;
      wake?.();
    });
    signal?.addEventListener('abort', finish, { once: true });
    const iterator: AsyncIterableIterator<TransportEvent> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        while (queue.length === 0 && !done && !signal?.aborted) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        const value = queue.shift();
        if (value) return { value, done: false };
        finish();
        return { value: undefined, done: true };
      },
      return: async () => {
        finish();
        return { value: undefined, done: true };
      },
    };
    return iterator;
  }

  protected emit(event: TransportEvent): void {
    notifyAll(this.#listeners, event);
  }

  protected setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.emit({ type: 'state', state });
  }
}
