import type * as z from 'zod/mini';
import type { HigherOrderDefinition } from '../higher-order.js';
import { MAX_EXPANSION } from '../higher-order.js';
import { A2UI_LIMITS } from '../limits.js';
import { FORBIDDEN_SEGMENTS, formatPointer } from '../pointer.js';
import type { A2uiComponent } from '../types.js';
import { CatalogJsonError, isRecord } from './json-checks.js';

/*
 * A higher-order component written in JSON (004, "higher-order composition"; no code): a catalog component whose
 * schema carries `x-mantis-composition`, the components it is made of. docs/a2ui-catalogs.md is its reference:
 *
 *   "x-mantis-composition": { "components": [
 *     { "id": "card", "component": "Card", "child": "body" },
 *     { "id": "body", "component": "Column", "children": ["title", "note"] },
 *     { "id": "title", "component": "Text", "text": { "$param": "title" }, "variant": "h4" },
 *     { "id": "note", "component": "Text", "text": { "$param": "note" }, "$when": "note" } ] }
 *
 * - The first component is the root: it takes the agent's `id` (and its `weight` and `accessibility`); every other
 *   gets `<id>__<its id>`, and the references to them (`child`, `children`, `tabs[].child`, `trigger`, `content`,
 *   a template's `componentId`) follow.
 * - `{"$param": "name"}` is the agent's value of that property, passed through as it is (a binding or a function call
 *   keeps working); `{"$param": "name", "default": …}` has a value for when the agent gave none. Without either, the
 *   property (or the array item) is left out.
 * - `"$when": "name"` keeps a component only when the agent gave that property; references to it go with it.
 * - Its components are the catalog's own components with a renderer, never another composition: expansion is one pass.
 * All of this is checked when the catalog is given.
 */

/** The extension keyword. */
export const COMPOSITION = 'x-mantis-composition';

const LOCAL_ID = /^(?!.*__)[A-Za-z0-9_-]{1,64}$/;
const MISSING = Symbol('missing');
const has = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** A `{"$param": …}` placeholder. */
const isParam = (value: unknown): value is { $param: string; default?: unknown } =>
  isRecord(value) && has(value, '$param') && Object.keys(value).every((key) => key === '$param' || key === 'default');

/** Where a component names one child: `child`, and a Modal's `trigger` and `content` (as graph.ts reads them). */
const singleRefs = (component: Record<string, unknown>): readonly string[] => (component['component'] === 'Modal' ? ['child', 'trigger', 'content'] : ['child']);

/** Values one composition may hold (its template, all parts), and how deep. */
const MAX_TEMPLATE_VALUES = 10_000;

export interface CompositionContext {
  /** The higher-order component's name. */
  readonly name: string;
  /** Its properties (what `$param` and `$when` may name). */
  readonly params: ReadonlySet<string>;
  /** The components of the catalog a composition may use. */
  readonly primitives: ReadonlySet<string>;
  /** Where the composition is in the document. */
  readonly at: string;
}

/** Reads one composition, or throws a CatalogJsonError saying where it is wrong. */
export function readComposition(value: unknown, props: z.ZodMiniType, context: CompositionContext): HigherOrderDefinition {
  const { at } = context;
  const list = isRecord(value) ? value['components'] : undefined;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_EXPANSION) {
    throw new CatalogJsonError(`${at}/components`, `Must be a list of 1 to ${MAX_EXPANSION} components.`);
  }
  const locals = new Set<string>();
  const count = { values: 0 };
  list.forEach((component, i) => {
    const where = `${at}/components/${i}`;
    if (!isRecord(component)) throw new CatalogJsonError(where, 'Expected a component.');
    const { id, component: type, $when: when } = component;
    if (typeof id !== 'string' || !LOCAL_ID.test(id) || locals.has(id)) throw new CatalogJsonError(`${where}/id`, 'Each needs an id of its own (letters, digits, - and _, no "__").');
    locals.add(id);
    if (typeof type !== 'string' || !context.primitives.has(type)) {
      throw new CatalogJsonError(`${where}/component`, `${JSON.stringify(type)} is not a component of this catalog that a renderer draws.`);
    }
    if (when !== undefined && i === 0) throw new CatalogJsonError(`${where}/$when`, 'The first component is always there.');
    if (when !== undefined && (typeof when !== 'string' || !context.params.has(when))) throw new CatalogJsonError(`${where}/$when`, `Must name a property of ${context.name}.`);
    checkParams(component, where, context, count);
  });
  for (const [i, component] of (list as Record<string, unknown>[]).entries()) {
    for (const ref of staticRefs(component)) {
      if (!locals.has(ref.id)) throw new CatalogJsonError(`${at}/components/${i}${ref.path}`, `"${ref.id.slice(0, 60)}" is not a component of the composition.`);
    }
  }
  const template = list as Record<string, unknown>[];
  return { name: context.name, props, expand: (component) => expand(template, component) };
}

/**
 * Every `$param` names a property, and is only `$param` and `default`; `id`, `component` and `$when` are written out;
 * a default never stands where a component is named (it could name no part); no key is `__proto__`, `constructor` or
 * `prototype`; the part is at most A2UI_LIMITS.jsonDepth deep, and every part together at most MAX_TEMPLATE_VALUES values.
 */
