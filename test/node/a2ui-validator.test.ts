// createA2uiValidator (mantis-ui/a2ui): a backend checks each message it is about to send, one at a time, against the
// surfaces its earlier turns built, in the specification's error format.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { A2UI_LIMITS, createA2uiValidator, DEFAULT_CATALOGS, MANTIS_CATALOG_ID } from '../../src/protocols/a2ui/index.js';
import { BASIC_CATALOG_ID } from '../../src/protocols/a2ui/types.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { A2UI_V1, V1_BASIC_CATALOG_ID } from '../../src/protocols/a2ui/v1/index.js';

const SPEC = join(import.meta.dirname, '../fixtures/a2ui-spec/v0.9');
const create = (surfaceId = 's', catalogId = BASIC_CATALOG_ID) => ({ version: 'v0.9', createSurface: { surfaceId, catalogId } });
const update = (components: unknown[], surfaceId = 's') => ({ version: 'v0.9', updateComponents: { surfaceId, components } });
const data = (path: string, value: unknown, surfaceId = 's') => ({ version: 'v0.9', updateDataModel: { surfaceId, path, value } });

test('a2ui validator: a later turn’s message is checked against the surface an earlier turn created', () => {
  const validator = createA2uiValidator();
  // Turn 1.
  assert.deepEqual(validator.check(create()), { ok: true });
  assert.deepEqual(validator.check(update([{ id: 'root', component: 'Column', children: ['title'] }, { id: 'title', component: 'Text', text: { path: '/title' } }])), { ok: true });
  assert.deepEqual(validator.checkTrees(), []);
  // Turn 2, alone: validateA2uiMessages cannot judge it (it does not know the surface) …
  const later = update([{ id: 'title', component: 'Text', text: 'Renamed', variant: 'h2' }]);
  assert.equal(validateA2uiMessages([later]).ok, false);
  // … the validator can, and it keeps the rules of the surface's catalog.
  assert.deepEqual(validator.check(later), { ok: true });
  assert.deepEqual(validator.check(update([{ id: 'title', component: 'Text', text: 'x', variant: 'h9' }])), {
    ok: false,
    error: { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/0/variant', message: 'Expected one of "h1", "h2", "h3", "h4", "h5", "caption", "body"; got "h9".' },
  });
  assert.equal((validator.check(create()) as { error: { path: string } }).error.path, '/surfaceId', 'it exists already');
  assert.equal((validator.check(update([{ id: 'x', component: 'Text', text: 'x' }], 'other')) as { error: { path: string } }).error.path, '/surfaceId');
  assert.deepEqual(validator.check(data('/title', 'Hello')), { ok: true });
  assert.deepEqual(validator.check({ version: 'v0.9', deleteSurface: { surfaceId: 's' } }), { ok: true });
  assert.deepEqual(validator.surfaceIds(), []);
  assert.deepEqual(validator.check(create()), { ok: true }, 'created again once deleted (v0.9.1: unique among active surfaces)');
});

test('a2ui validator: a refused message changes nothing; tree problems wait for checkTrees, pointing into their message', () => {
  const validator = createA2uiValidator();
  validator.check(create());
  validator.check(update([{ id: 'a', component: 'Text', text: 'A' }]));
  assert.equal(validator.check(update([{ id: 'root', component: 'Column', children: ['a', 'b'] }, { id: 'bad', component: 'Nope' }])).ok, false);
  assert.deepEqual(validator.checkTrees(), [], 'the refused message left no root behind');
  assert.deepEqual(validator.check(update([{ id: 'root', component: 'Column', children: ['a', 'b'] }])), { ok: true }, 'b may come later');
  assert.deepEqual(validator.checkTrees(), [{ code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/0/children/1', message: 'No component has the id "b".' }]);
  validator.check(update([{ id: 'b', component: 'Card', child: 'root' }]));
  assert.match(validator.checkTrees()[0]?.message ?? '', /cycle/);
  assert.equal(validator.checkTrees()[0]?.path, '/components/0/child');
  validator.check(update([{ id: 'b', component: 'Text', text: 'B' }]));
  assert.deepEqual(validator.checkTrees(), []);
});

test('a2ui validator: known surfaces, our catalogs with higher-order components, and input that is not JSON', () => {
  const validator = createA2uiValidator({ catalogs: DEFAULT_CATALOGS, knownSurfaces: new Map([['old', MANTIS_CATALOG_ID]]) });
  assert.deepEqual(validator.check(update([{ id: 'root', component: 'FormSection', title: 'You', children: ['earlier'] }], 'old')), { ok: true });
  assert.deepEqual(validator.checkTrees(), [], 'a surface from before is partial: its tree is not judged');
  assert.equal((validator.check(update([{ id: 'root', component: 'FormSection', title: 5, children: [] }], 'old')) as { error: { path: string } }).error.path, '/components/0/title');
  for (const bad of [null, 'text', [], { version: 'v0.9' }, { version: 'v0.9', createSurface: { surfaceId: 'x', catalogId: 'https://example.com/nope' } }]) {
    const result = validator.check(bad);
    assert.equal(result.ok, false, JSON.stringify(bad));
  }
  assert.deepEqual(validator.surfaceIds(), ['old']);
  assert.throws(() => createA2uiValidator({ knownSurfaces: new Map([['x', 'https://example.com/nope.json']]) }), /knownSurfaces: "x" cannot exist here: The catalog .* is not supported/);
});

test('a2ui validator: every example of the specification passes message by message, and its trees are whole', () => {
  for (const file of readdirSync(join(SPEC, 'examples'))) {
    const validator = createA2uiValidator();
    for (const message of (JSON.parse(readFileSync(join(SPEC, 'examples', file), 'utf8')) as { messages: unknown[] }).messages) {
      assert.deepEqual(validator.check(message), { ok: true }, file);
    }
    assert.deepEqual(validator.checkTrees(), [], file);
  }
});

test('a2ui validateA2uiMessages: a stream is applied as the chat applies it, so what the chat would refuse of it is refused, at the message that does it', () => {
  // A write through a scalar: each message is valid alone; the third cannot be applied.
  const through = [create(), data('/a', 5), data('/a/b', 1)];
  const refused = validateA2uiMessages(through);
  assert.equal(refused.ok, false);
  assert.deepEqual(!refused.ok && { index: refused.index, path: refused.error.path }, { index: 2, path: '/path' });
  // The same answer as the validator a backend keeps across turns gives.
  const validator = createA2uiValidator();
  assert.deepEqual(through.map((m) => validator.check(m).ok), [true, true, false]);
  // A data model that grows past its bytes by writes each within their own: refused where it passes them.
  const big = 'x'.repeat(16_000);
  const growing = [create(), ...Array.from({ length: 20 }, (_, i) => data(`/k${i}`, big))];
  const grown = validateA2uiMessages(growing);
  // The first write after which the model's JSON is more than A2UI_LIMITS.dataModelBytes.
  const model: Record<string, string> = {};
  const past = growing.findIndex((_, i) => i > 0 && (model[`k${i - 1}`] = big) !== undefined && JSON.stringify(model).length > A2UI_LIMITS.dataModelBytes);
  assert.ok(past > 1 && past < growing.length);
  assert.deepEqual(!grown.ok && [grown.index, grown.error.message], [past, `The data model would be larger than ${A2UI_LIMITS.dataModelBytes} bytes of JSON.`]);
  // A stream the chat takes is still taken whole.
  assert.equal(validateA2uiMessages([create(), data('/a', { b: 1 }), data('/a/c', 2)]).ok, true);
});

test('a2ui validateA2uiMessages: an agent’s call the catalog keeps from it is refused in the specification’s error, named by its call, with no surface', () => {
  const call = { version: 'v1.0', callRendererFunction: { functionCallId: 'c1', callFunction: { call: 'formatString', catalogId: V1_BASIC_CATALOG_ID, args: { value: 'Hi' } } } };
  const result = validateA2uiMessages([call], { versions: [A2UI_V1] });
  assert.equal(result.ok, false);
  const error = !result.ok ? result.error : null;
  assert.deepEqual(error && { code: error.code, functionCallId: 'functionCallId' in error ? error.functionCallId : null, path: error.path, surface: 'surfaceId' in error }, { code: 'INVALID_FUNCTION_CALL', functionCallId: 'c1', path: '', surface: false });
});
