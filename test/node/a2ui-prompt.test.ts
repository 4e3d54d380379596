// buildA2uiPrompt (mantis-ui/a2ui, issue 31): the A2UI part of a backend's prompt, generated from the catalogs'
// schemas: every component and function on a line, the [a2ui_action] convention and the updateDataModel rule, an
// example that validates on the catalog it names, and at most 40% of the catalog's minified JSON in o200k tokens.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { BASIC_CATALOG } from '../../src/protocols/a2ui/catalog-basic.js';
import { catalogJson } from '../../src/protocols/a2ui/catalog-json.js';
import { MANTIS_CATALOG } from '../../src/protocols/a2ui/catalog-mantis.js';
import { MANTIS_DESCRIPTIONS } from '../../src/protocols/a2ui/catalog-mantis-docs.js';
import { BASIC_CATALOG_ALIAS, MINIMAL_CATALOG } from '../../src/protocols/a2ui/catalog-minimal.js';
import { a2uiPromptExample, buildA2uiPrompt } from '../../src/protocols/a2ui/prompt.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import * as z from 'zod/mini';
import { DEFAULT_CATALOGS } from '../../src/protocols/a2ui/expand.js';
import { schemaOf, shapeOf } from '../../src/protocols/a2ui/prompt-shape.js';
import { jsonSchemaOf } from '../../src/prompt/json-shape.js';
import { DynamicString } from '../../src/protocols/a2ui/schema.js';
import { V1_BASIC_CATALOG } from '../../src/protocols/a2ui/v1/catalog-basic.js';
import { A2UI_V1, DynamicString as V1DynamicString, DynamicValue as V1DynamicValue, Action as V1Action, CheckRule as V1CheckRule } from '../../src/protocols/a2ui/v1/index.js';

const SPEC = join(import.meta.dirname, '../fixtures/a2ui-spec/v0.9/catalogs');
const minified = (file: string) => JSON.stringify(JSON.parse(readFileSync(join(SPEC, file), 'utf8')));
/** The components each line of a prompt is about (`- Row, Column {…}`: both), by line. */
const componentsOf = (line: string): string[] => (/^- [A-Z]/.test(line) && line.includes(' {') ? line.slice(2, line.indexOf(' {')).split(', ') : []);
/** The functions a line of a prompt is about (`- and, or {…} → boolean`: both). */
const functionsOf = (line: string): string[] => (/^- [a-z@]/.test(line) && line.includes(' {') ? line.slice(2, line.indexOf(' {')).split(', ') : []);
/** The JSON messages of a prompt: its lines that are A2UI messages. */
const examplesOf = (prompt: string) => prompt.split('\n').filter((line) => line.startsWith('{"version"')).map((line) => JSON.parse(line) as unknown);

test('a2ui prompt: a line for every component and function of the catalog, the action convention and the updateDataModel rule', () => {
  for (const catalog of [BASIC_CATALOG, MINIMAL_CATALOG, MANTIS_CATALOG]) {
    const prompt = buildA2uiPrompt({ catalogs: [catalog] });
    const lines = prompt.split('\n');
    assert.ok(prompt.includes(`Catalog "${catalog.catalogId}"`));
    for (const name of Object.keys(catalog.components)) assert.ok(lines.some((line) => componentsOf(line).includes(name)), `${catalog.catalogId}: ${name}`);
    for (const name of catalog.functions) assert.ok(lines.some((line) => functionsOf(line).includes(name)), `${catalog.catalogId}: ${name}()`);
    assert.match(prompt, /a user turn starting \[a2ui_action\] surface=<surfaceId> source=<component id> name=<event name>/);
    assert.match(prompt, /prefer updateDataModel/);
  }
  assert.match(buildA2uiPrompt(), /- TextField \{checks\?: Check\[\], label: Str, value\?: Str, variant\?: "longText"\|"number"\|"shortText"\|"obscured", validationRegexp\?: string\}/);
  assert.match(buildA2uiPrompt(), /- formatCurrency \{value: Num, currency: Str, decimals\?: Num, grouping\?: Bool\} → string/);
  assert.doesNotMatch(buildA2uiPrompt({ catalogs: [MINIMAL_CATALOG] }), /agent_files/, 'no rule for what the minimal catalog lacks (media)');
  // v0.9's own messages: updateDataModel's value may be left out, which removes; no v1.0 words.
  assert.match(buildA2uiPrompt(), /\n- updateDataModel \{surfaceId, path\?, value\?\}: .*; no value removes it\.\n/);
  assert.doesNotMatch(buildA2uiPrompt(), /catalogId\.|components\?, dataModel/);
  assert.ok(buildA2uiPrompt().split('\n').includes('- and, or {values: Bool[] (min 2)} → boolean'), 'functions of one signature share a line');
  // No catalog: the messages and rules, no example (and no exception).
  assert.doesNotMatch(buildA2uiPrompt({ catalogs: [] }), /Example:/);
});

