// The JSON Schema keywords of catalogs given as JSON (src/protocols/a2ui/json-catalog/), each shown enforced on its
// own (through a theme property, which only the document constrains beyond "an object"), and documents built to hurt:
// references that fan out or loop, names that reach prototypes, compositions that break their own rules. Each is
// refused when the catalog is given, or costs a bounded amount when a value is checked.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_CATALOGS, SPEC_CATALOGS, validateA2uiMessages } from '../../src/protocols/a2ui/index.js';
import { expandMessage } from '../../src/protocols/a2ui/expand.js';
import { CatalogJsonError, catalogFromJson } from '../../src/protocols/a2ui/json-catalog/index.js';
import { A2UI_LIMITS } from '../../src/protocols/a2ui/limits.js';
import { TILES, TILES_ID } from '../fixtures/a2ui/tiles-catalog.js';

type Json = Record<string, unknown>;
const defs = TILES['$defs'] as Json;
const COMMON = 'https://a2ui.org/specification/v0_9/common_types.json#/$defs';

/** Whether a theme property `v` with this schema accepts `value`. */
function accepts(schema: unknown, value: unknown): boolean {
  const catalog = catalogFromJson({ ...TILES, $defs: { ...defs, theme: { type: 'object', properties: { v: schema } } } }, DEFAULT_CATALOGS);
  return catalog.theme?.safeParse({ v: value }).success ?? false;
}

function refusal(document: unknown): string {
  try {
    catalogFromJson(document, DEFAULT_CATALOGS);
  } catch (error) {
    assert.ok(error instanceof CatalogJsonError, String(error));
    return error.message;
  }
  return 'read';
}

const withComponent = (name: string, schema: Json, extraDefs: Json = {}): Json => ({
  ...TILES,
  components: { ...(TILES['components'] as Json), [name]: schema },
  $defs: { ...defs, ...extraDefs },
});

