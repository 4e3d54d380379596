import { notifyAll, type Connection, type ConnectionListener, type ConnectionOptions, type ConnectionState, type OutgoingFrame } from './connection.js';
import type { ProtocolRegistry } from './registry.js';

/*
 * Opening a connection of a kind (`<mantis-chat transport>`): the protocol that owns the kind makes it. A protocol not
 * loaded yet is loaded first (and a factory may load its wire's code); meanwhile the session talks to a stand-in that is `connecting`, keeps what is sent in
 * order, and hands everything over once the real connection exists, so a message sent at once is never lost.
 */

/** A connection of `kind`, or null when no registered protocol opens that kind. Throws on a URL that cannot be parsed. */
export function openConnection(registry: ProtocolRegistry, kind: string, options: ConnectionOptions): Connection | null {
  const owner = registry.owner({ connection: kind });
  if (!owner) return null;
  const make = (module = registry.loaded(owner.name)): Connection | Promise<Connection> => {
    const factory = module?.connections?.[kind];
    if (!factory || !Object.prototype.hasOwnProperty.call(module.connections, kind)) throw new Error(`the ${owner.name} protocol opens no "${kind}" connection`);
    return factory(options);
  };
  // Checked now, as a loaded protocol's factory would: a URL that cannot be parsed is refused at once.
  new URL(options.url, options.relativeTo);
  const made = registry.loaded(owner.name) ? make() : registry.load(owner.name).then((module) => make(module));
  return made instanceof Promise ? new PendingConnection(made, `${owner.name} ${kind}`) : made;
}

/** Stands in for a connection whose protocol, or the code of its wire, is loading. */
class PendingConnection implements Connection {
  readonly #listeners = new Set<ConnectionListener>();
  #real: Connection | null = null;
  #queue: OutgoingFrame[] = [];
  #wanted: { signal?: AbortSignal } | null = null;
  #advertised: Parameters<NonNullable<Connection['advertise']>>[0] | null = null;
  #state: ConnectionState = 'idle';

  /** `what` names the connection in the notice of a load that failed. */
  constructor(made: Promise<Connection>, what: string) {
    made.then(
      (real) => this.#take(real),
      () => {
        if (this.#state === 'closed') return;
        notifyAll(this.#listeners, { type: 'protocol-error', reason: `This page could not load the code of its ${what} connection.` });
        this.#set('closed');
      },
    );
  }

  get source(): object {
    return this.#real?.source ?? this;
  }

  get state(): ConnectionState {
    return this.#real?.state ?? this.#state;
  }

  #set(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    notifyAll(this.#listeners, { type: 'state', state });
  }

  #take(real: Connection): void {
    if (this.#state === 'closed') return;
    this.#real = real;
    real.subscribe((event) => notifyAll(this.#listeners, event));
    if (this.#advertised) real.advertise?.(this.#advertised);
    if (this.#wanted) real.connect(this.#wanted);
    const queue = this.#queue;
    this.#queue = [];
    for (const frame of queue) real.send(frame);
  }

  connect(options: { signal?: AbortSignal } = {}): void {
    if (this.#real) return this.#real.connect(options);
    this.#wanted = options;
    this.#set('connecting');
  }

  close(): void {
    if (this.#real) this.#real.close();
    this.#queue = [];
    this.#set('closed');
  }

  send(frame: OutgoingFrame): boolean {
    if (this.#real) return this.#real.send(frame);
    if (this.#state === 'closed') return false;
    this.#queue.push(frame);
    return true;
  }

  carries(kind: string): boolean {
    return this.#real?.carries(kind) ?? false;
  }

  subscribe(listener: ConnectionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  advertise(capabilities: Parameters<NonNullable<Connection['advertise']>>[0]): void {
    this.#advertised = capabilities;
    this.#real?.advertise?.(capabilities);
  }

  retry(): void {
    this.#real?.retry?.();
  }

  historyShown(): void {
    this.#real?.historyShown?.();
  }
}
