import * as z from 'zod/mini';
import { Action as MantisAction } from '../../schema/actions.js';
import { Id as MantisId } from '../../schema/primitives.js';
import { PointTarget as MantisPointTarget, Target as MantisTarget } from '../../schema/uris.js';
import type { CatalogDefinition } from './catalog-basic.js';
import * as common from './schema.js';
import { isRefinedInteger } from '../../schema/integer.js';

/*
 * The catalog generator (004_655f119d9cdaeeed.txt, "What's still rough"): the catalog JSON an agent composes against,
 * derived from the Zod schemas the client validates with, so the two cannot drift. Its form is the basic catalog's
 * (../shared/spec/a2ui-v0.9/catalogs/basic/catalog.json): `catalogId`, `components` (name → JSON Schema of the whole
 * component), `functions` (name → JSON Schema of the call), `$defs.theme`, and `$defs.anyComponent`/`anyFunction` for
 * validators. Differences, all equivalent: a component is one flat object schema (`additionalProperties: false`)
 * rather than an `allOf` over ComponentCommon; the common types are referenced in common_types.json by the same `$ref`s
 * the basic catalog uses (so validators find ComponentId and ChildList links); our own shared shapes (Mantis IDs,
 * actions, targets) are defined once in `$defs`.
 */

/** What the JSON says about one component: a description, and notes on properties by dotted path (`metrics.change`). */
export interface ComponentDoc {
  readonly description: string;
  readonly properties?: Readonly<Record<string, string>>;
}

/** The words of a catalog: what the schemas cannot say. */
export interface CatalogDescriptions {
  readonly title?: string;
  readonly description?: string;
  readonly components?: Readonly<Record<string, ComponentDoc>>;
  /** Function name → what it does. */
  readonly functions?: Readonly<Record<string, string>>;
}

/** A JSON Schema as this module reads and writes it. */
export type JsonSchemaObject = { [keyword: string]: unknown };

export const COMMON_TYPES_URL = 'https://a2ui.org/specification/v0_9/common_types.json';

/** Schemas of schema.ts that common_types.json defines under the same name. */
const COMMON_TYPES = [
  'ComponentId', 'AccessibilityAttributes', 'ChildList', 'DataBinding', 'DynamicValue', 'DynamicString', 'DynamicNumber',
  'DynamicBoolean', 'DynamicStringList', 'FunctionCall', 'CheckRule', 'Action',
] as const;

/** Our shared shapes: defined once in the catalog's `$defs` (only those some component uses). */
const LOCAL_DEFS: Readonly<Record<string, z.ZodMiniType>> = { MantisId, MantisAction, MantisTarget, MantisPointTarget };

const registry = z.registry<{ id: string }>();
for (const name of COMMON_TYPES) registry.add(common[name], { id: name });
for (const [name, schema] of Object.entries(LOCAL_DEFS)) registry.add(schema, { id: name });

const isObject = (value: unknown): value is JsonSchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose values are data, not schemas: never walked. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Rewrites every `$ref` in place (`#/$defs/X` → common_types.json for the common types, kept for ours). */
function rewriteRefs(value: unknown): void {
  if (Array.isArray(value)) value.forEach(rewriteRefs);
  if (!isObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') {
      const name = item.replace('#/$defs/', '');
      if ((COMMON_TYPES as readonly string[]).includes(name)) value[key] = `${COMMON_TYPES_URL}#/$defs/${name}`;
    } else if (!DATA_KEYWORDS.has(key)) rewriteRefs(item);
  }
}

/** One schema as JSON Schema (what the model writes: input), its local `$defs` moved into `defs`. */
function toJson(schema: z.ZodMiniType, defs: Record<string, unknown>): JsonSchemaObject {
  // A number refined to a safe integer (schema/integer.ts) is an integer, as z.int() is.
  const override = (ctx: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchemaObject }): void => void (isRefinedInteger(ctx.zodSchema) && (ctx.jsonSchema['type'] = 'integer'));
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', metadata: registry, target: 'draft-2020-12', override }) as JsonSchemaObject;
  const { $schema: _schema, $defs: found, ...rest } = json;
  for (const [name, def] of Object.entries(isObject(found) ? found : {})) {
    if ((COMMON_TYPES as readonly string[]).includes(name)) continue;
    rewriteRefs(def);
    defs[name] = def;
  }
  rewriteRefs(rest);
  return rest;
}

/** Sets a note on the property at a dotted path, through arrays and unions; throws when the path names nothing. */
function annotate(schema: JsonSchemaObject, path: string, note: string, component: string): void {
  let at: JsonSchemaObject | undefined = schema;
  for (const segment of path.split('.')) {
    const found: JsonSchemaObject | undefined = at && findProperty(at, segment);
    at = found;
  }
  if (!at) throw new Error(`${component}: the note on "${path}" names no property.`);
  at['description'] = note;
}

