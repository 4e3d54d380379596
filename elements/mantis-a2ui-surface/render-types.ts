import type { TemplateResult } from 'lit';
import type { A2uiComponent, EvalContext, JsonValue } from '../../src/protocols/a2ui/index.js';
import type { SurfaceWalk } from './render-walk.js';

/*
 * The contract between a surface's render walk (render-walk.ts), the element that hosts it (surface-host.ts) and the
 * render functions of a catalog (render-content.ts, render-inputs.ts, render-layout.ts, or a page's own): types only.
 */

/** One rendered instance of a component: the same component id renders once per template item, each with its scope. */
export interface A2uiNode {
  readonly id: string;
  readonly component: A2uiComponent;
  /** The absolute pointer relative bindings resolve against: the template item, `''` at the surface's root. */
  readonly scope: string;
  /**
   * Unique per instance within the surface (its path of references from root, its scope, and when it got its type):
   * the key of local state. A component whose type changes is a fresh one (renderer_guide.md "Component Lifecycle"):
   * a new key, even when it changes back.
   */
  readonly key: string;
  /** The instance's path of references from root and scope, without its type: what its children's keys start with. */
  readonly place: string;
  readonly ctx: EvalContext;
}

/** What render functions ask of the element that hosts a surface. */
export interface A2uiSurfaceHost {
  readonly surfaceId: string;
  /** The aria-level of a surface's top heading (the element's `heading-level`). */
  headingLevel(): number;
  /** How our v1 components' actions behave here (the element's `message-id`, `read-only`, `actions-disabled`). */
  viewPolicy(): { readonly messageId: string | undefined; readonly readOnly: boolean; readonly actionsDisabled: boolean };
  /** Two-way binding: writes the data model (the surface re-renders). */
  write(pointer: string, value: JsonValue): void;
  /** A Button was clicked: runs its action (a server event, or openUrl after a confirmation). */
  activate(node: A2uiNode, trigger: HTMLElement): void;
  /** State of one instance that lives across renders (selected tab, touched field, filter text). */
  local<T extends object>(key: string, initial: () => T): T;
  /** The restricted Markdown of a Text, rendered once per text (the same fragment while the text is unchanged). */
  markdown(key: string, text: string, inline: boolean): Node;
  /**
   * An object URL for an `agent_files/...` key from the page's media resolver, or null (not shown): an image, or with
   * `playable` a video or audio file.
   */
  media(key: string, playable?: boolean): string | null;
  /**
   * With `failed`, says the browser could not play or show what the resolver gave for a key (its `error` event);
   * without, whether that happened or the resolver refused the key.
   */
  mediaFailed?(key: string, playable?: boolean, failed?: boolean): boolean;
  /** A DOM id for an instance's part, unique within the element's shadow root. */
  domId(key: string, part: string): string;
  /** Asks for a render; resolves when it is done. */
  update(): Promise<unknown>;
}

/** Draws one component; `r` renders its children and evaluates its props. Throwing gives a placeholder. */
export type A2uiRenderFn = (node: A2uiNode, r: SurfaceWalk) => TemplateResult;

/** A catalog's render functions by component name. */
export type A2uiRenderers = Readonly<Record<string, A2uiRenderFn>>;
