import type { ConnectionEvent, OutgoingFrame, ProtocolRecord, ServerCapabilities } from '../protocols/connection.js';
import type { ProtocolHost, ProtocolState, TurnDescription } from '../protocols/module.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import type { AssistantMessage, ChatMessage, UserMessage } from '../message/messages.js';
import type { ProtocolEvent } from './session-events.js';
import type { Thread } from './thread.js';

/*
 * A session's protocols: each one's state in this session (made when it first matters), and the order of what
 * arrives. A record whose protocol is not loaded yet holds back everything after it until it is, so the conversation
 * is applied in the order it happened; a history whose records or fields belong to a protocol not loaded yet is shown
 * at once and read again when it has loaded.
 */

/** What the session lends its protocols. */
export interface ProtocolsHost {
  readonly thread: Thread;
  readonly capabilities: ServerCapabilities;
  carries(kind: string): boolean;
  send(frame: OutgoingFrame): boolean;
  sendTurn(text: string): { readonly ok: true; readonly id: string } | { readonly ok: false; readonly message: string };
  /** A record changed (and the message with it): renderers and the persisted history follow. */
  updated(message: AssistantMessage): void;
  /** Something only renderers show changed. */
  changed(): void;
  emit(protocol: string, event: ProtocolEvent): void;
  /** A protocol could not be loaded (what it held was skipped); `record`, the record of it that was skipped. */
  failed(reason: string, skipped?: { readonly protocol: string; readonly event: Extract<ConnectionEvent, { type: 'record' }> }): void;
}

export class SessionProtocols {
  readonly registry: ProtocolRegistry;
  readonly #host: ProtocolsHost;
  readonly #states = new Map<string, ProtocolState>();
  /** Each protocol's options in this session, by name (what its state reads as `options`). */
  readonly options: Record<string, unknown> = {};
  readonly #handle: (event: ConnectionEvent) => void;
  #inbox: ConnectionEvent[] = [];
  #blocked = false;
  #disposed = false;

  /** `handle` applies each event, in order, once the protocols it needs are loaded. */
  constructor(registry: ProtocolRegistry, host: ProtocolsHost, handle: (event: ConnectionEvent) => void) {
    this.registry = registry;
    this.#host = host;
    this.#handle = handle;
  }

  /** A protocol's state in this session, once it is loaded (made on first use). */
  state(name: string): ProtocolState | undefined {
    const known = this.#states.get(name);
    if (known) return known;
    const module = this.registry.loaded(name);
    if (!module?.createState) return undefined;
    const state = module.createState(this.#protocolHost(name));
    this.#states.set(name, state);
    return state;
  }

  #protocolHost(name: string): ProtocolHost {
    const host = this.#host;
    return {
      get messages() {
        return host.thread.messages;
      },
      get streaming() {
        return host.thread.streaming;
      },
      assistant: (id) => host.thread.assistant(id),
      arrivedLive: (id) => host.thread.arrivedLive(id),
      get capabilities() {
        return host.capabilities;
      },
      carries: (kind) => host.carries(kind),
      send: (frame) => host.send(frame),
      sendTurn: (text) => host.sendTurn(text),
      updateRecord: (messageId, record) => {
        const changed = host.thread.update(messageId, record);
        if (changed) host.updated(changed);
        return changed !== null;
      },
      changed: () => host.changed(),
      emit: (event) => host.emit(name, event as ProtocolEvent),
      options: this.options,
    };
  }

