import type * as z from 'zod/mini';
import type { CatalogDefinition } from './catalog-basic.js';
import { isRefinedInteger } from '../../schema/integer.js';
import { parsePointer } from './pointer.js';
import { ComponentId } from './schema.js';

/*
 * The A2UI prompt's notation (prompt.ts): a component's or function's schema as one compact, TypeScript-like line,
 * read from the Zod schema the renderer validates with (so the prompt cannot drift from what is accepted), or, for a
 * catalog given as JSON, from its document's JSON Schema (`readJson`: what the document says, not every check). The
 * common types are named once, by the same name in every line (known by their structure, v0.9's and v1.0's alike),
 * and defined in the prompt's header.
 *
 * `schemaOf` reads a schema into the few JSON Schema keywords the notation uses (type, const, enum, anyOf, items,
 * minItems, maxItems, properties, required), as `z.toJSONSchema` (input side) would write them; refinements, like
 * JSON Schema's, say nothing; `readJson` reads a catalog document's JSON Schema into the same keywords. Zod's own
 * JSON Schema generator is about 6 KB gzip, most of mantis-ui/a2ui's margin;
 * test/node/a2ui-prompt.test.ts checks that both read every schema of our catalogs alike.
 */

type Schema = { [keyword: string]: unknown };

interface Def {
  readonly type: string;
  readonly [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The length bounds of an array's checks (z.minLength, z.maxLength), as minItems and maxItems. */
function bounds(def: Def): Schema {
  const out: Schema = {};
  for (const check of (def['checks'] ?? []) as unknown[]) {
    const c = defOf(check) as Def & { check?: string; minimum?: number; maximum?: number };
    if (c.check === 'min_length') out['minItems'] = c.minimum;
    if (c.check === 'max_length') out['maxItems'] = c.maximum;
  }
  return out;
}

/** The JSON Schema keywords of a Zod schema that the notation reads. */
export function schemaOf(schema: z.ZodMiniType): Schema {
  // A component's ID naming another component (Card's child, Modal's trigger): a type of its own, not any string.
  if (schema === ComponentId) return { type: 'string', $name: 'Id' };
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return schemaOf(def['innerType'] as z.ZodMiniType);
    case 'pipe':
      return schemaOf(def['in'] as z.ZodMiniType);
    case 'string':
    case 'boolean':
    case 'null':
      return { type: def.type };
    case 'number':
      // z.int(), or a number refined to a safe integer (schema/integer.ts).
      return { type: def['format'] === 'safeint' || isRefinedInteger(schema) ? 'integer' : 'number' };
    case 'literal': {
      const values = def['values'] as unknown[];
      return values.length === 1 ? { const: values[0] } : { enum: values };
    }
    case 'enum':
      return { enum: Object.values(def['entries'] as Record<string, unknown>) };
    case 'union':
      return { anyOf: (def['options'] as z.ZodMiniType[]).map(schemaOf) };
    case 'array':
      return { type: 'array', items: schemaOf(def['element'] as z.ZodMiniType), ...bounds(def) };
    case 'object': {
      const shape = def['shape'] as Record<string, z.ZodMiniType>;
      // Optional on the input side (an optional, or a pipe from one), as Zod marks it.
      const required = Object.keys(shape).filter((key) => (shape[key] as unknown as { _zod: { optin?: string } })._zod.optin !== 'optional');
      return { type: 'object', properties: Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, schemaOf(value)])), ...(required.length > 0 ? { required } : {}) };
    }
    default:
      return {};
  }
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Schemas one `readJson` of a component or function reads at most (references fan out). */
const MAX_READ = 500;
/** Characters of names and values (property names, enums, constants) one `readJson` writes at most. */
const MAX_CHARS = 8000;

/**
 * A schema of a catalog document (`json`, as catalogFromJson read it) in the keywords `schemaOf` writes, for the
 * prompt's line of a catalog given as JSON: a `$ref` into the document followed (one back into a schema it is inside of,
 * a tree's, as any), one into common_types.json read as the common type's Zod schema that checked it; `allOf`'s parts
 * merged into one; `oneOf` read as `anyOf`, said only of a schema without properties (beside them, the properties are
 * said). At most MAX_READ schemas and MAX_CHARS characters of their names and values: past either, a schema is any, so
 * a line stays short whatever the document (references fan out, an enum is met many times).
 */
