import type { CatalogDefinition } from './catalog-basic.js';
import type { A2uiAgentCall, A2uiCallAnswer, A2uiDialect, SurfaceCalls } from './dialect.js';
import type { SurfaceState } from './surface.js';
import type { A2uiError, JsonValue } from './types.js';

/* What a surface group (group.ts) gives a renderer and is given: a surface's model and placement, and its options. */

/** One surface as a renderer draws it. */
export interface SurfaceModel {
  readonly surfaceId: string;
  /** Counts the surface's lives: deleted and created again under its ID, it is a new surface (a new model). */
  readonly generation: number;
  /** The assistant message it renders in (the latest that touched it), in a conversation. */
  readonly owner: string | undefined;
  /** Its state now; undefined while it does not exist (its createSurface was refused, or it was deleted). */
  readonly state: SurfaceState | undefined;
  /**
   * Why the agent's last message for it was refused, until one applies: what a renderer says in its place (its
   * createSurface, while it does not exist) or beside what it shows (an update).
   */
  readonly refusal: A2uiError | undefined;
  /**
   * v1.0: its calls to the agent's functions (those a v1.0 catalog declares and this renderer does not implement),
   * with the functions its renderer evaluates with; undefined when it can call none. Each read counts as one render of
   * the surface: a renderer reads it once per render, evaluates with its `functions`, then reads its `notice` (the
   * failures of the calls that render used).
   */
  readonly calls: SurfaceCalls | undefined;
  /** A two-way binding's write from an input; false, and no change, when it was refused. */
  write(pointer: string, value: JsonValue | undefined): boolean;
  /** What a renderer found it could not draw: each error reported once while the components stay the same. */
  rendered(errors: readonly A2uiError[]): void;
  /** Calls `listener` after every change of this surface; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

export interface SurfaceGroupOptions {
  /** The catalogs surfaces may name (default: DEFAULT_CATALOGS, the specification's and ours). */
  readonly catalogs?: readonly CatalogDefinition[];
  /**
   * Each error about what the agent sent or what could not be shown, with the message it came with and the version
   * it is told in (the message's, or its surface's: `v1.0` for v1.0 ones, else `v0.9`).
   */
  readonly report?: (error: A2uiError, owner: string | undefined, version: string) => void;
  /**
   * Sends the answer to a function call of the agent's (v1.0 callRendererFunction), with the message it came with;
   * false when it could not go (the error that says so is given next, when there is one).
   */
  readonly respond?: (answer: A2uiCallAnswer, owner: string | undefined) => boolean;
  /**
   * Sends a surface's call to an agent's function (v1.0 callAgentFunction; it names its surface); false when it cannot
   * go (the surface then says so). Without it, no such call can go. `failed`, when the connection learns no answer
   * will come: why (the surface says so at once), or nothing when it dropped the call unsent (asked again if needed).
   */
  readonly send?: (message: A2uiAgentCall, failed: (reason?: string) => void) => boolean;
  /** Milliseconds a call to an agent's function waits for its answer before the surface says so (default 30 s). */
  readonly callTimeout?: number;
  /**
   * Loads the rules of a version the group does not read yet (`loadA2uiVersion`: v1.0's); the messages that come
   * meanwhile wait, in order. Undefined for a version it cannot load (at once: nothing waits). Without it, or when the
   * rules do not load, such messages are refused as of a version it does not read (a notice in the surface's place).
   */
  readonly loadVersion?: (version: string) => Promise<A2uiDialect | undefined> | undefined;
  /** Called once the messages that waited for a version's rules have applied (a chat draws again). */
  readonly waited?: () => void;
}

/** Where a surface renders. */
export interface SurfacePlacement {
  readonly surfaceId: string;
  /** The latest assistant message that touched it: the only one it renders in. */
  readonly owner: string | undefined;
  readonly generation: number;
}