describe('catalog schemas: every keyword enforced', () => {
  const cases: [string, unknown, unknown[], unknown[]][] = [
    ['anyOf counts every branch that passed for unevaluatedProperties', { type: 'object', anyOf: [{ properties: { a: {} } }, { properties: { b: {} } }], unevaluatedProperties: false }, [{ a: 1, b: 2 }, { a: 1 }], [{ c: 1 }, { a: 1, c: 2 }]],
    ['oneOf is exactly one', { oneOf: [{ type: 'number' }, { type: 'integer' }] }, [1.5], [1, 'x']],
    ['not', { not: { type: 'string' } }, [1, null], ['x']],
    ['if, then, else', { if: { type: 'string' }, then: { minLength: 2 }, else: { type: 'number' } }, ['ab', 3], ['a', true]],
    ['propertyNames', { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, [{ ab: 1 }], [{ A: 1 }]],
    ['minProperties and maxProperties', { type: 'object', minProperties: 1, maxProperties: 2 }, [{ a: 1 }], [{}, { a: 1, b: 2, c: 3 }]],
    ['multipleOf, with a tolerance for binary fractions', { multipleOf: 0.1 }, [0.3, 2], [0.35]],
    ['exclusive bounds', { exclusiveMinimum: 0, exclusiveMaximum: 1 }, [0.5], [0, 1]],
    ['minLength and maxLength count code points', { minLength: 2, maxLength: 2 }, ['😀😀', 'ab'], ['😀', 'abc']],
    ['const compares JSON, keys in any order', { const: { a: [1, { b: 2, c: 3 }] } }, [{ a: [1, { c: 3, b: 2 }] }], [{ a: [1, { b: 2 }] }, { a: [1, { b: 2, c: 4 }] }]],
    ['additionalProperties as a schema', { type: 'object', properties: { a: {} }, additionalProperties: { type: 'number' } }, [{ a: 'x', b: 1 }], [{ b: 'x' }]],
    ['format date: a day that exists', { format: 'date' }, ['2024-02-29', '2026-12-07'], ['2026-02-31', '2026-13-01', '2026-1-01']],
    ['format time: RFC 3339 full-time', { format: 'time' }, ['23:59:60Z', '06:30:00.5+01:00'], ['99:99:00Z', '12:00', '12:00:00']],
    ['format date-time', { format: 'date-time' }, ['2026-12-07T06:30:00Z'], ['2026-12-07T06:30Z', '2026-02-30T00:00:00Z']],
    ['format uri: a scheme and ASCII', { format: 'uri' }, ['https://x.test/a?b=1#c', 'urn:isbn:0451450523'], ['https://x.test/é', 'relative/path', 'a b:c']],
    ['a pattern with a lookahead runs natively, on at most what the linear matcher takes', { pattern: '^(?!x)[a-z]*$' }, ['abc'], ['xa', 'a'.repeat(A2UI_LIMITS.regexInputChars + 1)]],
  ];
  for (const [name, schema, good, bad] of cases) {
    test(name, () => {
      for (const value of good) assert.equal(accepts(schema, value), true, `accepts ${JSON.stringify(value)}`);
      for (const value of bad) assert.equal(accepts(schema, value), false, `refuses ${JSON.stringify(value).slice(0, 60)}`);
    });
  }

  test('what only the document forbids is refused: a narrowed basic catalog against the built-in one', () => {
    const narrowed = structuredClone(TILES) as Json;
    (((narrowed['components'] as Json)['Text'] as Json)['properties'] as Json)['text'] = { type: 'string', maxLength: 5 };
    const messages = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: TILES_ID } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'too long' }] } },
    ];
    const result = validateA2uiMessages(messages, { catalogs: [catalogFromJson(narrowed, DEFAULT_CATALOGS)] });
    assert.equal(!result.ok && 'path' in result.error && result.error.path, '/components/0/text');
    const basic = validateA2uiMessages([{ ...messages[0], createSurface: { surfaceId: 's', catalogId: SPEC_CATALOGS[0]?.catalogId } }, messages[1]]);
    assert.equal(basic.ok, true, 'the built-in basic catalog takes it');
  });

  test('the theme’s own pattern, beyond ours', () => {
    const mapped = catalogFromJson({ ...TILES, theme: { primaryColor: { type: 'string', pattern: '^#[0-9a-f]{6}$' } } }, DEFAULT_CATALOGS);
    assert.equal(mapped.theme?.safeParse({ primaryColor: '#aabbcc' }).success, true);
    assert.equal(mapped.theme?.safeParse({ primaryColor: '#AABBCC' }).success, false, 'ours takes capitals; the document does not');
  });
});

