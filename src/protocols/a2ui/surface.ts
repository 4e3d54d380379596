import { A2UI_LIMITS } from './limits.js';
import type { CatalogDefinition } from './catalog-basic.js';
import { checkGraph } from './graph.js';
import { checkPlainJson, copyJson, jsonBytes, jsonDepth } from './plain-json.js';
import { parsePointer, writeAt } from './pointer.js';
import { A2UI_VERSION, type A2uiComponent, type A2uiError, type A2uiValidationError, type JsonObject, type JsonValue } from './types.js';
import { catalogsOf, ROOT_NOT_OBJECT, validateA2uiMessage, type A2uiSurfaceFacts } from './validate.js';
import type { A2uiDialect } from './dialect.js';

/*
 * The state of the A2UI surfaces one renderer shows (a2ui_protocol.md "Envelope message structure", "Data model
 * updates"), DOM-free. Each message is validated against the current state before it changes anything, and a
 * message that fails changes nothing. Every change makes a new SurfaceState (and a new components map or data model
 * where they changed; the rest is shared), so a renderer can compare snapshots by identity.
 *
 * updateComponents upserts by id: a component replaces the one with its id whole (properties are not merged), and
 * one whose type changed is removed and added again, so it moves to the end of the map (renderer_guide.md: "remove
 * the old component and create a fresh one"). Removing an array item through updateDataModel sets it to null: the
 * protocol keeps the array's length ("set to undefined"), and JSON has no undefined.
 */

export interface SurfaceState {
  readonly surfaceId: string;
  /** The default catalog ('' for a v1.0 surface created without one: its components name their own). */
  readonly catalogId: string;
  /** The version it was created with when not v0.9 (`v1.0`): its messages must have it. */
  readonly version?: string;
  readonly theme?: JsonObject;
  readonly sendDataModel: boolean;
  /** The components by id, in the order they were first defined. */
  readonly components: ReadonlyMap<string, A2uiComponent>;
  /** Where the agent wrote each component (componentPath): what an error about it points to. */
  readonly sources: ReadonlyMap<string, ComponentSource>;
  readonly data: JsonValue;
  /** Increases with every change of any surface of the store: a recreated surface never repeats one. */
  readonly revision: number;
}

/**
 * Where the agent wrote a component: its index in the `components` of the updateComponents that last defined it;
 * `exact` is false for a part of a higher-order component written there (a pointer inside it would be into our
 * expansion, not into what the agent wrote).
 */
export interface ComponentSource {
  readonly index: number;
  readonly exact: boolean;
  /**
   * The revision at which the component got its type: a component whose type changes is a fresh one
   * (renderer_guide.md "Component Lifecycle"), so a renderer keys its local state with this.
   */
  readonly since: number;
}

/**
 * An error's path for a component of a surface, relative to the agent's own message (a2ui_protocol.md "Standard
 * validation error format"): `/components/<index>` in the updateComponents that last defined it, then `inside` (a
 * pointer inside the component, e.g. `/children/2`) when the component is as the agent wrote it. `/components` for a
 * component the surface does not hold.
 */
export function componentPath(surface: Pick<SurfaceState, 'sources'>, componentId: string, inside = ''): string {
  const source = surface.sources.get(componentId);
  return source ? `/components/${source.index}${source.exact ? inside : ''}` : '/components';
}

export type SurfaceListener = (surfaceId: string) => void;

export interface A2uiSurfaceStoreOptions {
  /** The catalogs surfaces may use (default: the specification's basic and minimal catalogs, SPEC_CATALOGS). */
  readonly catalogs?: readonly CatalogDefinition[];
  /** The versions read beside v0.9 (A2UI_V1 of mantis-ui/a2ui-v1 for v1.0). */
  readonly versions?: readonly A2uiDialect[];
  /** Where an error thrown by a listener goes (default: rethrown in a microtask, where uncaught errors are reported). */
  readonly onListenerError?: (error: unknown) => void;
}

const rethrowLater = (error: unknown): void =>
  queueMicrotask(() => {
    throw error;
  });

export class A2uiSurfaceStore {
  readonly #catalogs: readonly CatalogDefinition[] | undefined;
  readonly #versions: readonly A2uiDialect[] | undefined;
  readonly #onListenerError: (error: unknown) => void;
  readonly #surfaces = new Map<string, SurfaceState>();
  readonly #listeners = new Set<SurfaceListener>();
  readonly #checked = new WeakMap<SurfaceState, A2uiValidationError | null>();
  #revision = 0;

