// A2UI v1.0 beside v0.9 (issue 31, item 3): each rule v1.0 adds, in the DOM-free core (the specification's own
// cases and examples are a2ui-v1.test.ts's): a surface keeps its version, createSurface carries components and a data
// model, null deletes, catalogs resolve per component and per call with no fallback, composition rules, who may call a
// renderer function, and a conversation that loads v1.0's rules with its first v1.0 message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as z from 'zod/mini';
import type { CatalogDefinition } from '../../src/protocols/a2ui/catalog-basic.js';
import { evaluate, failingChecks } from '../../src/protocols/a2ui/evaluate.js';
import { loadA2uiVersion, SurfaceGroup } from '../../src/protocols/a2ui/group.js';
import { A2uiSurfaceStore } from '../../src/protocols/a2ui/surface.js';
import { BASIC_CATALOG_ID, type JsonObject } from '../../src/protocols/a2ui/types.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { createA2uiValidator } from '../../src/protocols/a2ui/validator.js';
import { ClientFrame } from '../../src/protocols/composer/client-frames.js';
import { A2UI_V1, componentCommon, DynamicString, V1_BASIC_CATALOG, V1_BASIC_CATALOG_ID } from '../../src/protocols/a2ui/v1/index.js';

type Json = Record<string, unknown>;
const versions = [A2UI_V1];

const create = (payload: Json = {}) => ({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: V1_BASIC_CATALOG_ID, ...payload } });
const update = (components: unknown[]) => ({ version: 'v1.0', updateComponents: { surfaceId: 's', components } });
const data = (payload: Json) => ({ version: 'v1.0', updateDataModel: { surfaceId: 's', ...payload } });
const text = (id: string, extra: Json = {}) => ({ id, component: 'Text', text: id, ...extra });

test('a2ui v1: a surface keeps the version it was created with', () => {
  const validator = createA2uiValidator({ versions });
  assert.deepEqual(validator.check(create()), { ok: true });
  const v09 = validator.check({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'x' }] } });
  assert.equal(!v09.ok && 'path' in v09.error && v09.error.path, '/version');
  assert.deepEqual(validator.check({ version: 'v0.9', createSurface: { surfaceId: 'old', catalogId: BASIC_CATALOG_ID } }), { ok: true });
  const v1 = validator.check({ version: 'v1.0', updateComponents: { surfaceId: 'old', components: [text('root')] } });
  assert.equal(!v1.ok && v1.error.message, 'Surface "old" was created with version "v0.9"; its messages must have it.');
  // A v1.0 surface cannot name a v0.9 catalog, nor a v0.9 one a v1.0 catalog.
  const mixed = validator.check({ version: 'v1.0', createSurface: { surfaceId: 'm', catalogId: BASIC_CATALOG_ID } });
  assert.equal(!mixed.ok && 'path' in mixed.error && mixed.error.path, '/catalogId');
  const back = validator.check({ version: 'v0.9', createSurface: { surfaceId: 'n', catalogId: V1_BASIC_CATALOG_ID } });
  assert.equal(!back.ok && 'path' in back.error && back.error.path, '/catalogId');
});

test('a2ui v1: createSurface carries the components and data model, applied at once; a refused part changes nothing', () => {
  const store = new A2uiSurfaceStore({ versions });
  assert.equal(store.apply(create({ components: [{ id: 'root', component: 'Column', children: ['t'] }, text('t', { text: { path: '/name' } })], dataModel: { name: 'Ada' } })), null);
  const surface = store.get('s');
  assert.equal(surface?.version, 'v1.0');
  assert.deepEqual([...(surface?.components.keys() ?? [])], ['root', 't']);
  assert.deepEqual(surface?.data, { name: 'Ada' });
  assert.equal(store.checkSurface('s'), null);
  const bad = store.apply({ version: 'v1.0', createSurface: { surfaceId: 't', catalogId: V1_BASIC_CATALOG_ID, components: [text('root', { text: 3 })], dataModel: {} } });
  assert.equal(bad && 'path' in bad && bad.path, '/components/0/text');
  assert.equal(store.get('t'), undefined);
  const data = store.apply({ version: 'v1.0', createSurface: { surfaceId: 't', catalogId: V1_BASIC_CATALOG_ID, dataModel: { rows: Array.from({ length: 30 }, () => 'x'.repeat(10_000)) } } });
  assert.equal(data && 'path' in data && `${data.path} ${data.message}`, '/dataModel A data model holds at most 262144 bytes of JSON.');
  assert.equal(store.get('t'), undefined);
});

