import { A2UI_LIMITS } from './limits.js';
import type { CatalogDefinition } from './catalog-basic.js';
import { childRefs } from './graph.js';
import { describeIssues, type IssueReport, type Segments } from './issues.js';
import { resolvePath } from './pointer.js';
import { cachedRegex } from './regex.js';
import type { A2uiComponent } from './types.js';

/*
 * One component of an updateComponents against its surface's catalog: its schema, then what a schema cannot say.
 * Every FunctionCall anywhere in it (a Dynamic* value, an action's functionCall, a check's condition, nested
 * arguments) must name one of the catalog's functions and fit that function's arguments; every data binding and
 * template `path` must be a pointer that resolves (relative ones too: they are resolved in a template's scope) and
 * reaches no prototype; a component holds at most A2UI_LIMITS.childrenPerComponent children; every regular expression
 * compiles on the linear-time matcher.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const onlyKeys = (value: Record<string, unknown>, allowed: readonly string[]): boolean => Object.keys(value).every((k) => allowed.includes(k));

/** `{call, args?, returnType?}`; in v1.0 (`resolve` given) `{call, catalogId?, args?}`. */
const isFunctionCall = (value: Record<string, unknown>, resolve?: CatalogResolver): boolean =>
  typeof value['call'] === 'string' && onlyKeys(value, ['call', 'args', resolve ? 'catalogId' : 'returnType']);

/**
 * v1.0: the catalog a function call resolves to (its `catalogId`, else the surface's default; v1/validate.ts), or
 * undefined when there is none (a2ui_protocol.md: no fallback to other catalogs).
 */
export type CatalogResolver = (call: Record<string, unknown>) => CatalogDefinition | undefined;

/** `{path}` (a DataBinding) or `{componentId, path}` (a ChildList template). */
const isBinding = (value: Record<string, unknown>): boolean =>
  typeof value['path'] === 'string' && onlyKeys(value, ['path', 'componentId']);

/** Different Unicode property names (`\p{…}`) the patterns of one message may use. */
export const MAX_MESSAGE_PROPERTIES = 16;

/**
 * A regular expression an agent gave (a `regex` call's `pattern`, a TextField's `validationRegexp`), compiled now by
 * the matcher that will run it (regex.ts): what it cannot run in linear time is refused here, with the reason, rather
 * than making a check that always fails. `null` when it compiles.
 */
export function checkPattern(pattern: unknown, properties?: Set<string>): string | null {
  if (typeof pattern !== 'string') return null;
  // Each Unicode property costs a pass over the plane the first time (regex-class.ts): a message names a few.
  for (const [, name] of pattern.matchAll(/\\[pP]\{([^}]{0,84})\}/g)) properties?.add(name ?? '');
  if (properties && properties.size > MAX_MESSAGE_PROPERTIES) return `At most ${MAX_MESSAGE_PROPERTIES} different Unicode properties per message.`;
  const compiled = cachedRegex(pattern);
  return 'error' in compiled ? `The pattern cannot be used: ${compiled.error}.` : null;
}

/** Checks a binding's or template's `path`; `null` when it is fine. */
export function checkBindingPath(path: string): string | null {
  if (path.length > A2UI_LIMITS.pathChars) return `Paths must be at most ${A2UI_LIMITS.pathChars} characters.`;
  if (resolvePath(path, '') === null) return `"${path.slice(0, 60)}" is not a valid JSON Pointer, or names a forbidden segment.`;
  return null;
}

/** One call against the catalog it resolves to: the name, its arguments' schema, a regex's pattern. */
function checkCall(value: Record<string, unknown>, name: string, catalog: CatalogDefinition, component: A2uiComponent, path: Segments, properties: Set<string>): IssueReport | null {
  if (!catalog.functions.has(name)) return { path: [...path, 'call'], message: `The catalog has no function "${name.slice(0, 60)}".` };
  const parsed = catalog.functionCalls?.[name]?.safeParse(value);
  if (parsed && !parsed.success) return describeIssues(parsed.error.issues, component, path);
  const args = value['args'];
  const pattern = name === 'regex' && isRecord(args) ? checkPattern(args['pattern'], properties) : null;
  return pattern ? { path: [...path, 'args', 'pattern'], message: pattern } : null;
}

/** The function calls and bindings in a component, checked against the catalog. Iterative. */
function checkDynamic(component: A2uiComponent, catalog: CatalogDefinition, properties: Set<string>, resolve?: CatalogResolver): IssueReport | null {
  const stack: { value: unknown; path: Segments }[] = Object.entries(component).map(([key, value]) => ({ value, path: [key] }));
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: Segments };
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
      continue;
    }
    if (!isRecord(value)) continue;
    if (isFunctionCall(value, resolve)) {
      const target = resolve ? resolve(value) : catalog;
      if (!target) return { path: [...path, 'catalogId'], message: 'The call names no catalog the renderer has, and the surface has no default catalog.' };
      const problem = checkCall(value, value['call'] as string, target, component, path, properties);
      if (problem) return problem;
    } else if (isBinding(value)) {
      const problem = checkBindingPath(value['path'] as string);
      if (problem) return { path: [...path, 'path'], message: problem };
    }
    for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] });
  }
  return null;
}

/**
 * The first problem of `component` under `catalog`, its path inside the component; `null` when it is valid.
 * `properties` gathers the Unicode property names of the message's patterns (one set per message).
 */
export function checkComponent(component: A2uiComponent, catalog: CatalogDefinition, properties = new Set<string>(), resolve?: CatalogResolver): IssueReport | null {
  const schema = Object.prototype.hasOwnProperty.call(catalog.components, component.component)
    ? catalog.components[component.component]
    : undefined;
  if (!schema) return { path: ['component'], message: `The catalog has no component "${component.component.slice(0, 60)}".` };
  const parsed = schema.safeParse(component);
  if (!parsed.success) return describeIssues(parsed.error.issues, component);
  const pattern = checkPattern(component['validationRegexp'], properties);
  if (pattern) return { path: ['validationRegexp'], message: pattern };
  const refs = childRefs(component);
  if (refs.length > A2UI_LIMITS.childrenPerComponent) {
    const prop = component['tabs'] !== undefined ? 'tabs' : 'children';
    return { path: [prop], message: `A component can have at most ${A2UI_LIMITS.childrenPerComponent} children.` };
  }
  return checkDynamic(component, catalog, properties, resolve);
}
