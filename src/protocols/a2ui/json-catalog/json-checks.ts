import type { IssueReport, Segments } from '../issues.js';
import { A2UI_LIMITS } from '../limits.js';
import { compileRegex } from '../regex.js';

/*
 * The leaves of catalog schemas (json-schema.ts reads the rest): what a check says, the error a catalog is refused
 * with, and the keywords of strings and numbers. Formats and patterns run in linear time, except a pattern of the
 * catalog's own that the linear matcher cannot run (hostPattern).
 */

/** A catalog document the chat cannot use, and where in it. */
export class CatalogJsonError extends TypeError {
  /** A JSON Pointer into the document given. */
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path || '/'}: ${message}`);
    this.name = 'CatalogJsonError';
    this.path = path;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON equality (`enum`, `const`): numbers by value, objects by their keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameJson(a[key], b[key]));
}

/** What reads schemas: each schema (`descends`: one that applies to a part of the value), and each `$ref`. */
export interface SchemaReader {
  compile(schema: unknown, at: string, descends?: boolean): Check;
  ref(ref: string, at: string): Check;
}

/** What a check says: a failure (where in the value, and why), or the property names it evaluated. */
export type Result = { readonly ok: true; readonly keys: ReadonlySet<string> } | { readonly ok: false; readonly failure: IssueReport };
/** A compiled schema. */
export type Check = (value: unknown) => Result;

export const NONE: ReadonlySet<string> = new Set();
export const pass = (keys: ReadonlySet<string> = NONE): Result => ({ ok: true, keys });
export const fail = (message: string, path: Segments = []): Result => ({ ok: false, failure: { path, message } });

/** A value quoted for a message, cut short; one that is not JSON (a BigInt, a cycle, too deep) by its kind. */
export const quote = (value: unknown): string => {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = `a ${kindOf(value)}`;
  }
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

export const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/** Reads the value of a keyword that must be a non-negative integer. */
export function count(node: Record<string, unknown>, keyword: string, at: string): number | undefined {
  const value = node[keyword];
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < 0) throw new CatalogJsonError(`${at}/${keyword}`, 'Must be a non-negative integer.');
  return value as number;
}

export function numberOf(node: Record<string, unknown>, keyword: string, at: string): number | undefined {
  const value = node[keyword];
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) throw new CatalogJsonError(`${at}/${keyword}`, 'Must be a number.');
  return value as number | undefined;
}


/** The formats a catalog may assert: checked here in linear time. Any other format refuses the catalog. */
const FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  date: (v) => fullDate(v),
  time: (v) => fullTime(v),
  'date-time': (v) => /^[^Tt]{10}[Tt]/.test(v) && fullDate(v.slice(0, 10)) && fullTime(v.slice(11)),
  // RFC 3986: a scheme, then printable ASCII only (an IRI's other characters must be percent-encoded).
  uri: (v) => /^[a-z][a-z\d+.-]*:[!#-;=?-[\]_a-z~]*$/i.test(v),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= 254,
};

/** RFC 3339 full-date: a day that exists in its month. */
function fullDate(v: string): boolean {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(v);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** RFC 3339 full-time: hours, minutes and seconds (a leap second 60 allowed), a fraction, and an offset. */
function fullTime(v: string): boolean {
  const match = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.exec(v);
  return match !== null;
}

/**
 * A catalog's own pattern: on the linear-time matcher when it can run it, else as a native RegExp (`u`). The catalog
 * is the page's, as trusted as a schema written in code (ours run lookaheads natively too); only patterns an agent
 * writes are confined to the linear matcher.
 */
function hostPattern(source: string, at: string): { test(input: string): boolean } {
  const linear = compileRegex(source);
  if (!('error' in linear)) return linear;
  try {
    const native = new RegExp(source, 'u');
    // A native pattern may backtrack: it never runs on more than the linear matcher takes (a longer value fails).
    return { test: (input) => input.length <= A2UI_LIMITS.regexInputChars && native.test(input) };
  } catch {
    throw new CatalogJsonError(at, `The pattern cannot be used: ${linear.error}.`);
  }
}

export function stringChecks(node: Record<string, unknown>, at: string): Check[] {
  const min = count(node, 'minLength', at);
  const max = count(node, 'maxLength', at);
  const format = node['format'];
  if (format !== undefined && (typeof format !== 'string' || !Object.prototype.hasOwnProperty.call(FORMATS, format))) {
    throw new CatalogJsonError(`${at}/format`, `The format ${quote(format)} is not supported.`);
  }
  const formatTest = format === undefined ? undefined : FORMATS[format as string];
  const source = node['pattern'];
  if (source !== undefined && typeof source !== 'string') throw new CatalogJsonError(`${at}/pattern`, 'Must be a string.');
  const compiled = source === undefined ? undefined : hostPattern(source, `${at}/pattern`);
  if (min === undefined && max === undefined && !formatTest && !compiled) return [];
  return [
    (v) => {
      if (typeof v !== 'string') return pass();
      const length = min === undefined && max === undefined ? 0 : [...v].length;
      if (min !== undefined && length < min) return fail(`Expected at least ${min} characters.`);
      if (max !== undefined && length > max) return fail(`Expected at most ${max} characters.`);
      if (formatTest && !formatTest(v)) return fail(`Expected a ${String(format)}.`);
      if (compiled && !compiled.test(v)) return fail(`Does not match the pattern ${quote(source)}.`);
      return pass();
    },
  ];
}

export function numberChecks(node: Record<string, unknown>, at: string): Check[] {
  const bounds: [string, number | undefined, (v: number, b: number) => boolean, string][] = [
    ['minimum', numberOf(node, 'minimum', at), (v, b) => v >= b, 'at least'],
    ['maximum', numberOf(node, 'maximum', at), (v, b) => v <= b, 'at most'],
    ['exclusiveMinimum', numberOf(node, 'exclusiveMinimum', at), (v, b) => v > b, 'more than'],
    ['exclusiveMaximum', numberOf(node, 'exclusiveMaximum', at), (v, b) => v < b, 'less than'],
  ];
  const multiple = numberOf(node, 'multipleOf', at);
  if (multiple !== undefined && multiple <= 0) throw new CatalogJsonError(`${at}/multipleOf`, 'Must be more than 0.');
  const active = bounds.filter(([, bound]) => bound !== undefined);
  if (active.length === 0 && multiple === undefined) return [];
  return [
    (v) => {
      if (typeof v !== 'number') return pass();
      for (const [, bound, test, words] of active) if (!test(v, bound as number)) return fail(`Expected a number ${words} ${String(bound)}.`);
      // A tolerance for binary fractions (0.3 is a multiple of 0.1).
      if (multiple !== undefined && Math.abs(v / multiple - Math.round(v / multiple)) > 1e-9) return fail(`Expected a multiple of ${multiple}.`);
      return pass();
    },
  ];
}