test('a2ui v1: updateDataModel needs a value; null deletes at a path, and at the root empties the model; "/" is the root', () => {
  const store = new A2uiSurfaceStore({ versions });
  store.apply(create({ dataModel: { user: { name: 'Ada', age: 36 }, keep: true } }));
  assert.equal(store.apply(data({ path: '/user/age', value: null })), null);
  assert.deepEqual(store.get('s')?.data, { user: { name: 'Ada' }, keep: true });
  const missing = store.apply(data({ path: '/keep' }));
  assert.equal(missing && 'path' in missing && missing.path, '/value');
  assert.equal(store.apply(data({ path: '/', value: { fresh: 1 } })), null);
  assert.deepEqual(store.get('s')?.data, { fresh: 1 });
  assert.equal(store.apply(data({ value: null })), null);
  assert.deepEqual(store.get('s')?.data, {});
  const list = store.apply(data({ path: '/', value: [1] }));
  assert.equal(list && list.message, "A data model's root must stay a JSON object.");
});

/** A second v1.0 catalog with composition rules: Menu holds only MenuItem, MenuItem sits only in a Menu, Page only at the top. */
const RULES_ID = 'https://example.com/rules/catalog.json';
const RULES: CatalogDefinition = {
  catalogId: RULES_ID,
  protocolVersion: '1.0',
  components: {
    Page: z.strictObject({ ...componentCommon, component: z.literal('Page'), children: z.array(z.string()) }),
    Menu: z.strictObject({ ...componentCommon, component: z.literal('Menu'), children: z.array(z.string()) }),
    MenuItem: z.strictObject({ ...componentCommon, component: z.literal('MenuItem'), label: DynamicString }),
  },
  functions: new Set(['ping', 'shout']),
  functionCalls: { ping: z.strictObject({ call: z.literal('ping'), catalogId: z.optional(z.string()) }) },
  composition: { Page: { allowedParents: ['Surface'] }, Menu: { allowedChildren: ['MenuItem'] }, MenuItem: { allowedParents: ['Menu'] } },
  callers: { ping: 'agentOnly', shout: 'rendererOrAgent' },
};

