// A2UI v1.0 catalogs given as JSON (issue 31, items 3 and 4): a page's v1.0 catalog document is checked against the
// specification's meta-schema, read onto the v1.0 basic catalog's renderers, and keeps what JSON Schema cannot say:
// where a component goes (allowedParents, allowedChildren) and who may call a function (allowedCallers). A function no
// renderer implements is the agent's; a catalog may hold functions only (a2ui_custom_functions.md).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SurfaceGroup, createA2uiValidator, validateA2uiMessages, loadA2uiVersion, type A2uiCallAnswer, type A2uiError, type CatalogDefinition } from '../../src/protocols/a2ui/index.js';
import { readCatalogs } from '../../src/protocols/a2ui/catalog-input.js';
import { catalogFromJson } from '../../src/protocols/a2ui/json-catalog/index.js';
import { A2UI_V1, V1_BASIC_CATALOG } from '../../src/protocols/a2ui/v1/index.js';
import { readA2uiV1Catalog } from '../../src/protocols/a2ui/v1/json.js';

const ID = 'https://example.com/catalogs/tiles-v1.json';
const FIXTURES = join(import.meta.dirname, '../fixtures/a2ui-spec/v1.0');

/** A v1.0 catalog document: Column, Row (which holds only Text and Button), Text and Button, and its functions. */
const document = (functions: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  catalogId: ID,
  protocolVersion: '1.0',
  components: { Column: {}, Row: { allowedChildren: ['Text', 'Button'] }, Text: {}, Button: { allowedParents: ['Row'] } },
  functions,
  ...extra,
});

/** A v1.0 function definition (catalog_definition.json FunctionDefinition) of one string argument. */
const fn = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  returnType: 'string',
  properties: {
    call: { const: name },
    catalogId: { type: 'string' },
    args: { type: 'object', properties: { value: { $ref: 'common_types.json#/$defs/DynamicString' } }, required: ['value'], unevaluatedProperties: false },
  },
  required: ['call', 'args'],
  unevaluatedProperties: false,
  ...extra,
});

/** The specification's own custom function catalog (a2ui_custom_functions.md): functions only. */
const CUSTOM_FUNCTIONS = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://example.com/schemas/custom_catalog.json',
  catalogId: 'https://example.com/schemas/custom_catalog.json',
  protocolVersion: '1.0',
  title: 'Custom Function Catalog',
  functions: { trim: fn('trim'), getScreenResolution: { ...fn('getScreenResolution'), returnType: 'array' } },
};

const read = async (given: unknown[]) => readCatalogs(given);
const surface = (components: unknown[]) => ({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: ID, components } });

