import { notifyAll, type Connection, type ConnectionEvent, type ConnectionState } from '../protocols/connection.js';
import type { Transport } from '../protocols/composer/transport.js';
import { ConfiguredSession } from './session-base.js';
import { SessionConnection } from './session-connection.js';
import { globalGenerativeUiSwitch, type SessionEvent, type SessionListener } from './session-events.js';
import type { SessionProtocols } from './session-protocols.js';
import type { ProtocolOptions } from '../protocols/module.js';

/*
 * A ChatSession's link to its agent: the connection it talks through (a kind the configuration opened, or a transport
 * a host made), holding it open, what it advertises, reconnecting, and the session's listeners. The base of
 * ChatSession; what a change of connection means for the conversation (replies that end, protocol state that resets)
 * is the session's, through the hooks below.
 */
export abstract class LinkedSession extends ConfiguredSession {
  readonly #listeners = new Set<SessionListener>();
  readonly #link = new SessionConnection((event) => this.received(event));
  #generativeUi = true;
  /** What this session's protocol options advertise instead of the registered defaults, and carry inline. */
  readonly #advertised: Record<string, readonly string[]> = {};
  readonly #documents: Record<string, readonly string[]> = {};
  #versions: Readonly<Record<string, string>> = {};

  /** The session's protocol states (set by the session). */
  protected declare states: SessionProtocols;

  /** An event of the connection, for the session's protocols. */
  protected abstract received(event: ConnectionEvent): void;
  /** The connection is about to change: replies streaming on the old one end, and what it said is forgotten. */
  protected abstract connectionChanging(): void;
  /** The last hold is being released: returns what to do once it was (the replies streaming now end). */
  protected abstract releasing(): () => void;

  /** The connection as the session holds it. */
  protected get link(): SessionConnection {
    return this.#link;
  }

  /** The object behind the connection: a Composer `Transport` (`ws`, `sse`, or a host's), or another protocol's. */
  get transport(): Transport | null {
    return (this.#link.current?.source ?? null) as Transport | null;
  }

  /** The connection this session talks through. */
  get connection(): Connection | null {
    return this.#link.current;
  }

  get state(): ConnectionState {
    return this.#link.state;
  }

  /** Whether the client may advertise inline UI: this session's setting and the page-level switch together. */
  get generativeUi(): boolean {
    return this.#generativeUi && globalGenerativeUiSwitch();
  }
  set generativeUi(value: boolean) {
    if (value === this.#generativeUi) return;
    this.#generativeUi = value;
    this.#advertise();
  }

  /**
   * Gives a protocol its options in this session (A2UI's catalogs), with what it advertises instead of its defaults and
   * the documents a wire that can carries inline; `refused` is said to the page. What the conversation holds of that
   * protocol is read again with them.
   */
  configureProtocol(name: string, given: ProtocolOptions): void {
    Object.assign(this.#advertised, given.advertises);
    Object.assign(this.#documents, given.documents);
    if (given.versions) this.#versions = given.versions;
    this.#advertise();
    given.refused?.forEach((reason) => this.emit({ type: 'config-error', reason }));
    this.states.options[name] = given.options;
    this.states.reread(name);
  }

  /**
   * Talks through a transport object a host made (a Composer `Transport`, or any object a registered protocol speaks),
   * or none. A reply still streaming on the previous one ends as interrupted. `owned` ones are connected and closed
   * by the session; others are only subscribed to, and left open.
   */
  useTransport(transport: object | null, options: { owned?: boolean } = {}): void {
    if (transport === (this.#link.current?.source ?? null)) return;
    const connection = transport ? this.protocols.adapt(transport) : null;
    if (transport && !connection) {
      this.emit({ type: 'config-error', reason: 'No registered protocol speaks the transport object given; it was ignored.' });
      return;
    }
    this.useConnection(connection, options);
  }

  /** Talks through a connection (see `useTransport`). */
  useConnection(connection: Connection | null, options: { owned?: boolean } = {}): void {
    if (connection === this.#link.current) return;
    this.connectionChanging();
    // Told what to advertise before it opens: its first URL already says it.
    this.#advertise(connection);
    this.#link.use(connection, options.owned ?? false);
    this.emit({ type: 'state', state: this.state });
  }

  /** Holds the session connected: subscribes to its connection and opens it. Every `connect()` is balanced by a `disconnect()`. */
  connect(): void {
    this.#link.hold();
  }

  /** Releases one hold. The last release unsubscribes, closes an owned connection and interrupts streaming replies. */
  disconnect(): void {
    if (!this.#link.held) return;
    const released = this.releasing();
    if (this.#link.let()) released();
  }

  /** Reconnects now, without waiting for the backoff delay. */
  retry(): void {
    const connection = this.#link.current;
    if (!connection) return;
    if (connection.state === 'closed' || connection.state === 'idle') connection.connect();
    else connection.retry?.();
  }

  /** Whether the connection can be asked to reconnect now. */
  get canRetry(): boolean {
    return typeof this.#link.current?.retry === 'function';
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  protected emit(event: SessionEvent): void {
    notifyAll(this.#listeners, event);
  }

  #advertise(connection = this.#link.current): void {
    if (!connection) return;
    if (connection.advertise) connection.advertise({ generativeUi: this.generativeUi, advertises: { ...this.protocols.advertises(), ...this.#advertised }, documents: this.#documents, versions: this.#versions });
    else if (!this.generativeUi) {
      this.emit({ type: 'config-error', reason: 'generative UI is off, but the transport cannot stop advertising it (it has no advertise())' });
    }
  }
}
