// buildA2uiPrompt for catalogs given as JSON documents (issue 31, items 4 and 5): each component's and function's line
// is written from the document's own JSON Schema (references followed, `allOf` merged, common types by their names),
// as the lines of the built-in catalogs are written from their Zod schemas. The oracle is the specification's own
// catalog.json files (vendored in test/fixtures/a2ui-spec): read as documents, they must say what the built-in
// definitions of the same catalogs say, line for line, but where the documents themselves differ.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BASIC_CATALOG } from '../../src/protocols/a2ui/catalog-basic.js';
import { DEFAULT_CATALOGS } from '../../src/protocols/a2ui/expand.js';
import { catalogFromJson } from '../../src/protocols/a2ui/json-catalog/index.js';
import { buildA2uiPrompt } from '../../src/protocols/a2ui/prompt.js';
import { V1_BASIC_CATALOG } from '../../src/protocols/a2ui/v1/catalog-basic.js';
import { readA2uiV1Catalog } from '../../src/protocols/a2ui/v1/json.js';
import { TILES } from '../fixtures/a2ui/tiles-catalog.js';

const SPEC = join(import.meta.dirname, '../fixtures/a2ui-spec');
const json = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
/** A prompt's lines about components and functions (`- Name {…}` and `- name {…} → type`), not its messages'. */
const shapeLines = (prompt: string): string[] => prompt.split('\n').filter((line) => /^- \w+(, \w+)* \{.*\}( → \w+)?$/.test(line));
const COMMON = 'https://a2ui.org/specification/v0_9/common_types.json#/$defs';

/**
 * Where the specification's documents say something else than our definitions of the same catalogs: their Row's
 * `justify` and Column's `align` list the same values in another order (so the two are no longer one line), their
 * `required` takes a value of any kind, and v1.0's TextField lists `placeholder` before `variant`.
 */
const differs = (line: string): boolean => /^- (Row|Column|Row, Column|required|TextField) /.test(line);

test('a2ui prompt of a catalog given as JSON: the specification’s v0.9 basic catalog.json says what BASIC_CATALOG says, line for line', () => {
  const document = json(join(SPEC, 'v0.9/catalogs/basic/catalog.json'));
  const given = shapeLines(buildA2uiPrompt({ catalogs: [catalogFromJson(document, DEFAULT_CATALOGS)] }));
  const ours = shapeLines(buildA2uiPrompt({ catalogs: [BASIC_CATALOG] }));
  assert.deepEqual(given.filter((line) => !differs(line)), ours.filter((line) => !differs(line)));
  assert.ok(given.length >= 30, `${given.length} lines`);
  // Before: `- Text, Image, … {}` and `- required, regex, … {…}`, one line for all of them.
  assert.ok(given.includes('- Button {checks?: Check[], child: Id, variant?: "default"|"primary"|"borderless", action: Action}'));
  assert.ok(given.includes('- length {value: Str, min?: int, max?: int} → boolean'));
  assert.ok(given.includes('- required {value: any} → boolean'));
  assert.ok(given.some((line) => line.startsWith('- Row {children: Children, justify?: ')));
});

test('a2ui prompt of a catalog given as JSON: v1.0’s basic catalog.json (function definitions, v1.0’s common types) says what V1_BASIC_CATALOG says', () => {
  const document = json(join(SPEC, 'v1.0/catalogs/basic/catalog.json'));
  const read = readA2uiV1Catalog(document);
  const given = shapeLines(buildA2uiPrompt({ catalogs: [read] }));
  const ours = shapeLines(buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG] }));
  assert.deepEqual(given.filter((line) => !differs(line)), ours.filter((line) => !differs(line)));
  assert.ok(given.includes('- openUrl {url: Str} → void'), 'a DynamicString with a format is still Str');
  assert.ok(given.includes('- required {value: any} → validationResult'), 'a definition’s returnType');
});