export function readJson(schema: unknown, json: Pick<NonNullable<CatalogDefinition['json']>, 'root' | 'common'>, left = { n: MAX_READ, c: MAX_CHARS, open: [] as string[] }): Schema {
  if (!isSchema(schema) || --left.n < 0 || (left.c -= JSON.stringify([schema['enum'], schema['const'], Object.keys(schema['properties'] ?? {})]).length) < 0) return {};
  // A component drawn as its renderer has it (catalogFromJson gives its Zod schema where the document declares nothing).
  if ('_zod' in schema) return schemaOf(schema as unknown as z.ZodMiniType);
  const read = (part: unknown): Schema => readJson(part, json, left);
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const name = /common_types\.json#\/\$defs\/(\w+)$/.exec(ref)?.[1];
    const type = name && Object.hasOwn(json.common, name) ? json.common[name] : undefined;
    if (name) return type ? schemaOf(Array.isArray(type) ? type[0] : type) : {};
    if (left.open.includes(ref)) return {};
    left.open.push(ref);
    const target = read(parsePointer(ref.slice(ref.indexOf('#') + 1))?.reduce<unknown>((at, key) => (at as Schema | undefined)?.[key], json.root));
    left.open.pop();
    return target;
  }
  const parts = Array.isArray(schema['allOf']) ? schema['allOf'].map(read) : [];
  const properties: Schema = Object.assign({}, ...parts.map((part) => part['properties']), ...Object.entries(schema['properties'] ?? {}).map(([key, value]) => ({ [key]: read(value) })));
  // What the parts say (DateTimeInput's `min`: a Str, and a format), then the schema's own words.
  const out: Schema = Object.assign({}, ...parts, schema);
  const union = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(union)) out['anyOf'] = union.map(read);
  if (schema['items'] !== undefined) out['items'] = read(schema['items']);
  if (Object.keys(properties).length === 0) return out;
  delete out['anyOf'];
  return { ...out, type: 'object', properties, required: [...parts, schema].flatMap((part) => (part['required'] as string[] | undefined) ?? []) };
}

/** An object schema's property names, sorted and joined ("" for any other schema). */
const keysOf = (schema: Schema): string => (isSchema(schema['properties']) ? Object.keys(schema['properties']).sort().join() : '');

const LITERAL_TYPES: Readonly<Record<string, string>> = { string: 'Str', number: 'Num', boolean: 'Bool', array: 'StrList' };

/**
 * The prompt's name of a common type, known by its structure, so v0.9's and v1.0's read alike: Str, Num, Bool,
 * StrList and Value (a literal, a `{"path"}` binding or a function call), Children, Action and Check.
 */
function nameOf(schema: Schema): string | undefined {
  const union = Array.isArray(schema['anyOf']) ? schema['anyOf'].filter(isSchema) : [];
  const kinds = union.map(keysOf).join(' ');
  if (/\bpath\b/.test(kinds) && /\bcall\b/.test(kinds)) {
    const literals = union.filter((s) => !keysOf(s));
    // One literal names the type; several are Value; none (a binding or a call only) is no common type.
    return literals.length > 1 ? 'Value' : LITERAL_TYPES[String(literals[0]?.['type'])];
  }
  return (schema['$name'] as string | undefined) ?? (kinds.includes('componentId,path') ? 'Children' : kinds === 'event functionCall' ? 'Action' : keysOf(schema) === 'condition,message' ? 'Check' : undefined);
}

/** One schema in the notation: a named type, a literal or enum, a list, an object or a union. */
export function shapeOf(schema: Schema): string {
  const name = nameOf(schema);
  if (name) return name;
  if ('const' in schema) return JSON.stringify(schema['const']);
  if (Array.isArray(schema['enum'])) return schema['enum'].map((v) => JSON.stringify(v)).join('|');
  const union = schema['anyOf'];
  if (Array.isArray(union)) return union.map((s) => (isSchema(s) ? shapeOf(s) : 'any')).join(' | ');
  if (schema['type'] === 'array') {
    const item = isSchema(schema['items']) ? shapeOf(schema['items']) : 'any';
    const bounds = [schema['minItems'] !== undefined ? `min ${String(schema['minItems'])}` : '', schema['maxItems'] !== undefined ? `max ${String(schema['maxItems'])}` : ''].filter(Boolean).join(', ');
    return `${item.includes(' ') ? `(${item})` : item}[]${bounds ? ` (${bounds})` : ''}`;
  }
  if (schema['type'] === 'object' && isSchema(schema['properties']) && Object.keys(schema['properties']).length > 0) return objectShape(schema);
  if (schema['type'] === 'object') return 'object';
  if (schema['type'] === 'integer') return 'int';
  return typeof schema['type'] === 'string' ? schema['type'] : 'any';
}

/** `{a: T, b?: T}` of an object schema, leaving out the properties in `omit`. */
export function objectShape(schema: Schema, omit: readonly string[] = []): string {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  const fields = Object.entries(properties)
    .filter(([key]) => !omit.includes(key))
    // (A name that is not a word is quoted: a catalog's property name never breaks the prompt's lines.)
    .map(([key, value]) => `${/^\w+$/.test(key) ? key : JSON.stringify(key)}${required.has(key) ? '' : '?'}: ${isSchema(value) ? shapeOf(value) : 'any'}`);
  return `{${fields.join(', ')}}`;
}
