import type { CatalogDefinition } from './catalog-basic.js';
import type { A2uiDialect, AgentCallBook } from './dialect.js';
import { evaluate } from './evaluate.js';
import { DEFAULT_CATALOGS, applyExpanded } from './expand.js';
import type { SurfaceGroupOptions, SurfaceModel, SurfacePlacement } from './group-types.js';
import { surfaceOf } from './placements.js';
import { A2uiSurfaceStore } from './surface.js';
import { A2UI_V09_VERSIONS, A2UI_VERSION, type A2uiError } from './types.js';

export type { SurfaceGroupOptions, SurfaceModel, SurfacePlacement } from './group-types.js';

/*
 * The A2UI surfaces of one conversation, or of one standalone renderer (docs/protocol.md "A2UI surfaces"), DOM-free:
 * every message is validated and applied here as it arrives (live or replayed), errors are reported from here, and
 * the data models surfaces asked to send are answered from here. Surfaces follow the conversation
 * (004_655f119d9cdaeeed.txt): each has one current version, owned by the latest message that touched it. A renderer
 * is given a surface's model and only draws it.
 */

/** The rules of a version this package reads beside v0.9, loaded the first time a message has it (`mantis-ui/a2ui-v1`). */
export const loadA2uiVersion = (version: string): Promise<A2uiDialect | undefined> | undefined =>
  version === 'v1.0' ? import('./v1/renderer.js').then((v1) => v1.A2UI_V1_RENDERER) : undefined;

/** A message waiting for its version's rules, with its owner; or (third) the surfaces a history says a message touched. */
type Waiting = [message: unknown, owner: string | undefined, touched?: readonly string[]];

const NOT_A_SURFACE_MESSAGE = 'Not an A2UI message for a surface (a version and one payload with its surfaceId): not shown.';

export class SurfaceGroup {
  /** The catalogs surfaces may name; another list applies from the next reset (a chat's `a2uiCatalogs` changed). */
  catalogs: readonly CatalogDefinition[];
  /** The versions read beside v0.9, as they load (the store reads this list). */
  readonly #versions: A2uiDialect[] = [];
  /**
   * The versions whose rules were asked for: each is loaded once (a browser keeps a failed module's failure, so asking
   * again would fail again).
   */
  readonly #asked = new Set<string>();
  /**
   * Messages waiting, in order, while a version's rules load (with the surfaces a history said a message touched, which
   * wait behind them); null when none is loading.
   */
  #waiting: Waiting[] | null = null;
  /** The catalogs the store reads: `catalogs`, and the loaded versions' own when `catalogs` are the defaults. */
  #available: CatalogDefinition[] = [];
  #store: A2uiSurfaceStore;
  /** Every surface touched and not deleted, in first-touch order. */
  #placements = new Map<string, SurfacePlacement>();
  #generation = 0;
  readonly #models = new Map<string, SurfaceModel>();
  readonly #renderErrors = new Map<string, { components: unknown; keys: Set<string> }>();
  /** The error of each surface's last refused message, until one applies (or, refused at creation, it is deleted). */
  readonly #refusals = new Map<string, A2uiError>();
  readonly #listeners = new Set<(surfaceId: string) => void>();
  readonly #options: SurfaceGroupOptions;
  /** The calls to the agent's functions, once a version that has them loaded (v1.0). */
  #calls: AgentCallBook | undefined;

  constructor(options: SurfaceGroupOptions = {}) {
    this.catalogs = options.catalogs ?? DEFAULT_CATALOGS;
    this.#options = options;
    this.#store = this.#createStore();
  }

