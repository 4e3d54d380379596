import { A2UI_LIMITS } from '../../limits.js';
import { chargedText, evaluate, exhaust, toTextUpTo, type EvalContext } from './evaluate.js';
import type { JsonValue } from './types.js';

/*
 * The basic catalog's formatString (a2ui_protocol.md "The formatString function") and formatDate (a Unicode TR35
 * pattern, catalog.json). A template is parsed by a small recursive-descent parser; its expressions become ordinary
 * dynamic values (`{path}`, `{call, args}`) handed to evaluate(), so they share the evaluation's call budget.
 * Grammar inside `${…}`: a literal ('…' or "…" with backslash escapes, a number, true, false, null), a nested `${…}`,
 * a call `name(arg: value, …)`, or else a path (absolute, or relative to the scope) running to the closing `}`.
 * Escaping: `\${` is a literal `${`; every other backslash outside expressions is itself.
 */

/** Bounds of one template (ours). */
export const FORMAT_LIMITS = {
  /** Characters of a template that are read (the rest is cut): A2UI_LIMITS.formatStringChars. */
  templateChars: A2UI_LIMITS.formatStringChars,
  /** Characters of formatString's result: A2UI_LIMITS.stringChars. */
  outputChars: A2UI_LIMITS.stringChars,
  /** `${` openings one template may have; past them the rest of the template is shown as written. */
  interpolations: 100,
  /** `${…}` and calls nested inside one another. */
  nesting: 8,
  /** Arguments of one call. */
  args: 16,
  /** Characters of a formatDate pattern. */
  datePattern: 100,
} as const;

type Expr =
  | { readonly k: 'lit'; readonly v: JsonValue }
  | { readonly k: 'path'; readonly p: string }
  | { readonly k: 'call'; readonly name: string; readonly args: readonly (readonly [string, Expr])[] };

class SyntaxFault extends Error {}
const fault = (): never => {
  throw new SyntaxFault();
};

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

class ExpressionParser {
  constructor(
    private readonly s: string,
    public i: number,
  ) {}

  private ws(): void {
    while (/\s/.test(this.s[this.i] ?? '')) this.i++;
  }

  private sticky(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.s);
    return m ? m[0] : null;
  }

  /** An expression; `topLevel` when it fills a `${…}` (a path then runs to the closing brace). */
  expr(depth: number, topLevel: boolean): Expr {
    if (depth > FORMAT_LIMITS.nesting) fault();
    this.ws();
    const c = this.s[this.i];
    if (c === '$' && this.s[this.i + 1] === '{') {
      this.i += 2;
      const inner = this.expr(depth + 1, true);
      this.ws();
      if (this.s[this.i++] !== '}') fault();
      return inner;
    }
    if (c === "'" || c === '"') return { k: 'lit', v: this.quoted(c) };
    const number = this.sticky(NUMBER);
    if (number !== null && /^[\s,)}]?$/.test(this.s[this.i + number.length] ?? '')) {
      this.i += number.length;
      return { k: 'lit', v: Number(number) };
    }
    const ident = this.sticky(IDENT);
    if (ident !== null) {
      const after = this.i + ident.length;
      let j = after;
      while (/\s/.test(this.s[j] ?? '')) j++;
      if (this.s[j] === '(') {
        this.i = j + 1;
        return this.call(ident, depth);
      }
      const end = this.s[after];
      if ((ident === 'true' || ident === 'false' || ident === 'null') && (end === undefined || /[\s,)}]/.test(end))) {
        this.i = after;
        return { k: 'lit', v: ident === 'null' ? null : ident === 'true' };
      }
    }
    const start = this.i;
    const stop = topLevel ? /^(?:\}|\$\{)/ : /^(?:[\s,)}]|\$\{)/;
    while (this.i < this.s.length && !stop.test(this.s.slice(this.i, this.i + 2))) this.i++;
    const path = this.s.slice(start, this.i).trim();
    return path === '' ? fault() : { k: 'path', p: path };
  }

  private quoted(quote: string): string {
    let out = '';
    for (this.i++; this.i < this.s.length; this.i++) {
      const c = this.s[this.i]!;
      if (c === quote) {
        this.i++;
        return out;
      }
      if (c === '\\' && this.i + 1 < this.s.length) this.i++;
      out += this.s[this.i];
    }
    return fault();
  }

  /** After `name(`: named arguments, or one unnamed argument, which is `value` (as in `${upper(${now()})}`). */
  private call(name: string, depth: number): Expr {
    const args: [string, Expr][] = [];
    this.ws();
    if (this.s[this.i] === ')') {
      this.i++;
      return { k: 'call', name, args };
    }
    for (;;) {
      if (args.length >= FORMAT_LIMITS.args) fault();
      this.ws();
      const label = /([A-Za-z_][A-Za-z0-9_]*)\s*:/y;
      label.lastIndex = this.i;
      const m = label.exec(this.s);
      if (m) this.i += m[0].length;
      else if (args.length > 0) fault();
      args.push([m ? m[1]! : 'value', this.expr(depth + 1, false)]);
      this.ws();
      const c = this.s[this.i++];
      if (c === ')') return { k: 'call', name, args };
      if (c !== ',' || !m) fault();
    }
  }
}

