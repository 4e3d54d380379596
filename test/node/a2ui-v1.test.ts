// A2UI v1.0 beside v0.9 (issue 31, item 3), in the DOM-free core: the specification's v1.0 test cases and examples
// (vendored in test/fixtures/a2ui-spec/v1.0), the basic v1.0 catalog against its catalog.json, its components made of
// v1.0's types, and attack inputs in every field of a v1.0 message. Each rule v1.0 adds is a2ui-v1-rules.test.ts's.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type * as z from 'zod/mini';
import type { CatalogDefinition } from '../../src/protocols/a2ui/catalog-basic.js';
import { validateA2uiMessage, type A2uiSurfaceFacts } from '../../src/protocols/a2ui/validate.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { createA2uiValidator } from '../../src/protocols/a2ui/validator.js';
import {
  A2UI_V1,
  checkA2uiV1Catalog,
  parseA2uiV1RendererMessage,
  V1_BASIC_CATALOG,
  V1_BASIC_CATALOG_ID,
  V1_BASIC_COMPONENTS,
  V1_BASIC_FUNCTION_CALLS,
} from '../../src/protocols/a2ui/v1/index.js';
import { testingCatalog } from '../fixtures/a2ui/v1-testing-catalog.js';
import { ourShape } from './catalog-shape.js';

type Json = Record<string, unknown>;
const SPEC = join(import.meta.dirname, '../fixtures/a2ui-spec/v1.0');
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const versions = [A2UI_V1];

const create = (payload: Json = {}) => ({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: V1_BASIC_CATALOG_ID, ...payload } });
const data = (payload: Json) => ({ version: 'v1.0', updateDataModel: { surfaceId: 's', ...payload } });
const text = (id: string, extra: Json = {}) => ({ id, component: 'Text', text: id, ...extra });

interface Case {
  readonly description: string;
  readonly valid: boolean;
  readonly data: Json;
}

/**
 * One agent-to-renderer case as the specification's runner judges it: the message against the schema with the catalog
 * in use (`catalog.json`: the basic catalog, or the testing one when the file names it). The schema knows no state, so
 * a case that updates `test_surface` meets it already created with that catalog; and where a case's components name no
 * catalog at all (schema-valid, but the protocol refuses such a component: tested on its own below), the surface gets
 * the catalog in use as its default.
 */
function judge(message: Json, inUse: CatalogDefinition) {
  const payload = message['createSurface'] as Json | undefined;
  const components = payload?.['components'];
  const named = Array.isArray(components) && components.some((c) => typeof c === 'object' && c !== null && 'catalogId' in c);
  const given = payload && Array.isArray(payload['components']) && payload['catalogId'] === undefined && !named ? { ...message, createSurface: { ...payload, catalogId: inUse.catalogId } } : message;
  const surfaces = new Map<string, A2uiSurfaceFacts>(payload ? [] : [['test_surface', { catalogId: inUse.catalogId, version: 'v1.0', componentIds: new Set() }]]);
  const catalogs = inUse === V1_BASIC_CATALOG ? [V1_BASIC_CATALOG] : [inUse, testingCatalog()];
  return validateA2uiMessage(given, { surfaces, catalogs, versions });
}

test('a2ui v1: every agent-to-renderer test case of the specification validates or is refused as it says', () => {
  let count = 0;
  for (const file of readdirSync(join(SPEC, 'test/cases'))) {
    const suite = readJson(join(SPEC, 'test/cases', file));
    if (suite['schema'] !== 'agent_to_renderer.json') continue;
    // The cases name the basic catalog's ID for whatever catalog is in use.
    const inUse = suite['catalog'] === 'testing_catalog.json' ? testingCatalog(V1_BASIC_CATALOG_ID) : V1_BASIC_CATALOG;
    for (const { description, valid, data: message } of suite['tests'] as Case[]) {
      const result = judge(message, inUse);
      assert.equal(result.ok, valid, `${file}: ${description}: ${result.ok ? 'accepted' : JSON.stringify(result.error)}`);
      count += 1;
    }
  }
  assert.equal(count, 42);
});

