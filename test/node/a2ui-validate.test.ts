// A2UI v0.9 validation: the basic catalog's schemas agree with catalog.json, every spec example and our own fixtures
// validate, and each failure is the first one, in the spec's standard error format (code, surfaceId, payload path).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { BASIC_CATALOG, BASIC_COMPONENTS, BASIC_FUNCTION_CALLS, type CatalogDefinition } from '../../src/protocols/a2ui/catalog-basic.js';
import { checkGraph, childRefs } from '../../src/protocols/a2ui/graph.js';
import { BASIC_CATALOG_ID, type A2uiComponent } from '../../src/protocols/a2ui/types.js';
import { validateA2uiMessage } from '../../src/protocols/a2ui/validate.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { A2UI_LIMITS } from '../../src/protocols/a2ui/limits.js';
import { expectedShape, ourShape } from './catalog-shape.js';

// The specification's files, vendored (test/fixtures/a2ui-spec/README.md).
const SPEC = join(import.meta.dirname, '../fixtures/a2ui-spec/v0.9');
const FIXTURES = join(import.meta.dirname, '../fixtures/a2ui');
type Json = Record<string, unknown>;
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;

const create = (surfaceId = 's', extra: Json = {}) => ({ version: 'v0.9', createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, ...extra } });
const update = (components: unknown[], surfaceId = 's') => ({ version: 'v0.9', updateComponents: { surfaceId, components } });
const data = (payload: Json, surfaceId = 's') => ({ version: 'v0.9', updateDataModel: { surfaceId, ...payload } });
const text = (id: string, value: unknown = 'Hi') => ({ id, component: 'Text', text: value });
/** The error of a batch that must fail. */
function failure(messages: unknown, options = {}) {
  const result = validateA2uiMessages(messages, options);
  assert.equal(result.ok, false, 'expected a failure');
  return result.ok ? null : { index: result.index, ...result.error };
}
const err = (index: number, path: string, surfaceId = 's') => ({ index, code: 'VALIDATION_FAILED', surfaceId, path });
const withoutMessage = (f: ReturnType<typeof failure>) => (f ? { index: f.index, code: f.code, surfaceId: 'surfaceId' in f ? f.surfaceId : undefined, path: f.path } : null);

const NAMES = ['Text', 'Image', 'Icon', 'Video', 'AudioPlayer', 'Row', 'Column', 'List', 'Card', 'Tabs', 'Modal', 'Divider', 'Button', 'TextField', 'CheckBox', 'ChoicePicker', 'Slider', 'DateTimeInput'];
const FUNCTIONS = ['required', 'regex', 'length', 'numeric', 'email', 'formatString', 'formatNumber', 'formatCurrency', 'formatDate', 'pluralize', 'openUrl', 'and', 'or', 'not'];

test('a2ui catalog: the basic catalog has exactly the 18 components and 14 functions of the spec', () => {
  assert.deepEqual(Object.keys(BASIC_COMPONENTS).sort(), [...NAMES].sort());
  assert.deepEqual([...BASIC_CATALOG.functions].sort(), [...FUNCTIONS].sort());
  assert.equal(BASIC_CATALOG.catalogId, BASIC_CATALOG_ID);
});