function findProperty(schema: JsonSchemaObject, name: string): JsonSchemaObject | undefined {
  const properties = schema['properties'];
  if (isObject(properties) && isObject(properties[name])) return properties[name];
  const items = schema['items'];
  if (isObject(items)) return findProperty(items, name);
  const options = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(options)) {
    for (const option of options) {
      const found = isObject(option) ? findProperty(option, name) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** The call schema of a function with no argument schema: its name only. */
const nameOnly = (name: string): JsonSchemaObject => ({
  type: 'object',
  properties: { call: { const: name } },
  required: ['call'],
});

/**
 * The catalog JSON of `catalog`, in the basic catalog.json's form, with `descriptions` for its components, their
 * properties and its functions. Throws when a description names a property the schema does not have (the words
 * drifted from the components).
 */
export function catalogJson(catalog: CatalogDefinition, descriptions: CatalogDescriptions = {}): JsonSchemaObject {
  const defs: Record<string, unknown> = {};
  const components: Record<string, JsonSchemaObject> = {};
  for (const [name, schema] of Object.entries(catalog.components)) {
    const doc = descriptions.components?.[name];
    const json = toJson(schema, defs);
    for (const [path, note] of Object.entries(doc?.properties ?? {})) annotate(json, path, note, name);
    components[name] = doc ? { description: doc.description, ...json } : json;
  }
  const functions: Record<string, JsonSchemaObject> = {};
  for (const name of catalog.functions) {
    const schema = catalog.functionCalls?.[name];
    const json = schema ? toJson(schema, defs) : nameOnly(name);
    const words = descriptions.functions?.[name];
    functions[name] = words ? { description: words, ...json } : json;
  }
  const theme = catalog.theme ? toJson(catalog.theme, defs) : { type: 'object', additionalProperties: true };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: catalog.catalogId,
    ...(descriptions.title ? { title: descriptions.title } : {}),
    ...(descriptions.description ? { description: descriptions.description } : {}),
    catalogId: catalog.catalogId,
    components,
    functions,
    $defs: {
      ...defs,
      theme,
      anyComponent: { oneOf: Object.keys(components).map((name) => ({ $ref: `#/components/${name}` })), discriminator: { propertyName: 'component' } },
      anyFunction: { oneOf: Object.keys(functions).map((name) => ({ $ref: `#/functions/${name}` })) },
    },
  };
}

/**
 * The form a prompt can afford: no words (every `description` and `title` annotation), no `$schema`, `$id` or the
 * validators' `anyComponent`/`anyFunction`, and common types referenced relatively (`common_types.json#/$defs/…`,
 * as the spec's own files do), for a prompt that carries common_types.json beside it.
 */
export function slimCatalog(json: JsonSchemaObject): JsonSchemaObject {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isObject(value)) return value;
    const out: JsonSchemaObject = {};
    for (const [key, item] of Object.entries(value)) {
      // A property named "description" holds a schema (an object); the annotation is a string.
      if ((key === 'description' || key === 'title') && typeof item === 'string') continue;
      if (key === '$ref' && typeof item === 'string') out[key] = item.replace(`${COMMON_TYPES_URL}`, 'common_types.json');
      else out[key] = DATA_KEYWORDS.has(key) ? item : strip(item);
    }
    return out;
  };
  const { $schema: _schema, $id: _id, $defs, ...rest } = json;
  const { anyComponent: _components, anyFunction: _functions, ...defs } = isObject($defs) ? $defs : {};
  return strip({ ...rest, $defs: defs }) as JsonSchemaObject;
}

/**
 * An estimate of the tokens of `text`: characters / 4, rounded up. Measured on this catalog's JSON against
 * o200k_base (GPT-4o and later; other BPE tokenizers differ by some percent), it is within 10% both pretty-printed
 * and compact, while cleverer word-and-punctuation counts overshoot compact JSON, whose punctuation runs (`":{"`)
 * merge into single tokens. test/node/a2ui-catalog.test.ts checks the bound (±20%) against gpt-tokenizer.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Our words on the basic catalog (the spec's catalog.json has its own; these are shorter, for a prompt). */
export const BASIC_DESCRIPTIONS: CatalogDescriptions = {
  title: 'A2UI basic catalog',
  components: {
    Text: { description: 'Text; simple Markdown (no HTML, images or links).', properties: { variant: 'h1–h5 for headings, caption for small print; default body.' } },
    Image: { description: 'An image from a URL.', properties: { description: 'alternative text.' } },
    Icon: { description: 'A named icon, or an SVG path.' },
    Video: { description: 'A video player for a URL.' },
    AudioPlayer: { description: 'An audio player for a URL.' },
    Row: { description: 'Lays out its children side by side.', properties: { children: 'ids, or {"componentId", "path"}: a template repeated for each item of a list.' } },
    Column: { description: 'Lays out its children one under the other.', properties: { children: 'ids, or {"componentId", "path"}: a template repeated for each item of a list.' } },
    List: { description: 'A scrolling list of its children, usually a template over a data-model list.' },
    Card: { description: 'A framed box around one child (often a Column).' },
    Tabs: { description: 'Tabs, each with a title and one child.' },
    Modal: { description: 'A dialog: its trigger opens its content.' },
    Divider: { description: 'A line between components.' },
    Button: {
      description: 'A button: its child (a Text id) is the label; its action sends an event to the agent or calls a function.',
      properties: { variant: '"primary" for the main call to action.' },
    },
    TextField: { description: 'A text input bound to the data model by its value path.' },
    CheckBox: { description: 'A checkbox bound to a boolean.' },
    ChoicePicker: { description: 'Pick one or several of some options; value is the list of chosen option values.' },
    Slider: { description: 'A number between min and max.' },
    DateTimeInput: { description: 'A date and/or time input; value is ISO 8601.' },
  },
  functions: {
    required: 'True when the value is not null, undefined or empty.',
    regex: 'True when the value matches the pattern.',
    length: 'True when the length is within min and max.',
    numeric: 'True when the number is within min and max.',
    email: 'True when the value is an email address.',
    formatString: 'Interpolates ${/path} and ${fn(...)} expressions into the string.',
    formatNumber: 'A number formatted for the locale.',
    formatCurrency: 'An amount formatted in a currency (ISO 4217 code).',
    formatDate: 'A date formatted with a Unicode date pattern.',
    pluralize: 'The string for the plural category of the number.',
    openUrl: 'Opens a URL.',
    and: 'True when all values are true.',
    or: 'True when any value is true.',
    not: 'The negation of the value.',
  },
};
