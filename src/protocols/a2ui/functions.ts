import { A2UI_LIMITS } from './limits.js';
import { exhaust, type EvalContext } from './budget.js';
import { chargedText, passes, toBoolean, toNumber, toTextUpTo } from './coerce.js';
import { formatString } from './format.js';
import { formatDate } from './format-date.js';
import { getPointer } from './pointer.js';
import { cachedRegex } from './regex.js';
import type { JsonValue } from './types.js';

/*
 * The basic catalog's client functions (catalogs/basic/catalog.json `functions`, with their argument names;
 * basic_catalog_implementation_guide.md "Client-Side Functions"). Each receives its arguments already evaluated (and
 * and/or lazily, see evaluate.ts) and returns JSON, or `undefined` when its arguments make no sense. None throws.
 */

export type A2uiFunction = (args: Readonly<Record<string, JsonValue | undefined>>, ctx: EvalContext) => JsonValue | undefined;
export type FunctionRegistry = ReadonlyMap<string, A2uiFunction>;

type Args = Readonly<Record<string, JsonValue | undefined>>;

/** The local action that opens a link: never evaluated, the renderer runs it on a click (see safeOpenUrl). */
export const OPEN_URL = 'openUrl';

/** Characters of a URL openUrl may open (ours). */
const MAX_URL_CHARS = 4096;

/**
 * The URL openUrl may open, normalized: only an absolute http: or https: URL with a host and no credentials; null for
 * anything else (javascript:, data:, relative, malformed, too long, not a string).
 */
export function safeOpenUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_CHARS) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** required: not null, not missing, not '' and not []. */
function required(args: Args): JsonValue {
  const { value } = args;
  return value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/**
 * regex: whether the value (converted to a string) matches the pattern anywhere, as RegExp.test does (the guide says
 * "test"; anchor with ^…$ for a full match). The pattern runs on the linear-time matcher of regex.ts (programs and
 * results cached), its steps taken from the budget: a pattern it does not support, or a match that runs the budget
 * out, is `undefined` (so a check on it fails); a value longer than regexInputChars does not match (false).
 */
function regex(args: Args, ctx: EvalContext): JsonValue | undefined {
  if (typeof args.pattern !== 'string') return undefined;
  const re = cachedRegex(args.pattern);
  if ('error' in re) return undefined;
  const input = toTextUpTo(args.value, A2UI_LIMITS.regexInputChars + 1);
  if (input.length > A2UI_LIMITS.regexInputChars) return false;
  const matched = re.match(input, ctx.budget);
  return matched === undefined ? exhaust(ctx.budget) : matched;
}

/** Optional numeric bounds min and max: `false` when one is given but is not a number. */
function within(n: number, args: Args): boolean {
  for (const [key, ok] of [['min', (b: number) => n >= b], ['max', (b: number) => n <= b]] as const) {
    if (args[key] === undefined || args[key] === null) continue;
    const bound = toNumber(args[key]);
    if (bound === undefined || !ok(bound)) return false;
  }
  return true;
}

/** length: the value's length in characters (code points), within min and max; its text is taken from the budget. */
function length(args: Args, ctx: EvalContext): JsonValue | undefined {
  const text = chargedText(args.value, ctx);
  if (text === undefined) return undefined;
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n--; // a surrogate pair is one code point
      i++;
    }
  }
  return within(n, args);
}

/** numeric: the value read as a number (a number or a numeric string), within min and max; false when it is none. */
function numeric(args: Args): JsonValue {
  const n = toNumber(args.value);
  return n !== undefined && within(n, args);
}

/**
 * email: the guide's `^[^\s@]+@[^\s@]+\.[^\s@]+$` checked without a regex (so in linear time), and at most 254
 * characters (RFC 5321's path limit).
 */
