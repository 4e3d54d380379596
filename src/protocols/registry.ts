import type { ProtocolMarker } from '../message/marker.js';
import type { MessageParser } from '../message/parser.js';
import type { Connection } from './connection.js';
import type { ParseOptions, ProtocolModule, ProtocolRegistration, RecordHandler, TextProtocol } from './module.js';

export type { ParseOptions, TextProtocol } from './module.js';

/*
 * The protocols a session may speak, each known by its registration (its name, the connection kinds, record types,
 * fields and turns it owns) before it loads, and loaded the first time a session needs it: a connection of its kind,
 * a record of its type in a stream or a history. The registry routes by those names; it knows no protocol itself.
 */

type Loaded = { readonly module: ProtocolModule } | { readonly loading: Promise<ProtocolModule> } | { readonly failed: unknown };

const isPromise = (value: unknown): value is Promise<ProtocolModule> => typeof (value as { then?: unknown } | null)?.then === 'function';

export class ProtocolRegistry {
  readonly #registrations: ProtocolRegistration[] = [];
  readonly #state = new Map<string, Loaded>();

  constructor(registrations: readonly ProtocolRegistration[] = []) {
    for (const registration of registrations) this.register(registration);
  }

  /**
   * Adds a protocol (a later one is asked first where two claim the same connection kind, record type or marker). A
   * loader that returns the module itself (not a promise) is there at once.
   */
  register(registration: ProtocolRegistration): this {
    this.#registrations.push(registration);
    this.#state.delete(registration.name);
    if (registration.eager) this.#start(registration.name);
    return this;
  }

  /** A registry with the same protocols and one more text protocol, asked before the others. */
  withText(protocol: TextProtocol): ProtocolRegistry {
    return this.#with({ name: `text:${protocol.name}`, eager: true, load: () => ({ name: `text:${protocol.name}`, text: [protocol] }) });
  }

  /** A registry whose handler of one record type is replaced. */
  withRecord(type: string, handler: RecordHandler): ProtocolRegistry {
    return this.#with({ name: `record:${type}`, records: [type], eager: true, load: () => ({ name: `record:${type}`, records: { [type]: handler } }) });
  }

  #with(extra: ProtocolRegistration): ProtocolRegistry {
    const next = new ProtocolRegistry([...this.#registrations, extra]);
    // Modules already loaded here are loaded there too.
    for (const [name, state] of this.#state) if ('module' in state) next.#state.set(name, state);
    return next;
  }

  get registrations(): readonly ProtocolRegistration[] {
    return this.#registrations;
  }

  /** The registration that owns a connection kind, a record type, a persisted field or a turn, newest first. */
  owner(what: { readonly connection?: string; readonly record?: string; readonly field?: string; readonly turn?: string }): ProtocolRegistration | undefined {
    return this.#registrations.findLast(
      (r) =>
        (what.connection !== undefined && (r.connections ?? []).includes(what.connection)) ||
        (what.record !== undefined && (r.records ?? []).includes(what.record)) ||
        (what.field !== undefined && (r.fields ?? []).includes(what.field)) ||
        (what.turn !== undefined && r.turnPrefix !== undefined && what.turn.startsWith(r.turnPrefix)),
    );
  }

  /** Every connection kind a registered protocol opens. */
  connectionKinds(): string[] {
    return [...new Set(this.#registrations.flatMap((r) => r.connections ?? []))];
  }

  /** What the registered protocols advertise on a connection URL, by parameter. */
  advertises(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const r of this.#registrations) for (const [key, values] of Object.entries(r.advertises ?? {})) out[key] = [...(out[key] ?? []), ...values];
    return out;
  }

  /** The module if it is loaded, else undefined (nothing is loaded by asking). */
  loaded(name: string): ProtocolModule | undefined {
    const state = this.#state.get(name);
    return state && 'module' in state ? state.module : undefined;
  }

  /** Loads a module once (a failed load is tried again at the next call). Rejects for a name nobody registered. */
  load(name: string): Promise<ProtocolModule> {
    const state = this.#state.get(name);
    if (state && 'module' in state) return Promise.resolve(state.module);
    if (state && 'loading' in state) return state.loading;
    const started = this.#start(name);
    if (!started) return Promise.reject(new Error(`no protocol "${name}" is registered`));
    if ('module' in started) return Promise.resolve(started.module);
    if ('loading' in started) return started.loading;
    return Promise.reject(started.failed);
  }

  #start(name: string): Loaded | undefined {
    const registration = this.#registrations.findLast((r) => r.name === name);
    if (!registration) return undefined;
    let result: ProtocolModule | Promise<ProtocolModule>;
    try {
      result = registration.load();
    } catch (failed) {
      this.#state.delete(name);
      return { failed };
    }
    if (!isPromise(result)) {
      const state = { module: result };
      this.#state.set(name, state);
      return state;
    }
    const loading = result.then(
      (module) => {
        this.#state.set(name, { module });
        return module;
      },
      (error: unknown) => {
        this.#state.delete(name);
        throw error;
      },
    );
    const state = { loading };
    this.#state.set(name, state);
    return state;
  }

  /** The modules loaded so far (none is loaded by asking), newest registration first. */
  *#modules(): Generator<ProtocolModule> {
    for (let i = this.#registrations.length - 1; i >= 0; i--) {
      const state = this.#state.get((this.#registrations[i] as ProtocolRegistration).name);
      if (state && 'module' in state) yield state.module;
    }
  }

  /** The handler of a record type, once its protocol is loaded. */
  handler(type: string): RecordHandler | undefined {
    const owner = this.owner({ record: type });
    const module = owner && this.loaded(owner.name);
    const handler = module?.records?.[type];
    return handler && Object.prototype.hasOwnProperty.call(module.records, type) ? handler : undefined;
  }

  /** The text protocol that reads messages of this marker (the newest registered that accepts it). */
  textProtocol(marker: ProtocolMarker): TextProtocol {
    for (const module of this.#modules()) {
      const protocol = (module.text ?? []).findLast((p) => p.accepts(marker));
      if (protocol) return protocol;
    }
    throw new Error(`no text protocol accepts the marker ${JSON.stringify(marker)}`);
  }

  createParser(marker: ProtocolMarker, options?: ParseOptions): MessageParser {
    return this.textProtocol(marker).createParser(marker, options);
  }

  /** The connection of an object a host gave, from the first loaded protocol that speaks it; null when none does. */
  adapt(value: unknown): Connection | null {
    for (const module of this.#modules()) {
      const connection = module.adapt?.(value) ?? null;
      if (connection) return connection;
    }
    return null;
  }
}
