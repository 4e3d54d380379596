// Our A2UI catalog (src/protocols/a2ui/catalog-mantis.ts), its higher-order components (higher-order.ts) and the catalog JSON
// generated from the Zod schemas (catalog-json.ts, scripts/catalog.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { BASIC_CATALOG, BASIC_COMPONENTS, BASIC_FUNCTION_CALLS } from '../../src/protocols/a2ui/catalog-basic.js';
import { BASIC_DESCRIPTIONS, catalogJson, COMMON_TYPES_URL, estimateTokens, slimCatalog } from '../../src/protocols/a2ui/catalog-json.js';
import { MANTIS_CATALOG, MANTIS_V1_COMPONENTS, mantisName, toMantisView } from '../../src/protocols/a2ui/catalog-mantis.js';
import { HIGHER_ORDER_DOCS, MANTIS_DESCRIPTIONS } from '../../src/protocols/a2ui/catalog-mantis-docs.js';
import { expandHigherOrder, HIGHER_ORDER } from '../../src/protocols/a2ui/higher-order.js';
import { BASIC_CATALOG_ID, MANTIS_CATALOG_ID, type A2uiComponent } from '../../src/protocols/a2ui/types.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { INLINE_UI_EXAMPLES, NODE_DESCRIPTIONS } from '../../src/catalog/docs.js';
import { NODE_DEFINITIONS } from '../../src/catalog/index.js';