test('a2ui prompt: several catalogs write each component once, a second identifier of one as such', () => {
  const prompt = buildA2uiPrompt({ catalogs: [BASIC_CATALOG, BASIC_CATALOG_ALIAS, MANTIS_CATALOG] });
  const lines = prompt.split('\n');
  for (const name of Object.keys(BASIC_CATALOG.components)) assert.equal(lines.filter((line) => componentsOf(line).includes(name)).length, 1, name);
  assert.ok(lines.includes(`Catalog "${BASIC_CATALOG_ALIAS.catalogId}": the same as "${BASIC_CATALOG.catalogId}".`));
  assert.ok(lines.includes(`- as above: ${Object.keys(BASIC_CATALOG.components).join(', ')}`));
  assert.ok(lines.some((line) => line.startsWith('- MantisCallout {')));
  assert.ok(encode(prompt).length < encode(buildA2uiPrompt({ catalogs: [BASIC_CATALOG] })).length + encode(buildA2uiPrompt({ catalogs: [MANTIS_CATALOG] })).length - 1000);
  assert.doesNotMatch(buildA2uiPrompt({ catalogs: [MINIMAL_CATALOG] }), /openUrl/, 'no function the catalog lacks');
});

test('a2ui prompt: its example validates on the catalog it names, for each of our catalogs', () => {
  for (const catalog of [BASIC_CATALOG, BASIC_CATALOG_ALIAS, MINIMAL_CATALOG, MANTIS_CATALOG]) {
    const messages = examplesOf(buildA2uiPrompt({ catalogs: [catalog] }));
    assert.equal(messages.length, 3, catalog.catalogId);
    assert.deepEqual(messages, a2uiPromptExample(catalog));
    const result = validateA2uiMessages(messages, { catalogs: [catalog] });
    assert.equal(result.ok, true, `${catalog.catalogId}: ${JSON.stringify(result)}`);
  }
  assert.deepEqual(a2uiPromptExample({ ...MINIMAL_CATALOG, components: { Text: MINIMAL_CATALOG.components['Text']! } }), [], 'no example a catalog could not validate');
});

test('a2ui prompt: at most 40% of the catalog’s minified JSON in o200k tokens (basic, and ours)', () => {
  const basic = encode(buildA2uiPrompt({ catalogs: [BASIC_CATALOG] })).length;
  const basicJson = encode(minified('basic/catalog.json')).length;
  assert.ok(basic <= 0.4 * basicJson, `basic: ${basic} tokens, ${basicJson} for its catalog.json`);
  const ours = encode(buildA2uiPrompt({ catalogs: [MANTIS_CATALOG] })).length;
  const oursJson = encode(JSON.stringify(catalogJson(MANTIS_CATALOG, MANTIS_DESCRIPTIONS))).length;
  assert.ok(ours <= 0.4 * oursJson, `ours: ${ours} tokens, ${oursJson} for its catalog JSON`);
});

test('a2ui prompt: its reading of a schema says what Zod’s JSON Schema says, for every component and function of our catalogs', () => {
  // Zod's JSON Schema with only the keywords the notation reads.
  type Json = Record<string, unknown>;
  const keep = (json: Json): Json => {
    const out: Json = {};
    for (const key of ['type', 'const', 'enum', 'minItems', 'maxItems', 'required']) if (key in json) out[key] = json[key];
    const union = (json['anyOf'] ?? json['oneOf']) as Json[] | undefined;
    if (union) out['anyOf'] = union.map(keep);
    if (json['items']) out['items'] = keep(json['items'] as Json);
    if (json['properties']) out['properties'] = Object.fromEntries(Object.entries(json['properties'] as Record<string, Json>).map(([k, v]) => [k, keep(v)]));
    if (json['type'] === 'object' && !json['properties']) out['properties'] = {};
    // A literal's or an enum's type says nothing its values do not.
    if ('const' in json || 'enum' in json) delete out['type'];
    return out;
  };
  // (A number refined to a safe integer, schema/integer.ts, is an integer, as the inline prompt's generator says too.)
  const zodJson = (schema: z.ZodMiniType) => keep(jsonSchemaOf(schema) as Json);
  const sorted = (v: unknown): unknown => (Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, w]) => [k, sorted(w)])) : v);
  let count = 0;
  for (const catalog of [...DEFAULT_CATALOGS, V1_BASIC_CATALOG]) {
    for (const [name, schema] of [...Object.entries(catalog.components), ...Object.entries(catalog.functionCalls ?? {})]) {
      // (Less the notation's own mark of a component's ID, `$name: "Id"`, which JSON Schema has no word for.)
      const ours = JSON.parse(JSON.stringify(schemaOf(schema), (key, value: unknown) => (key === '$name' ? undefined : value))) as unknown;
      assert.equal(JSON.stringify(sorted(ours)), JSON.stringify(sorted(zodJson(schema))), `${catalog.catalogId} ${name}`);
      count += 1;
    }
  }
  assert.ok(count > 80, `${count} schemas`);
  // Named types are found by what they say, so a refined Str is still Str (DateTimeInput's min and max).
  assert.equal(shapeOf(schemaOf(DynamicString.check(z.refine(() => true)))), 'Str');
});

