// A2UI v0.9 to the letter (issue 31): the minimal catalog and both identifiers of the basic one, v0.9.1 messages,
// regular expressions refused when the agent sends them (never a check that always fails), openUrl's URI, and
// errors that point into the message the agent sent.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as z from 'zod/mini';
import { MINIMAL_CATALOG, MINIMAL_COMPONENTS, MINIMAL_FUNCTION_CALLS } from '../../src/protocols/a2ui/catalog-minimal.js';
import { SurfaceGroup } from '../../src/protocols/a2ui/group.js';
import { MAX_ARRAY_GAP, writeAt } from '../../src/protocols/a2ui/pointer.js';
import { A2uiSurfaceStore } from '../../src/protocols/a2ui/surface.js';
import { A2UI_CATALOGS, BASIC_CATALOG_ALIAS_ID, BASIC_CATALOG_ID, MANTIS_CATALOG_ID, MINIMAL_CATALOG_ID } from '../../src/protocols/a2ui/types.js';
import { V1_BASIC_CATALOG_ID } from '../../src/protocols/a2ui/v1/index.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { expectedShape, ourShape } from './catalog-shape.js';

type Json = Record<string, unknown>;
const SPEC = join(import.meta.dirname, '../fixtures/a2ui-spec/v0.9');
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;

const create = (catalogId = BASIC_CATALOG_ID, version = 'v0.9') => ({ version, createSurface: { surfaceId: 's', catalogId } });
const update = (components: unknown[], version = 'v0.9') => ({ version, updateComponents: { surfaceId: 's', components } });
const errorOf = (messages: unknown[]) => {
  const result = validateA2uiMessages(messages);
  return result.ok ? null : { index: result.index, path: result.error.path, message: result.error.message };
};

test('a2ui letter: the minimal catalog has catalog.json’s components, properties, required lists, enums and function', () => {
  const catalog = readJson(join(SPEC, 'catalogs/minimal/catalog.json'));
  assert.equal(catalog['catalogId'], MINIMAL_CATALOG_ID);
  assert.equal(MINIMAL_CATALOG.catalogId, MINIMAL_CATALOG_ID);
  const components = catalog['components'] as Record<string, Json>;
  assert.deepEqual(Object.keys(MINIMAL_COMPONENTS).sort(), Object.keys(components).sort());
  for (const [name, schema] of Object.entries(components)) {
    const expected = expectedShape(schema);
    const ours = ourShape(MINIMAL_COMPONENTS[name as keyof typeof MINIMAL_COMPONENTS]);
    assert.deepEqual([ours.props, ours.required, ours.enums, ours.strict], [expected.props, expected.required, expected.enums, true], name);
  }
  const functions = catalog['functions'] as Record<string, Json>;
  assert.deepEqual(Object.keys(MINIMAL_FUNCTION_CALLS), Object.keys(functions));
  const args = ((functions['capitalize']!['properties'] as Json)['args'] as Json)['properties'] as Json;
  const ours = z.toJSONSchema(MINIMAL_FUNCTION_CALLS.capitalize, { unrepresentable: 'any' }) as Json;
  assert.deepEqual(Object.keys(((ours['properties'] as Json)['args'] as Json)['properties'] as Json), Object.keys(args));
});

test('a2ui letter: a surface on the minimal catalog validates with its components and capitalize, and nothing else', () => {
  const surface = [
    { id: 'root', component: 'Column', children: ['name', 'hello', 'go'] },
    { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' }, validationRegexp: '^\\p{L}+$' },
    { id: 'hello', component: 'Text', text: { call: 'capitalize', args: { value: { path: '/name' } }, returnType: 'string' } },
    { id: 'label', component: 'Text', text: 'Go' },
    { id: 'go', component: 'Button', child: 'label', variant: 'primary', action: { event: { name: 'go' } } },
  ];
  assert.equal(errorOf([create(MINIMAL_CATALOG_ID), update(surface)]), null);
  assert.equal(errorOf([create(MINIMAL_CATALOG_ID), update([{ id: 'root', component: 'Image', url: 'x' }])])?.path, '/components/0/component');
  assert.equal(errorOf([create(MINIMAL_CATALOG_ID), update([{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: 'x' } } }])])?.path, '/components/0/text/call');
  assert.equal(errorOf([create(MINIMAL_CATALOG_ID), update([{ id: 'root', component: 'Button', child: 'x', variant: 'default', action: { event: { name: 'a' } } }])])?.path, '/components/0/variant');
});