  #createStore(): A2uiSurfaceStore {
    this.#available = [...this.catalogs, ...(this.catalogs === DEFAULT_CATALOGS ? this.#versions.flatMap((d) => d.catalogs) : [])];
    const store = new A2uiSurfaceStore({ catalogs: this.#available, versions: this.#versions });
    store.subscribe((surfaceId) => this.#notify(surfaceId));
    return store;
  }

  #notify(surfaceId: string): void {
    for (const listener of [...this.#listeners]) listener(surfaceId);
  }

  /** Calls `listener` with a surface's ID whenever it changes (a message applied, a write, its owner moved). */
  subscribe(listener: (surfaceId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Forgets every surface. */
  reset(): void {
    const ids = [...this.#placements.keys()];
    this.#store = this.#createStore();
    this.#placements = new Map();
    this.#models.clear();
    this.#renderErrors.clear();
    this.#refusals.clear();
    // What waited for a version is read again by whoever reset (it replays), after it.
    if (this.#waiting) this.#waiting.length = 0;
    for (const id of ids) this.#notify(id);
  }

  /** Whether `message` (of `version`) waits for its version's rules, which start loading now if they were never asked for. */
  #wait(message: unknown, owner: string | undefined, version: unknown): boolean {
    if (this.#waiting) return this.#waiting.push([message, owner]) > 0;
    if (typeof version !== 'string' || A2UI_V09_VERSIONS.includes(version) || this.#asked.has(version)) return false;
    const loading = this.#options.loadVersion?.(version);
    if (!loading) return false;
    this.#asked.add(version);
    const waiting: Waiting[] = (this.#waiting = [[message, owner]]);
    void loading
      .catch(() => undefined)
      .then((dialect) => {
        if (dialect) {
          this.#versions.push(dialect);
          this.#calls ??= dialect.calls?.({
            ...this.#options,
            changed: (id) => this.#notify(id),
            report: (error) => this.#fail(error, this.#placements.get(error.surfaceId)?.owner, version),
          });
          if (this.catalogs === DEFAULT_CATALOGS) this.#available.push(...dialect.catalogs);
        }
        this.#waiting = null;
        for (const [m, o, touched] of waiting) {
          if (touched) this.touch(touched, o as string);
          else this.apply(m, o);
        }
        this.#options.waited?.();
      });
    return true;
  }

  /**
   * Applies one server message (its surface's higher-order components expanded first), as part of assistant message
   * `owner` when it has one. The surface it names moves to that owner whether or not it applied (the agent touched
   * it there); a deleteSurface removes it only when it applies. Returns its error (pointing into what the agent wrote), or null; the error is reported unless it only
   * repeats a refused createSurface (see below). A message of a version whose rules are loading (`loadVersion`) waits,
   * with those after it, and null is returned: its error, if any, is reported when it applies.
   */
  apply(message: unknown, owner?: string): A2uiError | null {
    const version = (message as { version?: unknown } | null)?.version;
    if (this.#wait(message, owner, version)) return null;
    const dialect = this.#versions.find((d) => d.versions.includes(version as string));
    const told = dialect ? (version as string) : A2UI_VERSION;
    // A function call of the agent's (v1.0) addresses no surface: it is answered, or its error reported.
    const call = dialect?.answer(message, this.#available, evaluate, this.#calls);
    if (call && 'error' in call) return this.#fail(call.error, owner, told);
    const { respond } = this.#options;
    if (call && !respond?.(call.answer, owner) && call.instead) respond?.(call.instead, owner);
    if (call !== undefined) return null;
    const surface = surfaceOf(message);
    if (!surface) return this.#fail({ code: 'VALIDATION_FAILED', surfaceId: '', path: '', message: NOT_A_SURFACE_MESSAGE }, owner, told);
    const id = surface.surfaceId;
    // A deleteSurface removes the surface from view only once it applied (a refused one, for a surface of the other
    // version say, leaves it where it is).
    const deletes = surface.kind === 'deleteSurface';
    if (!deletes) this.#place(id, false, owner);
    const error = applyExpanded(this.#store, message, this.#available);
    if (!error && deletes) this.#place(id, true, owner);
    if (!error) {
      if (surface.kind === 'createSurface' || surface.kind === 'deleteSurface') this.#renderErrors.delete(id);
      // A message that changed nothing is not redrawn by the store: the note of the refusal it clears must go.
      if (this.#refusals.delete(id)) this.#notify(id);
      return null;
    }
    const exists = this.#store.get(id) !== undefined;
    if (surface.kind === 'createSurface' || exists) {
      // Said where the surface is: it was not created, or the agent's change did not apply.
      this.#refusals.set(id, error);
      this.#notify(id);
    } else if (this.#refusals.has(id) && 'path' in error && error.path === '/surfaceId') {
      // What follows a refused createSurface and fails only because the surface does not exist: the agent heard why
      // once. A follow-up that is wrong for a reason of its own is still told.
      if (surface.kind === 'deleteSurface') this.#refusals.delete(id);
      return error;
    }
    return this.#fail(error, owner, told);
  }

  #fail(error: A2uiError, owner: string | undefined, version: string): A2uiError {
    this.#options.report?.(error, owner, version);
    return error;
  }

  /** The surfaces a message touched move to it (a history that stamped `surface_ids`). */
  touch(surfaceIds: readonly string[], owner: string): void {
    // Behind messages that wait for their version's rules: they touched the surfaces before this message did.
    if (this.#waiting) return void this.#waiting.push([null, owner, surfaceIds]);
    for (const id of surfaceIds) this.#place(id, false, owner);
  }

  #place(surfaceId: string, deleted: boolean, owner: string | undefined): void {
    const previous = this.#placements.get(surfaceId);
    if (deleted) {
      this.#placements.delete(surfaceId);
      this.#models.delete(surfaceId);
    } else if (!previous || previous.owner !== owner) {
      this.#placements.set(surfaceId, { surfaceId, owner: owner ?? previous?.owner, generation: previous?.generation ?? ++this.#generation });
      if (!previous) this.#models.delete(surfaceId);
    } else return;
    this.#notify(surfaceId);
  }

  /** Every surface touched and not deleted, by ID, in first-touch order. */
  get placements(): ReadonlyMap<string, SurfacePlacement> {
    return this.#placements;
  }

  /** The surfaces' store (read-only use: a surface's state, its data model). */
  get store(): A2uiSurfaceStore {
    return this.#store;
  }

  /** The surfaces that exist, in creation order. */
  surfaceIds(): string[] {
    return this.#store.surfaceIds();
  }

  /** A surface's model (one per life of the surface), or undefined when it was never touched or is deleted. */
  surface(surfaceId: string): SurfaceModel | undefined {
    const placement = this.#placements.get(surfaceId) ?? (this.#store.get(surfaceId) ? { surfaceId, owner: undefined, generation: 0 } : undefined);
    if (!placement) return undefined;
    let model = this.#models.get(surfaceId);
    if (!model || model.generation !== placement.generation) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the model reads the group as it is now
      const group = this;
      model = {
        surfaceId,
        generation: placement.generation,
        get owner() {
          return group.#placements.get(surfaceId)?.owner;
        },
        get state() {
          return group.#store.get(surfaceId);
        },
        get refusal() {
          return group.#refusals.get(surfaceId);
        },
        // Each life of the surface (its generation) asks the agent anew.
        get calls() {
          return group.#calls?.of(surfaceId, group.#available, placement.generation);
        },
        write: (pointer, value) => this.#store.setData(surfaceId, pointer, value),
        rendered: (errors) => this.#rendered(surfaceId, errors),
        subscribe: (listener) => this.subscribe((id) => id === surfaceId && listener()),
      };
      this.#models.set(surfaceId, model);
    }
    return model;
  }

  #rendered(surfaceId: string, errors: readonly A2uiError[]): void {
    const components = this.#store.get(surfaceId)?.components;
    let seen = this.#renderErrors.get(surfaceId);
    if (!seen || seen.components !== components) this.#renderErrors.set(surfaceId, (seen = { components, keys: new Set() }));
    for (const error of errors) {
      const key = JSON.stringify(error);
      if (seen.keys.has(key)) continue;
      seen.keys.add(key);
      this.#options.report?.(error, this.#placements.get(surfaceId)?.owner, this.#store.get(surfaceId)?.version ?? A2UI_VERSION);
    }
  }

}