test('a2ui prompt for v1.0: its messages, every component and function of v1.0’s basic catalog in the same notation, an example that validates', () => {
  const prompt = buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG], version: 'v1.0' });
  const lines = prompt.split('\n');
  assert.equal(lines[0], '# Interactive UI (A2UI v1.0)');
  assert.ok(lines.includes('- createSurface {surfaceId, catalogId, components?, dataModel?: object, sendDataModel?: boolean}: first, once per surface.'));
  assert.match(prompt, /\n- updateDataModel \{surfaceId, path\?, value\}: .*; null removes it\.\n/);
  assert.doesNotMatch(prompt, /theme|primaryColor/, 'v1.0 has no theme');
  for (const name of Object.keys(V1_BASIC_CATALOG.components)) assert.ok(lines.some((line) => componentsOf(line).includes(name)), name);
  for (const name of V1_BASIC_CATALOG.functions) assert.ok(lines.some((line) => functionsOf(line).includes(name)), `${name}()`);
  // v1.0's common types go by the names v0.9's have: no binding or call spelled out, nothing every component has repeated.
  assert.ok(lines.includes('- TextField {checks?: Check[], label: Str, value?: Str, variant?: "longText"|"number"|"shortText"|"obscured", placeholder?: Str}'));
  assert.ok(lines.includes('- Button {checks?: Check[], child: Id, variant?: "default"|"primary"|"borderless", action: Action}'));
  assert.ok(lines.some((line) => line.startsWith('- Row, Column {children: Children, ')), 'components of one shape share a line');
  assert.ok(lines.every((line) => !componentsOf(line).length || !/\b(catalogId|metadata|accessibility)\?:/.test(line)));
  assert.deepEqual([V1DynamicString, V1DynamicValue, V1Action, V1CheckRule].map((schema) => shapeOf(schemaOf(schema))), ['Str', 'Value', 'Action', 'Check']);
  // v1.0's Text has no heading variants; its functions say what they give (v1.0's catalog has it beside each one).
  assert.ok(lines.includes('- Text {text: Str, variant?: "caption"|"body"}'));
  assert.ok(lines.includes('- formatString {value: Str} → string') && lines.includes('- and, or {values: Bool[] (min 2)} → boolean'));
  assert.ok(lines.some((line) => functionsOf(line).includes('required') && line.endsWith(' → validationResult')), 'v1.0’s checks give a ValidationResult');
  // A check is true of both versions (v1.0's condition is a binding or a call, never a literal).
  assert.ok(lines.includes('- Check = {"condition": {"path"} | a call, "message": string}: shown while it fails; a Button failing one is disabled.'));
  assert.match(prompt, /A component or call from another catalog names it: catalogId\./);
  // A union of a binding and a call alone is no common type (v1.0's check condition), where one with literals is.
  assert.equal(shapeOf(schemaOf(z.union([z.strictObject({ path: z.string() }), z.strictObject({ call: z.string() })]))), '{path: string} | {call: string}');
  const messages = examplesOf(prompt);
  assert.deepEqual(messages, a2uiPromptExample(V1_BASIC_CATALOG));
  assert.ok(messages.length === 3 && messages.every((m) => (m as { version: string }).version === 'v1.0'));
  const result = validateA2uiMessages(messages, { catalogs: [V1_BASIC_CATALOG], versions: [A2UI_V1] });
  assert.equal(result.ok, true, JSON.stringify(result));
});