test('a2ui v1: every renderer-to-agent test case validates or is refused as it says (parseA2uiV1RendererMessage)', () => {
  let count = 0;
  for (const file of readdirSync(join(SPEC, 'test/cases'))) {
    const suite = readJson(join(SPEC, 'test/cases', file));
    if (suite['schema'] !== 'renderer_to_agent.json') continue;
    for (const { description, valid, data: message } of suite['tests'] as Case[]) {
      const result = parseA2uiV1RendererMessage(message);
      assert.equal(result.ok, valid, `${file}: ${description}: ${JSON.stringify(result)}`);
      count += 1;
    }
  }
  assert.equal(count, 15);
  const error = (body: Json) => parseA2uiV1RendererMessage({ version: 'v1.0', error: body }).ok;
  assert.equal(error({ code: 'UNALLOWED_PARENT', surfaceId: 's', path: '/components/0', message: 'No.' }), true);
  assert.equal(error({ code: 'INVALID_FUNCTION_CALL', functionCallId: 'c1', message: 'No.' }), true);
  assert.equal(error({ code: 'INVALID_FUNCTION_CALL', functionCallId: 'c1', surfaceId: 's', message: 'Both.' }), false);
  assert.equal(error({ code: 'UNALLOWED_CHILD', surfaceId: 's', message: 'No path.' }), false);
  assert.equal(parseA2uiV1RendererMessage({ version: 'v0.9', action: {} }).ok, false);
});

test('a2ui v1: every catalog-definition test case of the specification, and its own catalogs, are judged as it says (checkA2uiV1Catalog)', () => {
  const suite = readJson(join(SPEC, 'test/cases/composition_constraints.json'));
  assert.equal(suite['schema'], 'catalog_definition.json');
  for (const { description, valid, data: catalog } of suite['tests'] as Case[]) {
    const result = checkA2uiV1Catalog(catalog);
    assert.equal(result.ok, valid, `${description}: ${JSON.stringify(result)}`);
  }
  assert.deepEqual(checkA2uiV1Catalog(readJson(join(SPEC, 'catalogs/basic/catalog.json'))), { ok: true });
  assert.deepEqual(checkA2uiV1Catalog(readJson(join(SPEC, 'test/testing_catalog.json'))), { ok: true });
  // The prose's rules: names are UAX #31 identifiers; a function says what it returns; one that needs a user's
  // gesture is the renderer's alone.
  const fn = (extra: Json) => ({ catalogId: 'x', functions: { go: { type: 'object', properties: { call: { const: 'go' } }, required: ['call'], returnType: 'void', ...extra } } });
  assert.deepEqual(checkA2uiV1Catalog(fn({ allowedCallers: 'agentOnly' })), { ok: true });
  assert.deepEqual(checkA2uiV1Catalog(fn({ requiresUserActivation: true, allowedCallers: 'rendererOrAgent' })), { ok: false, path: '/functions/go/allowedCallers', message: 'A function that requires user activation can only be called by the renderer.' });
  assert.equal(checkA2uiV1Catalog(fn({ returnType: undefined })).ok, false);
  assert.equal(checkA2uiV1Catalog({ catalogId: 'x', components: { 'my-card': { type: 'object' } } }).ok, false);
  assert.equal(checkA2uiV1Catalog({ catalogId: 'x', components: { Card: { allowedParents: ['Surface', 'Surface'] } } }).ok, false);
  assert.equal(checkA2uiV1Catalog({ catalogId: 'x', theme: {} }).ok, false);
  assert.equal(checkA2uiV1Catalog('not a catalog').ok, false);
});

test('a2ui v1: the testing catalog fixture has testing_catalog.json’s components and functions', () => {
  const json = readJson(join(SPEC, 'test/testing_catalog.json'));
  const ours = testingCatalog();
  assert.deepEqual(Object.keys(ours.components).sort(), Object.keys(json['components'] as Json).sort());
  assert.deepEqual([...ours.functions].sort(), Object.keys(json['functions'] as Json).sort());
});

