import { componentPath, createEvalBudget, evaluate, evaluateBoolean, evaluateNumber, evaluateString, evaluateStringList, failingChecks, type EvalBudget, formatPointer, getPointer, parsePointer, resolvePath } from '../../src/protocols/a2ui/index.js';
import type { SurfaceState, A2uiError, FunctionRegistry, JsonValue } from '../../src/protocols/a2ui/index.js';
import type { A2uiNode, A2uiRenderers, A2uiSurfaceHost } from './render-types.js';
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
// From their modules, not the core's index: in the IIFE this element is a lazy file that carries only what it uses.
import { A2UI_LIMITS } from '../../src/protocols/a2ui/limits.js';

/*
 * The render walk of one surface: from `root` down the component references, each component drawn by its catalog's
 * render function. The adjacency list is agent-made, so the walk trusts nothing: a reference to a component that is
 * not there becomes a placeholder, a component met again at the same scope on the way down is a cycle (the whole
 * surface falls back), and depth, template instances and items per template are bounded by A2UI_LIMITS. A render
 * function that throws gives a placeholder for its component alone. Errors are collected, not dispatched: the
 * element sends them after the update.
 */

export type { A2uiNode, A2uiRenderFn, A2uiRenderers, A2uiSurfaceHost } from './render-types.js';

/** Thrown through the walk when a component is met again along the path from the root: the surface falls back. */
class CycleFound extends Error {}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class SurfaceWalk {
  readonly errors: A2uiError[] = [];
  /** References to components not defined (yet): errors once no more messages are coming (the element's `pending`). */
  readonly missing: A2uiError[] = [];
  /** Set when the surface as a whole cannot be shown (a cycle). */
  fatal: A2uiError | null = null;
  readonly #onPath = new Set<string>();
  #depth = 0;
  #instances = 0;
  #expansionNoted = false;
  /** Every component instance drawn so far (A2UI_LIMITS.componentInstances), and whether the cap was reported. */
  #drawn = 0;
  #drawnNoted = false;
  /** Components drawn so far that people can reach with the keyboard (anything but STATIC): what `hidden` may not hide. */
  #reachable = 0;
  #lastRank = 0;

  /**
   * What evaluating this render may cost, shared by every binding and function of every component (EVAL_BUDGET): past
   * it, functions give nothing (a check fails, a text is empty) and a note says the surface is too costly.
   */
  readonly budget: EvalBudget = createEvalBudget();

  constructor(
    readonly host: A2uiSurfaceHost,
    readonly surface: SurfaceState,
    readonly renderers: A2uiRenderers,
    /** The functions its values are evaluated with (a v1.0 surface's, with the agent's); A2UI_FUNCTIONS when absent. */
    readonly functions?: FunctionRegistry,
  ) {}

  /** The whole surface from its `root`, or nothing before the root arrived; a fallback note when it cannot be shown. */
  root(): TemplateResult | typeof nothing {
    if (!this.surface.components.has('root')) return nothing;
    try {
      const body = this.#node('root', '', null, '');
      if (!this.budget.exhausted) return body;
      this.#error('root', '', 'Evaluating this surface costs more than a render may; some values are not shown.');
      return html`${body}${this.note('Some values of this surface are not shown: computing them costs too much.')}`;
    } catch (error) {
      if (!(error instanceof CycleFound)) throw error;
      return html`<p part="fallback" class="fallback" role="status">This surface could not be shown: its components refer to each other in a loop.</p>`;
    }
  }

  /** The component a prop of `parent` names (Card `child`, Modal `trigger`), in the parent's scope. */
  child(parent: A2uiNode, prop: string): TemplateResult {
    return this.childAt(parent, parent.component[prop], `/${prop}`);
  }

  /** The component `ref` names, referenced from `refPath` (a pointer inside the parent, e.g. `/tabs/1/child`). */
  childAt(parent: A2uiNode, ref: unknown, refPath: string): TemplateResult {
    if (typeof ref !== 'string') {
      this.#error(parent.id, refPath, `Component "${parent.id}" has no component id at ${refPath}.`);
      return this.placeholder('A part of this surface could not be shown.');
    }
    return this.#node(ref, parent.scope, parent, refPath);
  }

