import { EVAL_LIMITS, createEvalBudget, exhaust, type EvalBudget, type EvalContext } from './budget.js';
import { passes, toBoolean, toNumber, toText } from './coerce.js';
import { A2UI_FUNCTIONS, OPEN_URL, logicalAnd, logicalOr } from './functions.js';
import { FORBIDDEN_SEGMENTS, getPointer, resolvePath } from './pointer.js';
import type { JsonObject, JsonValue } from './types.js';

// The context and budget (budget.ts) and the conversions (coerce.ts) stay importable from here, as before they moved.
export { EVAL_BUDGET, EVAL_LIMITS, createEvalBudget, exhaust, type EvalBudget, type EvalContext } from './budget.js';
export { chargedText, toBoolean, toNumber, toText, toTextUpTo } from './coerce.js';

/*
 * Dynamic values of A2UI v0.9 (common_types.json DynamicValue; a2ui_protocol.md "Data model representation" and
 * "Client-side logic & validation"): a literal is itself, `{path}` reads the data model (relative paths against the
 * current collection scope) and `{call, args}` runs a registered client function on its evaluated arguments. Nothing
 * here evaluates JavaScript, and nothing throws: a malformed value, an unknown function or one that fails is
 * `undefined`. Every evaluation of one render shares one budget (EvalBudget: function calls, regex steps, characters
 * of text) and each bounds its call nesting, so no agent-authored value or data can make a render run away. The
 * context and budget are in budget.ts, the conversions of a value to text, number and boolean in coerce.ts.
 */

const STATE = Symbol('a2ui.evaluationState');
type Budgeted = EvalContext & { readonly budget: EvalBudget; readonly [STATE]: { depth: number } };