test('a2ui v1: components and calls resolve their catalog (own catalogId, then the surface default, never a fallback)', () => {
  const catalogs = [V1_BASIC_CATALOG, RULES];
  const check = (messages: unknown[]) => {
    const result = validateA2uiMessages(messages, { versions, catalogs });
    return result.ok ? 'ok' : `${result.error.path} ${result.error.message}`;
  };
  const bare = { version: 'v1.0', createSurface: { surfaceId: 's' } };
  assert.equal(check([bare, update([text('root')])]), '/components/0 The component names no catalogId and the surface has no default catalog.');
  assert.equal(check([bare, update([text('root', { catalogId: V1_BASIC_CATALOG_ID })])]), 'ok');
  assert.equal(check([create(), update([{ id: 'root', component: 'Page', catalogId: RULES_ID, children: ['t'] }, text('t')])]), 'ok');
  assert.equal(check([create(), update([{ id: 'root', component: 'Page', children: [] }])]), '/components/0/component The catalog has no component "Page".');
  assert.equal(check([create(), update([text('root', { catalogId: 'https://example.com/none.json' })])]), '/components/0/catalogId The catalog "https://example.com/none.json" is not supported.');
  assert.equal(check([create(), update([text('root', { catalogId: BASIC_CATALOG_ID })])]), `/components/0/catalogId The catalog "${BASIC_CATALOG_ID}" is not supported.`);
  // A call: its own catalogId, else the surface's default, not the component's.
  const button = (call: Json) => ({ id: 'root', component: 'Button', child: 't', action: { functionCall: call } });
  assert.equal(check([create(), update([button({ call: 'shout', catalogId: RULES_ID }), text('t')])]), 'ok');
  // A function only the agent may call is not a component's to call.
  assert.equal(check([create(), update([button({ call: 'ping', catalogId: RULES_ID }), text('t')])]), '/components/0/action/functionCall "ping" is agentOnly: a component cannot call it.');
  assert.equal(check([create(), update([button({ call: 'ping' }), text('t')])]), '/components/0/action/functionCall/call The catalog has no function "ping".');
  assert.equal(check([bare, update([{ ...button({ call: 'ping' }), catalogId: V1_BASIC_CATALOG_ID }, text('t', { catalogId: V1_BASIC_CATALOG_ID })])]), '/components/0/action/functionCall/catalogId The call names no catalog the renderer has, and the surface has no default catalog.');
  // Extension metadata is the vendor's: a value shaped like a call is not one.
  assert.equal(check([create(), update([text('root', { metadata: { extensions: { vendor_hint: { call: 'nothing', args: {} } } } })])]), 'ok');
  // @index: an offset and nothing else.
  const indexed = (args: Json) => [create(), update([{ id: 'root', component: 'List', children: { componentId: 't', path: '/items' } }, text('t', { text: { call: 'formatString', args: { value: { call: '@index', args } } } })])];
  assert.equal(check(indexed({ offset: 1 })), 'ok');
  assert.equal(check(indexed({ step: 1 })), '/components/1/text/args/value/args/step Unknown property "step".');
});

test('a2ui v1: composition rules refuse a component under the wrong parent or a container with the wrong child', () => {
  const catalogs = [V1_BASIC_CATALOG, RULES];
  const surface = { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: RULES_ID } };
  const item = { id: 'i', component: 'MenuItem', label: 'One' };
  const codeOf = (components: unknown[]) => {
    const result = validateA2uiMessages([surface, update(components)], { versions, catalogs });
    return result.ok ? 'ok' : `${result.error.code} ${result.error.path}`;
  };
  assert.equal(codeOf([{ id: 'root', component: 'Page', children: ['m'] }, { id: 'm', component: 'Menu', children: ['i'] }, item]), 'ok');
  assert.equal(codeOf([{ id: 'root', component: 'Menu', children: ['i'] }, item]), 'ok');
  assert.equal(codeOf([{ id: 'root', component: 'Menu', children: ['p'] }, { id: 'p', component: 'Page', children: [] }]), 'UNALLOWED_CHILD /components/0/children/0');
  assert.equal(codeOf([{ id: 'root', component: 'Page', children: ['i'] }, item]), 'UNALLOWED_PARENT /components/0/children/0');
  assert.equal(codeOf([{ ...item, id: 'root' }]), 'UNALLOWED_PARENT /components/0');
  // The validator across turns and the store say the same, once the tree is whole.
  const validator = createA2uiValidator({ versions, catalogs });
  validator.check(surface);
  validator.check(update([{ id: 'root', component: 'Page', children: ['x'] }]));
  assert.deepEqual(validator.checkTrees().map((e) => e.code), ['VALIDATION_FAILED']);
  validator.check(update([item, { id: 'x', component: 'MenuItem', label: 'Two' }]));
  assert.deepEqual(validator.checkTrees().map((e) => `${e.code} ${e.path}`), ['UNALLOWED_PARENT /components/0/children/0']);
});

