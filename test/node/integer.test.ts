// `integer()` (src/schema/integer.ts): what z.int() checked, without zod's number formats (about 450 B gzip in every
// bundle that reads a wire or A2UI). Each place that used z.int() still refuses what is not a safe integer, and the
// generated words for models (the inline-UI prompt, the A2UI prompt and catalog JSON) still say "integer".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as z from 'zod/mini';
import { validateView } from '../../src/index.js';
import { BASIC_CATALOG, BASIC_FUNCTION_CALLS } from '../../src/protocols/a2ui/catalog-basic.js';
import { catalogJson } from '../../src/protocols/a2ui/catalog-json.js';
import { buildA2uiPrompt } from '../../src/protocols/a2ui/prompt.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { PROMPT_SHAPES } from '../../src/prompt/shapes.js';
import { jsonSchemaOf } from '../../src/prompt/json-shape.js';
import { integer, isRefinedInteger } from '../../src/schema/integer.js';

test('integer() takes what z.int() takes and refuses what it refuses', () => {
  const values = [0, -0, 3, -7, 2 ** 53 - 1, -(2 ** 53 - 1), 1.5, 2 ** 53, -(2 ** 53), Number.NaN, Infinity, '3', null, true];
  for (const value of values) assert.equal(integer().safeParse(value).success, z.int().safeParse(value).success, String(value));
  // A fraction stops the checks after it, as z.int()'s issue does: one issue, at the same place, and the object's own
  // check does not run on it.
  const issues = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.path.join('/')) ?? [];
  for (const value of [-1.5, 7.5, -1]) {
    assert.deepEqual(issues(integer().check(z.nonnegative(), z.lt(5)), value), issues(z.int().check(z.nonnegative(), z.lt(5)), value), String(value));
  }
  let ran = false;
  const spy = (schema: z.ZodMiniType) => z.object({ min: schema }).check(z.refine(() => ((ran = true), true)));
  assert.equal(spy(integer()).safeParse({ min: 1.5 }).error?.issues.length, 1);
  assert.equal(ran, false, 'the object’s check did not run on a fraction');
  assert.equal(integer().safeParse(1.5).error?.issues[0]?.message, 'Expected an integer.');
  assert.ok(isRefinedInteger(integer().check(z.minimum(0))));
  assert.ok(!isRefinedInteger(z.number()));
});

test('the places that used z.int() still refuse a fraction: a view’s run-task taskId, A2UI’s length bounds', () => {
  const view = (taskId: number) => ({ version: 1, id: 'v', root: { id: 'row', type: 'action-row', actions: [{ id: 'run', type: 'run-task', label: 'Run', task: 'Sum up', taskId }] } });
  assert.equal(validateView(view(3)).ok, true);
  const refused = validateView(view(1.5));
  assert.ok(refused.issues.some((issue) => issue.message === 'Expected an integer.'), JSON.stringify(refused.issues));
  const length = (min: number) => [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'TextField', label: 'Name', checks: [{ condition: { call: 'length', args: { value: 'x', min } }, message: 'Too short.' }] }] } },
  ];
  assert.equal(validateA2uiMessages(length(2)).ok, true);
  const bad = validateA2uiMessages(length(1.5));
  assert.equal(bad.ok, false);
  assert.match(JSON.stringify(bad), /Expected an integer\./);
});

test('the words for models still say integer: the inline-UI prompt’s taskId, the A2UI prompt’s length, our catalog JSON', () => {
  assert.match(PROMPT_SHAPES.actions['run-task'], /"taskId"\?: integer\(0\+\)/);
  assert.equal(jsonSchemaOf(BASIC_FUNCTION_CALLS.length).properties?.['args']?.properties?.['min']?.type, 'integer');
  assert.ok(buildA2uiPrompt().includes('\n- length {value: Str, min?: int, max?: int} → boolean\n'));
  assert.match(JSON.stringify(catalogJson(BASIC_CATALOG)), /"min":\{"type":"integer","minimum":0\}/);
});
