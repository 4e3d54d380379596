/*
 * agent-ui@1 (001_996c0b4640eee42b.txt) "Envelope Types": the strict schema of a UIEnvelope and its parse, which
 * never throws. What an envelope carries (props, data, spec, params) is only checked to be plain JSON here; the
 * registry, chart.ts and map.ts check it against what it claims to be.
 */
import * as z from 'zod/mini';
import { utf8Length } from '../../utf8.js';
import { configureMessages } from '../../schema/messages.js';
import { AGENT_UI_LIMITS as L, AGENT_UI_PATTERNS as P } from './limits.js';
import {
  AGENT_UI_SCHEMA_VERSION,
  CHART_GRAMMAR,
  UI_SURFACES,
  type Checked,
  type EnvelopeRejection,
  type UIEnvelope,
} from './types.js';

// Zod Mini has no messages of its own; the core's schemas configure English, and so do these.
configureMessages();

/**
 * The series types of the echarts-safe-subset grammar (re-exported by chart.ts). Here, not in chart.ts, so that the
 * registry can name them without pulling the chart schema into a bundle that loads it lazily.
 */
export const CHART_SERIES_TYPES = ['line', 'bar', 'pie', 'scatter'] as const;
export type ChartSeriesType = (typeof CHART_SERIES_TYPES)[number];

/** A bounded name or ID: the pattern, and at most `AGENT_UI_LIMITS.name` characters. */
export const nameOf = (pattern: RegExp) => z.string().check(z.maxLength(L.name), z.regex(pattern));

type Shape = Record<string, z.core.SomeType>;
/** Every key of the shape optional. */
export const optionalShape = <S extends Shape>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, z.optional(schema)])) as { [K in keyof S]: z.ZodMiniOptional<S[K]> };
/** A strict object whose keys are all optional. */
export const part = <S extends Shape>(shape: S) => z.strictObject(optionalShape(shape));
/** An array of at most `max` items. */
export const some = <T extends z.core.SomeType>(item: T, max: number) => z.array(item).check(z.maxLength(max));
/** A number in [min, max]. */
export const between = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max));
/** `#rgb` or `#rrggbb`: the only colors a chart or map style may set. */
export const HexColor = z.string().check(z.regex(P.hexColor));

/** Any value that is present: what the envelope carries is plain JSON already (`toPlainJson`). */
const Present = z.custom<unknown>((value) => value !== undefined);
const FallbackText = z.optional(z.string().check(z.maxLength(L.fallbackText)));
const version = { schemaVersion: z.literal(AGENT_UI_SCHEMA_VERSION) };

/** The agent-ui@1 envelope, strictly: unknown keys, kinds and versions are refused. */
export const UIEnvelopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('registered_component'),
    ...version,
    component: nameOf(P.component),
    surface: z.literal(UI_SURFACES),
    props: Present,
    data: z.optional(Present),
    fallbackText: FallbackText,
  }),
  z.strictObject({
    kind: z.literal('chart'),
    ...version,
    grammar: z.literal(CHART_GRAMMAR),
    surface: z.literal(['chat_inline', 'side_panel', 'canvas']),
    spec: Present,
    data: Present,
    fallbackText: FallbackText,
  }),
  z.strictObject({
    kind: z.literal('map_action'),
    ...version,
    action: nameOf(P.mapAction),
    surface: z.literal('map_overlay'),
    params: Present,
    fallbackText: FallbackText,
  }),
]);

/** A success. */
export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
/** A failure, with one sentence for people. */
export const fail = <T = never>(reason: EnvelopeRejection, message: string): Checked<T> => ({ ok: false, reason, message });

const segment = (key: PropertyKey): string =>
  typeof key === 'number' || (String(key).length <= L.name && /^\w+$/.test(String(key))) ? String(key) : '…';

/**
 * ` (at a.b.0)`, for a message. Keys the model chose are only named when they are plain identifiers, so no message
 * echoes the payload. Empty for the root.
 */
export const pathAt = (path: readonly PropertyKey[]): string => (path.length ? ` (at ${path.map(segment).join('.')})` : '');

/** Where the first Zod issue is (`pathAt`), naming the first unknown key of an unrecognized_keys issue. */
export function issueAt(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0];
  return issue ? pathAt([...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])]) : '';
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Keys no plain-JSON value may have: they reach object prototypes in code that indexes by them. */
export const isForbiddenKey = (key: string): boolean => FORBIDDEN_KEYS.has(key);

/**
 * A fresh copy of `value` if it is plain JSON: null, booleans, strings, finite numbers, arrays and objects whose
 * prototype is Object.prototype or null, with data properties only, no `__proto__`, `constructor` or `prototype`
 * key, within `AGENT_UI_LIMITS.depth` and at most `maxNodes` values (a JSON text of N bytes has at most N). The
 * copy is what later checks read, so a getter or proxy cannot answer differently twice. Never throws.
 */
