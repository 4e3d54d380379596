import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { V1_BASIC_CATALOG, V1_BASIC_CATALOG_ID } from '../../src/protocols/a2ui/v1/index.js';
import { DEFAULT_CATALOGS, SPEC_CATALOGS, createA2uiValidator, validateA2uiMessages, type CatalogDefinition } from '../../src/protocols/a2ui/index.js';
import { MANTIS_CATALOG } from '../../src/protocols/a2ui/catalog-mantis.js';
import { expandMessage } from '../../src/protocols/a2ui/expand.js';
import { BASIC_DESCRIPTIONS, MANTIS_DESCRIPTIONS, catalogJson } from '../../src/protocols/a2ui/catalog-tools.js';
import { CatalogJsonError, MAX_SCHEMA_NODES, catalogFromJson } from '../../src/protocols/a2ui/json-catalog/index.js';
import { BASIC_CATALOG } from '../../src/protocols/a2ui/catalog-basic.js';
import { MINIMAL_CATALOG } from '../../src/protocols/a2ui/catalog-minimal.js';
import { TILES, TILES_ID } from '../fixtures/a2ui/tiles-catalog.js';
import { readCatalogs } from '../../src/protocols/a2ui/catalog-input.js';
import { A2UI_CATALOGS } from '../../src/protocols/a2ui/types.js';

type Json = Record<string, unknown>;
const SPEC = join(import.meta.dirname, '../fixtures/a2ui-spec/v0.9');
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const basicJson = readJson(join(SPEC, 'catalogs/basic/catalog.json'));
const minimalJson = readJson(join(SPEC, 'catalogs/minimal/catalog.json'));
const examples = readdirSync(join(SPEC, 'examples')).map((file) => ({ file, messages: (readJson(join(SPEC, 'examples', file))['messages'] as Json[]) }));

const verdict = (messages: unknown[], catalogs: readonly CatalogDefinition[]) => {
  const result = validateA2uiMessages(messages, { catalogs });
  // The message and the component's property: inside a union that no branch fits, how deep the error points is a guess.
  return result.ok ? 'ok' : `${result.index} ${result.error.path.split('/').slice(0, 4).join('/')}`;
};

/** The same example with one component changed by `change`. */
function mutated(messages: readonly Json[], index: number, change: (component: Json) => void): Json[] {
  const copy = structuredClone(messages) as Json[];
  const update = copy.find((m) => m['updateComponents']) as Json;
  const component = ((update['updateComponents'] as Json)['components'] as Json[])[index] as Json;
  change(component);
  return copy;
}

const refusal = (document: unknown): { path: string; message: string } => {
  try {
    catalogFromJson(document, DEFAULT_CATALOGS);
  } catch (error) {
    assert.ok(error instanceof CatalogJsonError, String(error));
    return { path: error.path, message: error.message };
  }
  assert.fail('the catalog was read');
};

