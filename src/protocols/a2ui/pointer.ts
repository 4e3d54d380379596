import { A2UI_LIMITS } from '../../limits.js';
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

/** How far past an array's end a write may land: the `null`s before it alone would pass the data model's size. */
export const MAX_ARRAY_GAP = Math.floor(A2UI_LIMITS.dataModelBytes / 5);

/** Whether a missing container before `segment` is created as an array: an index or `-` (renderer_guide.md, auto-typing). */
const arrayFirst = (segment: string): boolean => segment === '-' || /^(0|[1-9]\d*)$/.test(segment);

/**
 * A copy of `root` with `value` at the segments (copy-on-write along the path; everything else is shared), with the
 * upsert of a2ui_protocol.md and the auto-typing of renderer_guide.md: a missing container on the way is created as an
 * array when the segment after it is an index (or `-`), else as an object; an index past an array's end extends it,
 * the places between holding `null` (JSON's "undefined, preserving length"). `value === undefined` removes the key.
 * `{ ok: false }` when the path crosses a scalar, names an array by a segment that is not an index, or lands more
 * than MAX_ARRAY_GAP past an array's end. The surface store writes through this.
 */
export function writeAt(
  root: JsonValue | undefined,
  segments: readonly string[],
  value: JsonValue | undefined,
): { readonly ok: true; readonly value: JsonValue | undefined } | { readonly ok: false } {
  if (segments.length === 0) return { ok: true, value };
  const [head, ...rest] = segments as [string, ...string[]];
  const container = root === undefined || root === null ? (arrayFirst(head) ? [] : {}) : root;
  if (!isContainer(container)) return { ok: false };
  if (Array.isArray(container)) {
    const i = head === '-' ? container.length : index(head, container.length + MAX_ARRAY_GAP);
    if (i === null) return { ok: false };
    const child = writeAt(container[i], rest, value);
    if (!child.ok) return child;
    const copy: JsonValue[] = [...container];
    if (child.value === undefined) copy.splice(i, 1);
    else {
      while (copy.length < i) copy.push(null);
      copy[i] = child.value;
    }
    return { ok: true, value: copy };
  }
  const own = Object.prototype.hasOwnProperty.call(container, head) ? (container as Record<string, JsonValue>)[head] : undefined;
  const child = writeAt(own, rest, value);
  if (!child.ok) return child;
  const copy: Record<string, JsonValue> = { ...(container as Record<string, JsonValue>) };
  if (child.value === undefined) delete copy[head];
  else copy[head] = child.value;
  return { ok: true, value: copy };
}