test('a2ui letter: the basic catalog under its other identifier is the same catalog; all five are advertised (v1.0’s basic catalog among them)', () => {
  for (const file of readdirSync(join(SPEC, 'examples'))) {
    const messages = (readJson(join(SPEC, 'examples', file))['messages'] as Json[]).map((m) =>
      m['createSurface'] ? { ...m, createSurface: { ...(m['createSurface'] as Json), catalogId: BASIC_CATALOG_ALIAS_ID } } : m,
    );
    assert.equal(errorOf(messages), null, file);
  }
  assert.deepEqual([...A2UI_CATALOGS].sort(), [BASIC_CATALOG_ALIAS_ID, BASIC_CATALOG_ID, MINIMAL_CATALOG_ID, MANTIS_CATALOG_ID, V1_BASIC_CATALOG_ID].sort());
  assert.match(errorOf([create('https://example.com/other.json')])?.message ?? '', /not supported/);
});

test('a2ui letter: v0.9.1 messages are read like v0.9 ones, by the validator, the store and a conversation', () => {
  const messages = [create(BASIC_CATALOG_ID, 'v0.9.1'), update([{ id: 'root', component: 'Text', text: 'Hi' }], 'v0.9.1')];
  assert.equal(errorOf(messages), null);
  const store = new A2uiSurfaceStore();
  for (const m of messages) assert.equal(store.apply(m), null);
  assert.equal(store.get('s')?.components.get('root')?.['text'], 'Hi');
  const group = new SurfaceGroup();
  for (const m of messages) assert.equal(group.apply(m, 'm1'), null);
  assert.equal(group.placements.get('s')?.owner, 'm1', 'a v0.9.1 message places its surface');
  for (const version of ['v0.10', 'v0.9.2', '0.9', 'v1.0']) assert.deepEqual(errorOf([create(BASIC_CATALOG_ID, version)]), { index: 0, path: '/version', message: 'Expected version "v0.9" or "v0.9.1".' });
});

test('a2ui letter: a pattern the matcher cannot run is refused at validation, at the pattern’s path', () => {
  const check = (pattern: string) => ({
    id: 'root',
    component: 'TextField',
    label: 'Code',
    checks: [{ condition: { call: 'and', args: { values: [true, { call: 'regex', args: { value: { path: '/code' }, pattern } }] } }, message: 'Bad code.' }],
  });
  for (const [pattern, reason] of [['(?=a)a', /lookaround/], ['(a)\\1', /Backreferences/], ['\\p{Nope}', /Unknown Unicode property/], ['a{', /Unsupported '\{'/]] as const) {
    const error = errorOf([create(), update([{ id: 'x', component: 'Text', text: 'ok' }, check(pattern)])]);
    assert.equal(error?.path, '/components/1/checks/0/condition/args/values/1/args/pattern', pattern);
    assert.match(error?.message ?? '', reason, pattern);
    assert.match(error?.message ?? '', /^The pattern cannot be used: /);
  }
  assert.equal(errorOf([create(), update([check('^[\\p{L}_][\\p{L}\\p{Nd}_]*$')])]), null, 'Unicode property escapes run');
  // Each new property costs a pass over the plane: one message names at most 16 different ones.
  const names = ['L', 'Lu', 'Ll', 'Lt', 'Lm', 'Lo', 'N', 'Nd', 'Nl', 'No', 'P', 'Pc', 'Pd', 'Ps', 'Pe', 'S', 'Sm'];
  const fields = names.map((name, i) => ({ id: i === 0 ? 'root' : `f${i}`, component: 'TextField', label: name, validationRegexp: `^\\p{${name}}*$` }));
  assert.deepEqual(errorOf([create(), update(fields.slice(0, 16))]), null);
  const many = errorOf([create(), update(fields)]);
  assert.equal(many?.path, '/components/16/validationRegexp');
  assert.match(many?.message ?? '', /At most 16 different Unicode properties per message/);
  const field = errorOf([create(), update([{ id: 'root', component: 'TextField', label: 'x', validationRegexp: '(?<=a)b' }])]);
  assert.equal(field?.path, '/components/0/validationRegexp');
  assert.match(field?.message ?? '', /lookaround/);
});

test('a2ui letter: openUrl takes an absolute URI only (and still opens http and https only, on a click)', () => {
  const button = (url: string) => ({ id: 'root', component: 'Button', child: 'root', action: { functionCall: { call: 'openUrl', args: { url }, returnType: 'void' } } });
  for (const url of ['not a uri', '/relative/path', 'example.com', '', 'https://exa mple.com', 'http://\u0000x']) {
    const error = errorOf([create(), update([button(url)])]);
    assert.equal(error?.path, '/components/0/action/functionCall/args/url', url);
    assert.match(error?.message ?? '', /absolute URI/);
  }
  for (const url of ['https://example.com/a?b=c#d', 'mailto:someone@example.com', 'urn:isbn:0451450523']) {
    assert.notEqual(errorOf([create(), update([button(url)])])?.path, '/components/0/action/functionCall/args/url', url);
  }
});

