// A2UI dynamic values (src/protocols/a2ui/evaluate.ts) and formatString (src/protocols/a2ui/format.ts): bindings and scope, the type
// conversions, action contexts, checks, the template syntax, and the bounds that keep agent input from running away.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  EVAL_LIMITS,
  bindingPointer,
  evaluate,
  evaluateBoolean,
  evaluateNumber,
  evaluateString,
  evaluateStringList,
  failingChecks,
  resolveContext,
  type EvalContext,
} from '../../src/protocols/a2ui/evaluate.js';
import { FORMAT_LIMITS } from '../../src/protocols/a2ui/format.js';
import { A2UI_FUNCTIONS, type A2uiFunction } from '../../src/protocols/a2ui/functions.js';
import type { JsonValue } from '../../src/protocols/a2ui/types.js';

const data: JsonValue = {
  company: 'Acme Corp',
  user: { firstName: 'Ada', profile: { name: 'Ada L.' } },
  employees: [
    { name: 'Alice', role: 'Engineer' },
    { name: 'Bob', role: 'Designer' },
  ],
  count: 3,
  flag: true,
  tags: ['a', 'b'],
  nothing: null,
  'a/b': 'slash',
};
const ctx: EvalContext = { data, scope: '', locale: 'en-US' };
const inBob: EvalContext = { ...ctx, scope: '/employees/1' };
const format = (value: unknown, context: EvalContext = ctx): JsonValue | undefined => evaluate({ call: 'formatString', args: { value } }, context);

