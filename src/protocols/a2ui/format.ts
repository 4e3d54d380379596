import { A2UI_LIMITS } from './limits.js';
import { exhaust, type EvalContext } from './budget.js';
import { chargedText, toTextUpTo } from './coerce.js';
import { evaluate } from './evaluate.js';
import type { JsonValue } from './types.js';

/*
 * The basic catalog's formatString (a2ui_protocol.md "The formatString function"; formatDate is in format-date.ts).
 * A template is parsed by a small recursive-descent parser; its expressions become ordinary dynamic values (`{path}`,
 * `{call, args}`) handed to evaluate(), so they share the evaluation's call budget.
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

/** A name: of a function (v1.0's built-in `@index` too: `${@index(offset: 1)}`) or a literal. */
const IDENT = /@?[A-Za-z_][A-Za-z0-9_]*/y;
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
