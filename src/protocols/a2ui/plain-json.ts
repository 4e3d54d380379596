import { utf8Length } from '../../utf8.js';
import { FORBIDDEN_SEGMENTS } from './pointer.js';
import type { JsonValue } from './types.js';
import type { IssueReport, Segments } from './issues.js';

/*
 * The plain-JSON gate every A2UI message passes before any schema sees it: only null, booleans, finite numbers,
 * strings, arrays and plain objects with data properties; no cycles and no object reached twice (JSON has no shared
 * references, and refusing them bounds the walk); bounded depth and string length; and no `__proto__`, `constructor`
 * or `prototype` key anywhere, so nothing downstream can be tricked into touching a prototype. Iterative: a deep
 * input cannot overflow the stack.
 */

export interface PlainJsonLimits {
  /** Containers nested in one another (a scalar alone is depth 0). */
  readonly depth: number;
  /** Characters of any string or key. */
  readonly stringChars: number;
}

/** The first reason `value` is not plain JSON within the limits, or `null`. Object properties set to `undefined` count as absent. */
export function checkPlainJson(value: unknown, limits: PlainJsonLimits): IssueReport | null {
  const seen = new Set<object>();
  const stack: { value: unknown; path: Segments }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: at, path } = stack.pop() as { value: unknown; path: Segments };
    if (at === null || typeof at === 'boolean') continue;
    if (typeof at === 'number') {
      if (!Number.isFinite(at)) return { path, message: 'Numbers must be finite.' };
      continue;
    }
    if (typeof at === 'string') {
      if (at.length > limits.stringChars) return { path, message: `Strings must be at most ${limits.stringChars} characters.` };
      continue;
    }
    if (typeof at !== 'object') return { path, message: `A ${typeof at} is not JSON.` };
    if (seen.has(at)) return { path, message: 'The same object appears twice (a cycle or a shared reference).' };
    seen.add(at);
    if (path.length >= limits.depth) return { path, message: `JSON is nested deeper than ${limits.depth} levels.` };
    if (Array.isArray(at)) {
      if (Object.getPrototypeOf(at) !== Array.prototype) return { path, message: 'Not a plain array.' };
      for (let i = at.length - 1; i >= 0; i--) {
        if (!(i in at) || at[i] === undefined) return { path: [...path, i], message: 'Arrays cannot hold undefined.' };
        stack.push({ value: at[i], path: [...path, i] });
      }
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(at);
    if (proto !== Object.prototype && proto !== null) return { path, message: 'Not a plain JSON object.' };
    for (const key of Object.keys(at).reverse()) {
      if (FORBIDDEN_SEGMENTS.has(key)) return { path: [...path, key], message: `The key "${key}" is not allowed.` };
      if (key.length > limits.stringChars) return { path, message: `Keys must be at most ${limits.stringChars} characters.` };
      const descriptor = Object.getOwnPropertyDescriptor(at, key);
      if (!descriptor || !('value' in descriptor)) return { path: [...path, key], message: 'Accessor properties are not JSON.' };
      if (descriptor.value !== undefined) stack.push({ value: descriptor.value, path: [...path, key] });
    }
  }
  return null;
}

/** Nesting depth of a JSON value: a scalar is 0, `[]` and `{}` are 1. Iterative. */
export function jsonDepth(value: JsonValue | undefined): number {
  let max = 0;
  const stack: { value: JsonValue | undefined; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: at, depth } = stack.pop() as { value: JsonValue; depth: number };
    if (typeof at !== 'object' || at === null) continue;
    max = Math.max(max, depth + 1);
    for (const child of Array.isArray(at) ? at : Object.values(at)) stack.push({ value: child as JsonValue, depth: depth + 1 });
  }
  return max;
}

/** UTF-8 bytes of a JSON value serialized compactly (0 for `undefined`). */
export function jsonBytes(value: JsonValue | undefined): number {
  return value === undefined ? 0 : utf8Length(JSON.stringify(value));
}

/** A deep copy of plain JSON (already through checkPlainJson), sharing nothing with the caller. */
export function copyJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