  /**
   * A ChildList: static ids (keyed by id), or a template `{componentId, path}` drawn once per item of the array (or
   * entry of the object) at `path`, each in the scope of its item and keyed by its index. `wrap` puts each child in
   * an element of its own (a List's role=listitem).
   */
  children(parent: A2uiNode, wrap?: (child: TemplateResult) => TemplateResult): TemplateResult {
    const list = parent.component['children'];
    const items: { key: string; body: TemplateResult }[] = [];
    let note: TemplateResult | typeof nothing = nothing;
    if (Array.isArray(list)) {
      const seen = new Map<string, number>();
      list.forEach((ref: unknown, i) => {
        const n = seen.get(String(ref)) ?? 0;
        seen.set(String(ref), n + 1);
        items.push({ key: `${String(ref)}#${n}`, body: this.childAt(parent, ref, `/children/${i}`) });
      });
    } else if (isRecord(list) && typeof list['componentId'] === 'string' && typeof list['path'] === 'string') {
      const pointer = resolvePath(list['path'], parent.scope);
      const base = pointer === null ? null : parsePointer(pointer);
      const value = pointer === null ? undefined : getPointer(this.surface.data, pointer);
      const keys = Array.isArray(value) ? value.map((_, i) => String(i)) : isRecord(value) ? Object.keys(value) : [];
      const shown = Math.min(keys.length, A2UI_LIMITS.listItems);
      for (let i = 0; i < shown && base; i++) {
        if (this.#instances >= A2UI_LIMITS.templateExpansion) {
          if (!this.#expansionNoted) {
            this.#expansionNoted = true;
            this.#error(parent.id, '/children', `The templates of this surface expand to more than ${A2UI_LIMITS.templateExpansion} components; the rest are not shown.`);
          }
          note = this.note(`Only part of this list is shown (${i} of ${keys.length} items).`);
          break;
        }
        this.#instances += 1;
        const key = keys[i] as string;
        items.push({ key, body: this.#node(list['componentId'], formatPointer([...base, key]), parent, '/children/componentId') });
      }
      if (keys.length > shown && note === nothing) note = this.note(`Showing the first ${shown} of ${keys.length} items.`);
    } else if (list !== undefined) {
      this.#error(parent.id, '/children', `Component "${parent.id}" has children that are neither a list of ids nor a template.`);
      return this.placeholder('A part of this surface could not be shown.');
    }
    return html`${repeat(
      items,
      (item) => item.key,
      (item) => (wrap ? wrap(item.body) : item.body),
    )}${note}`;
  }

  /**
   * The aria-level of a heading of rank 1-5 (Text h1-h5), in document order: a rank never more than one below the
   * heading before it (agents skip levels; assistive technology should not), counted from the host's top level.
   */
  headingLevel(rank: number): number {
    const shown = Math.max(1, Math.min(rank, this.#lastRank + 1));
    this.#lastRank = shown;
    return Math.min(6, this.host.headingLevel() + shown - 1);
  }

  /** A stand-in for a component that cannot be shown. */
  placeholder(message: string): TemplateResult {
    return html`<p part="placeholder" class="fallback">${message}</p>`;
  }

  /** A quiet note (a capped list). */
  note(message: string): TemplateResult {
    return html`<p part="note" class="note" role="note">${message}</p>`;
  }

  string(node: A2uiNode, value: unknown): string {
    if (value === undefined) return '';
    const text = evaluateString(value as JsonValue, node.ctx);
    return typeof text === 'string' ? text.slice(0, A2UI_LIMITS.stringChars) : '';
  }

  number(node: A2uiNode, value: unknown): number | null {
    if (value === undefined) return null;
    const n = evaluateNumber(value as JsonValue, node.ctx) as unknown;
    return typeof n === 'number' && Number.isFinite(n) ? n : null;
  }

  boolean(node: A2uiNode, value: unknown): boolean {
    return value === undefined ? false : evaluateBoolean(value as JsonValue, node.ctx) === true;
  }

  stringList(node: A2uiNode, value: unknown): string[] {
    if (value === undefined) return [];
    const list = evaluateStringList(value as JsonValue, node.ctx) as unknown;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  }

  value(node: A2uiNode, value: unknown): JsonValue | undefined {
    return value === undefined ? undefined : (evaluate(value as JsonValue, node.ctx) as JsonValue | undefined);
  }

  /** The messages of the component's checks that fail now. */
  failing(node: A2uiNode, checks: unknown): string[] {
    return Array.isArray(checks) && checks.length > 0 ? failingChecks(checks as JsonValue, node.ctx) : [];
  }

  #node(id: string, scope: string, parent: A2uiNode | null, refPath: string): TemplateResult {
    const component = this.surface.components.get(id);
    if (!component) {
      this.missing.push(this.#error(parent?.id ?? id, refPath, `Component "${parent?.id ?? ''}" refers to "${id}", which is not defined.`, false));
      return this.placeholder('A part of this surface is missing.');
    }
    const at = `${id}@${scope}`;
    if (this.#onPath.has(at)) {
      this.fatal = this.#error(parent?.id ?? id, refPath, `Component "${id}" contains itself (a reference cycle).`);
      throw new CycleFound();
    }
    if (this.#depth >= A2UI_LIMITS.depth) {
      this.#error(parent?.id ?? id, refPath, `Components are nested deeper than ${A2UI_LIMITS.depth}; the rest are not shown.`);
      return this.placeholder('This part of the surface is nested too deeply to be shown.');
    }
    if (++this.#drawn > A2UI_LIMITS.componentInstances) {
      // One placeholder says so; the places past it draw nothing at all.
      if (this.#drawnNoted) return html``;
      this.#drawnNoted = true;
      this.#error(parent?.id ?? id, refPath, `This surface draws more than ${A2UI_LIMITS.componentInstances} components; the rest are not shown.`);
      return this.placeholder('The rest of this surface is not shown: it is too large.');
    }
    const render = Object.prototype.hasOwnProperty.call(this.renderers, component.component) ? this.renderers[component.component] : undefined;
    if (!render) {
      this.#error(id, '/component', `Component type "${component.component}" has no renderer here.`);
      return this.placeholder(`A part of this surface (${component.component}) cannot be shown here.`);
    }
    // One component may be referenced from two places: each place is an instance of its own.
    const place = `${parent?.place ?? ''}${refPath}>${at}`;
    const key = `${place}:${this.surface.sources.get(id)?.since ?? 0}`;
    this.#onPath.add(at);
    this.#depth += 1;
    try {
      const node: A2uiNode = { id, component, scope, key, place, ctx: { data: this.surface.data, scope, budget: this.budget, functions: this.functions } };
      const before = this.#reachable;
      const drawn = render(node, this);
      if (!STATIC.has(component.component)) this.#reachable += 1;
      return this.#accessible(node, drawn, this.#reachable > before);
    } catch (error) {
      if (error instanceof CycleFound) throw error;
      this.#error(id, '', `Component "${id}" could not be rendered.`);
      return this.placeholder('A part of this surface could not be shown.');
    } finally {
      this.#onPath.delete(at);
      this.#depth -= 1;
    }
  }

  /**
   * v1.0's `accessibility.live` and `accessibility.hidden` (aria-live, aria-hidden) on a box around what a component
   * drew that takes no part in the layout. The box is there whenever the component has either, so a bound `hidden` that
   * flips changes an attribute and never the component's elements (focus and typed text stay). `hidden` is not applied
   * over anything people can reach with the keyboard (a control, or a container of one): that would leave a control a
   * screen reader does not announce. It is reported instead.
   */
  #accessible(node: A2uiNode, drawn: TemplateResult, reachable: boolean): TemplateResult {
    const a11y = node.component['accessibility'];
    if (!isRecord(a11y)) return drawn;
    const live = a11y['live'] === 'polite' || a11y['live'] === 'assertive' ? a11y['live'] : undefined;
    if (live === undefined && a11y['hidden'] === undefined) return drawn;
    let hidden = this.boolean(node, a11y['hidden']);
    if (hidden && reachable) {
      this.#error(node.id, '/accessibility/hidden', 'hidden is not applied over a control.');
      hidden = false;
    }
    return html`<div class="a11y" aria-live=${live ?? nothing} aria-hidden=${hidden ? 'true' : nothing}>${drawn}</div>`;
  }

  /**
   * Records a VALIDATION_FAILED error. Its path points into the agent's updateComponents that last defined the
   * component (`/components/<index>` + the pointer inside it: componentPath).
   */
  #error(componentId: string, inside: string, message: string, listed = true): A2uiError {
    const error: A2uiError = { code: 'VALIDATION_FAILED', surfaceId: this.surface.surfaceId, path: componentPath(this.surface, componentId, inside), message };
    if (listed) this.errors.push(error);
    return error;
  }
}

/** The components nobody reaches with the keyboard: what `accessibility.hidden` may hide (and the containers of only them). */
const STATIC = new Set(['Text', 'Image', 'Icon', 'Divider', 'Row', 'Column', 'List', 'Card', 'MantisHeading']);

/** The `weight` of a Row's or Column's child, as the style of its outer element ('' when it has none). */
export function weightStyle(node: A2uiNode): string {
  const weight = node.component['weight'];
  return typeof weight === 'number' && Number.isFinite(weight) && weight >= 0 ? `flex: ${Math.min(weight, 1000)} 1 0` : '';
}

/** The component's `accessibility.label`, evaluated ('' when none). */
export function accessibleLabel(node: A2uiNode, r: SurfaceWalk): string {
  const a11y = node.component['accessibility'];
  return isRecord(a11y) ? r.string(node, a11y['label']) : '';
}

/** The component's `accessibility.description`, evaluated ('' when none). */
export function accessibleDescription(node: A2uiNode, r: SurfaceWalk): string {
  const a11y = node.component['accessibility'];
  return isRecord(a11y) ? r.string(node, a11y['description']) : '';
}

/** A prop that must be one of some strings, else the default. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}