/** The context with the budget (and call nesting) of the evaluation it belongs to (new at the top of an evaluation). */
function budgeted(ctx: EvalContext): Budgeted {
  if ((ctx as Partial<Budgeted>)[STATE]) return ctx as Budgeted;
  const { data, scope, functions, locale } = ctx;
  const shared = ctx.budget;
  const budget = shared && typeof shared === 'object' ? shared : createEvalBudget(EVAL_LIMITS);
  return { ...ctx, data, scope: typeof scope === 'string' ? scope : '', functions, locale, budget, [STATE]: { depth: 0 } };
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const own = (record: Readonly<Record<string, unknown>>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/** `value` as plain JSON (a copy of objects and arrays), or `undefined` when it is not JSON. */
function toJson(value: unknown, depth = 0): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (depth >= EVAL_LIMITS.jsonDepth) return undefined;
  if (Array.isArray(value)) return Array.from(value as unknown[], (item) => toJson(item, depth + 1) ?? null);
  if (!isRecord(value)) return undefined;
  const entries: [string, JsonValue][] = [];
  for (const key of Object.keys(value)) {
    const item = FORBIDDEN_SEGMENTS.has(key) ? undefined : toJson(value[key], depth + 1);
    if (item !== undefined) entries.push([key, item]);
  }
  return Object.fromEntries(entries);
}

function evaluateIn(value: unknown, ctx: Budgeted, depth: number): JsonValue | undefined {
  if (Array.isArray(value)) {
    return depth >= EVAL_LIMITS.jsonDepth ? undefined : Array.from(value as unknown[], (item) => evaluateIn(item, ctx, depth + 1) ?? null);
  }
  if (!isRecord(value)) return toJson(value, depth);
  const call = own(value, 'call');
  if (typeof call === 'string') return callFunction(call, own(value, 'args'), ctx, depth);
  const path = own(value, 'path');
  if (typeof path === 'string') {
    const pointer = resolvePath(path, ctx.scope);
    return pointer === null ? undefined : getPointer(ctx.data, pointer);
  }
  return toJson(value, depth);
}

function callFunction(name: string, rawArgs: unknown, ctx: Budgeted, depth: number): JsonValue | undefined {
  const { budget } = ctx;
  const state = ctx[STATE];
  // openUrl is a local action: the renderer runs it on a click, never while evaluating (see safeOpenUrl).
  if (name === OPEN_URL || budget.exhausted || state.depth >= EVAL_LIMITS.callDepth) return undefined;
  if (!(budget.calls > 0)) return exhaust(budget);
  budget.calls--;
  const fn = (ctx.functions ?? A2UI_FUNCTIONS).get(name);
  const args = rawArgs === undefined ? {} : rawArgs;
  if (typeof fn !== 'function' || !isRecord(args)) return undefined;
  state.depth++;
  try {
    if (fn === logicalAnd || fn === logicalOr) {
      // The specification encourages short-circuiting: later values are not evaluated once the result is known.
      const values = own(args, 'values');
      if (!Array.isArray(values)) return undefined;
      const stopAt = fn === logicalOr;
      for (const item of values as unknown[]) {
        const value = evaluateIn(item, ctx, depth + 1);
        if (budget.exhausted) return undefined;
        if (passes(value) === stopAt) return stopAt;
      }
      return !stopAt;
    }
    const evaluated: Record<string, JsonValue | undefined> = Object.create(null) as Record<string, JsonValue | undefined>;
    for (const key of Object.keys(args)) if (!FORBIDDEN_SEGMENTS.has(key)) evaluated[key] = evaluateIn(args[key], ctx, depth + 1);
    if (budget.exhausted) return undefined;
    const result = toJson(fn(evaluated, ctx));
    // Fail closed: a call that ran the budget out (a regex out of steps, say) has no value.
    if (budget.regexSteps < 0 || budget.chars < 0) budget.exhausted = true;
    return budget.exhausted ? undefined : result;
  } finally {
    state.depth--;
  }
}

/** A dynamic value's value: a literal is itself, `{path}` reads the data (relative to scope), `{call, args}` calls. */
export function evaluate(value: unknown, ctx: EvalContext): JsonValue | undefined {
  try {
    return evaluateIn(value, budgeted(ctx), 0);
  } catch {
    return undefined;
  }
}

export function evaluateString(value: unknown, ctx: EvalContext): string {
  return toText(evaluate(value, ctx));
}

/**
 * A number by renderer_guide.md's coercion table: a number, a numeric string's value, 0 for null, missing data and any
 * other string; `undefined` for a boolean, a list or an object (the table says nothing of them).
 */
export function evaluateNumber(value: unknown, ctx: EvalContext): number | undefined {
  const result = evaluate(value, ctx);
  // renderer_guide.md "Type Coercion Standards": null and undefined are 0, a string its number or 0. The table says
  // nothing of booleans, lists and objects: they are no number here.
  if (result === null || result === undefined) return 0;
  return typeof result === 'string' ? (toNumber(result) ?? 0) : toNumber(result);
}

export function evaluateBoolean(value: unknown, ctx: EvalContext): boolean {
  return toBoolean(evaluate(value, ctx));
}

/** An array's strings (numbers and booleans converted; null, objects and arrays skipped); one string is a list of one. */
export function evaluateStringList(value: unknown, ctx: EvalContext): string[] {
  const list = evaluate(value, ctx);
  if (typeof list === 'string') return [list];
  if (!Array.isArray(list)) return [];
  return (list as readonly JsonValue[]).flatMap((item) => (item !== null && typeof item !== 'object' ? [toText(item)] : []));
}

/** The absolute pointer an input's value is two-way bound to, when `value` is a {path} binding; null otherwise (or forbidden). */
export function bindingPointer(value: unknown, scope: string): string | null {
  try {
    if (!isRecord(value) || own(value, 'call') !== undefined) return null;
    const path = own(value, 'path');
    return typeof path === 'string' ? resolvePath(path, typeof scope === 'string' ? scope : '') : null;
  } catch {
    return null;
  }
}

/**
 * Resolves an action's event context: every value evaluated (a2ui_protocol.md "Server actions"). A value that resolves
 * to nothing (a path with no data yet, a failed call) is sent as `null`, so the keys the agent asked for are all there.
 */
export function resolveContext(context: unknown, ctx: EvalContext): JsonObject {
  try {
    if (!isRecord(context)) return {};
    const shared = budgeted(ctx);
    const keys = Object.keys(context).filter((key) => !FORBIDDEN_SEGMENTS.has(key));
    return Object.fromEntries(keys.map((key) => [key, evaluate(context[key], shared) ?? null]));
  } catch {
    return {};
  }
}

/**
 * Runs a component's `checks` (CheckRule[]): the messages of the failing ones, in order. A rule is `{condition,
 * message}` (common_types.json) or, as a2ui_protocol.md's example writes it, a function call with a `message`. A
 * condition passes only when it evaluates to true (with the boolean conversion): an unknown function, a malformed rule
 * or an exhausted budget fails, so a form is never submittable by mistake. A rule without a string message gives ''.
 */
export function failingChecks(checks: unknown, ctx: EvalContext): string[] {
  const failing: string[] = [];
  try {
    if (!Array.isArray(checks)) return [];
    const shared = budgeted(ctx);
    for (const rule of checks as unknown[]) {
      const record = isRecord(rule) ? rule : {};
      const hasCondition = Object.prototype.hasOwnProperty.call(record, 'condition');
      const condition = hasCondition ? own(record, 'condition') : typeof own(record, 'call') === 'string' ? record : undefined;
      // v1.0: a condition may give a ValidationResult, `{valid, message?}`; its message goes before the rule's.
      const result = evaluate(condition, shared);
      const verdict = isRecord(result) && typeof result['valid'] === 'boolean' ? result : undefined;
      if (!passes(result)) {
        const message = [verdict?.['message'], own(record, 'message')].find((text) => typeof text === 'string');
        failing.push(typeof message === 'string' ? message : '');
      }
    }
    return failing;
  } catch {
    return [...failing, '']; // fail closed
  }
}