function email(args: Args): JsonValue {
  const value = args.value;
  if (typeof value !== 'string' || value.length > 254 || /\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot > 0 && dot < domain.length - 1;
}

/** formatNumber and formatCurrency: Intl.NumberFormat in the context's locale; `undefined` when it cannot format. */
function formatAmount(args: Args, ctx: EvalContext, currency?: string): JsonValue | undefined {
  const value = toNumber(args.value);
  if (value === undefined) return undefined;
  const options: Intl.NumberFormatOptions = currency ? { style: 'currency', currency } : {};
  const decimals = toNumber(args.decimals);
  if (decimals !== undefined) {
    const digits = Math.min(20, Math.max(0, Math.trunc(decimals)));
    options.minimumFractionDigits = digits;
    options.maximumFractionDigits = digits;
  }
  if (args.grouping !== undefined && args.grouping !== null && !toBoolean(args.grouping)) options.useGrouping = false;
  try {
    return new Intl.NumberFormat(ctx.locale, options).format(value);
  } catch {
    return undefined;
  }
}

function formatNumber(args: Args, ctx: EvalContext): JsonValue | undefined {
  return formatAmount(args, ctx);
}

/** formatCurrency: `currency` must be a well-formed ISO 4217 code (three letters), else `undefined`. */
function formatCurrency(args: Args, ctx: EvalContext): JsonValue | undefined {
  const code = typeof args.currency === 'string' ? args.currency.trim() : '';
  return /^[A-Za-z]{3}$/.test(code) ? formatAmount(args, ctx, code.toUpperCase()) : undefined;
}

const PLURAL_CATEGORIES: ReadonlySet<string> = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * pluralize: the string of the value's CLDR plural category in the context's locale (Intl.PluralRules), else `other`.
 * As the guide says, the category is the locale's: in English 0 is `other`, never `zero`.
 */
function pluralize(args: Args, ctx: EvalContext): JsonValue | undefined {
  const value = toNumber(args.value);
  if (value === undefined) return undefined;
  let category: string;
  try {
    category = new Intl.PluralRules(ctx.locale).select(value);
  } catch {
    return undefined;
  }
  const chosen = PLURAL_CATEGORIES.has(category) && args[category] != null ? args[category] : args.other;
  return chosen === undefined || chosen === null ? undefined : chargedText(chosen, ctx);
}

/**
 * and: every value true (evaluate.ts evaluates `values` lazily when it calls this very function). A v1.0
 * ValidationResult among them counts as its `valid`, here and in `or` and `not`.
 */
export function logicalAnd(args: Args): JsonValue | undefined {
  return Array.isArray(args.values) ? (args.values as readonly JsonValue[]).every(passes) : undefined;
}

/** or: some value true (lazily evaluated too). */
export function logicalOr(args: Args): JsonValue | undefined {
  return Array.isArray(args.values) ? (args.values as readonly JsonValue[]).some(passes) : undefined;
}

/** not: the negation of the value read as a boolean. */
function not(args: Args): JsonValue {
  return !passes(args.value);
}

/**
 * capitalize (the minimal catalog's one function, "converts an input string to a capitalized version"): its first
 * character (code point) in upper case, locale-neutral, the rest as it is; its text is taken from the budget.
 */
function capitalize(args: Args, ctx: EvalContext): JsonValue | undefined {
  const text = chargedText(args.value, ctx);
  if (text === undefined || text === '') return text;
  const first = String.fromCodePoint(text.codePointAt(0) as number);
  return first.toUpperCase() + text.slice(first.length);
}

/**
 * v1.0's `@index` (common_types.json IndexSystemFunction): the index of the item a template draws, from its scope's
 * last segment, plus `offset`; nothing outside a template (an evaluation error: the value is absent).
 */
function itemIndex(args: Args, ctx: EvalContext): JsonValue | undefined {
  const index = /\/(0|[1-9]\d{0,8})$/.exec(ctx.scope)?.[1];
  // An item of a list: a template over an object's keys has no index, even where a key looks like one.
  if (index !== undefined && !Array.isArray(getPointer(ctx.data, ctx.scope.slice(0, -index.length - 1)))) return undefined;
  const offset = args.offset === undefined ? 0 : toNumber(args.offset);
  return index === undefined || offset === undefined ? undefined : Number(index) + offset;
}

/**
 * The basic catalog's functions, openUrl excepted, the minimal catalog's capitalize and v1.0's `@index`. A host adds its own with `new Map([...A2UI_FUNCTIONS, [name, fn]])`
 * in its EvalContext.functions.
 */
export const A2UI_FUNCTIONS: FunctionRegistry = new Map<string, A2uiFunction>([
  ['required', required],
  ['regex', regex],
  ['length', length],
  ['numeric', numeric],
  ['email', email],
  ['formatString', formatString],
  ['formatNumber', formatNumber],
  ['formatCurrency', formatCurrency],
  ['formatDate', formatDate],
  ['pluralize', pluralize],
  ['and', logicalAnd],
  ['or', logicalOr],
  ['not', not],
  ['capitalize', capitalize],
  ['@index', itemIndex],
]);
