import { exhaust, type EvalContext } from './budget.js';
import type { JsonValue } from './types.js';

/*
 * The specification's conversions of a value to text, a number and a boolean (renderer_guide.md "Type Coercion
 * Standards"), with text cut to a length or charged to the budget (toTextUpTo, chargedText). Apart from the evaluator
 * (evaluate.ts): the client functions convert their arguments, already evaluated, with them and need nothing else of it.
 */

/** The specification's conversion to a string: numbers and booleans as usual, null and undefined '', others as JSON. */
export function toText(value: JsonValue | undefined): string {
  return toTextUpTo(value, Infinity);
}

/**
 * The first `max` characters of toText(value), in time O(max) however large the value: an object or array is written
 * as JSON.stringify writes it, stopping once `max` characters are out.
 */
export function toTextUpTo(value: JsonValue | undefined, max: number): string {
  if (typeof value === 'string') return value.length > max ? value.slice(0, max) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).slice(0, max);
  if (value === null || typeof value !== 'object') return '';
  const parts: string[] = [];
  let size = 0;
  const put = (s: string): boolean => {
    parts.push(s);
    return (size += s.length) < max;
  };
  const write = (v: unknown): boolean => {
    if (typeof v === 'string') {
      const room = Math.min(v.length, Math.max(0, max - size)); // each code unit writes one character or more
      return put(JSON.stringify(v.slice(0, room + 1)));
    }
    if (v === null || typeof v !== 'object') return put(typeof v === 'number' || typeof v === 'boolean' ? JSON.stringify(v) : 'null');
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !write((v as unknown[])[i] ?? null)) return false;
      return put(']');
    }
    if (!put('{')) return false;
    let first = true;
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      if (item === undefined) continue;
      if ((!first && !put(',')) || !put(`${JSON.stringify(key)}:`) || !write(item)) return false;
      first = false;
    }
    return put('}');
  };
  try {
    write(value);
  } catch {
    return '';
  }
  const text = parts.join('');
  return text.length > max ? text.slice(0, max) : text;
}

/**
 * toText(value) up to `max` characters, taken from the context's budget: `undefined` (the budget exhausted) when more
 * than it has left would be needed. Without a budget, only `max` bounds it.
 */
export function chargedText(value: JsonValue | undefined, ctx: EvalContext, max = Infinity): string | undefined {
  const budget = ctx.budget;
  const left = budget ? Math.max(0, budget.chars) : Infinity;
  const text = toTextUpTo(value, Math.min(max, left + 1));
  if (!budget) return text;
  if (text.length > left) {
    budget.chars = -1;
    return exhaust(budget);
  }
  budget.chars -= text.length;
  return text;
}

/** A number, or a string that reads as one (surrounding blanks allowed); `undefined` for anything else. */
export function toNumber(value: JsonValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A check's verdict: a v1.0 ValidationResult (`{valid, …}`) is its `valid`; any other value is read as a boolean. */
export const passes = (value: JsonValue | undefined): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { valid?: unknown }).valid === 'boolean' ? (value as { valid: boolean }).valid : toBoolean(value);

/** renderer_guide.md "Type Coercion Standards": "true"/"false" in any case, non-zero numbers; everything else false. */
export function toBoolean(value: JsonValue | undefined): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.toLowerCase() === 'true';
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return false;
}
