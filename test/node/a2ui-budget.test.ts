// The per-render evaluation budget (src/protocols/a2ui/budget.ts EvalBudget): shared by every evaluation of a render, it
// bounds function calls, regex matcher steps and characters of text, and fails closed once exhausted. Termination and
// results only; timings measured while writing them are in comments.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  EVAL_BUDGET,
  EVAL_LIMITS,
  createEvalBudget,
  evaluate,
  failingChecks,
  toText,
  toTextUpTo,
  type EvalContext,
} from '../../src/protocols/a2ui/evaluate.js';
import { FORMAT_LIMITS } from '../../src/protocols/a2ui/format.js';
import { A2UI_FUNCTIONS, type A2uiFunction } from '../../src/protocols/a2ui/functions.js';
import type { JsonValue } from '../../src/protocols/a2ui/types.js';

// 106 characters: 900 optional copies of a class written as 42 escapes and 9 letters. On 4,096 × U+4E00 a test() took
// ~0.8 s before classes were normalized; now one matcher step is a bitset or binary-search probe (~12 ns).
const WIDE_CLASS = `(?:[${'\\d\\w\\s'.repeat(14)}bcdefghij]?){900}x`;
const HAN = '\u4e00'.repeat(4096);

describe('createEvalBudget', () => {
  it('starts from EVAL_BUDGET, or the limits given', () => {
    assert.deepEqual(createEvalBudget(), { ...EVAL_BUDGET, exhausted: false });
    assert.deepEqual(createEvalBudget({ calls: 3, regexSteps: -1 }), { ...EVAL_BUDGET, calls: 3, exhausted: false });
  });
});

describe('a shared budget', () => {
  it('is taken by every evaluation of a render, and past it every call is undefined', () => {
    const budget = createEvalBudget({ calls: 10 });
    const c: EvalContext = { data: { n: 1 }, scope: '', budget };
    for (let i = 0; i < 10; i++) assert.equal(evaluate({ call: 'not', args: { value: false } }, c), true);
    assert.equal(budget.exhausted, false);
    assert.equal(evaluate({ call: 'not', args: { value: false } }, c), undefined);
    assert.equal(budget.exhausted, true);
    assert.equal(evaluate({ path: '/n' }, c), 1); // bindings still read the data
    assert.deepEqual(failingChecks([{ call: 'required', args: { value: 'x' }, message: 'm' }], c), ['m']); // fails closed
  });

  it('stops 50 evaluations of an `or` of 20 costly regex calls early', () => {
    // Without a shared budget each evaluation would run its 20 matches (1,000 in all, ~0.8 s each before the class
    // fix, ~25 ms each now at the per-test cap). With it, the first match runs the render's steps out (~60 ms).
    let matches = 0;
    const regex = A2UI_FUNCTIONS.get('regex')!;
    const functions = new Map<string, A2uiFunction>([...A2UI_FUNCTIONS, ['regex', (args, c) => (matches++, regex(args, c))]]);
    const budget = createEvalBudget();
    const c: EvalContext = { data: { text: HAN }, scope: '', functions, budget };
    const calls = Array.from({ length: 20 }, (_, i) => ({ call: 'regex', args: { value: { path: '/text' }, pattern: `${WIDE_CLASS}${i}` } }));
    const results = Array.from({ length: 50 }, () => evaluate({ call: 'or', args: { values: calls } }, c));
    assert.equal(budget.exhausted, true);
    assert.ok(budget.regexSteps < 0);
    assert.equal(matches, 1);
    assert.ok(results.every((r) => r === undefined));
  });

  it('counts formatString of ${/} on a 200 KiB model, capped at its output limit, never stringifying it whole', () => {
    const model = { rows: Array.from({ length: 2000 }, (_, i) => ({ id: i, text: 'y'.repeat(90) })) };
    assert.ok(JSON.stringify(model).length > 200 * 1024);
    const budget = createEvalBudget();
    const c: EvalContext = { data: model, scope: '', budget };
    const out = evaluate({ call: 'formatString', args: { value: '${/}' } }, c);
    assert.equal(typeof out === 'string' && out.length, FORMAT_LIMITS.outputChars);
    assert.equal(out, JSON.stringify(model).slice(0, FORMAT_LIMITS.outputChars));
    assert.equal(budget.chars, EVAL_BUDGET.chars - FORMAT_LIMITS.outputChars - '${/}'.length);
    // Repeated, the render's characters run out: the rest is undefined, not more 16 KiB strings.
    const outs = Array.from({ length: 100 }, () => evaluate({ call: 'formatString', args: { value: '${/}' } }, c));
    assert.equal(budget.exhausted, true);
    assert.equal(outs.filter((o) => typeof o === 'string').length, Math.floor((EVAL_BUDGET.chars - FORMAT_LIMITS.outputChars - 4) / (FORMAT_LIMITS.outputChars + 4)));
    assert.equal(outs.at(-1), undefined);
  });

  it('without one, each evaluation has its own (EVAL_LIMITS) and formatString of a huge model is still capped', () => {
    const c: EvalContext = { data: { s: 'z'.repeat(EVAL_LIMITS.chars) }, scope: '' };
    assert.equal(evaluate({ call: 'length', args: { value: { path: '/s' }, min: 1 } }, c), true);
    assert.equal(evaluate({ call: 'formatString', args: { value: '${/s}' } }, c), 'z'.repeat(FORMAT_LIMITS.outputChars));
    const longer: EvalContext = { ...c, data: { s: 'z'.repeat(EVAL_LIMITS.chars + 1) } };
    assert.equal(evaluate({ call: 'length', args: { value: { path: '/s' } } }, longer), undefined);
  });

  it('a 2,000-instance surface of a few bindings each fits one budget', () => {
    const budget = createEvalBudget();
    const c: EvalContext = { data: { items: Array.from({ length: 2000 }, (_, i) => ({ name: `Item ${i}`, code: `A${i}`, qty: i })) }, scope: '', budget };
    for (let i = 0; i < 2000; i++) {
      const item = { ...c, scope: `/items/${i}` };
      assert.equal(evaluate({ call: 'formatString', args: { value: '${name} (${code}): ${qty} in stock' } }, item), `Item ${i} (A${i}): ${i} in stock`);
      assert.equal(evaluate({ call: 'regex', args: { value: { path: 'code' }, pattern: '^[A-Z]\\d{1,6}$' } }, item), true);
      assert.equal(evaluate({ call: 'and', args: { values: [{ call: 'required', args: { value: { path: 'name' } } }, { call: 'numeric', args: { value: { path: 'qty' }, min: 0 } }] } }, item), true);
    }
    assert.equal(budget.exhausted, false);
  });
});

describe('toTextUpTo', () => {
  it('is a prefix of toText of the length asked, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat({ max: 200 }), (value, max) => {
        const full = typeof value === 'object' && value !== null ? JSON.stringify(value) : toText(value as JsonValue);
        assert.equal(toTextUpTo(value as JsonValue, max), full.slice(0, max));
        assert.equal(toTextUpTo(value as JsonValue, Infinity), full);
      }),
      { numRuns: 2000 },
    );
  });
});
