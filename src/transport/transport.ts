import type { ClientFrame, ServerEvent } from '../protocol/composer-frames.js';

/** Connection states, as data (shown and announced by the elements). */
export const CONNECTION_STATES = ['idle', 'connecting', 'open', 'reconnecting', 'closed'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export type TransportEvent =
  | { readonly type: 'state'; readonly state: ConnectionState }
  | { readonly type: 'server'; readonly event: ServerEvent }
  /** A frame that failed validation: reported and skipped; the stream goes on. */
  | { readonly type: 'protocol-error'; readonly reason: string };

export type TransportListener = (event: TransportEvent) => void;

/** What every element talks to; the WebSocket and SSE adapters implement it. */
export interface Transport {
  readonly state: ConnectionState;
  connect(): void;
  send(frame: ClientFrame): void;
  close(): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: TransportListener): () => void;
}

/** Shared listener bookkeeping and state changes for transports. */
export abstract class BaseTransport implements Transport {
  #state: ConnectionState = 'idle';
  readonly #listeners = new Set<TransportListener>();

  get state(): ConnectionState {
    return this.#state;
  }

  abstract connect(): void;
  abstract send(frame: ClientFrame): void;
  abstract close(): void;

  subscribe(listener: TransportListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  protected emit(event: TransportEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken listener must not starve the others or break the stream.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  protected setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.emit({ type: 'state', state });
  }
}