describe('evaluate', () => {
  it('gives literals as themselves', () => {
    for (const value of ['x', 1.5, true, null, ['a', 1]]) assert.deepEqual(evaluate(value, ctx), value);
    assert.deepEqual(evaluate({ some: { literal: [1] } }, ctx), { some: { literal: [1] } });
    assert.equal(evaluate('${/company}', ctx), '${/company}'); // only formatString interpolates
  });

  it('reads absolute paths, and relative paths in the collection scope', () => {
    assert.equal(evaluate({ path: '/company' }, ctx), 'Acme Corp');
    assert.equal(evaluate({ path: '/employees/0/name' }, ctx), 'Alice');
    assert.equal(evaluate({ path: 'name' }, inBob), 'Bob');
    assert.equal(evaluate({ path: './role' }, inBob), 'Designer');
    assert.equal(evaluate({ path: '/company' }, inBob), 'Acme Corp');
    assert.deepEqual(evaluate({ path: '.' }, inBob), { name: 'Bob', role: 'Designer' });
    assert.equal(evaluate({ path: '/a~1b' }, ctx), 'slash');
    assert.deepEqual(evaluate({ path: '/' }, ctx), data);
  });

  it('reads nothing at missing, malformed or forbidden paths', () => {
    for (const path of ['/missing', '/employees/2/name', '/employees/x', '/user/__proto__', '/constructor', '/a~2', 'toString']) {
      assert.equal(evaluate({ path }, ctx), undefined, path);
    }
  });

  it('evaluates the items of arrays, as and/or need', () => {
    assert.deepEqual(evaluate([{ path: '/company' }, { path: '/missing' }, { call: 'not', args: { value: true } }], ctx), ['Acme Corp', null, false]);
  });

  it('is undefined for unknown functions, failing ones and non-JSON results', () => {
    const functions = new Map<string, A2uiFunction>([
      ['boom', () => {
        throw new Error('boom');
      }],
      ['nan', () => NaN],
      ['fn', () => (() => 1) as unknown as JsonValue],
      ['proto', () => JSON.parse('{"__proto__": {"polluted": 1}, "ok": 1}') as JsonValue],
    ]);
    assert.equal(evaluate({ call: 'nope', args: {} }, ctx), undefined);
    assert.equal(evaluate({ call: 'required', args: 'not an object' }, ctx), undefined);
    for (const name of ['boom', 'nan', 'fn']) assert.equal(evaluate({ call: name }, { ...ctx, functions }), undefined, name);
    assert.deepEqual(evaluate({ call: 'proto' }, { ...ctx, functions }), { ok: 1 });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('passes a host function its evaluated arguments and the context', () => {
    let seen: unknown;
    const functions = new Map<string, A2uiFunction>([['spy', (args, c) => ((seen = { ...args, scope: c.scope }), 'ok')]]);
    assert.equal(evaluate({ call: 'spy', args: { a: { path: 'name' }, b: 2, __proto__x: 1 } }, { ...inBob, functions }), 'ok');
    assert.deepEqual(seen, { a: 'Bob', b: 2, __proto__x: 1, scope: '/employees/1' });
  });
});

describe('conversions', () => {
  it('evaluateString: numbers and booleans as usual, null and undefined empty, objects and arrays as JSON', () => {
    assert.equal(evaluateString({ path: '/count' }, ctx), '3');
    assert.equal(evaluateString({ path: '/flag' }, ctx), 'true');
    assert.equal(evaluateString({ path: '/nothing' }, ctx), '');
    assert.equal(evaluateString({ path: '/missing' }, ctx), '');
    assert.equal(evaluateString({ path: '/tags' }, ctx), '["a","b"]');
    assert.equal(evaluateString({ path: '/employees/0' }, ctx), '{"name":"Alice","role":"Engineer"}');
  });

  it('evaluateNumber: the coercion table (a numeric string its number, any other string, null and a missing value 0)', () => {
    assert.equal(evaluateNumber({ path: '/count' }, ctx), 3);
    assert.equal(evaluateNumber(' 4.5 ', ctx), 4.5);
    for (const value of ['abc', '', { path: '/missing' }, { path: '/nothing' }, null]) assert.equal(evaluateNumber(value, ctx), 0, JSON.stringify(value));
    for (const value of [true, [1], { path: '/tags' }]) assert.equal(evaluateNumber(value, ctx), undefined, `${JSON.stringify(value)}: the table says nothing`);
  });

  it('evaluateBoolean: "true"/"false" in any case and non-zero numbers; anything else false', () => {
    for (const value of [true, 'true', 'TRUE', 1, -2, { path: '/flag' }]) assert.equal(evaluateBoolean(value, ctx), true, JSON.stringify(value));
    for (const value of [false, 'false', 'yes', '', 0, null, [true], { path: '/missing' }]) assert.equal(evaluateBoolean(value, ctx), false, JSON.stringify(value));
  });

  it('evaluateStringList: an array of strings (scalars converted), one string as a list of one', () => {
    assert.deepEqual(evaluateStringList({ path: '/tags' }, ctx), ['a', 'b']);
    assert.deepEqual(evaluateStringList(['x', 1, true, null, { a: 1 }], ctx), ['x', '1', 'true']);
    assert.deepEqual(evaluateStringList('x', ctx), ['x']);
    assert.deepEqual(evaluateStringList({ path: '/missing' }, ctx), []);
  });
});

describe('bindingPointer', () => {
  it('gives the absolute pointer of a {path} binding in its scope', () => {
    assert.equal(bindingPointer({ path: '/formData/email' }, ''), '/formData/email');
    assert.equal(bindingPointer({ path: 'name' }, '/employees/1'), '/employees/1/name');
  });

  it('is null for literals, calls, and malformed or forbidden paths', () => {
    for (const value of ['x', null, { call: 'required', path: '/a' }, { path: 5 }, { path: '/__proto__/x' }, { path: 'a~' }]) {
      assert.equal(bindingPointer(value, ''), null, JSON.stringify(value));
    }
    assert.equal(bindingPointer({ path: 'x' }, 5 as unknown as string), '/x');
  });
});

describe('resolveContext', () => {
  it("evaluates every value of an action's context, null when there is none", () => {
    const context = { email: { path: '/user/firstName' }, itemId: '123', n: 2, missing: { path: '/missing' }, all: { call: 'not', args: { value: false } } };
    assert.deepEqual(resolveContext(context, ctx), { email: 'Ada', itemId: '123', n: 2, missing: null, all: true });
  });

  it('drops forbidden keys and reads nothing from non-objects', () => {
    assert.deepEqual(resolveContext(JSON.parse('{"__proto__": {"x": 1}, "a": 1}'), ctx), { a: 1 });
    assert.deepEqual(resolveContext(['a'], ctx), {});
    assert.deepEqual(resolveContext(undefined, ctx), {});
  });
});

describe('failingChecks', () => {
  const zipChecks = [
    { call: 'required', args: { value: { path: '/formData/zip' } }, message: 'Zip code is required' },
    { call: 'regex', args: { value: { path: '/formData/zip' }, pattern: '^[0-9]{5}$' }, message: 'Must be a 5-digit zip code' },
  ];
  it("runs the protocol's example checks (function calls with a message)", () => {
    assert.deepEqual(failingChecks(zipChecks, { ...ctx, data: { formData: {} } }), ['Zip code is required', 'Must be a 5-digit zip code']);
    assert.deepEqual(failingChecks(zipChecks, { ...ctx, data: { formData: { zip: '123' } } }), ['Must be a 5-digit zip code']);
    assert.deepEqual(failingChecks(zipChecks, { ...ctx, data: { formData: { zip: '12345' } } }), []);
  });

  it('runs {condition, message} rules, as the button example nests and/or', () => {
    const required = (path: string) => ({ call: 'required', args: { value: { path } } });
    const checks = [
      {
        condition: { call: 'and', args: { values: [required('/formData/terms'), { call: 'or', args: { values: [required('/formData/email'), required('/formData/phone')] } }] } },
        message: 'You must accept terms AND provide either email or phone',
      },
    ];
    assert.deepEqual(failingChecks(checks, { ...ctx, data: { formData: { terms: true } } }), ['You must accept terms AND provide either email or phone']);
    assert.deepEqual(failingChecks(checks, { ...ctx, data: { formData: { terms: true, phone: '1' } } }), []);
  });

  it('fails closed: an unknown function or a malformed rule fails; no checks pass', () => {
    assert.deepEqual(failingChecks([{ condition: { call: 'nope' }, message: 'a' }, { message: 'b' }, 'junk', { condition: true }], ctx), ['a', 'b', '']);
    assert.deepEqual(failingChecks(undefined, ctx), []);
  });
});

describe('formatString', () => {
  it("interpolates the protocol's examples", () => {
    const welcome = { ...ctx, data: { user: { firstName: 'Ada' }, appName: 'Mantis' } };
    assert.equal(format('Hello, ${/user/firstName}! Welcome back to ${/appName}.', welcome), 'Hello, Ada! Welcome back to Mantis.');
    const reviews = { ...ctx, data: { reviewCount: 1234 } };
    assert.equal(format("(${formatNumber(value: ${/reviewCount})} ${pluralize(value: ${/reviewCount}, one: 'review', other: 'reviews')})", reviews), '(1,234 reviews)');
    const event = { ...ctx, data: { start: '2026-01-16T14:30:00', end: '2026-01-16T16:00:00' } };
    const times = "${formatDate(value: ${/start}, format: 'E, MMM d')} • ${formatDate(value: ${/start}, format: 'h:mm a')} - ${formatDate(value: ${/end}, format: 'h:mm a')}";
    assert.equal(format(times, event), 'Fri, Jan 16 • 2:30 PM - 4:00 PM');
    assert.equal(format("${formatCurrency(value: ${/total}, currency: 'USD')}/year", { ...ctx, data: { total: 99 } }), '$99.00/year');
  });

  it('reads relative paths in the scope, and a value bound to a path', () => {
    assert.equal(format('${name} (${role}) at ${/company}', inBob), 'Bob (Designer) at Acme Corp');
    assert.equal(evaluate({ call: 'formatString', args: { value: { path: '/tpl' } } }, { ...ctx, data: { tpl: '${/n}!', n: 1 } }), '1!');
  });

  it('converts values as the specification says', () => {
    assert.equal(format('${/count}|${/flag}|${/nothing}|${/missing}|${/tags}|${/user/profile}'), '3|true|||["a","b"]|{"name":"Ada L."}');
  });

  it('reads literals, nested interpolation, whitespace, and one unnamed argument as value', () => {
    assert.equal(format("${'lit}'}|${\"d\\\"q\"}|${1.5}|${true}|${null}|${ /company }|${${/company}}"), 'lit}|d"q|1.5|true||Acme Corp|Acme Corp');
    const functions = new Map<string, A2uiFunction>([
      ...A2UI_FUNCTIONS,
      ['now', () => 'now'],
      ['upper', (args) => (typeof args.value === 'string' ? args.value.toUpperCase() : undefined)],
    ]);
    assert.equal(format('${upper(${now()})} ${upper(value: ${name})} ${upper(${formatString(value: ${/company})})}', { ...inBob, functions }), 'NOW BOB ACME CORP');
  });

  it('keeps \\${ as a literal ${, and shows an unclosed ${ as written', () => {
    assert.equal(format('Cost: \\${/count} and ${/count}'), 'Cost: ${/count} and 3');
    assert.equal(format('a ${/count'), 'a ${/count');
    assert.equal(format('a \\ b'), 'a \\ b');
  });

  it('renders a malformed expression or an unknown function as nothing', () => {
    assert.equal(format('[${}][${f(}][${f(a:1,,)}][${nope()}][${f(1, 2)}][${/count ${/count}}]'), '[][][][][][]');
    assert.equal(format("[${upper('x')}] ok"), '[] ok');
  });

  it('converts a non-string value', () => {
    assert.equal(format(5), '5');
    assert.equal(format({ path: '/missing' }), '');
  });
});

describe('bounds', () => {
  it(`caps formatString's result at ${FORMAT_LIMITS.outputChars} characters`, () => {
    const big = { ...ctx, data: { s: 'x'.repeat(FORMAT_LIMITS.outputChars) } };
    const out = format('${/s}${/s}${/s}', big);
    assert.equal(typeof out === 'string' && out.length, FORMAT_LIMITS.outputChars);
    assert.equal(format('y'.repeat(FORMAT_LIMITS.templateChars + 10)), 'y'.repeat(FORMAT_LIMITS.templateChars));
  });

  it('a self-doubling template that re-reads itself stops within the call budget, and fails closed', () => {
    let calls = 0;
    const functions = new Map<string, A2uiFunction>([...A2UI_FUNCTIONS, ['tick', () => (calls++, 'x')]]);
    const tpl = '${tick()}${formatString(value: ${/t})}${formatString(value: ${/t})}';
    const out = format(tpl, { ...ctx, data: { t: tpl }, functions });
    assert.equal(out, undefined);
    assert.ok(calls > 0 && calls < EVAL_LIMITS.calls, String(calls));
  });

  it('deep nesting and many interpolations complete', () => {
    assert.equal(typeof format('${'.repeat(5000) + '}'.repeat(5000)), 'string');
    assert.equal(typeof format(`\${upper(${'${upper('.repeat(3000)}`), 'string');
    const many = '${/count}'.repeat(FORMAT_LIMITS.interpolations + 5);
    const out = String(format(many));
    assert.ok(out.startsWith('3'.repeat(FORMAT_LIMITS.interpolations)) && out.endsWith('${/count}'));
    const deep: unknown = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000));
    assert.equal(JSON.stringify(evaluate(deep, ctx)), `${'['.repeat(EVAL_LIMITS.jsonDepth)}null${']'.repeat(EVAL_LIMITS.jsonDepth)}`);
  });

  it('never throws and always gives JSON, on any value, data and scope', () => {
    const jsonable = (value: unknown) => value === undefined || JSON.stringify(JSON.parse(JSON.stringify(value))) === JSON.stringify(value);
    fc.assert(
      fc.property(fc.anything(), fc.jsonValue(), fc.string(), (value, model, scope) => {
        const c = { data: model as JsonValue, scope };
        assert.ok(jsonable(evaluate(value, c)));
        assert.equal(typeof evaluateString(value, c), 'string');
        evaluateNumber(value, c);
        evaluateBoolean(value, c);
        evaluateStringList(value, c);
        bindingPointer(value, scope);
        resolveContext(value, c);
        failingChecks([value], c);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary templates and calls', () => {
    const piece = fc.constantFrom('${', '}', '(', ')', ':', ',', "'", '"', '\\', '/', 'a', ' ', 'formatString', 'formatDate', 'value', '1', 'true');
    const template = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    const name = fc.constantFrom(...A2UI_FUNCTIONS.keys(), 'openUrl', 'nope');
    fc.assert(
      fc.property(template, name, fc.dictionary(fc.constantFrom('value', 'values', 'pattern', 'format', 'min', 'max', 'currency', 'other'), fc.jsonValue()), (tpl, fn, args) => {
        assert.equal(typeof format(tpl, inBob), 'string');
        const result = evaluate({ call: fn, args }, inBob);
        assert.ok(result === undefined || JSON.stringify(result) !== undefined);
      }),
      { numRuns: 2000 },
    );
  });
});