export function toPlainJson(value: unknown, maxNodes: number): { readonly value: unknown } | undefined {
  let nodes = 0;
  const copy = (v: unknown, depth: number): unknown => {
    if (++nodes > maxNodes || depth > L.depth) throw RangeError();
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
    if (typeof v !== 'object') throw TypeError();
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype || v.length > maxNodes - nodes) throw TypeError();
      const out: unknown[] = [];
      for (let i = 0; i < v.length; i++) out.push(copy(v[i], depth + 1));
      return out;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw TypeError();
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      const property = Object.getOwnPropertyDescriptor(v, key);
      if (FORBIDDEN_KEYS.has(key) || !property || !('value' in property)) throw TypeError();
      out[key] = copy(property.value, depth + 1);
    }
    return out;
  };
  try {
    return { value: copy(value, 1) };
  } catch {
    return undefined;
  }
}

/**
 * JSON text (a string, at most `maxBytes` UTF-8 bytes) or a value (at most `maxBytes` once stringified), as a fresh
 * plain-JSON copy (`toPlainJson`); undefined when it is none of that. Never throws.
 */
export function readJson(input: unknown, maxBytes: number): { readonly value: unknown } | undefined {
  try {
    const text = typeof input === 'string';
    if (text && utf8Length(input) > maxBytes) return undefined;
    const plain = toPlainJson(text ? JSON.parse(input) : input, maxBytes);
    return plain && (text || utf8Length(JSON.stringify(plain.value)) <= maxBytes) ? plain : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses a UIEnvelope: JSON text or a value. Never throws. Size, depth and plain JSON come first; then the strict
 * schema. A surface the kind does not allow is `invalid-surface`, another grammar `unknown-grammar`, anything else
 * `invalid-envelope`. The envelope returned is a fresh copy: its props, data, spec and params are plain JSON.
 */
export function parseEnvelope(value: unknown): Checked<UIEnvelope> {
  const json = readJson(value, L.envelopeBytes);
  if (!json) return fail('invalid-envelope', `The envelope is not plain JSON within ${L.envelopeBytes} bytes and depth ${L.depth}.`);
  const parsed = UIEnvelopeSchema.safeParse(json.value);
  if (parsed.success) return ok(parsed.data as UIEnvelope);
  const issues = parsed.error.issues;
  const only = (key: string) => issues.every((issue) => issue.path.length === 1 && issue.path[0] === key);
  const raw = json.value as Record<string, unknown>;
  if (isRecord(raw) && typeof raw.surface === 'string' && only('surface')) {
    return fail('invalid-surface', `A ${String(raw.kind)} envelope cannot be shown on that surface.`);
  }
  if (isRecord(raw) && typeof raw.grammar === 'string' && only('grammar')) {
    return fail('unknown-grammar', `Charts must use the ${CHART_GRAMMAR} grammar.`);
  }
  return fail('invalid-envelope', `The envelope is not a valid ${AGENT_UI_SCHEMA_VERSION} envelope${issueAt(issues)}.`);
}

/** Controls (but tab and newline), bidirectional marks, overrides and isolates: text shown as it is has none. */
export const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS.source, 'g');

/**
 * The `fallbackText` of any value, valid envelope or not (JSON text too), fit to show as plain text: without
 * control or bidi-override characters, trimmed, cut to `AGENT_UI_LIMITS.fallbackText` characters (never inside a
 * surrogate pair). Undefined when there is none or it is empty. Never throws.
 */
export function fallbackTextOf(value: unknown): string | undefined {
  try {
    const source = typeof value === 'string' ? readJson(value, L.envelopeBytes)?.value : value;
    if (!isRecord(source)) return undefined;
    const property = Object.getOwnPropertyDescriptor(source, 'fallbackText');
    const text: unknown = property && 'value' in property ? property.value : undefined;
    if (typeof text !== 'string') return undefined;
    let clean = text.replace(CONTROL_CHARS_ALL, '').trim().slice(0, L.fallbackText);
    if (/[\ud800-\udbff]$/.test(clean)) clean = clean.slice(0, -1);
    return clean.trimEnd() || undefined;
  } catch {
    return undefined;
  }
}

const REJECTIONS: Record<EnvelopeRejection, string> = {
  'invalid-envelope': 'This content is not in a format this chat can show.',
  'invalid-surface': 'This content cannot be shown in this place.',
  'unknown-component': 'This panel is not one this chat can show.',
  'invalid-props': 'This panel was sent with settings it does not accept.',
  'unknown-grammar': 'This chart is in a format this chat cannot draw.',
  'invalid-chart': 'This chart contains something this chat does not draw.',
  'unknown-map-action': 'This map action is not one this map supports.',
  'invalid-map-params': 'This map action was sent with settings the map does not accept.',
  'no-surface': 'This page has no place to show this content.',
  'render-ref-failed': 'The map data for this content could not be loaded.',
  'registry-unavailable': 'This content is waiting for the list of what this chat can show.',
  'render-failed': 'This content could not be shown.',
};

/** A generic sentence for people, per reason: what shows when an envelope has no fallbackText. */
export function describeRejection(reason: EnvelopeRejection): string {
  return REJECTIONS[reason] ?? REJECTIONS['render-failed'];
}