test('a2ui v1: callRendererFunction is checked against its catalog, and refused with INVALID_FUNCTION_CALL unless the agent may call it', () => {
  const validator = createA2uiValidator({ versions, catalogs: [V1_BASIC_CATALOG, RULES] });
  const call = (callFunction: Json) => validator.check({ version: 'v1.0', callRendererFunction: { functionCallId: 'c1', callFunction } });
  assert.deepEqual(call({ call: 'ping', catalogId: RULES_ID }), { ok: true });
  assert.deepEqual(call({ call: 'shout', catalogId: RULES_ID }), { ok: true });
  assert.deepEqual(call({ call: 'openUrl', catalogId: V1_BASIC_CATALOG_ID, args: { url: 'https://example.com' } }), {
    ok: false,
    error: { code: 'INVALID_FUNCTION_CALL', functionCallId: 'c1', message: 'Function "openUrl" is rendererOnly and cannot be invoked remotely.' },
  });
  // A call the renderer cannot run is answered by its ID with INVALID_FUNCTION_CALL, saying why.
  const refusal = (result: ReturnType<typeof call>) => (!result.ok && 'functionCallId' in result.error ? `${result.error.code} ${result.error.functionCallId} ${result.error.message}` : JSON.stringify(result));
  assert.match(refusal(call({ call: 'openUrl', catalogId: V1_BASIC_CATALOG_ID, args: { url: 'not a uri' } })), /^INVALID_FUNCTION_CALL c1 Must be an absolute URI/);
  assert.equal(refusal(call({ call: 'format', catalogId: V1_BASIC_CATALOG_ID })), 'INVALID_FUNCTION_CALL c1 The catalog has no function "format".');
  assert.equal(refusal(call({ call: 'ping', catalogId: 'https://example.com/none.json' })), 'INVALID_FUNCTION_CALL c1 The catalog "https://example.com/none.json" is not supported.');
  // One without a call ID is no call to answer: a validation error.
  const anonymous = validator.check({ version: 'v1.0', callRendererFunction: { callFunction: { call: 'ping', catalogId: RULES_ID } } });
  assert.equal(!anonymous.ok && anonymous.error.code, 'VALIDATION_FAILED');
  assert.deepEqual(validator.check({ version: 'v1.0', agentFunctionResponse: { functionCallId: 'c2', value: 3 } }), { ok: true });
  assert.equal(validator.check({ version: 'v1.0', agentFunctionResponse: { functionCallId: 'c2' } }).ok, false);
  // Function messages address no surface: the store refuses them as not its own.
  assert.equal(new A2uiSurfaceStore({ versions }).apply({ version: 'v1.0', agentFunctionResponse: { functionCallId: 'c2', value: 3 } })?.message, 'Not a surface message.');
});

test('a2ui v1: a validator for a conversation it joined late knows its v1.0 surfaces by their catalog', () => {
  const validator = createA2uiValidator({ versions, knownSurfaces: new Map([['s', V1_BASIC_CATALOG_ID]]) });
  assert.deepEqual(validator.check(update([text('root')])), { ok: true });
  const old = validator.check({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'x' }] } });
  assert.equal(old.ok, false);
  // A stream validated at once knows them the same way.
  const known = new Map([['s', V1_BASIC_CATALOG_ID]]);
  assert.equal(validateA2uiMessages([update([text('root')])], { versions, knownSurfaces: known }).ok, true);
  assert.equal(validateA2uiMessages([{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'x' }] } }], { versions, knownSurfaces: known }).ok, false);
});