/** The index just past the `}` closing the `${` at `open` (quotes skipped), or -1 when it is not closed. */
function skipInterpolation(s: string, open: number): number {
  let depth = 0;
  for (let i = open + 1; i < s.length; i++) {
    const c = s[i];
    if (c === "'" || c === '"') {
      const close = s.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** An expression as the dynamic value evaluate() reads. */
function toDynamic(expr: Expr): unknown {
  if (expr.k === 'lit') return expr.v;
  if (expr.k === 'path') return { path: expr.p };
  return { call: expr.name, args: Object.fromEntries(expr.args.map(([key, arg]) => [key, toDynamic(arg)])) };
}

/**
 * Interpolates a template: its first FORMAT_LIMITS.templateChars characters, into at most `cap` characters (each
 * value is turned into text only as far as the room left; an object is never stringified whole).
 */
export function interpolate(template: string, ctx: EvalContext, cap: number = FORMAT_LIMITS.outputChars): string {
  const s = template.slice(0, FORMAT_LIMITS.templateChars);
  let out = '';
  let at = 0;
  for (let count = 0; at < s.length && out.length < cap; count++) {
    const open = s.indexOf('${', at);
    if (open < 0 || count >= FORMAT_LIMITS.interpolations) break;
    if (open > 0 && s[open - 1] === '\\') {
      out += `${s.slice(at, open - 1)}\${`;
      at = open + 2;
      continue;
    }
    out += s.slice(at, open);
    const parser = new ExpressionParser(s, open);
    let value: JsonValue | undefined;
    try {
      value = evaluate(toDynamic(parser.expr(0, false)), ctx);
      at = parser.i;
    } catch (error) {
      if (!(error instanceof SyntaxFault)) throw error;
      // A malformed expression shows nothing; an unclosed one is shown as written.
      at = skipInterpolation(s, open);
      if (at < 0) {
        at = open;
        break;
      }
    }
    out += toTextUpTo(value, Math.max(0, cap - out.length));
  }
  return (out + s.slice(at, at + Math.max(0, cap - out.length))).slice(0, cap);
}

/**
 * formatString: the template interpolated (a value that is not a string, as text), at most FORMAT_LIMITS.outputChars
 * characters. The template's characters read and the result's are taken from the budget's `chars`; past it the
 * result is `undefined` (the budget exhausted).
 */
export function formatString(args: Readonly<Record<string, JsonValue | undefined>>, ctx: EvalContext): JsonValue | undefined {
  const value = args.value;
  if (typeof value !== 'string') return chargedText(value, ctx, FORMAT_LIMITS.outputChars);
  const read = Math.min(value.length, FORMAT_LIMITS.templateChars);
  const { budget } = ctx;
  if (budget && (budget.chars -= read) < 0) return exhaust(budget);
  const out = interpolate(value, ctx, budget ? Math.min(FORMAT_LIMITS.outputChars, Math.max(0, budget.chars) + 1) : FORMAT_LIMITS.outputChars);
  return budget?.exhausted ? undefined : chargedText(out, ctx);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * A date from epoch milliseconds or an ISO 8601 string: a date-time with an offset is that instant; a date, a
 * date-time without offset or a time alone (on 1970-01-01) are local, as a DateTimeInput writes them.
 */
export function toDate(value: JsonValue | undefined): Date | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= 8.64e15 ? new Date(value) : undefined;
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const time = TIME.exec(value);
  const m = time ? ['', '1970', '01', '01', ...time.slice(1)] : ISO.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m.slice(1, 7).map((digits) => Number(digits ?? 0));
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h > 23 || mi > 59 || sec > 59) return undefined;
  const offset = m[8];
  if (offset === undefined || time) {
    const date = new Date(y!, mo! - 1, d!, h, mi, sec, ms);
    return date.getDate() === d ? date : undefined;
  }
  const minutes = offset.toUpperCase() === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
  const utc = Date.UTC(y!, mo! - 1, d!, h, mi, sec, ms);
  return new Date(y!, mo! - 1, d!).getDate() === d ? new Date(utc - minutes * 60_000) : undefined;
}

const pad = (n: number, width: number): string => String(n).padStart(Math.min(width, 10), '0');

/** One named part of the date as Intl writes it in the locale (a month or weekday name, the day period). */
function part(date: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes): string {
  return new Intl.DateTimeFormat(locale, options).formatToParts(date).find((p) => p.type === type)?.value ?? '';
}

const WIDTHS = ['short', 'long', 'narrow'] as const;

/** One field of a TR35 pattern (a run of `n` times `letter`); null for a letter we do not format. */
function field(date: Date, letter: string, n: number, locale: string | undefined): string | null {
  const hours = date.getHours();
  const width = WIDTHS[Math.min(n, 5) - 3] ?? 'short';
  switch (letter) {
    case 'y':
    case 'Y': // the week-based year, simplified to the calendar year (they differ only around New Year)
      return n === 2 ? pad(date.getFullYear() % 100, 2) : pad(date.getFullYear(), n);
    case 'M':
    case 'L':
      if (n <= 2) return pad(date.getMonth() + 1, n);
      // M is the month as it stands in a date (day included), L as it stands alone: they differ in some languages.
      return part(date, locale, letter === 'M' ? { day: 'numeric', month: width } : { month: width }, 'month');
    case 'd':
      return pad(date.getDate(), n);
    case 'E':
      return part(date, locale, { weekday: n <= 3 ? 'short' : width }, 'weekday');
    case 'a':
      return part(date, locale, { hour: 'numeric', hour12: true }, 'dayPeriod');
    case 'h':
      return pad(hours % 12 || 12, n);
    case 'H':
      return pad(hours, n);
    case 'K':
      return pad(hours % 12, n);
    case 'k':
      return pad(hours || 24, n);
    case 'm':
      return pad(date.getMinutes(), n);
    case 's':
      return pad(date.getSeconds(), n);
    case 'S':
      return pad(date.getMilliseconds(), 3).slice(0, n).padEnd(n, '0');
    default:
      return null;
  }
}

/**
 * formatDate: the catalog's TR35 fields (y M L d E a h H K k m s S, and Y as y; numbers in ASCII digits, names from Intl in
 * the context's locale, local time), `'quoted'` text and `''` for a quote. Other letters are copied as written.
 * a2ui_protocol.md's own example writes the year `YYYY` (TR35's week-based year): it is read as the calendar year,
 * which it is but for a few days around New Year (2024-12-30, a Monday, is in week-year 2025).
 */
export function formatDate(args: Readonly<Record<string, JsonValue | undefined>>, ctx: EvalContext): JsonValue | undefined {
  const pattern = args.format;
  const date = toDate(args.value);
  if (typeof pattern !== 'string' || pattern.length > FORMAT_LIMITS.datePattern || !date) return undefined;
  try {
    let out = '';
    for (let i = 0; i < pattern.length; ) {
      const c = pattern[i]!;
      if (c === "'") {
        if (pattern[i + 1] === "'") {
          out += "'";
          i += 2;
          continue;
        }
        let j = i + 1;
        while (j < pattern.length && (pattern[j] !== "'" || pattern[j + 1] === "'")) {
          out += pattern[j];
          j += pattern[j] === "'" ? 2 : 1;
        }
        i = j + 1;
      } else if (/[A-Za-z]/.test(c)) {
        let j = i;
        while (pattern[j] === c) j++;
        out += field(date, c, j - i, ctx.locale) ?? pattern.slice(i, j);
        i = j;
      } else {
        out += c;
        i++;
      }
    }
    return out;
  } catch {
    return undefined; // an invalid locale
  }
}
