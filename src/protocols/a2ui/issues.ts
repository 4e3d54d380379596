import type * as z from 'zod/mini';

/*
 * A Zod failure as the one sentence and JSON Pointer segments of A2UI's standard validation error. The model reads
 * these to correct itself, so they say what was expected where, in the spec's words, and never dump Zod's issue tree.
 */

export type Segments = readonly (string | number)[];

export interface IssueReport {
  readonly path: Segments;
  readonly message: string;
}

type Issue = z.core.$ZodIssue;

const has = (value: object, key: string | number): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** The value at some segments of a plain JSON value (own properties only), or `undefined`. */
function valueAt(root: unknown, path: Segments): unknown {
  let at = root;
  for (const segment of path) {
    if (typeof at !== 'object' || at === null || !has(at, segment)) return undefined;
    at = (at as Record<string | number, unknown>)[segment];
  }
  return at;
}

/** The JSON type of a value, as the spec's messages name them ("got integer"). */
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A value quoted for a message, cut short. */
function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

const toSegments = (path: readonly PropertyKey[]): (string | number)[] =>
  path.map((s) => (typeof s === 'number' ? s : String(s)));

/** A branch of a union failed only because its type differs (it is not the form the value was meant to take). */
const typeMismatch = (branch: readonly Issue[]): boolean => branch.every((issue) => issue.path.length === 0 && issue.code === 'invalid_type');

/**
 * The branch of a union the value most likely meant: not a plain type mismatch, with the fewest issues, then the
 * deepest first issue. `null` when every branch is a type mismatch.
 */
function likelyBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | null {
  let best: readonly Issue[] | null = null;
  for (const branch of branches) {
    if (branch.length === 0 || typeMismatch(branch)) continue;
    if (
      best === null ||
      branch.length < best.length ||
      (branch.length === best.length && (branch[0]?.path.length ?? 0) > (best[0]?.path.length ?? 0))
    ) {
      best = branch;
    }
  }
  return best;
}

function expectedOf(issue: Issue): string {
  if (issue.code === 'invalid_type') return issue.expected === 'record' ? 'object' : issue.expected;
  if (issue.code === 'invalid_value') return issue.values.map(quote).join(' or ');
  return 'another form';
}

/** Describes one issue found in `input` (the value the schema parsed). */
function describe(issue: Issue, input: unknown, prefix: Segments): IssueReport {
  const path = [...prefix, ...toSegments(issue.path)];
  const value = valueAt(input, path);
  switch (issue.code) {
    case 'invalid_type': {
      const last = path[path.length - 1];
      if (value === undefined && last !== undefined) return { path, message: `Missing required property "${last}".` };
      return { path, message: `Expected ${expectedOf(issue)}, got ${kind(value)}.` };
    }
    case 'invalid_value': {
      const shown = issue.values.slice(0, 12).map(quote).join(', ');
      const more = issue.values.length > 12 ? ', …' : '';
      return { path, message: issue.values.length === 1 ? `Expected ${shown}, got ${quote(value)}.` : `Expected one of ${shown}${more}; got ${quote(value)}.` };
    }
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      return { path: [...path, key], message: `Unknown property "${key}".` };
    }
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? `at least ${String(issue.minimum)}` : `at most ${String(issue.maximum)}`;
      if (issue.origin === 'array') return { path, message: `Expected ${bound} items.` };
      if (issue.origin === 'string') return { path, message: `Expected ${bound} characters.` };
      return { path, message: `Expected a number ${bound}.` };
    }
    case 'invalid_union': {
      const branch = likelyBranch(issue.errors);
      const first = branch?.[0];
      if (first) return describe(first, input, path);
      const last = path[path.length - 1];
      if (value === undefined && last !== undefined) return { path, message: `Missing required property "${last}".` };
      const expected = [...new Set(issue.errors.map((b) => (b[0] ? expectedOf(b[0]) : '')).filter(Boolean))];
      return { path, message: `Expected ${expected.join(' or ')}, got ${kind(value)}.` };
    }
    case 'invalid_format':
      return { path, message: issue.format === 'regex' ? issue.message : `Expected a ${issue.format} string.` };
    case 'custom':
      return { path, message: issue.message };
    default:
      return { path, message: 'Invalid value.' };
  }
}

/** The first issue of a failed parse of `input`, with its path after `prefix`. */
export function describeIssues(issues: readonly Issue[], input: unknown, prefix: Segments = []): IssueReport {
  const first = issues[0];
  return first ? describe(first, input, prefix) : { path: prefix, message: 'Invalid value.' };
}