type Json = Record<string, unknown>;
// The specification's files, vendored (test/fixtures/a2ui-spec/README.md).
const SPEC = fileURLToPath(new URL('../fixtures/a2ui-spec/v0.9/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const create = (catalogId: string) => ({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId } });
const update = (components: readonly unknown[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components } });
const data = (value: unknown) => ({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/', value } });
const onMantis = (components: readonly unknown[], model: unknown = {}) =>
  validateA2uiMessages([create(MANTIS_CATALOG_ID), update(components), data(model)], { catalogs: [BASIC_CATALOG, MANTIS_CATALOG] });
/** Expanded, then on the basic catalog alone: the expansion holds primitives only. */
const onBasic = (components: readonly unknown[], model: unknown = {}) => validateA2uiMessages([create(BASIC_CATALOG_ID), update(components), data(model)]);
const assertOk = (result: ReturnType<typeof validateA2uiMessages>, what: string) => assert.equal(result.ok, true, `${what}: ${JSON.stringify(result)}`);

const generated = catalogJson(MANTIS_CATALOG, MANTIS_DESCRIPTIONS);
const components = generated['components'] as Record<string, Json>;
const defs = generated['$defs'] as Record<string, Json>;

test('a2ui catalog: the Mantis catalog has every basic component and function, the v1 leaves and the higher-order components', () => {
  for (const [name, schema] of Object.entries(BASIC_COMPONENTS)) assert.equal(MANTIS_CATALOG.components[name], schema, name);
  assert.deepEqual([...MANTIS_CATALOG.functions].sort(), Object.keys(BASIC_FUNCTION_CALLS).sort());
  assert.equal(MANTIS_CATALOG.catalogId, MANTIS_CATALOG_ID);
  const leaves = Object.values(NODE_DEFINITIONS).filter((d) => d.kind === 'leaf').map((d) => mantisName(d.type));
  assert.ok(leaves.includes('MantisEntityCard') && leaves.includes('MantisMetricGroup') && leaves.includes('MantisDataTable'));
  assert.deepEqual(Object.keys(MANTIS_V1_COMPONENTS).sort(), [...leaves].sort());
  assert.ok(!('MantisStack' in MANTIS_CATALOG.components) && !('MantisGrid' in MANTIS_CATALOG.components), 'containers are left out');
  const expected = [...Object.keys(BASIC_COMPONENTS), ...leaves, ...Object.keys(HIGHER_ORDER)].sort();
  assert.deepEqual(Object.keys(MANTIS_CATALOG.components).sort(), expected);
});

test('a2ui catalog json: every component is an object schema named by its const, and every $ref resolves', () => {
  assert.equal(generated['catalogId'], MANTIS_CATALOG_ID);
  assert.deepEqual(Object.keys(components), Object.keys(MANTIS_CATALOG.components));
  assert.deepEqual(Object.keys(generated['functions'] as Json).sort(), [...MANTIS_CATALOG.functions].sort());
  for (const [name, schema] of Object.entries(components)) {
    assert.equal(schema['type'], 'object', name);
    assert.equal(((schema['properties'] as Record<string, Json>)['component'] as Json)['const'], name);
    const required = schema['required'] as string[];
    assert.ok(required.includes('id') && required.includes('component'), `${name} requires id and component`);
    assert.equal(schema['additionalProperties'], false, `${name} is closed`);
    assert.equal(typeof schema['description'], 'string', `${name} is described`);
  }
  assert.ok(defs['theme'] && defs['anyComponent'] && defs['anyFunction']);
  const common = Object.keys((JSON.parse(readFileSync(join(SPEC, 'json/common_types.json'), 'utf8')) as Json)['$defs'] as Json);
  const refs = JSON.stringify(generated).match(/"\$ref":"[^"]*"/g) ?? [];
  assert.ok(refs.length > 50);
  for (const ref of new Set(refs.map((r) => r.slice(8, -1)))) {
    if (ref.startsWith(`${COMMON_TYPES_URL}#/$defs/`)) {
      assert.ok(common.includes(ref.split('/').pop() as string), `${ref} is in common_types.json`);
    } else if (ref.startsWith('#/$defs/')) assert.ok(ref.slice(8) in defs, ref);
    else if (ref.startsWith('#/components/')) assert.ok(ref.slice(13) in components, ref);
    else assert.ok(ref.startsWith('#/functions/'), ref);
  }
  // Validators find links by these references (a2ui_protocol.md "Validator compliance when defining catalogs").
  assert.equal(((components['FormSection']?.['properties'] as Json)['children'] as Json)['$ref'], `${COMMON_TYPES_URL}#/$defs/ChildList`);
});

test('a2ui catalog json: the basic components have catalog.json’s property names and required lists', () => {
  const path = join(SPEC, 'catalogs/basic/catalog.json');
  const spec = JSON.parse(readFileSync(path, 'utf8')) as Json;
  for (const [name, schema] of Object.entries(spec['components'] as Record<string, Json>)) {
    const props = new Set(['id', 'accessibility']);
    const required = new Set(['id']);
    for (const part of schema['allOf'] as Json[]) {
      const ref = part['$ref'] as string | undefined;
      if (ref?.endsWith('/CatalogComponentCommon')) props.add('weight');
      else if (ref?.endsWith('/Checkable')) props.add('checks');
      else if (!ref) {
        for (const prop of Object.keys(part['properties'] as Json)) props.add(prop);
        for (const prop of (part['required'] as string[] | undefined) ?? []) required.add(prop);
      }
    }
    const ours = components[name] as Json;
    assert.deepEqual(Object.keys(ours['properties'] as Json).sort(), [...props].sort(), `${name} properties`);
    assert.deepEqual([...(ours['required'] as string[])].sort(), [...required].sort(), `${name} required`);
  }
  for (const [name, schema] of Object.entries(spec['functions'] as Record<string, Json>)) {
    const args = (json: Json) => Object.keys(((json['properties'] as Json)['args'] as Json)['properties'] as Json).sort();
    assert.deepEqual(args((generated['functions'] as Record<string, Json>)[name] as Json), args(schema), `${name} args`);
  }
});

test('a2ui catalog json: descriptions come from the v1 definitions and the higher-order ones; a stale note throws', () => {
  const table = components['MantisDataTable'] as Json;
  assert.ok((table['description'] as string).startsWith(NODE_DESCRIPTIONS['data-table'].purpose));
  const rows = (table['properties'] as Record<string, Json>)['rows'] as Json;
  const cells = ((rows['items'] as Json)['properties'] as Record<string, Json>)['cells'] as Json;
  assert.equal(cells['description'], NODE_DESCRIPTIONS['data-table'].notes?.['rows.cells']);
  for (const definition of Object.values(HIGHER_ORDER)) {
    const words = HIGHER_ORDER_DOCS[definition.name]?.description ?? '';
    assert.equal(components[definition.name]?.['description'], words);
    assert.match(words, /Expands to/);
    assert.equal(definition.description, undefined, 'the renderer does not carry them');
  }
  assert.equal(components['Text']?.['description'], BASIC_DESCRIPTIONS.components?.['Text']?.description);
  assert.throws(() => catalogJson(MANTIS_CATALOG, { components: { Text: { description: 'x', properties: { nope: 'y' } } } }), /Text: the note on "nope"/);
});

test('a2ui catalog json: the slim form has no words and is smaller; estimateTokens is within 20% of o200k_base', () => {
  const slim = slimCatalog(generated);
  const text = JSON.stringify(slim);
  assert.ok(!/"description":"/.test(text) && !/"title":"/.test(text), 'no description or title annotation');
  assert.ok(text.includes('"description":{'), 'a property named "description" survives');
  assert.ok(!text.includes(COMMON_TYPES_URL) && text.includes('"common_types.json#/$defs/DynamicString"'));
  assert.deepEqual(Object.keys(slim['components'] as Json), Object.keys(components));
  const full = JSON.stringify(generated, null, 2);
  assert.ok(text.length < full.length / 2);
  for (const sample of [full, text, JSON.stringify(catalogJson(BASIC_CATALOG, BASIC_DESCRIPTIONS))]) {
    const ratio = estimateTokens(sample) / encode(sample).length;
    assert.ok(ratio > 0.8 && ratio < 1.2, `estimate/o200k = ${ratio.toFixed(2)}`);
  }
  assert.equal(estimateTokens(''), 0);
});

/** A v1 example's root as a Mantis* component. */
function asComponent(type: keyof typeof INLINE_UI_EXAMPLES, id: string): A2uiComponent {
  const { type: _type, ...props } = INLINE_UI_EXAMPLES[type].root as Json;
  return { ...props, id, component: mantisName(type) };
}

test('a2ui catalog: each v1 leaf validates as a Mantis component and becomes a one-node v1 view', () => {
  for (const name of Object.keys(MANTIS_V1_COMPONENTS)) {
    const type = MANTIS_V1_COMPONENTS[name]?.type as keyof typeof INLINE_UI_EXAMPLES;
    const component = { ...asComponent(type, 'root'), weight: 1, accessibility: { label: 'Example' } };
    assertOk(onMantis([component]), name);
    const result = toMantisView(component);
    assert.ok(result.ok, `${name}: ${JSON.stringify(result)}`);
    assert.equal(result.view.version, 1);
    assert.equal(result.view.root.type, type);
    assert.equal(result.view.root.id, 'a2ui-root', 'a reserved v1 id is mapped');
    assert.ok(!('weight' in result.view.root) && !('component' in result.view.root));
  }
  const heading = toMantisView({ id: 'title', component: 'MantisHeading', text: 'Hi', level: 2 });
  assert.ok(heading.ok && heading.view.root.id === 'title');
});

test('a2ui catalog: a bad Mantis component is refused, with a message and the path of the v1 issue', () => {
  const table = asComponent('data-table', 'table');
  const rows = table['rows'] as Json[];
  const bad = { ...table, rows: [rows[0], { id: 'short', cells: ['only one'] }] };
  const refused = toMantisView(bad);
  assert.equal(refused.ok, false);
  assert.match(refused.ok ? '' : refused.message, /^Invalid MantisDataTable at \/rows\/1\/cells: .+/);
  const result = onMantis([{ id: 'root', component: 'Column', children: ['table'] }, bad]);
  assert.ok(!result.ok && result.error.path === '/components/1/rows/1/cells', JSON.stringify(result));
  // Literal values only: a binding is refused, by the view and by the catalog.
  const bound = { id: 'root', component: 'MantisHeading', text: { path: '/title' } };
  assert.equal(toMantisView(bound).ok, false);
  assert.equal(onMantis([bound]).ok, false);
  assert.match((toMantisView({ id: 'x', component: 'Text', text: 'a' }) as { message: string }).message, /not a Mantis component/);
  // Nested v1 ids must be unique with the node's own.
  const duplicate = { id: 'root', component: 'MantisMetricGroup', metrics: [{ id: 'm', label: 'A', value: '1' }, { id: 'm', label: 'B', value: '2' }] };
  assert.equal(toMantisView(duplicate).ok, false);
});

/** Each higher-order component with literal props, and with bindings and a template. */
const HOC_CASES: { name: string; component: A2uiComponent; model?: unknown; extra?: A2uiComponent[] }[] = [
  {
    name: 'PricingCard literal',
    component: {
      id: 'root', component: 'PricingCard', title: 'Pro', price: '$12', caption: 'per user / month', features: ['SSO', 'Audit log'],
      cta: { label: 'Buy', action: { event: { name: 'buy', context: { plan: 'pro' } } } }, weight: 2,
    },
  },
  {
    name: 'PricingCard bound',
    component: {
      id: 'root', component: 'PricingCard', title: { path: '/plan/name' },
      price: { call: 'formatCurrency', args: { value: { path: '/plan/price' }, currency: 'EUR' }, returnType: 'string' },
      features: { path: '/plan/features' }, cta: { label: 'Buy', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com' } } } },
    },
    model: { plan: { name: 'Team', price: 30, features: ['A', 'B'] } },
  },
  { name: 'StatCard', component: { id: 'root', component: 'StatCard', label: 'Revenue', value: { path: '/revenue' }, delta: '+4%', trend: 'up', caption: 'vs last week' }, model: { revenue: '€1,200' } },
  { name: 'StatCard bare', component: { id: 'root', component: 'StatCard', label: 'Users', value: '12' } },
  { name: 'KeyValueList literal', component: { id: 'root', component: 'KeyValueList', title: 'Order', items: [{ label: 'Total', value: { path: '/total' } }, { label: 'Items', value: '3' }] } },
  { name: 'KeyValueList template', component: { id: 'root', component: 'KeyValueList', items: { path: '/rows' } }, model: { rows: [{ label: 'a', value: 'b' }] } },
  {
    name: 'FormSection',
    component: { id: 'root', component: 'FormSection', title: 'Contact', description: 'How we reach you', children: ['email', 'agree'] },
    extra: [
      { id: 'email', component: 'TextField', label: 'Email', value: { path: '/email' }, checks: [{ condition: { call: 'email', args: { value: { path: '/email' } } }, message: 'An email address' }] },
      { id: 'agree', component: 'CheckBox', label: 'I agree', value: { path: '/agree' } },
    ],
  },
];

test('a2ui higher-order: each expansion validates on the basic catalog, rooted at the component’s own id', () => {
  for (const { name, component, model = {}, extra = [] } of HOC_CASES) {
    assertOk(onMantis([component, ...extra], model), `${name} on the Mantis catalog`);
    const expanded = expandHigherOrder([component, ...extra], MANTIS_CATALOG);
    assert.equal(expanded[0]?.id, 'root', name);
    assert.ok(expanded.every((c) => c.component in BASIC_COMPONENTS), `${name} expands to primitives`);
    assert.ok(expanded.slice(1, expanded.length - extra.length).every((c) => c.id.startsWith('root__')), `${name} ids are derived`);
    assert.equal(extra.every((c) => expanded.includes(c)), true, 'primitives pass through unchanged');
    assertOk(onBasic(expanded, model), `${name} expanded`);
  }
  const [card] = expandHigherOrder([HOC_CASES[0]?.component as A2uiComponent], MANTIS_CATALOG);
  assert.equal(card?.['weight'], 2, 'the root carries the weight');
});

test('a2ui higher-order: bindings pass through unchanged and a bound list becomes a template', () => {
  const bound = HOC_CASES[1]?.component as A2uiComponent;
  const byId = new Map(expandHigherOrder([bound], MANTIS_CATALOG).map((c) => [c.id, c]));
  assert.deepEqual(byId.get('root__title')?.['text'], { path: '/plan/name' });
  assert.deepEqual(byId.get('root__price')?.['text'], bound['price'], 'the function call as written');
  assert.deepEqual(byId.get('root__features')?.['children'], { componentId: 'root__feature', path: '/plan/features' });
  const list = new Map(expandHigherOrder([HOC_CASES[5]?.component as A2uiComponent], MANTIS_CATALOG).map((c) => [c.id, c]));
  assert.equal(list.get('root__items')?.component, 'List');
  assert.deepEqual(list.get('root__items')?.['children'], { componentId: 'root__row', path: '/rows' });
  assert.deepEqual(list.get('root__value')?.['text'], { path: 'value' });
});

test('a2ui higher-order: invalid components and primitives are left as they are', () => {
  const invalid = { id: 'root', component: 'StatCard', label: 'x' };
  const text = { id: 't', component: 'Text', text: 'a' };
  const out = expandHigherOrder([invalid, text], MANTIS_CATALOG);
  assert.equal(out[0], invalid);
  assert.equal(out[1], text);
  assert.deepEqual(expandHigherOrder([HOC_CASES[2]?.component as A2uiComponent], {}), [HOC_CASES[2]?.component], 'no table, no expansion');
  assert.throws(() => HIGHER_ORDER['StatCard']?.expand(invalid));
});

test('a2ui catalog script: writes the catalog JSON and prints a line per catalog with its size and tokens', () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2ui-catalog-'));
  try {
    const out = join(dir, 'nested', 'catalog.json');
    const run = spawnSync(process.execPath, ['scripts/catalog.mjs', '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), JSON.parse(JSON.stringify(generated)));
    const count = Object.keys(MANTIS_CATALOG.components).length;
    assert.match(run.stdout, new RegExp(`^mantis-v1 A2UI catalog: ${count} components, 14 functions, [\\d.]+ KB, ~[\\d,]+ tokens \\(slim ~[\\d,]+\\)`, 'm'));
    assert.match(run.stdout, /^basic A2UI catalog: 18 components, 14 functions, /m);
    const failed = spawnSync(process.execPath, ['scripts/catalog.mjs', '--out'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.notEqual(failed.status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