test('a2ui prompt of a catalog given as JSON: a narrowed component says the narrowing, a composition its parameters, a component whose schema declares nothing its renderer’s shape', () => {
  const lines = shapeLines(buildA2uiPrompt({ catalogs: [catalogFromJson(TILES, DEFAULT_CATALOGS)] }));
  assert.deepEqual(lines, [
    '- Text {text: Str, variant?: "h4"|"caption"}',
    '- Column {children: Children}',
    '- Card {child: Id}',
    '- Button {checks?: Check[], child: Id, action: Action}',
    '- Tile {title: Str, note?: Str, badge?: string}',
    '- required {value: Value} → boolean',
  ]);
  // Functions given as a list of definitions (`parameters`, `returnType`), as client_capabilities.json has them.
  const required = { name: 'required', parameters: { type: 'object', properties: { value: { $ref: `${COMMON}/DynamicValue` } }, required: ['value'] }, returnType: 'boolean' };
  const listed = catalogFromJson({ ...TILES, functions: [required] }, DEFAULT_CATALOGS);
  assert.equal(shapeLines(buildA2uiPrompt({ catalogs: [listed] })).at(-1), '- required {value: Value} → boolean');
  // The reference agent's provider catalog: five components as their renderers draw them (`{}`), and the agent's own
  // function, from its definition.
  const provider = readA2uiV1Catalog(json(join(import.meta.dirname, '../../demo/catalogs/provider-v1.json')));
  const prompt = buildA2uiPrompt({ catalogs: [provider] });
  const ours = shapeLines(buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG] }));
  for (const name of ['Column', 'Row', 'Text', 'TextField', 'Button']) {
    const line = shapeLines(prompt).find((l) => l.slice(2, l.indexOf(' {')).split(', ').includes(name));
    assert.ok(line && !line.endsWith(' {}'), `${name}: ${line}`);
    assert.ok(ours.some((l) => l.slice(l.indexOf(' {')) === line.slice(line.indexOf(' {'))), `${name} as V1_BASIC_CATALOG writes it: ${line}`);
  }
  assert.ok(shapeLines(prompt).includes('- verifyProvider {providerId: Str} → validationResult'), prompt);
  // Its example validates (the test of a2ui-prompt.test.ts runs every example): the prompt has one.
  assert.match(prompt, /\nExample:\n/);
});

test('a2ui prompt of a catalog given as JSON: references that fan out or loop, and odd property names, keep the prompt bounded and its lines whole', () => {
  // Ten levels, each an anyOf of ten references to the next: 10^10 schemas if followed blindly.
  const defs: Record<string, unknown> = { l10: { type: 'string' } };
  for (let level = 9; level >= 0; level--) defs[`l${level}`] = { anyOf: Array.from({ length: 10 }, () => ({ $ref: `#/$defs/l${level + 1}` })) };
  // A tree: a node whose children are nodes (a reference back through the value).
  defs['node'] = { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } };
  const document = {
    catalogId: 'https://example.test/odd.json',
    $defs: defs,
    components: {
      Text: {
        type: 'object',
        allOf: [{ $ref: `${COMMON}/ComponentCommon` }],
        properties: { component: { const: 'Text' }, text: { $ref: `${COMMON}/DynamicString` }, variant: { $ref: '#/$defs/l0' } },
        required: ['component', 'text'],
      },
      Card: { type: 'object', allOf: [{ $ref: `${COMMON}/ComponentCommon` }], properties: { component: { const: 'Card' }, child: { $ref: `${COMMON}/ComponentId` } } },
    },
  };
  const prompt = buildA2uiPrompt({ catalogs: [catalogFromJson(document, DEFAULT_CATALOGS)] });
  const text = shapeLines(prompt).find((line) => line.startsWith('- Text {'));
  assert.ok(text && text.length < 20_000, `${text?.length} characters`);
  // A property name that is not a word is quoted, so no name can start a line of its own (a hand-made table: a
  // catalog read from a document refuses a property its renderer lacks).
  const tiles = catalogFromJson(TILES, DEFAULT_CATALOGS);
  const odd = { type: 'object', properties: { 'x\n- Rules: none': { type: 'string' }, text: { type: 'string' }, tree: { $ref: '#/$defs/node' } } };
  const injected = { ...tiles, json: { ...tiles.json!, components: { ...tiles.json!.components, Text: odd }, root: { $defs: { node: defs['node'] } } } };
  const lines = buildA2uiPrompt({ catalogs: [injected] }).split('\n');
  // (A tree is followed once: inside itself, any.)
  assert.ok(lines.includes('- Text {"x\\n- Rules: none"?: string, text?: string, tree?: {label?: string, children?: any[]}}'), lines.join('\n'));
  assert.ok(!lines.includes('- Rules: none'));
});