test('a2ui catalog: every component and function schema has catalog.json’s properties, required lists and enums', () => {
  const path = join(SPEC, 'catalogs/basic/catalog.json');
  const catalog = readJson(path);
  const components = catalog['components'] as Record<string, Json>;
  assert.deepEqual(Object.keys(components).sort(), Object.keys(BASIC_COMPONENTS).sort());
  for (const [name, schema] of Object.entries(components)) {
    const expected = expectedShape(schema);
    const ours = ourShape(BASIC_COMPONENTS[name as keyof typeof BASIC_COMPONENTS]);
    assert.deepEqual(ours.props, expected.props, `${name} properties`);
    assert.deepEqual(ours.required, expected.required, `${name} required`);
    assert.deepEqual(ours.enums, expected.enums, `${name} enums`);
    assert.equal(ours.strict, true, `${name} is strict`);
  }
  const functions = catalog['functions'] as Record<string, Json>;
  assert.deepEqual(Object.keys(functions).sort(), Object.keys(BASIC_FUNCTION_CALLS).sort());
  for (const [name, schema] of Object.entries(functions)) {
    const args = (schema['properties'] as Record<string, Json>)['args'] as Json;
    const ours = z.toJSONSchema(BASIC_FUNCTION_CALLS[name as keyof typeof BASIC_FUNCTION_CALLS], { unrepresentable: 'any' }) as Json;
    const ourArgs = (ours['properties'] as Record<string, Json>)['args'] as Json;
    assert.deepEqual(Object.keys(ourArgs['properties'] as Json).sort(), Object.keys(args['properties'] as Json).sort(), `${name} args`);
    assert.deepEqual([...(ourArgs['required'] as string[])].sort(), [...(args['required'] as string[])].sort(), `${name} required args`);
    assert.deepEqual([...(ours['required'] as string[])].sort(), ['args', 'call'], `${name} call`);
  }
  const theme = (catalog['$defs'] as Record<string, Json>)['theme'] as Json;
  assert.deepEqual(ourShape(BASIC_CATALOG.theme as z.ZodMiniType).props, Object.keys(theme['properties'] as Json).sort());
});

test('a2ui validate: every example of the spec validates', () => {
  const dir = join(SPEC, 'examples');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  assert.ok(files.length > 0);
  for (const file of files) {
    const result = validateA2uiMessages(readJson(join(dir, file))['messages']);
    assert.equal(result.ok, true, `${file}: ${JSON.stringify(result)}`);
  }
});

test('a2ui validate: our fixtures validate and together use every component and every function', () => {
  const used = { components: new Set<string>(), functions: new Set<string>() };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Json;
      if (typeof record['component'] === 'string' && typeof record['id'] === 'string') used.components.add(record['component']);
      if (typeof record['call'] === 'string') used.functions.add(record['call']);
      Object.values(record).forEach(walk);
    }
  };
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));
  assert.ok(files.length >= 2);
  for (const file of files) {
    const messages = readJson(join(FIXTURES, file))['messages'];
    const result = validateA2uiMessages(messages);
    assert.equal(result.ok, true, `${file}: ${JSON.stringify(result)}`);
    walk(messages);
  }
  assert.deepEqual([...used.components].sort(), [...NAMES].sort());
  assert.deepEqual([...used.functions].sort(), [...FUNCTIONS].sort());
});