  /** The state of the protocol that owns a record type. */
  #stateOf(type: string): ProtocolState | undefined {
    const owner = this.registry.owner({ record: type });
    return owner ? this.state(owner.name) : undefined;
  }

  /** Takes an event from the connection (or a host) and applies it in order. */
  receive(event: ConnectionEvent): void {
    this.#inbox.push(event);
    this.#pump();
  }

  #pump(): void {
    while (!this.#blocked && !this.#disposed && this.#inbox.length > 0) {
      const event = this.#inbox[0] as ConnectionEvent;
      const missing = event.type === 'record' ? this.#missing(event.record.type) : null;
      if (missing) {
        this.#blocked = true;
        this.registry.load(missing).then(
          () => this.#resume(),
          () => {
            this.#inbox.shift();
            const skipped = event as Extract<ConnectionEvent, { type: 'record' }>;
            this.#host.failed(`The ${missing} protocol could not be loaded: a ${skipped.record.type} record was skipped.`, { protocol: missing, event: skipped });
            this.#resume();
          },
        );
        return;
      }
      this.#inbox.shift();
      this.#handle(event);
    }
  }

  #resume(): void {
    this.#blocked = false;
    this.#pump();
  }

  /** The protocol a record type needs that is registered but not loaded, or null. */
  #missing(type: string): string | null {
    const owner = this.registry.owner({ record: type });
    return owner && !this.registry.loaded(owner.name) ? owner.name : null;
  }

  /** A record was applied to `message`, live or replayed: its protocol's state hears of it. */
  recorded(record: ProtocolRecord, message: AssistantMessage, live: boolean): void {
    this.#stateOf(record.type)?.recorded?.(record, message, live);
  }

  ended(message: AssistantMessage): void {
    for (const state of this.#states.values()) state.ended?.(message);
  }

  /** What the protocols add to the next user turn, by kind. */
  carried(): Readonly<Record<string, unknown>> | undefined {
    let carried: Record<string, unknown> | undefined;
    for (const state of this.#states.values()) {
      const own = state.carried?.();
      if (own) carried = { ...carried, ...own };
    }
    return carried;
  }

  /** An answer to something a protocol sent; false when none of them sent it. */
  answered(clientActionId: string, status: 'accepted' | 'rejected', reason?: string): boolean {
    for (const state of this.#states.values()) if (state.answered?.(clientActionId, status, reason)) return true;
    return false;
  }

  reconnected(): void {
    for (const state of this.#states.values()) state.reconnected?.();
  }

  /** A user turn a protocol wrote, described (its protocol is loaded the first time one is shown). */
  describeTurn(message: UserMessage): TurnDescription | null {
    const owner = this.registry.owner({ turn: message.text });
    if (!owner) return null;
    const module = this.registry.loaded(owner.name);
    if (!module) {
      void this.registry.load(owner.name).then(() => this.reread(owner.name), () => undefined);
      return null;
    }
    return module.describeTurn?.(message) ?? null;
  }

  /**
   * The thread was loaded with a history: every state starts over and hears the records it holds, in order; the
   * protocols its records, fields and turns need are loaded, and what they hold is read again when they have.
   */
  loaded(messages: readonly ChatMessage[]): void {
    for (const state of this.#states.values()) state.reset?.();
    const missing = new Set<string>();
    for (const message of messages) {
      if (message.role === 'user') {
        const owner = this.registry.owner({ turn: message.text });
        if (owner && !this.registry.loaded(owner.name)) missing.add(owner.name);
        continue;
      }
      for (const { event } of message.events) {
        const name = this.#missing(event.type);
        if (name) missing.add(name);
        else this.recorded(event, message, false);
      }
      for (const registration of this.registry.registrations) {
        const stored = registration.fields?.some((field) => (message as unknown as Record<string, unknown>)[field] !== undefined);
        if (stored && !this.registry.loaded(registration.name)) missing.add(registration.name);
      }
    }
    for (const name of missing) void this.registry.load(name).then(() => this.reread(name), () => this.#host.failed(`The ${name} protocol could not be loaded.`));
  }

  /**
   * A protocol a history needed has loaded, or its options changed: the messages it touches are read again and its
   * state hears them.
   */
  reread(name: string): void {
    if (this.#disposed) return;
    const registration = this.registry.registrations.findLast((r) => r.name === name);
    const types = registration?.records ?? [];
    this.#host.thread.refresh(types, registration?.fields ?? []);
    if (registration?.turnPrefix) this.#host.thread.refreshTurns(registration.turnPrefix);
    this.#states.get(name)?.reset?.();
    for (const message of this.#host.thread.messages) {
      if (message.role !== 'assistant') continue;
      for (const { event } of message.events) if (types.includes(event.type)) this.recorded(event, message, false);
    }
    this.#host.changed();
  }

  dispose(): void {
    this.#disposed = true;
    this.#inbox = [];
    for (const state of this.#states.values()) state.dispose?.();
    this.#states.clear();
  }
}