test('a2ui v1: the 18 examples validate as a stream and message by message, and every tree is whole', () => {
  const dir = join(SPEC, 'examples');
  const files = readdirSync(dir);
  assert.equal(files.length, 18);
  for (const file of files) {
    const messages = readJson(join(dir, file))['messages'] as unknown[];
    const whole = validateA2uiMessages(messages, { versions });
    assert.ok(whole.ok, `${file}: ${JSON.stringify(!whole.ok && whole.error)}`);
    const validator = createA2uiValidator({ versions });
    for (const message of messages) assert.deepEqual(validator.check(message), { ok: true }, file);
    assert.deepEqual(validator.checkTrees(), [], file);
    // Without v1.0's rules the same stream is refused at its version, not misread as v0.9.
    const v09 = validateA2uiMessages(messages);
    assert.equal(!v09.ok && v09.error.path, '/version');
  }
});

test('a2ui v1: the basic catalog has catalog.json’s components, properties, required lists and enums, and its functions', () => {
  const json = readJson(join(SPEC, 'catalogs/basic/catalog.json'));
  assert.equal(json['catalogId'], V1_BASIC_CATALOG_ID);
  const components = json['components'] as Record<string, Json>;
  assert.deepEqual(Object.keys(V1_BASIC_COMPONENTS).sort(), Object.keys(components).sort());
  for (const [name, schema] of Object.entries(components)) {
    const props = new Set(['id', 'catalogId', 'accessibility', 'metadata']);
    const required = new Set(['id']);
    const enums: Json = {};
    for (const part of [schema, ...((schema['allOf'] as Json[] | undefined) ?? [])]) {
      if (String(part['$ref']).endsWith('/Checkable')) props.add('checks');
      for (const [prop, def] of Object.entries((part['properties'] ?? {}) as Record<string, Json>)) {
        props.add(prop);
        if (def['enum']) enums[prop] = [...(def['enum'] as string[])].sort();
      }
      for (const prop of (part['required'] as string[] | undefined) ?? []) required.add(prop);
    }
    const ours = ourShape(V1_BASIC_COMPONENTS[name] as z.ZodMiniType);
    assert.deepEqual(ours.props, [...props].sort(), name);
    assert.deepEqual(ours.required, [...required].sort(), name);
    assert.deepEqual(ours.enums, enums, name);
    assert.equal(ours.strict, true, name);
  }
  assert.deepEqual(Object.keys(V1_BASIC_FUNCTION_CALLS).sort(), Object.keys(json['functions'] as Json).sort());
  // What each function gives, as catalog.json says beside it (its checks give a ValidationResult).
  assert.deepEqual(V1_BASIC_CATALOG.returns, Object.fromEntries(Object.entries(json['functions'] as Record<string, Json>).map(([name, fn]) => [name, fn['returnType']])));
  // No basic function lets the agent call it (every allowedCallers is the default).
  for (const fn of Object.values(json['functions'] as Record<string, Json>)) assert.equal(fn['allowedCallers'], undefined);
});

