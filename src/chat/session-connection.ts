import type { Connection, ConnectionEvent, ConnectionState } from '../protocols/connection.js';

/*
 * The connection a session talks through, and who holds the session connected. An owned connection (one the session
 * made from a chat's configuration) is opened and closed by the session; another (a host's) is only subscribed to,
 * and opened when it is idle.
 */

export class SessionConnection {
  #connection: Connection | null = null;
  #owned = false;
  #unsubscribe: (() => void) | null = null;
  /** How many views or hosts hold the session connected. */
  #holders = 0;
  readonly #listener: (event: ConnectionEvent) => void;

  constructor(listener: (event: ConnectionEvent) => void) {
    this.#listener = listener;
  }

  get current(): Connection | null {
    return this.#connection;
  }

  get state(): ConnectionState {
    return this.#connection?.state ?? 'idle';
  }

  get held(): boolean {
    return this.#holders > 0;
  }

  /** Talks through another connection (or none): the previous one is let go (closed when it was owned). */
  use(connection: Connection | null, owned: boolean): void {
    this.#release();
    this.#connection = connection;
    this.#owned = owned;
    if (this.#holders > 0) this.#hold();
  }

  /** One more holder; the first subscribes and opens. */
  hold(): void {
    this.#holders += 1;
    if (this.#holders === 1) this.#hold();
  }

  /** One holder fewer; true when that was the last (the connection was let go). */
  let(): boolean {
    if (this.#holders === 0) return false;
    this.#holders -= 1;
    if (this.#holders > 0) return false;
    this.#release();
    return true;
  }

  #hold(): void {
    const connection = this.#connection;
    if (!connection || this.#unsubscribe) return;
    this.#unsubscribe = connection.subscribe(this.#listener);
    if (this.#owned || connection.state === 'idle') connection.connect();
  }

  #release(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#owned) this.#connection?.close();
  }
}