function checkParams(component: Record<string, unknown>, where: string, context: CompositionContext, count: { values: number }): void {
  const refs = new Set(staticRefs({ ...component, ...paramsAsRefs(component) }).map((ref) => ref.path));
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: component, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    const at = `${where}${formatPointer(path)}`;
    if (++count.values > MAX_TEMPLATE_VALUES || path.length > A2UI_LIMITS.jsonDepth) throw new CatalogJsonError(at, `A composition holds at most ${MAX_TEMPLATE_VALUES} values, ${A2UI_LIMITS.jsonDepth} deep.`);
    if (isRecord(value) && has(value, '$param')) {
      if (!isParam(value)) throw new CatalogJsonError(at, 'A parameter is {"$param": name} and, if it has one, its "default".');
      if (path.length === 1 && ['id', 'component', '$when'].includes(String(path[0]))) throw new CatalogJsonError(at, 'Must be written out.');
      if (typeof value.$param !== 'string' || !context.params.has(value.$param)) throw new CatalogJsonError(`${at}/$param`, `Must name a property of ${context.name}.`);
      if (has(value, 'default') && refs.has(formatPointer(path))) throw new CatalogJsonError(`${at}/default`, 'A default cannot name a component: make it a part of the composition instead.');
      continue;
    }
    if (Array.isArray(value)) value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (FORBIDDEN_SEGMENTS.has(key)) throw new CatalogJsonError(`${at}${formatPointer([key])}`, `"${key}" cannot be a key.`);
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
}

/** The part with each `$param` where a component may be named as if it named one (so staticRefs finds its place). */
function paramsAsRefs(component: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of singleRefs(component)) if (isParam(component[key])) out[key] = '$param';
  const children = component['children'];
  if (Array.isArray(children)) out['children'] = children.map((id) => (isParam(id) ? '$param' : id));
  else if (isRecord(children) && isParam(children['componentId'])) out['children'] = { ...children, componentId: '$param' };
  const tabs = component['tabs'];
  if (Array.isArray(tabs)) out['tabs'] = tabs.map((tab) => (isRecord(tab) && isParam(tab['child']) ? { ...tab, child: '$param' } : tab));
  return out;
}

/** The literal component ids a template component references (a `$param` passes the agent's own). */
function staticRefs(component: Record<string, unknown>): { path: string; id: string }[] {
  const refs: { path: string; id: string }[] = [];
  for (const key of singleRefs(component)) if (typeof component[key] === 'string') refs.push({ path: `/${key}`, id: component[key] as string });
  const children = component['children'];
  if (Array.isArray(children)) children.forEach((id, i) => typeof id === 'string' && refs.push({ path: `/children/${i}`, id }));
  else if (isRecord(children) && typeof children['componentId'] === 'string') refs.push({ path: '/children/componentId', id: children['componentId'] });
  const tabs = component['tabs'];
  if (Array.isArray(tabs)) tabs.forEach((tab, i) => isRecord(tab) && typeof tab['child'] === 'string' && refs.push({ path: `/tabs/${i}/child`, id: tab['child'] }));
  return refs;
}

/** The composition filled in for one component its schema accepted. */
function expand(template: readonly Record<string, unknown>[], component: A2uiComponent): A2uiComponent[] {
  const given = (name: string): boolean => has(component, name) && component[name] !== undefined;
  const kept = template.filter((part, i) => i === 0 || typeof part['$when'] !== 'string' || given(part['$when']));
  const ids = new Map(kept.map((part, i) => [part['id'] as string, i === 0 ? component.id : `${component.id}__${String(part['id'])}`]));
  const rename = (id: unknown): unknown => (typeof id === 'string' && !ids.has(id) && template.some((p) => p['id'] === id) ? MISSING : typeof id === 'string' ? (ids.get(id) ?? id) : id);
  const fill = (value: unknown): unknown => {
    if (isParam(value)) return given(value.$param) ? component[value.$param] : has(value, 'default') ? value.default : MISSING;
    if (Array.isArray(value)) return value.map(fill).filter((item) => item !== MISSING);
    if (!isRecord(value)) return value;
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => {
      const filled = fill(item);
      return filled === MISSING ? [] : [[key, filled]];
    }));
  };
  return kept.map((part, i) => {
    const { $when: _when, ...rest } = part;
    const out: Record<string, unknown> = { ...rest, id: ids.get(part['id'] as string) };
    for (const key of singleRefs(rest)) if (typeof rest[key] === 'string') out[key] = rename(rest[key]);
    const children = rest['children'];
    if (Array.isArray(children)) out['children'] = children.map(rename);
    else if (isRecord(children) && typeof children['componentId'] === 'string') out['children'] = { ...children, componentId: rename(children['componentId']) };
    // A tab whose part was left out ($when) goes with it: a tab without its child is not a tab.
    if (Array.isArray(rest['tabs'])) {
      out['tabs'] = rest['tabs'].flatMap((tab) => {
        if (!isRecord(tab) || typeof tab['child'] !== 'string') return [tab];
        const child = rename(tab['child']);
        return child === MISSING ? [] : [{ ...tab, child }];
      });
    }
    const filled = fill(out) as Record<string, unknown>;
    if (i === 0) {
      if (component['weight'] !== undefined) filled['weight'] = component['weight'];
      if (component['accessibility'] !== undefined) filled['accessibility'] = component['accessibility'];
    }
    return filled as unknown as A2uiComponent;
  });
}