test('a2ui letter: a tree error points into the message that last defined the component, also past a higher-order one', () => {
  const store = new A2uiSurfaceStore();
  store.apply(create());
  store.apply(update([{ id: 'a', component: 'Text', text: 'A' }, { id: 'b', component: 'Text', text: 'B' }]));
  store.apply(update([{ id: 'root', component: 'Column', children: ['a', 'ghost'] }]));
  assert.equal(store.checkSurface('s')?.path, '/components/0/children/1', 'not /components/2/…, its place among every component sent');
  const group = new SurfaceGroup();
  group.apply({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: MANTIS_CATALOG_ID } }, 'm1');
  group.apply(update([{ id: 'intro', component: 'Text', text: 'Hi' }, { id: 'root', component: 'FormSection', title: 'You', children: ['intro', 'ghost'] }]), 'm1');
  assert.equal(group.store.checkSurface('s')?.path, '/components/1', 'the higher-order component the agent wrote, not a pointer into its expansion');
});

test('a2ui letter: a conversation says each refusal once and keeps it on the surface until a message applies', () => {
  const reported: string[] = [];
  const group = new SurfaceGroup({ report: (error) => reported.push(`${error.surfaceId} ${'path' in error ? error.path : error.code}`) });
  group.apply(create('https://example.com/holograms.json'), 'm1');
  group.apply(update([{ id: 'root', component: 'Text', text: 'x' }]), 'm1');
  group.apply({ version: 'v0.9', updateDataModel: { surfaceId: 's', value: {} } }, 'm1');
  assert.deepEqual(reported, ['s /catalogId'], 'what follows a refused createSurface is not told again');
  assert.equal(group.surface('s')?.state, undefined);
  assert.equal((group.surface('s')?.refusal as { path?: string } | undefined)?.path, '/catalogId');
  group.apply({ version: 'v0.9', deleteSurface: { surfaceId: 's' } }, 'm2');
  group.apply(create(), 'm3');
  assert.equal(group.surface('s')?.refusal, undefined, 'created at last');
  group.apply(update([{ id: 'root', component: 'Text', text: 5 }]), 'm3');
  assert.equal((group.surface('s')?.refusal as { path?: string } | undefined)?.path, '/components/0/text', 'a refused update is kept beside the surface');
  group.apply(update([{ id: 'root', component: 'Text', text: 'fixed' }]), 'm4');
  assert.equal(group.surface('s')?.refusal, undefined);
  assert.deepEqual(reported, ['s /catalogId', 's /components/0/text']);
  // A message that applies and changes nothing (removing what is not there) still clears the note: its surface redraws.
  group.apply(update([{ id: 'root', component: 'Text', text: 6 }]), 'm5');
  let heard = 0;
  group.surface('s')?.subscribe(() => (heard += 1));
  group.apply({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/missing' } }, 'm5');
  assert.equal(group.surface('s')?.refusal, undefined);
  assert.equal(heard, 1);
  // A follow-up of a refused createSurface that is wrong for a reason of its own is still told.
  group.apply(create('https://example.com/holograms.json'), 'm6');
  group.apply({ version: 'v0.9', createSurface: { surfaceId: 'z', catalogId: 'https://example.com/nope.json' } }, 'm6');
  group.apply({ version: 'v0.9', updateComponents: { surfaceId: 'z', components: [] } }, 'm6');
  group.apply({ version: 'v0.9', updateComponents: { surfaceId: 'z', components: [{ id: 'root', component: 'Text', text: 'x' }] } }, 'm6');
  assert.deepEqual(reported.slice(-3), ['s /surfaceId', 'z /catalogId', 'z /components'], 'the empty list is told; what only repeats the refusal is not');
});

test('a2ui letter: writeAt removes without creating, keeps an array’s length, and bounds the nulls of one write', () => {
  const root = { a: [1, 2, 3], o: { k: 1 } };
  for (const path of [['x', '0'], ['a', '7'], ['o', 'missing', 'deeper'], ['a', '0', 'k']]) {
    const removed = writeAt(root, path, undefined);
    assert.ok(removed.ok && removed.value === root, `${path.join('/')}: the same root, nothing created`);
  }
  assert.deepEqual(writeAt(root, ['a', '1'], undefined), { ok: true, value: { a: [1, null, 3], o: { k: 1 } } });
  assert.deepEqual(writeAt({}, ['list', '-'], 'x'), { ok: true, value: { list: ['x'] } }, '`-` on a missing container makes a list');
  const half = String(Math.floor(MAX_ARRAY_GAP / 2) + 1);
  assert.equal(writeAt({}, ['a', half], 1).ok, true, 'one gap within the bound');
  assert.equal(writeAt({}, ['a', half, half], 1).ok, false, 'two gaps past it in one write');
  const same = writeAt(root, ['o', 'k'], 1);
  assert.ok(same.ok && same.value === root, 'writing what is there changes nothing');
});
