// The A2UI surface store: each message validated against the current state, applied as the protocol says
// (createSurface, upsert of components by id, data model set/replace/remove, deleteSurface), immutable snapshots,
// limits that refuse an update without changing anything, and the component graph checked at render time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { MAX_ARRAY_GAP } from '../../src/protocols/a2ui/pointer.js';
import { A2uiSurfaceStore } from '../../src/protocols/a2ui/surface.js';
import { BASIC_CATALOG_ID, type A2uiError, type JsonValue } from '../../src/protocols/a2ui/types.js';
import { A2UI_LIMITS } from '../../src/protocols/a2ui/limits.js';

type Json = Record<string, unknown>;
const create = (surfaceId = 's', extra: Json = {}) => ({ version: 'v0.9', createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, ...extra } });
const update = (components: unknown[], surfaceId = 's') => ({ version: 'v0.9', updateComponents: { surfaceId, components } });
const data = (payload: Json, surfaceId = 's') => ({ version: 'v0.9', updateDataModel: { surfaceId, ...payload } });
const remove = (surfaceId = 's') => ({ version: 'v0.9', deleteSurface: { surfaceId } });
const text = (id: string, value: unknown = 'Hi') => ({ id, component: 'Text', text: value });
const pathOf = (error: A2uiError | null | undefined): string | undefined => (error && 'path' in error ? error.path : undefined);

function storeWith(...messages: unknown[]): A2uiSurfaceStore {
  const store = new A2uiSurfaceStore();
  for (const message of messages) assert.equal(store.apply(message), null, JSON.stringify(message));
  return store;
}