describe('catalog documents built to hurt', () => {
  test('references that fan out are read; checking a value through them stops at its budget of steps', () => {
    const chain: Json = { a14: { type: 'string' } };
    for (let k = 13; k >= 0; k--) chain[`a${k}`] = { allOf: Array.from({ length: 10 }, () => ({ $ref: `#/$defs/a${k + 1}` })) };
    const catalog = catalogFromJson(withComponent('Text', { type: 'object', allOf: [{ $ref: `${COMMON}/ComponentCommon` }], properties: { component: { const: 'Text' }, text: { $ref: '#/$defs/a0' } }, required: ['component', 'text'], unevaluatedProperties: false }, chain), DEFAULT_CATALOGS);
    const parsed = catalog.components['Text']?.safeParse({ id: 't', component: 'Text', text: 'hi' });
    assert.equal(parsed?.success, false);
    assert.match(parsed?.error?.issues[0]?.message ?? '', /costs too much to check/);
  });

  test('what the component declares is gathered once per reference, however they fan out', () => {
    const chain: Json = { a7: { type: 'object', properties: { text: {} } } };
    for (let k = 6; k >= 0; k--) chain[`a${k}`] = { allOf: Array.from({ length: 100 }, () => ({ $ref: `#/$defs/a${k + 1}` })) };
    const catalog = catalogFromJson(withComponent('Text', { type: 'object', allOf: [{ $ref: `${COMMON}/ComponentCommon` }, { $ref: '#/$defs/a0' }], properties: { component: { const: 'Text' } } }, chain), DEFAULT_CATALOGS);
    assert.ok(catalog.components['Text']);
  });

  test('a reference back to itself that reaches into no part of the value is refused; a tree is not', () => {
    assert.match(refusal({ ...TILES, $defs: { ...defs, a: { $ref: '#/$defs/a' }, theme: { $ref: '#/$defs/a' } } }), /refers back to itself/);
    assert.match(refusal({ ...TILES, $defs: { ...defs, a: { allOf: [{ type: 'object' }, { $ref: '#/$defs/a' }] }, theme: { $ref: '#/$defs/a' } } }), /refers back to itself/);
    assert.match(refusal(withComponent('Card', { allOf: [{ $ref: '#/components/Card' }] })), /refers back to itself/);
    const tree = { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } };
    assert.equal(refusal({ ...TILES, $defs: { ...defs, node: tree, theme: { $ref: '#/$defs/node' } } }), 'read');
  });

  test('names that would reach a prototype are refused: a component, a key of a composition', () => {
    const named = JSON.parse(JSON.stringify(TILES).replace('"Tile":', '"__proto__":')) as Json;
    assert.match(refusal(named), /not __proto__/);
    const keyed = JSON.parse(JSON.stringify(TILES).replace('{"id":"card","component":"Card","child":"body"}', '{"id":"card","component":"Card","child":"body","__proto__":{"child":"agents"}}')) as Json;
    assert.match(refusal(keyed), /"__proto__" cannot be a key/);
  });

  test('a composition keeps its own rules: a default never names a component, a parameter is only $param and default', () => {
    const composition = (doc: Json): Json[] => ((((doc['components'] as Json)['Tile'] as Json)['x-mantis-composition'] as Json)['components'] as Json[]);
    const withDefault = structuredClone(TILES) as Json;
    composition(withDefault)[0]!['child'] = { $param: 'note', default: 'body' };
    assert.match(refusal(withDefault), /A default cannot name a component/);
    const extra = structuredClone(TILES) as Json;
    composition(extra)[2]!['text'] = { $param: 'title', fallback: 'x' };
    assert.match(refusal(extra), /A parameter is/);
  });

  test('a value that is not JSON in a document built in code is quoted by its kind, never thrown', () => {
    const catalog = catalogFromJson({ ...TILES, $defs: { ...defs, theme: { type: 'object', properties: { v: { enum: [1n] } } } } }, DEFAULT_CATALOGS);
    const parsed = catalog.theme?.safeParse({ v: 1 });
    assert.equal(parsed?.success, false);
    assert.match(parsed?.error?.issues[0]?.message ?? '', /Expected one of a bigint; got 1\./);
  });

  test('a tab whose part is left out ($when) goes with its part', () => {
    const tabs = { type: 'array', items: { type: 'object', properties: { title: { $ref: `${COMMON}/DynamicString` }, child: { $ref: `${COMMON}/ComponentId` } }, required: ['title', 'child'], additionalProperties: false } };
    const doc = withComponent('Tabbed', {
      type: 'object',
      allOf: [{ $ref: `${COMMON}/ComponentCommon` }],
      properties: { component: { const: 'Tabbed' }, extra: { type: 'string' } },
      required: ['component'],
      unevaluatedProperties: false,
      'x-mantis-composition': {
        components: [
          { id: 'tabs', component: 'Tabs', tabs: [{ title: 'A', child: 'a' }, { title: 'B', child: 'b' }] },
          { id: 'a', component: 'Text', text: 'A' },
          { id: 'b', component: 'Text', text: { $param: 'extra' }, $when: 'extra' },
        ],
      },
    });
    (doc['components'] as Json)['Tabs'] = { type: 'object', allOf: [{ $ref: `${COMMON}/ComponentCommon` }], properties: { component: { const: 'Tabs' }, tabs }, required: ['component', 'tabs'], unevaluatedProperties: false };
    const catalog = catalogFromJson(doc, DEFAULT_CATALOGS);
    const expand = (tabbed: Json): Json[] => (((expandMessage({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [tabbed] } }, catalog).message as Json)['updateComponents'] as Json)['components'] as Json[]);
    assert.deepEqual(expand({ id: 't', component: 'Tabbed' })[0]?.['tabs'], [{ title: 'A', child: 't__a' }]);
    assert.deepEqual(expand({ id: 't', component: 'Tabbed', extra: 'B!' })[0]?.['tabs'], [{ title: 'A', child: 't__a' }, { title: 'B', child: 't__b' }]);
  });
});