test('a2ui validate: schema failures point into the payload, with the surface and one sentence', () => {
  const cases: [unknown[], ReturnType<typeof err>, RegExp][] = [
    [[create(), update([text('root', 5)])], err(1, '/components/0/text'), /^Expected string or object, got integer\.$/],
    [[create(), update([text('root', { path: 3 })])], err(1, '/components/0/text/path'), /Expected string/],
    [[create(), update([{ id: 'root', component: 'Text' }])], err(1, '/components/0/text'), /^Missing required property "text"\.$/],
    [[create(), update([text('root'), { ...text('b'), colour: 'red' }])], err(1, '/components/1/colour'), /Unknown property "colour"/],
    [[create(), update([{ ...text('root'), variant: 'h7' }])], err(1, '/components/0/variant'), /"h1".*got "h7"/],
    [[create(), update([{ id: 'root', component: 'Icon', name: 'bogus' }])], err(1, '/components/0/name'), /got "bogus"/],
    [[create(), update([{ id: 'root', component: 'Marquee' }])], err(1, '/components/0/component'), /no component "Marquee"/],
    [[create(), update([{ id: 'root', component: 'Tabs', tabs: [] }])], err(1, '/components/0/tabs'), /at least 1 items/],
    [[create(), update([{ id: 'root', component: 'Slider', value: 1 }])], err(1, '/components/0/max'), /Missing required property "max"/],
    [[create(), update([{ id: 'root', component: 'Button', child: 'x', action: { event: { name: 1 } } }])], err(1, '/components/0/action/event/name'), /Expected string/],
    [[create(), update([{ id: 'root', component: 'DateTimeInput', value: '', min: 'tomorrow' }])], err(1, '/components/0/min'), /ISO 8601/],
    [[create(), update([text('root', { call: 'formatDate', args: { value: 'x', format: 'y' }, returnType: 'number' })])], err(1, '/components/0/text/returnType'), /"string"/],
    [[create(), update([text('root', { call: 'shout', args: {} })])], err(1, '/components/0/text/call'), /no function "shout"/],
    [[create(), update([text('root', { call: 'formatDate', args: { value: 'x' } })])], err(1, '/components/0/text/args/format'), /Missing required property "format"/],
    [[create(), update([{ id: 'root', component: 'CheckBox', label: 'a', value: true, checks: [{ condition: { call: 'and', args: { values: [true] } }, message: 'm' }] }])], err(1, '/components/0/checks/0/condition/args/values'), /at least 2/],
    [[create(), update([{ id: 'root', component: 'CheckBox', label: 'a', value: true, checks: [{ condition: { call: 'length', args: { value: 'x' } }, message: 'm' }] }])], err(1, '/components/0/checks/0/condition/args'), /"min" or "max"/],
    [[create(), update([text('root', { path: '/a/__proto__/b' })])], err(1, '/components/0/text/path'), /forbidden/],
    [[create(), update([{ id: 'root', component: 'List', children: { componentId: 'x', path: 'items/constructor' } }])], err(1, '/components/0/children/path'), /forbidden/],
    [[create(), update([text('root'), text('root')])], err(1, '/components/1/id'), /Two components have the id "root"/],
    [[create('s', { theme: { primaryColor: 'red' } })], err(0, '/theme/primaryColor'), /#00BFFF/],
    [[create(), data({ path: 'relative', value: 1 })], err(1, '/path'), /absolute JSON Pointer/],
    [[create(), data({ path: '/a/prototype', value: 1 })], err(1, '/path'), /forbidden/],
    [[create(), { version: 'v0.8', deleteSurface: { surfaceId: 's' } }], err(1, '/version'), /v0\.9/],
    [[create(), { version: 'v0.9', deleteSurface: { surfaceId: 's' }, updateDataModel: { surfaceId: 's' } }], err(1, ''), /exactly one/],
    [[create(), { version: 'v0.9', deleteSurface: { surfaceId: 's', extra: 1 } }], err(1, '/extra'), /Unknown property "extra"/],
    [[create(), { version: 'v0.9', deleteSurface: { surfaceId: 's' }, meta: 1 }], err(1, '/meta'), /Unknown property "meta"/],
    [[{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://example.com/other.json' } }], err(0, '/catalogId'), /not supported/],
    [[create(), create()], err(1, '/surfaceId'), /already exists/],
    [[update([text('root')], 'ghost')], err(0, '/surfaceId', 'ghost'), /does not exist/],
    [[create(), { version: 'v0.9', deleteSurface: { surfaceId: 's' } }, data({ value: {} })], err(2, '/surfaceId'), /does not exist/],
    [['not an object'], err(0, '', ''), /JSON object/],
  ];
  for (const [messages, expected, message] of cases) {
    const got = failure(messages);
    assert.deepEqual(withoutMessage(got), expected, JSON.stringify(messages));
    assert.match(got?.message ?? '', message);
    assert.doesNotMatch(got?.message ?? '', /\n|at .*\.ts|ZodError/);
  }
});

test('a2ui validate: after the batch, a tree with a root has no dangling reference and no cycle', () => {
  const card = (id: string, child: string) => ({ id, component: 'Card', child });
  // A reference may point ahead, to a later message of the batch.
  assert.equal(validateA2uiMessages([create(), update([card('root', 'later')]), update([text('later')])]).ok, true);
  // Without a root nothing renders yet: dangling references are not errors.
  assert.equal(validateA2uiMessages([create(), update([card('a', 'nowhere')])]).ok, true);
  assert.deepEqual(withoutMessage(failure([create(), update([card('root', 'mid')]), update([text('x'), card('mid', 'gone')])])), err(2, '/components/1/child'));
  assert.deepEqual(withoutMessage(failure([create(), update([card('root', 'a'), card('a', 'root')])])), err(1, '/components/1/child'));
  const modal = { id: 'root', component: 'Modal', trigger: 't', content: 'c' };
  assert.deepEqual(withoutMessage(failure([create(), update([modal, text('t')])])), err(1, '/components/0/content'));
  const tabs = { id: 'root', component: 'Tabs', tabs: [{ title: 'a', child: 'x' }, { title: 'b', child: 'y' }] };
  assert.deepEqual(withoutMessage(failure([create(), update([tabs, text('x')])])), err(1, '/components/0/tabs/1/child'));
  const list = { id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } };
  assert.deepEqual(withoutMessage(failure([create(), update([list])])), err(1, '/components/0/children/componentId'));
  const loop = { id: 'root', component: 'List', children: { componentId: 'root', path: '/items' } };
  assert.match(failure([create(), update([loop])])?.message ?? '', /cycle/);
  // A template with a relative path recursing into its items' own data is a tree, not a cycle.
  const folder = { id: 'root', component: 'List', children: { componentId: 'node', path: '/tree' } };
  const node = { id: 'node', component: 'Column', children: ['name', 'kids'] };
  const kids = { id: 'kids', component: 'List', children: { componentId: 'node', path: 'children' } };
  assert.equal(validateA2uiMessages([create(), update([folder, node, { id: 'name', component: 'Text', text: { path: 'name' } }, kids])]).ok, true);
  // A deleted surface's tree is not checked; a known surface's earlier components are unknown, so neither is its.
  assert.equal(validateA2uiMessages([create(), update([card('root', 'gone')]), { version: 'v0.9', deleteSurface: { surfaceId: 's' } }]).ok, true);
  assert.equal(validateA2uiMessages([update([card('root', 'earlier')])], { knownSurfaces: new Map([['s', BASIC_CATALOG_ID]]) }).ok, true);
});

test('a2ui graph: childRefs knows every reference of the basic catalog; checkGraph walks a DAG once', () => {
  const refs = (component: Json) => childRefs(component as unknown as A2uiComponent);
  assert.deepEqual(refs({ id: 'c', component: 'Card', child: 'x' }), [{ path: '/child', id: 'x' }]);
  assert.deepEqual(refs({ id: 'b', component: 'Button', child: 'x', action: {} }), [{ path: '/child', id: 'x' }]);
  assert.deepEqual(refs({ id: 'r', component: 'Row', children: ['a', 'b'] }), [{ path: '/children/0', id: 'a' }, { path: '/children/1', id: 'b' }]);
  assert.deepEqual(refs({ id: 'l', component: 'List', children: { componentId: 't', path: '/items' } }), [{ path: '/children/componentId', id: 't' }]);
  assert.deepEqual(refs({ id: 't', component: 'Tabs', tabs: [{ title: 'A', child: 'a' }] }), [{ path: '/tabs/0/child', id: 'a' }]);
  assert.deepEqual(refs({ id: 'm', component: 'Modal', trigger: 'a', content: 'b' }), [{ path: '/trigger', id: 'a' }, { path: '/content', id: 'b' }]);
  assert.deepEqual(refs({ id: 'n', component: 'Note', content: 'words', trigger: 'more words' }), [], 'trigger/content are references only on a Modal');
  // A ladder of diamonds has 2^100 paths from root; each component is still walked once.
  const ladder = new Map<string, A2uiComponent>();
  for (let i = 0; i < 100; i++) {
    const id = i === 0 ? 'root' : `j${i}`;
    ladder.set(id, { id, component: 'Row', children: [`l${i}`, `r${i}`] });
    for (const side of ['l', 'r']) ladder.set(`${side}${i}`, { id: `${side}${i}`, component: 'Card', child: `j${i + 1}` });
  }
  ladder.set('j100', { id: 'j100', component: 'Text', text: 'end' });
  const result = checkGraph(ladder, { depth: 1000 });
  assert.deepEqual(result, { ok: true, reachable: 301, depth: 201 });
  const shallow = checkGraph(ladder, { depth: 200 });
  assert.equal(shallow.ok, false);
  // Shared components multiply where they render: 2^100 instances are refused, counted once per component.
  const drawn = checkGraph(ladder, { depth: 1000, componentInstances: A2UI_LIMITS.componentInstances });
  assert.equal(drawn.ok, false);
  assert.match(drawn.ok ? '' : drawn.error.message, /more than 5000 instances/);
  // Ten levels of ten references to the next: valid per component, 10^10 instances: refused by validation too.
  const fan: Json[] = [{ id: 'root', component: 'Column', children: Array(10).fill('c1') }];
  for (let i = 1; i < 10; i++) fan.push({ id: `c${i}`, component: 'Column', children: Array(10).fill(`c${i + 1}`) });
  fan.push({ id: 'c10', component: 'Text', text: 'leaf' });
  assert.match(failure([create(), update(fan)])?.message ?? '', /instances/);
});

test('a2ui validate: the limits', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => text(`t${i}`));
  assert.equal(validateA2uiMessages([create(), update(many(A2UI_LIMITS.componentsPerSurface))]).ok, true);
  assert.deepEqual(withoutMessage(failure([create(), update(many(A2UI_LIMITS.componentsPerSurface - 1)), update(many(2).map((c) => ({ ...c, id: `${c.id}x` })))])), err(2, '/components/1'));
  const batch = [create(), ...Array.from({ length: A2UI_LIMITS.messagesPerBatch }, () => update([text('root')]))];
  assert.deepEqual(withoutMessage(failure(batch)), err(A2UI_LIMITS.messagesPerBatch, ''));
  const chain: Json[] = Array.from({ length: A2UI_LIMITS.depth + 1 }, (_, i) => ({ id: i === 0 ? 'root' : `c${i}`, component: 'Card', child: `c${i + 1}` }));
  chain[chain.length - 1] = text(`c${A2UI_LIMITS.depth}`);
  assert.match(failure([create(), update(chain)])?.message ?? '', /deeper than 32/);
  assert.equal(validateA2uiMessages([create(), update(chain.slice(1).concat([{ id: 'root', component: 'Card', child: 'c2' }]))]).ok, true);
  const wide = { id: 'root', component: 'Row', children: Array.from({ length: A2UI_LIMITS.childrenPerComponent + 1 }, () => 'x') };
  assert.deepEqual(withoutMessage(failure([create(), update([wide])])), err(1, '/components/0/children'));
  assert.deepEqual(withoutMessage(failure([create(), update([text('root', 'x'.repeat(A2UI_LIMITS.stringChars + 1))])])), err(1, '/components/0/text'));
  assert.deepEqual(withoutMessage(failure([create(), data({ value: { big: 'x'.repeat(A2UI_LIMITS.stringChars) , more: Array(20).fill('y'.repeat(A2UI_LIMITS.stringChars)) } })])), err(1, '/value'));
  let deep: unknown = 1;
  for (let i = 0; i < A2UI_LIMITS.dataModelDepth; i++) deep = { d: deep };
  assert.equal(validateA2uiMessages([create(), data({ value: deep })]).ok, true);
  assert.deepEqual(withoutMessage(failure([create(), data({ path: '/one', value: deep })])), err(1, '/value'));
  assert.deepEqual(withoutMessage(failure([create(), update([text('root', { path: `/${'a'.repeat(A2UI_LIMITS.pathChars)}` })])])), err(1, '/components/0/text/path'));
  const regex = { id: 'root', component: 'TextField', label: 'a', validationRegexp: 'a'.repeat(A2UI_LIMITS.regexSourceChars + 1) };
  assert.deepEqual(withoutMessage(failure([create(), update([regex])])), err(1, '/components/0/validationRegexp'));
  const format = text('root', { call: 'formatString', args: { value: 'x'.repeat(A2UI_LIMITS.formatStringChars + 1) } });
  assert.deepEqual(withoutMessage(failure([create(), update([format])])), err(1, '/components/0/text/args/value'));
  const surfaces = Array.from({ length: A2UI_LIMITS.surfacesPerStore + 1 }, (_, i) => create(`s${i}`));
  assert.deepEqual(withoutMessage(failure(surfaces)), err(A2UI_LIMITS.surfacesPerStore, '/surfaceId', `s${A2UI_LIMITS.surfacesPerStore}`));
});

test('a2ui validate: the plain-JSON gate refuses what JSON cannot hold, before any schema', () => {
  const cyclic: Json = { id: 'root', component: 'Text', text: 'x' };
  cyclic['self'] = cyclic;
  assert.deepEqual(withoutMessage(failure([create(), update([cyclic])])), err(1, '/components/0/self'));
  assert.deepEqual(withoutMessage(failure([create(), update([text('root', () => 'x')])])), err(1, '/components/0/text'));
  assert.deepEqual(withoutMessage(failure([create(), update([text('root', Number.NaN)])])), err(1, '/components/0/text'));
  assert.deepEqual(withoutMessage(failure([create(), update([text('root', new Date())])])), err(1, '/components/0/text'));
  const proto = JSON.parse('{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"a":{"__proto__":{"x":1}}}}}') as unknown;
  assert.deepEqual(withoutMessage(failure([create(), proto])), err(1, '/value/a/__proto__'));
  const ctor = JSON.parse('{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"constructor":1}}}') as unknown;
  assert.deepEqual(withoutMessage(failure([create(), ctor])), err(1, '/value/constructor'));
  const getter = { version: 'v0.9', deleteSurface: { surfaceId: 's', get boom(): string { throw new Error('no'); } } };
  assert.deepEqual(withoutMessage(failure([create(), getter])), err(1, '/boom'));
  let nested: unknown = 'x';
  for (let i = 0; i < 100_000; i++) nested = [nested];
  assert.equal(failure([create(), data({ value: nested })])?.path, `/value${'/0'.repeat(A2UI_LIMITS.jsonDepth - 2)}`);
  assert.deepEqual(failure('nope'), { index: -1, code: 'VALIDATION_FAILED', surfaceId: '', path: '', message: 'Expected a list of A2UI messages.' });
});

test('a2ui validate: one message against a state, and other catalogs', () => {
  const surfaces = new Map([['s', { catalogId: BASIC_CATALOG_ID, componentIds: new Set(['root']) }]]);
  const ok = validateA2uiMessage(update([text('root')]), { surfaces });
  assert.equal(ok.ok && ok.kind, 'updateComponents');
  const custom: CatalogDefinition = {
    catalogId: 'https://example.com/mini.json',
    components: { Note: z.strictObject({ id: z.string(), component: z.literal('Note'), body: z.string() }) },
    functions: new Set(['shout']),
  };
  const s = { version: 'v0.9', createSurface: { surfaceId: 'n', catalogId: custom.catalogId } };
  assert.equal(validateA2uiMessages([s, update([{ id: 'root', component: 'Note', body: 'hi' }], 'n')], { catalogs: [custom] }).ok, true);
  assert.deepEqual(withoutMessage(failure([s, update([text('root')], 'n')], { catalogs: [custom] })), err(1, '/components/0/component', 'n'));
  assert.deepEqual(withoutMessage(failure([create()], { catalogs: [custom] })), err(0, '/catalogId'));
  // A surface known to use a catalog the validator does not have cannot take components.
  assert.deepEqual(withoutMessage(failure([update([text('root')], 'k')], { knownSurfaces: new Map([['k', 'https://example.com/gone.json']]) })), err(0, '/surfaceId', 'k'));
});

test('a2ui validate: never throws, whatever it is given', () => {
  fc.assert(
    fc.property(fc.anything({ withBoxedValues: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true }), (value) => {
      const result = validateA2uiMessages([create(), value, update([text('root')])]);
      if (!result.ok) assert.equal(result.error.code, 'VALIDATION_FAILED');
      validateA2uiMessages(value);
    }),
    { numRuns: 300 },
  );
  const fixture = readJson(join(FIXTURES, 'trip-planner.json'))['messages'] as unknown[];
  fc.assert(
    fc.property(fc.nat(fixture.length - 1), fc.array(fc.oneof(fc.string(), fc.nat(5))), fc.jsonValue(), (at, path, value) => {
      const messages = JSON.parse(JSON.stringify(fixture)) as unknown[];
      let target: unknown = messages[at];
      for (const key of path.slice(0, -1)) target = target && typeof target === 'object' ? (target as Json)[String(key)] : undefined;
      if (target && typeof target === 'object' && path.length > 0) (target as Json)[String(path[path.length - 1])] = value;
      const result = validateA2uiMessages(messages);
      if (!result.ok) assert.ok(result.index >= 0 && result.error.path.startsWith('/') === (result.error.path !== ''));
    }),
    { numRuns: 300 },
  );
});