test('a2ui prompt: v1.0’s at most 40% of its catalog.json; the minimal catalog’s, whose fixed part (messages, rules, an example) outweighs its five components, at most 75%', () => {
  const v1 = encode(buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG], version: 'v1.0' })).length;
  const v1Json = encode(JSON.stringify(JSON.parse(readFileSync(join(SPEC, '../../v1.0/catalogs/basic/catalog.json'), 'utf8')))).length;
  assert.ok(v1 <= 0.4 * v1Json, `v1.0: ${v1} tokens, ${v1Json} for its catalog.json`);
  const minimal = encode(buildA2uiPrompt({ catalogs: [MINIMAL_CATALOG] })).length;
  const minimalJson = encode(minified('minimal/catalog.json')).length;
  assert.ok(minimal <= 0.75 * minimalJson, `minimal: ${minimal} tokens, ${minimalJson} for its catalog.json`);
});

test('a2ui prompt: the version is the catalogs’ when none is given; a v1.0 catalog’s `instructions` are carried as its guidelines; v1.0’s basic guidelines and formatString’s use are said', async () => {
  const v1 = buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG] });
  assert.equal(v1, buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG], version: 'v1.0' }), 'every catalog v1.0: a v1.0 prompt');
  assert.match(buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG, BASIC_CATALOG] }), /^# Interactive UI \(A2UI v0\.9\)\n/, 'any v0.9 catalog: v0.9');
  // What catalog.json's instructions say that the rest of the prompt does not: its hierarchy and its checks' messages.
  assert.match(v1, /\n- Nest as asked \("inside" is a child\); a check's message is its error \(no Text for errors\)\.\n/);
  assert.doesNotMatch(buildA2uiPrompt({ catalogs: [BASIC_CATALOG] }), /Nest as asked/);
  // formatString's placeholders, where a catalog has it (not the minimal catalog).
  assert.match(v1, /\n- Join data into text by formatString \("Hi \$\{\/name\}"\); there is no \+\.\n/);
  assert.match(buildA2uiPrompt({ catalogs: [BASIC_CATALOG] }), /by formatString/);
  assert.doesNotMatch(buildA2uiPrompt({ catalogs: [MINIMAL_CATALOG] }), /formatString/);
  // The specification's basic catalog.json given as a document: its instructions, as written, after its lines.
  const document = JSON.parse(readFileSync(join(SPEC, '../../v1.0/catalogs/basic/catalog.json'), 'utf8')) as { instructions: string; catalogId: string };
  const { readA2uiV1Catalog } = await import('../../src/protocols/a2ui/v1/json.js');
  const read = readA2uiV1Catalog(document);
  assert.equal(read.instructions, document.instructions);
  const given = buildA2uiPrompt({ catalogs: [read] });
  assert.match(given, /^# Interactive UI \(A2UI v1\.0\)\n/);
  assert.ok(given.includes(`\nGuidelines of "${document.catalogId}":\n${document.instructions}\n`));
  assert.ok(given.indexOf('\nGuidelines of') > given.indexOf('\nFunctions (call:'), 'after the catalog’s own lines');
  assert.ok(given.indexOf('\nFunctions (call:') > 0);
  // The guidelines are not read for which rules apply: a word in them adds none (the media rule needs an Image).
  const textOnly = { ...MINIMAL_CATALOG, components: { Text: MINIMAL_CATALOG.components['Text']! }, instructions: 'Never use an Image or a Video.' };
  assert.doesNotMatch(buildA2uiPrompt({ catalogs: [textOnly] }), /agent_files/);
  assert.doesNotMatch(v1, /Guidelines of/, 'V1_BASIC_CATALOG carries none: the prompt says them already');
});

test('a2ui prompt: a property that names another component is an Id, and only such a property (our MantisArtifact’s content is text)', () => {
  const lines = buildA2uiPrompt({ catalogs: [MANTIS_CATALOG] }).split('\n');
  assert.ok(lines.includes('- Id = component id.'));
  assert.ok(lines.includes('- Modal {trigger: Id, content: Id}'));
  assert.ok(lines.includes('- Card {child: Id}'));
  assert.ok(lines.some((line) => line.startsWith('- MantisArtifact {') && line.includes('content: string}')), 'text, not an ID');
  assert.ok(!lines.some((line) => /component ids/.test(line)), 'no line that calls every `content` an ID');
  // A catalog with no such property has no Id line.
  const textOnly = { ...MINIMAL_CATALOG, components: { Text: MINIMAL_CATALOG.components['Text']! } };
  assert.doesNotMatch(buildA2uiPrompt({ catalogs: [textOnly] }), /\bId\b/);
});

