// Our English messages for Zod's issues (src/schema/messages.ts) against Zod's own English locale: for every kind of
// issue our schemas can raise, the same words, so that `validateView`'s issues and `parseFrame`'s reasons read as they
// did with the whole locale.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as z from 'zod/mini';
import { validateView } from '../../src/index.js';
import { configureMessages } from '../../src/schema/messages.js';

/** Schemas and inputs that raise each kind of issue (and each branch of its message). */
const CASES: readonly [string, z.ZodMiniType, unknown][] = [
  ['a string expected', z.string(), 42],
  ['NaN given', z.string(), Number.NaN],
  ['Infinity given', z.number(), Number.POSITIVE_INFINITY],
  ['null given', z.object({ a: z.string() }), null],
  ['an array given', z.string(), [1]],
  ['a class instance given', z.string(), new Date(0)],
  ['a Map given', z.number(), new Map()],
  ['one literal', z.literal('view'), 'other'],
  ['an enum', z.enum(['a', 'b', 'c']), 'd'],
  ['a long string', z.string().check(z.maxLength(3)), 'abcd'],
  ['a short string', z.string().check(z.minLength(2)), 'a'],
  ['a string of exact length', z.string().check(z.length(2)), 'abc'],
  ['too many items', z.array(z.string()).check(z.maxLength(1)), ['a', 'b']],
  ['too few items', z.array(z.string()).check(z.minLength(2)), []],
  ['a number too big', z.number().check(z.lte(5)), 6],
  ['a number too big, exclusive', z.number().check(z.lt(5)), 5],
  ['a number too small', z.number().check(z.gte(1)), 0],
  ['a number too small, exclusive', z.number().check(z.gt(1)), 1],
  ['an integer', z.int(), 1.5],
  ['a non-negative integer', z.int().check(z.nonnegative()), -1],
  ['a regex', z.string().check(z.regex(/^a+$/)), 'b'],
  ['an ISO datetime', z.iso.datetime(), 'yesterday'],
  ['a multiple', z.number().check(z.multipleOf(3)), 4],
  ['unknown keys', z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }],
  ['one unknown key', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
  ['a union', z.union([z.string(), z.number()]), true],
  ['a discriminated union', z.discriminatedUnion('type', [z.object({ type: z.literal('a') }), z.object({ type: z.literal('b') })]), { type: 'c' }],
  ['a record key', z.record(z.string().check(z.maxLength(1)), z.string()), { long: 'x' }],
  ['a map element', z.map(z.string(), z.number()), new Map([['a', 'b']])],
  ['a custom refinement', z.string().check(z.refine(() => false)), 'x'],
];

const messages = (schema: z.ZodMiniType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  assert.equal(result.success, false);
  return result.error?.issues.map((issue) => issue.message) ?? [];
};

describe('our messages for Zod issues', () => {
  test('say what Zod’s English locale says, for every kind of issue our schemas raise', () => {
    // The core configured ours when it was imported; the locale is compared after them.
    const ours = CASES.map(([, schema, input]) => messages(schema, input));
    z.config(z.locales.en());
    try {
      const english = CASES.map(([, schema, input]) => messages(schema, input));
      CASES.forEach(([name], index) => assert.deepEqual(ours[index], english[index], name));
    } finally {
      // Ours again, for the tests that run after this one in the same process.
      configureMessages();
    }
  });

  test('are configured when the core is imported: a view’s issues say what is wrong, not "Invalid input"', () => {
    const result = validateView({ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'x'.repeat(10_000) } });
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.issues.map((i) => i.message).join(' '), /Too big: expected string to have <=\d+ characters/);
  });
});
