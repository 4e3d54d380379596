import { A2UI_LIMITS } from './limits.js';
import type { FunctionRegistry } from './functions.js';
import { REGEX_TEST_STEPS } from './regex.js';
import type { JsonValue } from './types.js';

/*
 * What an evaluation runs in (evaluate.ts): the context it reads and the budget of work it may do, with its bounds.
 * Apart from the evaluator: the client functions (functions.ts, format.ts, format-date.ts) take this context and
 * charge this budget, and most of them need nothing else of evaluate.ts.
 */

export interface EvalContext {
  /** The surface's data model (root). */
  readonly data: JsonValue;
  /** Absolute JSON Pointer of the current collection scope (a template item), '' at the surface root. */
  readonly scope: string;
  /** Registered client functions (defaults to A2UI_FUNCTIONS); a host may add its own. */
  readonly functions?: FunctionRegistry;
  /** BCP 47 locale of formatNumber, formatCurrency, formatDate and pluralize; the runtime's when absent. */
  readonly locale?: string;
  /**
   * The work every evaluation of one render shares (createEvalBudget, one per render of a surface); when absent, each
   * evaluate() (resolveContext, failingChecks) has its own, of EVAL_LIMITS.
   */
  readonly budget?: EvalBudget;
}

/**
 * Work left to the evaluations sharing it, taken as they run. Once one allowance runs out, `exhausted` is set and every
 * further function call is `undefined` (a check on it fails, a Text shows nothing); nothing throws.
 */
export interface EvalBudget {
  /** Function calls left (nested ones and formatString's included). */
  calls: number;
  /** Steps left of the regex function's matcher (regex.ts; a cached result costs none); -1 once a match ran out. */
  regexSteps: number;
  /** Characters left that functions turn values into (formatString's templates and results, length's and pluralize's text). */
  chars: number;
  /** Whether an allowance ran out: the renderer may say that some values could not be shown. */
  exhausted: boolean;
}

/** The budget of one render of a surface (ours); 2,000 template instances of a few bindings each fit well within it. */
export const EVAL_BUDGET = {
  /** Function calls: 10 per template instance at the template expansion limit. ~0.1 s at worst. */
  calls: 20_000,
  /** Regex matcher steps (an instruction visited or a thread tested; ~12 ns each): ~60 ms here, ~0.25 s on a slow machine. */
  regexSteps: 5_000_000,
  /** Characters functions produce or read as text: 1M (2 MB of strings), ~50 ms of formatting at worst. */
  chars: 1_000_000,
} as const;

/** The bounds of one evaluation (ours: the specification gives none); its budget when the context brings none. */
export const EVAL_LIMITS = {
  /** Function calls one evaluation may make, nested ones and formatString's included; past it, calls are `undefined`. */
  calls: 1000,
  /** Regex matcher steps of one evaluation (REGEX_TEST_STEPS, as one test()). */
  regexSteps: REGEX_TEST_STEPS,
  /** Characters functions produce or read as text in one evaluation: the data model's size. */
  chars: A2UI_LIMITS.dataModelBytes,
  /** Function calls nested inside each other. */
  callDepth: 16,
  /** Nesting of arrays and objects in a value read as literal. */
  jsonDepth: 64,
} as const;

/** A fresh budget for one render: EVAL_BUDGET, or the limits given. */
export function createEvalBudget(limits: Partial<Record<'calls' | 'regexSteps' | 'chars', number>> = {}): EvalBudget {
  const pick = (key: 'calls' | 'regexSteps' | 'chars'): number => {
    const value = limits[key];
    return typeof value === 'number' && value >= 0 ? value : EVAL_BUDGET[key];
  };
  return { calls: pick('calls'), regexSteps: pick('regexSteps'), chars: pick('chars'), exhausted: false };
}

/** Marks the budget run out (every further call is then `undefined`). */
export function exhaust(budget: EvalBudget | undefined): undefined {
  if (budget) budget.exhausted = true;
  return undefined;
}