test('a2ui v1: a conversation that does not read v1.0 yet places a v1.0 surface, says in its place why it is not shown, and tells the agent of each message', () => {
  const reported: string[] = [];
  const group = new SurfaceGroup({ report: (error) => reported.push(`${error.surfaceId} ${'path' in error ? error.path : error.code}`) });
  group.apply(create({ components: [text('root')] }), 'm1');
  group.apply(update([text('root', { text: 'again' })]), 'm1');
  assert.deepEqual(reported, ['s /version', 's /version']);
  assert.equal(group.surface('s')?.state, undefined);
  assert.equal((group.surface('s')?.refusal as { path?: string } | undefined)?.path, '/version');
  // A version no rules exist for is refused at once, in its surface's place; its deleteSurface deletes nothing.
  const later = new SurfaceGroup({ report: (error) => reported.push(`${error.surfaceId} ${'path' in error ? error.path : error.code}`), loadVersion: loadA2uiVersion });
  later.apply({ version: 'v0.9', createSurface: { surfaceId: 'kept', catalogId: BASIC_CATALOG_ID } }, 'm1');
  later.apply({ version: 'v2.0', createSurface: { surfaceId: 'n', catalogId: 'x' } }, 'm1');
  later.apply({ version: 'v2.0', deleteSurface: { surfaceId: 'kept' } }, 'm2');
  assert.equal((later.surface('n')?.refusal as { path?: string } | undefined)?.path, '/version');
  assert.notEqual(later.surface('kept')?.state, undefined);
  // A delete refused for its version leaves the surface where it is (a v1.0 delete of a v0.9 surface).
  later.apply({ version: 'v1.0', deleteSurface: { surfaceId: 'kept' } }, 'm3');
  assert.equal(later.placements.get('kept')?.owner, 'm1');
  // The delete is told as a message for no surface (surfaceId and path empty).
  assert.deepEqual(reported.slice(2), ['n /version', ' ']);
});

test('a2ui v1: a conversation loads v1.0’s rules with its first v1.0 message; the messages meanwhile wait, in order', async () => {
  const reported: string[] = [];
  let asked = 0;
  let waited = 0;
  let release: () => void = () => undefined;
  const loaded = new Promise<void>((done) => (release = done));
  const group = new SurfaceGroup({
    report: (error) => reported.push(`${error.surfaceId} ${'path' in error ? error.path : error.code}`),
    loadVersion: async (version) => {
      asked += 1;
      await loaded;
      return version === 'v1.0' ? A2UI_V1 : undefined;
    },
    waited: () => void (waited += 1),
  });
  assert.equal(group.apply(create({ components: [{ id: 'root', component: 'Text', text: { path: '/a' } }], dataModel: { a: 'one' } }), 'm1'), null);
  assert.equal(group.apply(data({ path: '/a', value: 'two' }), 'm1'), null);
  assert.equal(group.apply({ version: 'v0.9', createSurface: { surfaceId: 'old', catalogId: BASIC_CATALOG_ID } }, 'm1'), null);
  assert.equal(group.surface('s'), undefined, 'nothing applies while the rules load');
  group.reset(); // a replay starts over while they load: what waited is dropped, the replay's messages wait instead
  group.apply(create({ components: [{ id: 'root', component: 'Text', text: { path: '/a' } }], dataModel: { a: 'again' } }), 'm1');
  release();
  await loaded;
  await new Promise((done) => setImmediate(done));
  assert.equal(asked, 1);
  assert.equal(waited, 1, 'told once that what waited applied (a chat draws again)');
  assert.deepEqual(group.surface('s')?.state?.data, { a: 'again' });
  assert.equal(group.surface('old'), undefined);
  assert.deepEqual(reported, []);
  // Loaded once: the next v1.0 message applies at once.
  assert.equal(group.apply(data({ path: '/a', value: null }), 'm2'), null);
  assert.deepEqual(group.surface('s')?.state?.data, {});
  // A history's record of what a later message touched waits behind them too: the later message owns the surface.
  let letGo: () => void = () => undefined;
  const slow = new Promise<void>((done) => (letGo = done));
  const history = new SurfaceGroup({ loadVersion: async () => (await slow, A2UI_V1) });
  history.apply(create({ components: [{ id: 'root', component: 'Text', text: 'Hi' }] }), 'm1');
  history.touch(['s'], 'm3');
  assert.equal(history.placements.get('s')?.owner, undefined, 'nothing placed while the rules load');
  letGo();
  await slow;
  await new Promise((done) => setImmediate(done));
  assert.equal(history.placements.get('s')?.owner, 'm3');
  // A version whose rules cannot be loaded is refused, with its notice, once it is known they cannot.
  const refused: string[] = [];
  const other = new SurfaceGroup({ report: (error) => refused.push(`${error.surfaceId} ${'path' in error ? error.path : error.code}`), loadVersion: () => Promise.reject(new Error('offline')) });
  other.apply(create(), 'm1');
  await new Promise((done) => setImmediate(done));
  assert.deepEqual(refused, ['s /version']);
  assert.equal((other.surface('s')?.refusal as { path?: string } | undefined)?.path, '/version');
});