test('a2ui surface: createSurface makes an empty surface; a second one for the same id is refused', () => {
  const store = storeWith(create('s', { theme: { primaryColor: '#112233' }, sendDataModel: true }));
  const s = store.get('s');
  assert.deepEqual(
    s && { ...s, components: [...s.components], sources: [...s.sources] },
    { surfaceId: 's', catalogId: BASIC_CATALOG_ID, theme: { primaryColor: '#112233' }, sendDataModel: true, components: [], sources: [], data: {}, revision: 1 },
  );
  assert.equal(store.get('nope'), undefined);
  assert.deepEqual(store.apply(create('s')), { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/surfaceId', message: 'Surface "s" already exists; delete it before creating it again.' });
  assert.equal(store.get('s'), s, 'a refused message changes nothing');
  assert.equal(storeWith(create('t')).get('t')?.sendDataModel, false);
  assert.deepEqual(store.surfaceIds(), ['s']);
});

test('a2ui surface: updateComponents upserts whole components by id; a changed type is a fresh component', () => {
  const store = storeWith(create(), update([{ id: 'root', component: 'Column', children: ['a', 'b'] }, text('b', 'two'), text('a', 'one')]));
  const before = store.get('s');
  assert.equal(store.apply(update([{ id: 'a', component: 'Text', text: 'uno' }, { id: 'b', component: 'Divider' }, text('c')])), null);
  const after = store.get('s');
  assert.notEqual(after, before);
  assert.notEqual(after?.components, before?.components);
  assert.deepEqual([...(before?.components.keys() ?? [])], ['root', 'b', 'a'], 'the old snapshot is untouched');
  assert.deepEqual([...(after?.components.keys() ?? [])], ['root', 'a', 'b', 'c'], 'b changed type: a fresh component, last');
  assert.deepEqual(after?.components.get('a'), { id: 'a', component: 'Text', text: 'uno' });
  assert.deepEqual(after?.components.get('b'), { id: 'b', component: 'Divider' });
  assert.ok((after?.revision ?? 0) > (before?.revision ?? 0));
  assert.equal(pathOf(store.apply(update([text('x')], 'ghost'))), '/surfaceId');
  assert.equal(pathOf(store.apply(update([{ id: 'a', component: 'Text', text: 3 }]))), '/components/0/text');
  assert.equal(store.get('s'), after);
});

test('a2ui surface: the store keeps its own copy of what it was given', () => {
  const component = text('root', 'mine');
  const store = storeWith(create(), update([component]));
  component.text = 'changed later';
  assert.equal(store.get('s')?.components.get('root')?.['text'], 'mine');
});

test('a2ui surface: updateDataModel sets, creates, replaces the root and removes', () => {
  const store = storeWith(create(), data({ value: { user: { name: 'Ann' }, tags: ['a', 'b', 'c'] } }));
  const first = store.get('s')?.data;
  assert.equal(store.apply(data({ path: '/user/name', value: 'Bea' })), null);
  assert.equal(store.apply(data({ path: '/user/address/city', value: 'Oslo' })), null);
  assert.deepEqual(store.get('s')?.data, { user: { name: 'Bea', address: { city: 'Oslo' } }, tags: ['a', 'b', 'c'] });
  assert.deepEqual(first, { user: { name: 'Ann' }, tags: ['a', 'b', 'c'] }, 'copy on write');
  assert.equal(store.apply(data({ path: '/user/address' })), null);
  assert.equal(store.apply(data({ path: '/tags/1' })), null);
  assert.deepEqual(store.get('s')?.data, { user: { name: 'Bea' }, tags: ['a', null, 'c'] }, 'an array keeps its length');
  const revision = store.get('s')?.revision;
  assert.equal(store.apply(data({ path: '/nothing/here' })), null);
  assert.equal(store.get('s')?.revision, revision, 'removing what is not there changes nothing');
  const kept = store.get('s');
  for (const value of [[1, 2], 'text', 3, null, true]) {
    for (const path of [undefined, '/']) {
      assert.deepEqual(store.apply(data({ ...(path ? { path } : {}), value })), {
        code: 'VALIDATION_FAILED',
        surfaceId: 's',
        path: '/value',
        message: "A data model's root must stay a JSON object.",
      }, `${JSON.stringify(value)} at ${path}`);
    }
  }
  assert.equal(store.get('s'), kept, 'the root stays an object');
  assert.equal(store.setData('s', '', [1]), false, 'an input bound to the root cannot make it a list either');
  assert.equal(store.apply(data({ path: '/', value: { fresh: true } })), null);
  assert.deepEqual(store.get('s')?.data, { fresh: true });
  assert.equal(store.apply(data({})), null);
  assert.deepEqual(store.get('s')?.data, {});
  assert.equal(store.apply(data({ path: '/n', value: 1 })), null);
  assert.deepEqual(store.apply(data({ path: '/n/deeper', value: 2 })), {
    code: 'VALIDATION_FAILED',
    surfaceId: 's',
    path: '/path',
    message: 'The path crosses a value that is not an object or list, names a list item by a non-index, or goes too far past the end of a list.',
  });
  assert.equal(store.apply(data({ path: '/made/name', value: 1 })), null);
  assert.deepEqual((store.get('s')?.data as Record<string, JsonValue>)['made'], { name: 1 }, 'a missing container before a key is an object');
});

test('a2ui surface: a write creates arrays for index segments and upserts past the end (renderer_guide.md auto-typing)', () => {
  const store = storeWith(create());
  assert.equal(store.apply(data({ path: '/items/0/name', value: 'first' })), null);
  assert.deepEqual(store.get('s')?.data, { items: [{ name: 'first' }] });
  assert.equal(store.apply(data({ path: '/items/3', value: 'fourth' })), null);
  assert.deepEqual(store.get('s')?.data, { items: [{ name: 'first' }, null, null, 'fourth'] }, 'the places between hold null');
  assert.equal(store.apply(data({ path: '/items/-/name', value: 'appended' })), null);
  assert.equal(store.apply(data({ path: '/grid/1/0', value: 'x' })), null);
  assert.deepEqual(store.get('s')?.data, { items: [{ name: 'first' }, null, null, 'fourth', { name: 'appended' }], grid: [null, ['x']] });
  assert.equal(pathOf(store.apply(data({ path: '/items/name', value: 1 }))), '/path', 'an array is not named by a key');
  assert.equal(pathOf(store.apply(data({ path: '/items/01', value: 1 }))), '/path', 'nor by an index with a leading zero');
  const before = store.get('s');
  assert.equal(pathOf(store.apply(data({ path: `/items/${MAX_ARRAY_GAP + 50}`, value: 1 }))), '/path', 'nor so far past its end');
  assert.equal(store.get('s'), before);
  assert.equal(store.setData('s', '/fresh/2', true), true, 'an input writes the same way');
  assert.deepEqual((store.get('s')?.data as Record<string, JsonValue>)['fresh'], [null, null, true]);
});

test('a2ui surface: a data model past its limits is refused and nothing changes', () => {
  const store = storeWith(create());
  const chunk = 'x'.repeat(A2UI_LIMITS.stringChars - 10);
  let refused = null;
  for (let i = 0; i < 40 && !refused; i++) refused = store.apply(data({ path: `/k${i}`, value: chunk }));
  assert.equal(pathOf(refused), '/value');
  assert.match(refused?.message ?? '', /larger than 262144 bytes/);
  const kept = store.get('s');
  assert.ok(JSON.stringify(kept?.data).length <= A2UI_LIMITS.dataModelBytes);
  assert.equal(store.setData('s', '/more', chunk), false);
  assert.equal(store.get('s'), kept);
  let deep: JsonValue = {};
  for (let i = 0; i < A2UI_LIMITS.dataModelDepth - 2; i++) deep = { d: deep };
  const small = storeWith(create(), data({ path: '/a', value: deep }));
  assert.match(small.apply(data({ path: '/b/c', value: deep }))?.message ?? '', /nested at most 32 levels/);
  assert.equal(small.setData('s', '/b/c', deep), false);
  assert.equal(small.setData('s', '/b', deep), true);
});

test('a2ui surface: setData writes what an input holds, and refuses bad pointers, values and surfaces', () => {
  const store = storeWith(create(), data({ value: { form: { name: '' }, list: [1] } }));
  assert.equal(store.setData('s', '/form/name', 'Zoë'), true);
  assert.equal(store.setData('s', '/list/1', 2), true);
  assert.equal(store.setData('s', '/list/-', 3), true);
  assert.deepEqual(store.get('s')?.data, { form: { name: 'Zoë' }, list: [1, 2, 3] });
  assert.equal(store.setData('s', '/form', undefined), true);
  assert.deepEqual(store.get('s')?.data, { list: [1, 2, 3] });
  for (const pointer of ['relative', '/a/__proto__', '/constructor/x', '/~2']) assert.equal(store.setData('s', pointer, 1), false, pointer);
  assert.equal(store.setData('s', '/list/x', 1), false);
  assert.equal(store.setData('ghost', '/a', 1), false);
  const cyclic: Json = {};
  cyclic['me'] = cyclic;
  assert.equal(store.setData('s', '/a', cyclic as never), false);
  assert.equal(store.setData('s', '/a', Number.POSITIVE_INFINITY), false);
  assert.equal(({} as Json)['polluted'], undefined);
});

test('a2ui surface: subscribers hear of each change; deleteSurface removes the surface', () => {
  const listenerErrors: unknown[] = [];
  const store = new A2uiSurfaceStore({ onListenerError: (error) => listenerErrors.push(error) });
  const heard: string[] = [];
  const unsubscribe = store.subscribe((id) => heard.push(id));
  const broken = store.subscribe(() => {
    throw new Error('listener bug');
  });
  store.apply(create('a'));
  broken();
  assert.match(String(listenerErrors[0]), /listener bug/, 'a listener that throws is reported, not swallowed');
  store.apply(create('b'));
  store.apply(update([text('root')], 'a'));
  store.apply(data({ value: { x: 1 } }, 'b'));
  store.setData('b', '/x', 2);
  store.apply(update([text('root', 1)], 'a'));
  store.apply(remove('a'));
  assert.deepEqual(heard, ['a', 'b', 'a', 'b', 'b', 'a']);
  assert.equal(store.get('a'), undefined);
  assert.deepEqual(store.surfaceIds(), ['b']);
  assert.equal(pathOf(store.apply(remove('a'))), '/surfaceId');
  unsubscribe();
  store.apply(create('a'));
  assert.equal(heard.length, 6);
  assert.ok((store.get('a')?.revision ?? 0) > 6, 'a recreated surface never repeats a revision');
});

test('a2ui surface: checkSurface reports dangling references, cycles and depth at the component’s position', () => {
  const store = storeWith(create(), update([text('a'), { id: 'root', component: 'Column', children: ['a', 'b'] }]));
  assert.deepEqual(store.checkSurface('s'), { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/1/children/1', message: 'No component has the id "b".' });
  assert.equal(store.checkSurface('s'), store.checkSurface('s'));
  store.apply(update([{ id: 'b', component: 'Card', child: 'root' }]));
  assert.equal(store.checkSurface('s')?.path, '/components/0/child', 'relative to the message that defined it');
  assert.match(store.checkSurface('s')?.message ?? '', /cycle/);
  store.apply(update([{ id: 'b', component: 'Card', child: 'a' }]));
  assert.equal(store.checkSurface('s'), null);
  assert.equal(store.checkSurface('ghost'), null);
  assert.equal(storeWith(create(), update([{ id: 'x', component: 'Card', child: 'none' }])).checkSurface('s'), null, 'no root, nothing to check yet');
  const chain = Array.from({ length: A2UI_LIMITS.depth }, (_, i) => ({ id: i === 0 ? 'root' : `c${i}`, component: 'Card', child: `c${i + 1}` }));
  const deep = storeWith(create(), update([...chain, text(`c${A2UI_LIMITS.depth}`)]));
  assert.equal(deep.checkSurface('s')?.path, `/components/${A2UI_LIMITS.depth - 1}/child`);
});

test('a2ui surface: clientDataModel holds the surfaces created with sendDataModel', () => {
  const store = storeWith(create('a', { sendDataModel: true }), create('b'), data({ value: { q: 1 } }, 'a'), data({ value: { q: 2 } }, 'b'));
  assert.deepEqual(store.clientDataModel(), { version: 'v0.9', surfaces: { a: { q: 1 } } });
  assert.equal(storeWith(create('b')).clientDataModel(), undefined);
});

test('a2ui surface: a fixture applies message by message; nothing thrown at the store throws', () => {
  const path = join(import.meta.dirname, '../fixtures/a2ui/trip-planner.json');
  const messages = (JSON.parse(readFileSync(path, 'utf8')) as { messages: unknown[] }).messages;
  const store = storeWith(...messages);
  assert.equal(store.checkSurface('trip-planner'), null);
  assert.equal(store.get('trip-planner')?.components.size, 24);
  fc.assert(
    fc.property(fc.anything({ withNullPrototype: true, withMap: true }), fc.string(), (value, pointer) => {
      const error = store.apply(value);
      assert.ok(error === null || typeof error.message === 'string');
      store.setData('trip-planner', pointer, value as never);
    }),
    { numRuns: 300 },
  );
});