describe('catalogs as JSON: the specification’s own', () => {
  const json = [catalogFromJson(basicJson, DEFAULT_CATALOGS), catalogFromJson(minimalJson, DEFAULT_CATALOGS)];

  test('the basic and minimal catalog.json read into catalogs with every component and function', () => {
    assert.deepEqual(Object.keys(json[0]!.components).sort(), Object.keys(BASIC_CATALOG.components).sort());
    assert.deepEqual([...json[0]!.functions].sort(), [...BASIC_CATALOG.functions].sort());
    assert.deepEqual(Object.keys(json[1]!.components).sort(), ['Button', 'Column', 'Row', 'Text', 'TextField']);
  });

  test('every example validates under the catalogs read from JSON, and so does each change the built-in ones refuse, at the same path', () => {
    const changes: [string, (c: Json) => void][] = [
      ['an unknown property', (c) => void (c['bogus'] = 1)],
      ['a required property removed', (c) => void delete c[Object.keys(c).find((k) => k !== 'id' && k !== 'component') ?? 'id']],
      ['a value of the wrong type', (c) => void (c[Object.keys(c).find((k) => k !== 'id' && k !== 'component') ?? 'id'] = { nope: true })],
      ['a variant outside the enum', (c) => void (c['variant'] = 'sparkly')],
      ['a weight that is not a number', (c) => void (c['weight'] = '1')],
      ['an accessibility label of the wrong type', (c) => void (c['accessibility'] = { label: 3 })],
    ];
    let compared = 0;
    for (const { file, messages } of examples) {
      assert.equal(verdict(messages, json), 'ok', file);
      const update = messages.find((m) => m['updateComponents']) as Json;
      const count = ((update['updateComponents'] as Json)['components'] as Json[]).length;
      for (let i = 0; i < count; i++) {
        for (const [name, change] of changes) {
          const changed = mutated(messages, i, change);
          assert.equal(verdict(changed, json), verdict(changed, SPEC_CATALOGS), `${file} component ${i}: ${name}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 500, `${compared} changes compared`);
  });

  test('a bad function call is refused under both, at the same place', () => {
    const base = examples[0]!.messages;
    const calls: Json[] = [
      { call: 'formatDate', args: { value: '2026-01-01' } },
      { call: 'formatDate', args: { value: '2026-01-01', format: 'yyyy', extra: 1 } },
      { call: 'nope', args: {} },
      { call: 'regex', args: { value: 'x', pattern: '(?=a)' } },
    ];
    for (const call of calls) {
      const changed = mutated(base, 1, (c) => void (c['accessibility'] = { label: call }));
      assert.notEqual(verdict(changed, json), 'ok', JSON.stringify(call));
      assert.equal(verdict(changed, json), verdict(changed, SPEC_CATALOGS), JSON.stringify(call));
    }
  });
});

describe('catalogs as JSON: ours, forked, and a new one', () => {
  test('our catalog as npm run catalog writes it reads back, higher-order components included, and validates what ours does', () => {
    const forked = catalogFromJson(catalogJson(MANTIS_CATALOG, MANTIS_DESCRIPTIONS), DEFAULT_CATALOGS);
    assert.deepEqual(Object.keys(forked.components).sort(), Object.keys(MANTIS_CATALOG.components).sort());
    assert.deepEqual(Object.keys(forked.higherOrder ?? {}).sort(), ['FormSection', 'KeyValueList', 'PricingCard', 'StatCard']);
    const card = { id: 'p', component: 'PricingCard', title: 'Pro', price: '$9', features: ['a', 'b'], action: { event: { name: 'buy' } } };
    assert.deepEqual(expandMessage({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [card] } }, forked).message, expandMessage({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [card] } }, MANTIS_CATALOG).message);
    assert.ok(catalogFromJson(catalogJson(BASIC_CATALOG, BASIC_DESCRIPTIONS), DEFAULT_CATALOGS));
  });

  test('a catalog may narrow a component ours draws, never widen it', () => {
    const tiles = catalogFromJson(TILES, DEFAULT_CATALOGS);
    const validator = createA2uiValidator({ catalogs: [tiles] });
    assert.equal(validator.check({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: TILES_ID } }).ok, true);
    const h2 = validator.check({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'x', variant: 'h2' }] } });
    assert.equal(h2.ok, false);
    assert.equal(!h2.ok && 'path' in h2.error && h2.error.path, '/components/0/variant');
    const wide = structuredClone(TILES) as Json;
    ((((wide['components'] as Json)['Text'] as Json)['properties'] as Json)['color'] = { type: 'string' });
    assert.match(refusal(wide).message, /Text has no property "color"/);
  });

  test('a document maps onto the catalogs it is given as drawn, and only those', () => {
    // The minimal catalog draws Text, Row, Column, Button and TextField, and its one function is capitalize.
    const text = { type: 'object', properties: { component: { const: 'Text' }, text: { type: 'string' } }, required: ['component', 'text'] };
    const onlyText = { catalogId: 'https://example.test/only-text.json', components: { Text: text }, functions: { capitalize: { type: 'object' } } };
    const mapped = catalogFromJson(onlyText, [MINIMAL_CATALOG]);
    assert.deepEqual(Object.keys(mapped.components), ['Text']);
    assert.deepEqual([...mapped.functions], ['capitalize']);
    assert.equal(mapped.theme, MINIMAL_CATALOG.theme);
    const card = { ...onlyText, components: { ...onlyText.components, Card: { type: 'object', properties: { component: { const: 'Card' }, child: { type: 'string' } } } } };
    assert.ok(catalogFromJson(card, DEFAULT_CATALOGS).components['Card'], 'the basic catalog draws Card');
    assert.throws(() => catalogFromJson(card, [MINIMAL_CATALOG]), (error: unknown) => error instanceof CatalogJsonError && error.path === '/components/Card');
    const formatDate = { ...onlyText, functions: { formatDate: { type: 'object' } } };
    assert.throws(() => catalogFromJson(formatDate, [MINIMAL_CATALOG]), (error: unknown) => error instanceof CatalogJsonError && error.path === '/functions/formatDate');
    // The first catalog that names a component draws it: the minimal Button has no `default` variant, the basic one has.
    const button = { ...onlyText, components: { ...onlyText.components, Button: { type: 'object', properties: { component: { const: 'Button' } } } } };
    const press = { id: 'b', component: 'Button', child: 't', variant: 'default', action: { event: { name: 'go' } } };
    assert.equal(catalogFromJson(button, [MINIMAL_CATALOG, BASIC_CATALOG]).components['Button']?.safeParse(press).success, false);
    assert.equal(catalogFromJson(button, [BASIC_CATALOG, MINIMAL_CATALOG]).components['Button']?.safeParse(press).success, true);
    assert.throws(() => catalogFromJson(onlyText, []), CatalogJsonError);
  });

  test('a higher-order component written in JSON expands into the catalog’s own components, with $param, default and $when', () => {
    const tiles = catalogFromJson(TILES, DEFAULT_CATALOGS);
    const tile = { id: 't', component: 'Tile', title: { path: '/name' }, weight: 2 };
    const { message } = expandMessage({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [tile] } }, tiles);
    const components = ((message as Json)['updateComponents'] as Json)['components'] as Json[];
    assert.deepEqual(components, [
      { id: 't', component: 'Card', child: 't__body', weight: 2 },
      { id: 't__body', component: 'Column', children: ['t__title', 't__badge'] },
      { id: 't__title', component: 'Text', text: { path: '/name' }, variant: 'h4' },
      { id: 't__badge', component: 'Text', text: 'New', variant: 'caption' },
    ]);
    const withNote = expandMessage({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ ...tile, note: 'n', badge: 'Hot' }] } }, tiles).message;
    assert.deepEqual((((withNote as Json)['updateComponents'] as Json)['components'] as Json[]).map((c) => c['id']), ['t', 't__body', 't__title', 't__note', 't__badge']);
    const result = validateA2uiMessages(
      [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: TILES_ID } }, { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['t'] }, tile] } }],
      { catalogs: [tiles] },
    );
    assert.equal(result.ok, true, JSON.stringify(result));
    const bad = validateA2uiMessages(
      [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: TILES_ID } }, { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Tile' }] } }],
      { catalogs: [tiles] },
    );
    assert.equal(!bad.ok && bad.error.path, '/components/0/title');
    // A part whose fixed value the catalog's own component refuses (Text narrowed to no h2) is not found when the
    // catalog is given: a stream that uses it is refused as the chat refuses it, at the component the agent wrote.
    const doc = structuredClone(TILES) as Json;
    compositionOf(doc)[2]!['variant'] = 'h2';
    const narrowed = catalogFromJson(doc, DEFAULT_CATALOGS);
    const stream = [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: TILES_ID } }, { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['t'] }, tile] } }];
    const refused = validateA2uiMessages(stream, { catalogs: [narrowed] });
    assert.deepEqual(!refused.ok && [refused.index, refused.error.path], [1, '/components/1']);
  });

  test('a catalog is refused when it is given, saying where, for anything this client could not honour', () => {
    const cases: [string, (doc: Json) => void, RegExp][] = [
      ['a component no renderer draws', (d) => void ((d['components'] as Json)['Gauge'] = { type: 'object' }), /No renderer draws "Gauge"/],
      ['a keyword not enforced', (d) => void (((d['components'] as Json)['Text'] as Json)['patternProperties'] = {}), /"patternProperties" is not supported/],
      ['a format not known', (d) => void (((d['components'] as Json)['Text'] as Json)['format'] = 'ipv6'), /format "ipv6" is not supported/],
      ['a reference outside', (d) => void (((d['components'] as Json)['Text'] as Json)['$ref'] = 'https://evil.example/x.json#/a'), /Only references into this catalog/],
      ['a reference to nothing', (d) => void (((d['components'] as Json)['Text'] as Json)['$ref'] = '#/$defs/Nope'), /names nothing/],
      ['a function not implemented', (d) => void (d['functions'] = { launch: { type: 'object' } }), /"launch" is not one this client implements/],
      ['a composition of a component not in the catalog', (d) => void (compositionOf(d)[0]!['component'] = 'Image'), /"Image" is not a component of this catalog/],
      ['a $param naming nothing', (d) => void (compositionOf(d)[2]!['text'] = { $param: 'nope' }), /\$param: Must name a property of Tile/],
      ['a reference to no part', (d) => void (compositionOf(d)[0]!['child'] = 'elsewhere'), /"elsewhere" is not a component of the composition/],
      ['a composition named like a component drawn', (d) => void (((d['components'] as Json)['Text'] as Json)['x-mantis-composition'] = { components: [] }), /needs a name of its own/],
      ['$when on the first part', (d) => void (compositionOf(d)[0]!['$when'] = 'note'), /always there/],
      ['no catalogId', (d) => void delete d['catalogId'], /catalogId/],
    ];
    for (const [name, change, expected] of cases) {
      const doc = structuredClone(TILES) as Json;
      change(doc);
      assert.match(refusal(doc).message, expected, name);
    }
    assert.equal(refusal({ ...TILES, components: { ...(TILES['components'] as Json), Gauge: { type: 'object' } } }).path, '/components/Gauge');
  });

  test('a schema that refers to itself is read once and checks a tree; a document too large or too deep is refused', () => {
    const tree = { type: 'object', properties: { label: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/node' } } }, additionalProperties: false };
    const doc = structuredClone(TILES) as Json;
    (doc['$defs'] as Json)['node'] = tree;
    (doc['$defs'] as Json)['theme'] = { type: 'object', properties: { tree: { $ref: '#/$defs/node' } } };
    const catalog = catalogFromJson(doc, DEFAULT_CATALOGS);
    assert.equal(catalog.theme?.safeParse({ tree: { label: 'a', kids: [{ label: 'b', kids: [] }] } }).success, true);
    assert.equal(catalog.theme?.safeParse({ tree: { label: 'a', kids: [{ label: 2 }] } }).success, false);
    const defs = TILES['$defs'] as Json;
    const wide = { ...TILES, $defs: { ...defs, theme: { allOf: Array.from({ length: MAX_SCHEMA_NODES }, () => ({ type: 'object' })) } } };
    assert.match(refusal(wide).message, /at most 20000 schemas/);
    let deep: Json = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { items: deep };
    assert.match(refusal({ ...TILES, $defs: { ...defs, theme: deep } }).message, /nest at most/);
  });

  test('attack inputs anywhere in a catalog or a component only ever refuse or fail validation (ours and, when present, the shared corpus)', (t) => {
    const ours = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '__proto__', 'constructor', '#/__proto__', '(a+)+$', '\u0000'];
    const file = new URL('../../../shared/corpus/attacks.json', import.meta.url);
    let shared: string[] = [];
    if (existsSync(file)) shared = Object.values((readJson(file.pathname)['groups'] as Record<string, { payload: string }[]>)).flat().map((e) => e.payload);
    else t.diagnostic('../shared/corpus is absent: only the suite’s own attack inputs run');
    const tiles = catalogFromJson(TILES, DEFAULT_CATALOGS);
    for (const payload of [...ours, ...shared]) {
      for (const place of [['catalogId'], ['components', payload], ['$defs', 'theme', '$ref'], ['$defs', 'theme', 'pattern'], ['$defs', 'theme', 'format']]) {
        const doc = structuredClone(TILES) as Json;
        let at: Json = doc;
        for (const key of place.slice(0, -1)) at = (at[key] ??= {}) as Json;
        // An own key even for `__proto__` (an assignment would set the prototype instead), as JSON.parse makes one.
        Object.defineProperty(at, place[place.length - 1]!, { value: place[0] === 'components' ? { type: 'object' } : payload, enumerable: true, configurable: true, writable: true });
        let refused = false;
        try {
          catalogFromJson(doc, DEFAULT_CATALOGS);
        } catch (error) {
          assert.ok(error instanceof CatalogJsonError, `${place.join('/')}: ${String(error)}`);
          refused = true;
        }
        // No attack payload names a component a renderer draws: each is refused, never a name that reaches a prototype.
        if (place[0] === 'components') assert.equal(refused, true, `a component named ${JSON.stringify(payload).slice(0, 60)}`);
      }
      const check = validateA2uiMessages(
        [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: TILES_ID } }, { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Tile', title: payload, [payload]: payload }] } }],
        { catalogs: [tiles] },
      );
      assert.equal(check.ok, payload === 'title' || payload === 'id' || payload === 'component' ? check.ok : false);
    }
  });
});

function compositionOf(doc: Json): Json[] {
  return ((((doc['components'] as Json)['Tile'] as Json)['x-mantis-composition'] as Json)['components'] as Json[]);
}

describe('catalogs a page gives (catalog-input.ts)', () => {
  test('definitions pass as they are, documents are read, a second catalog under one ID is refused; none means the defaults', async () => {
    const read = await readCatalogs([MANTIS_CATALOG, TILES, { ...TILES }]);
    assert.deepEqual(read.catalogs.map((c) => c.catalogId), [MANTIS_CATALOG.catalogId, TILES_ID]);
    assert.equal(read.catalogs[0], MANTIS_CATALOG);
    assert.deepEqual(read.advertises, { a2ui_catalog: [MANTIS_CATALOG.catalogId, TILES_ID] });
    assert.deepEqual(read.documents, { a2ui_catalog: [JSON.stringify(TILES)] });
    assert.deepEqual(read.refused, [`a2uiCatalogs[2] cannot be used: the catalog ${TILES_ID} is given twice`]);
    const none = await readCatalogs(null);
    assert.equal(none.options, undefined);
    assert.deepEqual(none.advertises, { a2ui_catalog: [...A2UI_CATALOGS] });
  });

  test('a built-in catalog may be named by its ID, beside a document of the page’s own: what a script-tag page keeps the defaults with', async () => {
    const read = await readCatalogs([...A2UI_CATALOGS, TILES]);
    assert.deepEqual(read.refused, []);
    assert.deepEqual(read.catalogs.map((c) => c.catalogId), [...A2UI_CATALOGS, TILES_ID]);
    assert.equal(read.catalogs[A2UI_CATALOGS.indexOf(MANTIS_CATALOG.catalogId)], MANTIS_CATALOG, 'the very definition built in');
    assert.equal(read.catalogs.find((c) => c.catalogId === V1_BASIC_CATALOG_ID), V1_BASIC_CATALOG, 'v1.0’s basic catalog, loaded for it');
    assert.deepEqual(read.advertises, { a2ui_catalog: [...A2UI_CATALOGS, TILES_ID] });
    assert.deepEqual(read.documents, { a2ui_catalog: [JSON.stringify(TILES)] }, 'an ID is no document: nothing inline for it');
    assert.deepEqual(read.versions, { [V1_BASIC_CATALOG_ID]: '1.0' });
    const unknown = await readCatalogs(['https://example.com/nowhere.json', MANTIS_CATALOG.catalogId, MANTIS_CATALOG]);
    assert.deepEqual(unknown.catalogs, [MANTIS_CATALOG]);
    assert.deepEqual(unknown.refused, [
      'a2uiCatalogs[0] cannot be used: no catalog built into this client has the ID "https://example.com/nowhere.json"',
      `a2uiCatalogs[2] cannot be used: the catalog ${MANTIS_CATALOG.catalogId} is given twice`,
    ]);
  });

  test('the theme is checked by $defs.theme, or by client_capabilities.json’s map of theme properties, and by ours', () => {
    const mapped = catalogFromJson({ ...TILES, theme: { primaryColor: { type: 'string', pattern: '^#[0-9a-f]{6}$' } } }, DEFAULT_CATALOGS);
    assert.equal(mapped.theme?.safeParse({ primaryColor: '#aabbcc' }).success, true);
    assert.equal(mapped.theme?.safeParse({ primaryColor: 'red' }).success, false);
    assert.equal(catalogFromJson(TILES, DEFAULT_CATALOGS).theme?.safeParse({ primaryColor: 'red' }).success, false, 'ours: a #rrggbb color');
  });
});