describe('a v1.0 catalog document', () => {
  test('is read onto v1.0’s renderers with its version, where its components go and who calls its functions (any 1.x)', async () => {
    const { catalogs, refused } = await read([document({ formatString: fn('formatString', { allowedCallers: 'rendererOrAgent' }), lookup: fn('lookup', { allowedCallers: 'rendererOnly' }) }, { protocolVersion: '1.2.0' })]);
    assert.deepEqual(refused, []);
    const [catalog] = catalogs as CatalogDefinition[];
    assert.equal(catalog?.protocolVersion, '1.0');
    // (Maps with no prototype: a name like __proto__ is a name.)
    assert.deepEqual({ ...catalog?.composition }, { Row: { allowedChildren: ['Text', 'Button'] }, Button: { allowedParents: ['Row'] } });
    assert.deepEqual({ ...catalog?.callers }, { formatString: 'rendererOrAgent' });
    assert.deepEqual([...(catalog?.functions ?? [])].sort(), ['formatString', 'lookup']);
  });

  test('its composition is enforced: a Row that holds a Column is UNALLOWED_CHILD, a Button outside a Row UNALLOWED_PARENT', async () => {
    const { catalogs } = await read([document()]);
    /** The problems of one whole surface, once its turn is complete (components may come in any order till then). */
    const problems = (components: unknown[]) => {
      const validator = createA2uiValidator({ catalogs, versions: [A2UI_V1] });
      assert.equal(validator.check(surface(components)).ok, true);
      return validator.checkTrees().map((error) => error.code);
    };
    const label = { id: 'label', component: 'Text', text: 'Go' };
    assert.deepEqual(problems([{ id: 'root', component: 'Row', children: ['col'] }, { id: 'col', component: 'Column', children: [] }]), ['UNALLOWED_CHILD']);
    assert.deepEqual(problems([{ id: 'root', component: 'Column', children: ['b'] }, { id: 'b', component: 'Button', child: 'label', action: { event: { name: 'go' } } }, label]), ['UNALLOWED_PARENT']);
    assert.deepEqual(problems([{ id: 'root', component: 'Row', children: ['b'] }, { id: 'b', component: 'Button', child: 'label', action: { event: { name: 'go' } } }, label]), []);
  });

  test('allowedCallers lets the agent call a function: its callRendererFunction is answered with the value', async () => {
    const { catalogs } = await read([document({ formatString: fn('formatString', { allowedCallers: 'rendererOrAgent' }) })]);
    const answers: A2uiCallAnswer[] = [];
    let waited: () => void = () => undefined;
    const ready = new Promise<void>((done) => (waited = done));
    const group = new SurfaceGroup({ catalogs, loadVersion: loadA2uiVersion, waited: () => waited(), respond: (answer) => answers.push(answer) > 0 });
    group.apply({ version: 'v1.0', callRendererFunction: { functionCallId: 'c1', callFunction: { call: 'formatString', catalogId: ID, args: { value: 'Hello' } } } }, 'a1');
    await ready;
    assert.deepEqual(answers, [{ version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c1', value: 'Hello' } }]);
  });

  test('a function no renderer implements is the agent’s, its call checked by its schema; a catalog may hold functions only', async () => {
    const { catalogs, refused } = await read([document(), CUSTOM_FUNCTIONS]);
    assert.deepEqual(refused, []);
    const custom = catalogs.find((c) => c.catalogId === CUSTOM_FUNCTIONS.catalogId);
    assert.deepEqual([...(custom?.functions ?? [])], ['trim', 'getScreenResolution']);
    assert.deepEqual(Object.keys(custom?.components ?? {}), []);
    const errors: A2uiError[] = [];
    let waited: () => void = () => undefined;
    const ready = new Promise<void>((done) => (waited = done));
    const group = new SurfaceGroup({ catalogs, loadVersion: loadA2uiVersion, waited: () => waited(), report: (error) => void errors.push(error), send: () => true });
    const trim = (args: unknown) => ({ call: 'trim', catalogId: CUSTOM_FUNCTIONS.catalogId, args });
    group.apply(surface([{ id: 'root', component: 'Text', text: trim({ value: { path: '/name' } }) }]), 'a1');
    await ready;
    assert.deepEqual(errors, []);
    assert.ok(group.surface('s')?.calls?.functions.has('trim'), 'trim is a function of the agent’s');
    const refusedCall = group.apply({ version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: trim({ value: 'x', chars: 'y' }) }] } }, 'a1');
    assert.equal(refusedCall?.code, 'VALIDATION_FAILED', 'an argument its schema does not have is refused');
  });

  test('one that breaks the meta-schema is left out, and says where', async () => {
    const { catalogs, refused } = await read([document({ lookup: fn('lookup', { allowedCallers: 'everyone' }) })]);
    assert.deepEqual(catalogs, []);
    assert.match(refused[0] ?? '', /a2uiCatalogs\[0\] cannot be used: \/functions\/lookup\/allowedCallers/);
    assert.throws(() => readA2uiV1Catalog({ ...document(), protocolVersion: '0.9' }), /protocolVersion/);
  });

  test('catalogFromJson reads a v1.0 document of plain schemas too (the version, the agent’s functions); the words about definitions are readA2uiV1Catalog’s', () => {
    const { returnType: _returns, ...plain } = fn('lookup');
    const catalog = catalogFromJson({ ...document(), components: { Text: {} }, functions: { lookup: plain } }, [V1_BASIC_CATALOG]);
    assert.equal(catalog.protocolVersion, '1.0');
    assert.deepEqual([...catalog.functions], ['lookup']);
    assert.equal(catalog.composition, undefined);
    assert.equal(catalog.callers, undefined);
    // Left on a definition, they are keywords the JSON Schema reader does not know: refused, saying where.
    assert.throws(() => catalogFromJson(document({ lookup: fn('lookup') }), [V1_BASIC_CATALOG]), /\/components\/Row\/allowedChildren: The keyword "allowedChildren" is not supported/);
    const read = readA2uiV1Catalog(document({ lookup: fn('lookup', { allowedCallers: 'agentOnly' }) }));
    assert.deepEqual([{ ...read.returns }, { ...read.callers }], [{ lookup: 'string' }, { lookup: 'agentOnly' }]);
    // A v0.9 document may name only functions a renderer implements, and needs components.
    assert.throws(() => catalogFromJson({ catalogId: ID, components: { Text: {} }, functions: { lookup: plain } }, [V1_BASIC_CATALOG]), /not one this client implements/);
    assert.throws(() => catalogFromJson({ catalogId: ID, functions: {} }, [V1_BASIC_CATALOG]), /needs components/);
  });

  test('its `$ref`s into common_types.json are v1.0’s: the specification’s own basic catalog.json reads, and judges every v1.0 example as V1_BASIC_CATALOG does', async () => {
    const spec = JSON.parse(readFileSync(join(FIXTURES, 'catalogs/basic/catalog.json'), 'utf8')) as { instructions: string };
    const { catalogs, refused } = await read([spec]);
    assert.deepEqual(refused, [], 'Child, FunctionCommon and the rest of v1.0’s common types are known');
    assert.equal(catalogs[0]?.instructions, spec.instructions, 'its instructions kept for the prompt');
    const examples = readdirSync(join(FIXTURES, 'examples')).filter((name) => name.endsWith('.json'));
    assert.ok(examples.length >= 18);
    for (const name of examples) {
      const { messages } = JSON.parse(readFileSync(join(FIXTURES, 'examples', name), 'utf8')) as { messages: unknown[] };
      const given = validateA2uiMessages(messages, { catalogs, versions: [A2UI_V1] });
      assert.deepEqual(given, validateA2uiMessages(messages, { catalogs: [V1_BASIC_CATALOG], versions: [A2UI_V1] }), name);
      assert.equal(given.ok, true, `${name}: ${JSON.stringify(given)}`);
    }
    // A binding's call is v1.0's: its own catalogId is allowed, v0.9's returnType is not.
    const text = (call: Record<string, unknown>) => [{ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: ID, components: [{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: 'Hi' }, ...call } }] } }];
    const own = { catalogId: ID, protocolVersion: '1.0', components: { Text: { type: 'object', allOf: [{ $ref: 'common_types.json#/$defs/ComponentCommon' }, { properties: { component: { const: 'Text' }, text: { $ref: 'common_types.json#/$defs/DynamicString' } }, required: ['component', 'text'] }], unevaluatedProperties: false } }, functions: { formatString: fn('formatString') } };
    const { catalogs: mine, refused: none } = await read([own]);
    assert.deepEqual(none, []);
    assert.equal(validateA2uiMessages(text({ catalogId: ID }), { catalogs: mine, versions: [A2UI_V1] }).ok, true);
    const old = validateA2uiMessages(text({ returnType: 'string' }), { catalogs: mine, versions: [A2UI_V1] });
    assert.equal(old.ok === false && old.error.path, '/components/0/text/returnType');
  });
});