test('a2ui v1: @index is the index of the list item a template draws, plus offset, in a value and in formatString', () => {
  const data = { items: ['a', 'b', 'c'], byId: { '1001': { name: 'x' } } };
  assert.equal(evaluate({ call: '@index', args: { offset: 1 } }, { data, scope: '/items/2' }), 3);
  assert.equal(evaluate({ call: 'formatString', args: { value: 'Step ${@index(offset: 1)} of 3' } }, { data, scope: '/items/1' }), 'Step 2 of 3');
  // Outside a template, or over an object's keys (even one that looks like an index), it is absent.
  assert.equal(evaluate({ call: '@index' }, { data, scope: '' }), undefined);
  assert.equal(evaluate({ call: '@index' }, { data, scope: '/byId/1001' }), undefined);
});

test('a2ui v1: a check whose condition gives a ValidationResult fails with its message (else the rule’s), and passes when valid', () => {
  const rule = (verdict: JsonObject) => failingChecks([{ condition: { path: '/v' }, message: 'Fallback.' }], { data: { v: verdict }, scope: '' });
  assert.deepEqual(rule({ valid: false, message: 'Too short.', severity: 'error' }), ['Too short.']);
  assert.deepEqual(rule({ valid: false, code: 'E1' }), ['Fallback.']);
  assert.deepEqual(rule({ valid: true, message: 'Fine.' }), []);
});

test('a2ui v1: and, or and not read a ValidationResult as its `valid`', () => {
  const data = { ok: { valid: true, message: 'Fine.' }, bad: { valid: false, code: 'E1' } };
  const run = (call: string, args: JsonObject) => evaluate({ call, args }, { data, scope: '' });
  assert.equal(run('and', { values: [{ path: '/ok' }, true] }), true);
  assert.equal(run('and', { values: [{ path: '/ok' }, { path: '/bad' }] }), false);
  assert.equal(run('or', { values: [{ path: '/bad' }, { path: '/ok' }] }), true);
  assert.equal(run('or', { values: [{ path: '/bad' }, false] }), false);
  assert.equal(run('not', { value: { path: '/bad' } }), true);
  assert.equal(run('not', { value: { path: '/ok' } }), false);
  // In a check, through and: the rule's message when the combination fails.
  assert.deepEqual(failingChecks([{ condition: { call: 'and', args: { values: [{ path: '/ok' }, { path: '/bad' }] } }, message: 'Both.' }], { data, scope: '' }), ['Both.']);
  assert.deepEqual(failingChecks([{ condition: { call: 'or', args: { values: [{ path: '/ok' }, { path: '/bad' }] } }, message: 'Either.' }], { data, scope: '' }), []);
});

test('a2ui v1: the data models asked for are a v1.0 message (renderer_data_model.json) when every such surface is v1.0; v0.9 when any is not', () => {
  const store = new A2uiSurfaceStore({ versions });
  assert.equal(store.apply(create({ sendDataModel: true, dataModel: { name: 'Ada' } })), null);
  assert.deepEqual(store.clientDataModel(), { version: 'v1.0', surfaces: { s: { name: 'Ada' } } });
  assert.equal(store.apply({ version: 'v0.9', createSurface: { surfaceId: 'old', catalogId: BASIC_CATALOG_ID, sendDataModel: true } }), null);
  assert.equal(store.clientDataModel()?.version, 'v0.9', 'one message cannot be both');
  // The Composer's frames take either.
  const frame = (version: string) => ClientFrame.safeParse({ type: 'client_action', client_action_id: 'a1', message_id: 'm1', a2ui: { version, action: {} }, a2ui_data_model: { version, surfaces: {} } }).success;
  assert.deepEqual([frame('v1.0'), frame('v0.9'), frame('v2')], [true, true, false]);
});