test('a2ui v1: the basic catalog’s components take v1.0’s common types, and keep v0.9’s own checks', () => {
  const check = (component: Json) => {
    const result = validateA2uiMessages([create({ components: [component] })], { versions });
    return result.ok ? 'ok' : `${result.error.path} ${result.error.message}`;
  };
  const call = { call: 'formatString', catalogId: V1_BASIC_CATALOG_ID, args: { value: 'x' } };
  assert.equal(check({ id: 'root', component: 'ChoicePicker', options: [{ label: call, value: 'a' }], value: { call: 'formatString', args: { value: 'x' } } }), 'ok');
  assert.equal(check({ id: 'root', component: 'DateTimeInput', value: call, min: '2026-01-01', accessibility: { live: 'polite', hidden: { path: '/h' } } }), 'ok');
  assert.equal(check({ id: 'root', component: 'DateTimeInput', value: '', min: 'soon' }), '/components/0/min Must be an ISO 8601 date, time or date-time.');
  assert.equal(check(text('root', { text: { call: 'formatString', args: { value: 'x' }, returnType: 'string' } })).startsWith('/components/0/text'), true);
  assert.equal(check(text('root', { accessibility: { label: 'x', role: 'note' } })).startsWith('/components/0/accessibility'), true);
  assert.equal(check({ id: 'root', component: 'Slider', max: 10, value: 1, steps: 0 }).startsWith('/components/0/steps'), true);
  assert.equal(check({ id: 'root', component: 'TextField', label: 'x', validationRegexp: 'a' }).startsWith('/components/0'), true);
  assert.equal(check({ id: 'b', component: 'Button', child: 'l', action: { event: { name: 'go', userMessage: { path: '/m' } } } }), 'ok');
  assert.equal(check({ id: 'b', component: 'Button', child: 'l', action: { event: { name: 'go' } }, checks: [{ condition: { call: 'required', args: { value: 1 } } }] }), 'ok');
  assert.equal(check({ id: 'b', component: 'Button', child: 'l', action: { functionCall: { call: 'openUrl', args: { url: { path: '/u' } } } } }), 'ok');
  assert.equal(check({ id: 'b', component: 'Button', child: 'l', action: { functionCall: { call: 'openUrl', args: { url: 'not a uri' } } } }).startsWith('/components/0/action/functionCall/args/url'), true);
  assert.equal(check({ id: 'root', component: 'Tabs', tabs: [] }).startsWith('/components/0/tabs'), true);
  assert.equal(check({ id: 'root', component: 'Text', text: 'x', variant: 'h1' }).startsWith('/components/0/variant'), true);
});

test('a2ui v1: attack inputs in every field of a v1.0 message only ever validate or refuse, never throw', (t) => {
  const ours = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '__proto__', 'constructor', '(a+)+$', '\u0000', '\u202e', 'a'.repeat(70_000)];
  const file = new URL('../../../shared/corpus/attacks.json', import.meta.url);
  let shared: string[] = [];
  if (existsSync(file)) shared = Object.values(readJson(file.pathname)['groups'] as Record<string, { payload: string }[]>).flat().map((e) => e.payload);
  else t.diagnostic('../shared/corpus is absent: only the suite’s own attack inputs run');
  for (const payload of [...ours, ...shared]) {
    const own = (value: unknown) => Object.defineProperty({}, payload, { value, enumerable: true });
    const messages = [
      create({ catalogId: payload }),
      create({ metadata: { extensions: own(1) } }),
      create({ dataModel: own(payload) }),
      create({ components: [text('root', { catalogId: payload, text: payload, accessibility: { label: payload, live: payload } })] }),
      create({ components: [{ id: payload, component: payload }] }),
      create({ components: [text('root', { text: { call: payload, catalogId: payload, args: own(payload) } })] }),
      data({ path: payload, value: payload }),
      { version: 'v1.0', callRendererFunction: { functionCallId: payload, callFunction: { call: payload, catalogId: payload, args: own(payload) } } },
      { version: 'v1.0', agentFunctionResponse: { functionCallId: payload, error: { code: payload, message: payload } } },
    ];
    for (const message of messages) {
      // A validator of its own for each: every message is judged in full, not refused for a surface that exists.
      const result = createA2uiValidator({ versions }).check(message);
      assert.equal(typeof result.ok, 'boolean');
      if (!result.ok) assert.equal(typeof result.error.message, 'string');
    }
    // Nothing an attack string names becomes a catalog, a component type or a function.
    assert.equal(createA2uiValidator({ versions }).check(create({ catalogId: payload })).ok, payload === V1_BASIC_CATALOG_ID);
    assert.equal(createA2uiValidator({ versions }).check(create({ components: [{ id: 'root', component: payload }] })).ok, false);
    assert.equal(createA2uiValidator({ versions }).check(create({ components: [text('root', { text: { call: payload } })] })).ok, false);
    assert.equal(parseA2uiV1RendererMessage({ version: 'v1.0', error: { code: payload, message: payload, surfaceId: payload } }).ok, !['VALIDATION_FAILED', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD'].includes(payload));
  }
});