  constructor(options: A2uiSurfaceStoreOptions = {}) {
    this.#catalogs = options.catalogs;
    this.#versions = options.versions;
    this.#onListenerError = options.onListenerError ?? rethrowLater;
  }

  /**
   * Validates one server message against the current state and applies it; the error (and no change) when it fails.
   * `sources` are for an updateComponents whose higher-order components were expanded (expand.ts expandMessage):
   * where the agent wrote each component. Never throws.
   */
  apply(message: unknown, sources?: readonly Omit<ComponentSource, 'since'>[]): A2uiError | null {
    try {
      const surfaces = new Map<string, A2uiSurfaceFacts>();
      for (const [id, s] of this.#surfaces) surfaces.set(id, { catalogId: s.catalogId, componentIds: s.components, ...(s.version ? { version: s.version } : {}) });
      const result = validateA2uiMessage(message, { surfaces, ...(this.#catalogs ? { catalogs: this.#catalogs } : {}), ...(this.#versions ? { versions: this.#versions } : {}) });
      if (!result.ok) return result.error;
      const m = copyJson(result.message);
      if ('createSurface' in m) {
        const { surfaceId, catalogId = '', sendDataModel = false } = m.createSurface;
        const state: SurfaceState = { surfaceId, catalogId, sendDataModel, components: new Map(), sources: new Map(), data: {}, revision: 0 };
        if (m.version !== 'v1.0') this.#commit(m.createSurface.theme ? { ...state, theme: m.createSurface.theme as JsonObject } : state);
        // v1.0: the surface keeps its version, and may come with its components and data model.
        else this.#commit({ ...state, version: m.version, data: (m.createSurface.dataModel ?? {}) as JsonObject, ...this.#withComponents(state, m.createSurface.components ?? [], sources) });
      } else if ('deleteSurface' in m) {
        this.#surfaces.delete(m.deleteSurface.surfaceId);
        this.#revision += 1;
        this.#notify(m.deleteSurface.surfaceId);
      } else if ('updateComponents' in m) {
        const surface = this.#surfaces.get(m.updateComponents.surfaceId) as SurfaceState;
        this.#commit({ ...surface, ...this.#withComponents(surface, m.updateComponents.components as A2uiComponent[], sources) });
      } else if ('updateDataModel' in m) {
        const { surfaceId, path, value } = m.updateDataModel;
        const refused = this.#setData(surfaceId, path === undefined ? [] : (parsePointer(path) as string[]), value as JsonValue | undefined);
        if (refused) return { code: 'VALIDATION_FAILED', surfaceId, path: refused === 'path' ? '/path' : '/value', message: REFUSALS[refused] };
      } else {
        // A v1.0 function call or answer is about no surface: the validator and the chat take those.
        return { code: 'VALIDATION_FAILED', surfaceId: '', path: '', message: 'Not a surface message.' };
      }
      return null;
    } catch {
      return { code: 'INTERNAL_ERROR', surfaceId: '', message: 'The message could not be applied.' };
    }
  }

  /** A surface's components and their sources once `components` are upserted (by id; a changed type is a fresh one). */
  #withComponents(surface: SurfaceState, list: readonly A2uiComponent[], sources?: readonly Omit<ComponentSource, 'since'>[]): Pick<SurfaceState, 'components' | 'sources'> {
    const components = new Map(surface.components);
    const written = new Map(surface.sources);
    list.forEach((component, i) => {
      const fresh = components.get(component.id)?.component !== component.component;
      if (fresh) components.delete(component.id);
      components.set(component.id, component);
      written.set(component.id, { ...(sources?.[i] ?? { index: i, exact: true }), since: fresh ? this.#revision + 1 : (written.get(component.id)?.since ?? 0) });
    });
    return { components, sources: written };
  }

  /** The current snapshot of a surface. */
  get(surfaceId: string): SurfaceState | undefined {
    return this.#surfaces.get(surfaceId);
  }

  surfaceIds(): string[] {
    return [...this.#surfaces.keys()];
  }

  /**
   * A two-way binding's write from an input: `value` at the absolute `pointer` (`undefined` removes it), within the
   * data model's limits. `false`, and no change, when the surface, pointer or value is refused. Never throws.
   */
  setData(surfaceId: string, pointer: string, value: JsonValue | undefined): boolean {
    try {
      const segments = pointer.length > A2UI_LIMITS.pathChars ? null : parsePointer(pointer);
      if (!segments || !this.#surfaces.has(surfaceId)) return false;
      if (value !== undefined && checkPlainJson(value, { depth: A2UI_LIMITS.dataModelDepth, stringChars: A2UI_LIMITS.dataModelBytes })) return false;
      return this.#setData(surfaceId, segments, copyJson(value)) === null;
    } catch {
      return false;
    }
  }

  /** Calls `listener` with a surface's id after every change to it (deletion included). Returns the unsubscribe. */
  subscribe(listener: SurfaceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The component tree's problem, if any, as the standard error: a reference to no component, a cycle, or nesting
   * past A2UI_LIMITS.depth. The path points into the agent's message that last defined the component (componentPath),
   * to the reference inside it (e.g. `/components/2/children/1`). `null` when the tree is fine, has no root yet, or
   * the surface does not exist.
   */
  checkSurface(surfaceId: string): A2uiValidationError | null {
    const surface = this.#surfaces.get(surfaceId);
    if (!surface) return null;
    const cached = this.#checked.get(surface);
    if (cached !== undefined) return cached;
    const graph = checkGraph(surface.components);
    const dialect = graph.ok ? this.#versions?.find((d) => d.versions.includes(surface.version as string)) : undefined;
    const problem = graph.ok ? (dialect?.checkTree(surface.components, surface.catalogId, catalogsOf({ catalogs: this.#catalogs, versions: this.#versions })) ?? null) : { ...graph.error, ...graph };
    const error = problem && { code: problem.code, surfaceId, path: componentPath(surface, problem.componentId, problem.refPath), message: problem.message };
    this.#checked.set(surface, error);
    return error;
  }

  /**
   * client_data_model.json: the data model of every surface created with `sendDataModel`, or `undefined` when none is;
   * renderer_data_model.json (`v1.0`) when every one of them is a v1.0 surface.
   */
  clientDataModel(): { version: 'v0.9' | 'v1.0'; surfaces: Record<string, JsonValue> } | undefined {
    const surfaces: Record<string, JsonValue> = {};
    let version: 'v0.9' | 'v1.0' = 'v1.0';
    for (const s of this.#surfaces.values()) {
      if (!s.sendDataModel) continue;
      Object.defineProperty(surfaces, s.surfaceId, { value: s.data, enumerable: true, writable: true, configurable: true });
      if (s.version !== 'v1.0') version = A2UI_VERSION;
    }
    return Object.keys(surfaces).length > 0 ? { version, surfaces } : undefined;
  }

  /** Sets or removes a value in a surface's data model; what was refused, or `null` when it changed. */
  #setData(surfaceId: string, segments: readonly string[], value: JsonValue | undefined): Refusal | null {
    const surface = this.#surfaces.get(surfaceId);
    if (!surface) return 'path';
    let next: JsonValue;
    if (segments.length === 0) {
      if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) return 'root';
      next = value === undefined ? {} : value;
    } else {
      const written = writeAt(surface.data, segments, value);
      if (!written.ok || written.value === undefined) return 'path';
      // Removing what is not there changes nothing: no new state, no redraw.
      if (written.value === surface.data) return null;
      next = written.value;
    }
    if (jsonBytes(next) > A2UI_LIMITS.dataModelBytes) return 'bytes';
    if (jsonDepth(next) > A2UI_LIMITS.dataModelDepth) return 'depth';
    this.#commit({ ...surface, data: next });
    return null;
  }

  #commit(state: SurfaceState): void {
    this.#revision += 1;
    this.#surfaces.set(state.surfaceId, { ...state, revision: this.#revision });
    this.#notify(state.surfaceId);
  }

  #notify(surfaceId: string): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(surfaceId);
      } catch (error) {
        // A listener's bug must not break the store or keep the other listeners from hearing of the change.
        this.#onListenerError(error);
      }
    }
  }
}

type Refusal = 'path' | 'root' | 'bytes' | 'depth';

const REFUSALS: Record<Refusal, string> = {
  path: 'The path crosses a value that is not an object or list, names a list item by a non-index, or goes too far past the end of a list.',
  root: ROOT_NOT_OBJECT,
  bytes: `The data model would be larger than ${A2UI_LIMITS.dataModelBytes} bytes of JSON.`,
  depth: `The data model would be nested deeper than ${A2UI_LIMITS.dataModelDepth} levels.`,
};
