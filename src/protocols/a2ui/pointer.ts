import { A2UI_LIMITS } from './limits.js';
import type { JsonValue } from './types.js';

/*
 * JSON Pointers (RFC 6901) into a surface's data model, as A2UI v0.9 uses them (a2ui_protocol.md "Path resolution &
 * scope"): a path starting with `/` is absolute; any other is relative to the scope it is read in (a template's item).
 * The segments `__proto__`, `constructor` and `prototype` are refused everywhere: no path can reach an object's
 * prototype, whatever code later indexes with it.
 */

export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The segments of an absolute pointer (`''` and `'/'` are the root: no segments); `null` when it is malformed or forbidden. */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return null;
  const segments: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~(?![01])/.test(raw)) return null;
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (FORBIDDEN_SEGMENTS.has(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/** The pointer of some segments. */
export function formatPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * The absolute pointer a binding's `path` names in `scope` (an absolute pointer, `''` at the surface's root); `null`
 * when either is malformed or forbidden. A relative path (`name`, `./name`, `a/b`) is appended to the scope.
 */
export function resolvePath(path: string, scope = ''): string | null {
  if (path.startsWith('/')) return parsePointer(path) ? (path === '/' ? '' : path) : null;
  const base = parsePointer(scope);
  if (!base) return null;
  const relative = path.startsWith('./') ? path.slice(2) : path;
  if (relative === '' || relative === '.') return formatPointer(base);
  const rest = parsePointer(`/${relative}`);
  return rest ? formatPointer([...base, ...rest]) : null;
}

const isContainer = (value: unknown): value is Record<string, JsonValue> | JsonValue[] => typeof value === 'object' && value !== null;

/** An array index segment: digits without leading zeros. */
const index = (segment: string, length: number): number | null =>
  /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < length + 1 ? Number(segment) : null;

/** The value at some segments, or `undefined`. Own properties only. */
export function getAt(root: JsonValue | undefined, segments: readonly string[]): JsonValue | undefined {
  let at: JsonValue | undefined = root;
  for (const segment of segments) {
    if (!isContainer(at)) return undefined;
    if (Array.isArray(at)) {
      const i = index(segment, at.length - 1);
      at = i === null ? undefined : at[i];
    } else {
      at = Object.prototype.hasOwnProperty.call(at, segment) ? (at as Record<string, JsonValue>)[segment] : undefined;
    }
  }
  return at;
}

/** The value at an absolute pointer, or `undefined` (malformed and forbidden pointers read nothing). */
export function getPointer(root: JsonValue | undefined, pointer: string): JsonValue | undefined {
  const segments = parsePointer(pointer);
  return segments ? getAt(root, segments) : undefined;
}

/**
 * How many `null`s one write may add before the places it lands in, over all its arrays: more than a data model's bytes
 * could hold (each is at least `null,`).
 */
export const MAX_ARRAY_GAP = /* @__PURE__ */ (() => Math.floor(A2UI_LIMITS.dataModelBytes / 5))();

/** Whether a missing container before `segment` is created as an array: an index or `-` (renderer_guide.md, auto-typing). */
const arrayFirst = (segment: string): boolean => segment === '-' || /^(0|[1-9]\d*)$/.test(segment);

/**
 * A copy of `root` with `value` at the segments (copy-on-write along the path; everything else is shared), with the
 * upsert of a2ui_protocol.md and the auto-typing of renderer_guide.md: a missing container on the way is created as an
 * array when the segment after it is an index (or `-`), else as an object; an index past an array's end extends it,
 * the places between holding `null` (JSON's "undefined, preserving length"), at most MAX_ARRAY_GAP of them in all.
 * `value === undefined` removes: an object's key goes, an array's item becomes `null` (its length is kept), and a
 * path that is not there changes nothing (the same `root` comes back). `{ ok: false }` when the path crosses a scalar,
 * names an array by a segment that is not an index, or would add more `null`s than that. The surface store writes
 * through this.
 */
export function writeAt(
  root: JsonValue | undefined,
  segments: readonly string[],
  value: JsonValue | undefined,
  gap = { left: MAX_ARRAY_GAP },
): { readonly ok: true; readonly value: JsonValue | undefined } | { readonly ok: false } {
  if (segments.length === 0) return { ok: true, value };
  const [head, ...rest] = segments as [string, ...string[]];
  const missing = root === undefined || root === null;
  if (missing && value === undefined) return { ok: true, value: root };
  const container = missing ? (arrayFirst(head) ? [] : {}) : root;
  if (!isContainer(container)) return value === undefined ? { ok: true, value: root } : { ok: false };
  if (Array.isArray(container)) {
    const i = head === '-' ? container.length : index(head, container.length + Math.max(0, gap.left));
    if (i === null) return { ok: false };
    if (value === undefined && i >= container.length) return { ok: true, value: root };
    gap.left -= Math.max(0, i - container.length);
    const child = writeAt(container[i], rest, value, gap);
    if (!child.ok) return child;
    if (child.value === container[i]) return { ok: true, value: container };
    const copy: JsonValue[] = [...container];
    while (copy.length < i) copy.push(null);
    copy[i] = child.value === undefined ? null : child.value;
    return { ok: true, value: copy };
  }
  const own = Object.prototype.hasOwnProperty.call(container, head) ? (container as Record<string, JsonValue>)[head] : undefined;
  if (own === undefined && value === undefined) return { ok: true, value: root };
  const child = writeAt(own, rest, value, gap);
  if (!child.ok) return child;
  if (child.value === own && own !== undefined) return { ok: true, value: container };
  const copy: Record<string, JsonValue> = { ...(container as Record<string, JsonValue>) };
  if (child.value === undefined) delete copy[head];
  else copy[head] = child.value;
  return { ok: true, value: copy };
}
