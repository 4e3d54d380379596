import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { isoInstant, keyedBy, tupleOf } from '../../src/schema/json-shapes.js';

/*
 * The record, tuple and ISO shapes the lazy parts use instead of zod's own (src/schema/json-shapes.ts, issue 29): each
 * judged against zod's schema as the oracle on the same inputs, and no source module using zod's again.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const same = (ours: z.core.$ZodType, zods: z.core.$ZodType, inputs: readonly unknown[]): void => {
  for (const input of inputs) {
    const [a, b] = [z.safeParse(ours, input), z.safeParse(zods, input)];
    assert.equal(a.success, b.success, `${JSON.stringify(input)}: ours ${a.success}, zod ${b.success}`);
    if (a.success && b.success) assert.deepEqual(a.data, b.data);
    if (!a.success && !b.success) assert.deepEqual(a.error.issues.map((i) => i.path), b.error.issues.map((i) => i.path), JSON.stringify(input));
  }
};

test('keyedBy accepts and refuses what z.record(z.string(), value) does, the issue at the key', () => {
  const value = z.union([z.number(), z.null()]);
  same(keyedBy(value), z.record(z.string(), value), [{}, { a: 1, b: null }, { a: 'x' }, { a: 1, b: { c: 2 } }, [], [1], null, 'a', 3, { '': 0 }]);
  const bad = z.safeParse(keyedBy(value), { ok: 1, no: 'x' });
  assert.equal(bad.success, false);
  assert.deepEqual(bad.error?.issues[0]?.path, ['no']);
});

test('keyedBy bounds the length of keys', () => {
  const object = keyedBy(z.number(), 3, 1);
  assert.equal(z.safeParse(object, { abc: 1 }).success, true);
  assert.equal(z.safeParse(object, { abcd: 1 }).success, false);
  assert.equal(z.safeParse(object, { '': 1 }).success, false);
});

test('tupleOf accepts and refuses what z.tuple does, each issue at its index', () => {
  const items = [z.number().check(z.gte(-180), z.lte(180)), z.number().check(z.gte(-90), z.lte(90))] as const;
  same(tupleOf(items), z.tuple([...items]), [[0, 0], [180, -90], [181, 0], [0, 91], [0], [0, 0, 0], [], ['1', 2], null, {}, 'ab']);
  const bad = z.safeParse(tupleOf(items), [0, 91]);
  assert.deepEqual(bad.error?.issues.map((i) => i.path), [[1]]);
});

test('isoInstant is z.iso.datetime({ offset: true })', () => {
  same(isoInstant(), z.iso.datetime({ offset: true }), [
    '2026-12-06T10:00:00Z',
    '2026-12-06T10:00:00.123456Z',
    '2026-12-06T10:00:00+08:00',
    '2026-12-06T10:00:00-0800',
    '2026-12-06T10:00Z',
    '2026-12-06T10:00:00',
    '2026-02-29T10:00:00Z',
    '2024-02-29T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-12-06',
    '',
    12,
  ]);
});

test('no source module uses zod record, tuple, nullable or ISO schemas (the first load would hold them for lazy parts)', () => {
  const offenders: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('json-shapes.ts') && /\bz\.(?:record|tuple|nullable|iso)\b/.test(readFileSync(path, 'utf8'))) offenders.push(relative(root, path));
    }
  };
  for (const dir of ['src', 'elements']) walk(join(root, dir));
  assert.deepEqual(offenders, []);
});
