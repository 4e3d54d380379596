import * as z from 'zod/mini';
import { Action, CheckRule, ChildList, DynamicBoolean, DynamicNumber, DynamicString, DynamicStringList, DynamicValue } from './schema.js';

/*
 * The A2UI prompt's notation (prompt.ts): a component's or function's schema as one compact, TypeScript-like line,
 * derived from the JSON Schema of the Zod schema the renderer validates with (so the prompt cannot drift from what is
 * accepted). The common types are named once, by the same name in every line, and defined in the prompt's header.
 */

type Schema = { [keyword: string]: unknown };

const jsonOf = (schema: z.ZodMiniType): Schema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  return rest;
};

/** The common types, by the name the prompt gives them, with their JSON Schema (matched by deep equality). */
export const NAMED_TYPES: readonly (readonly [string, z.ZodMiniType])[] = [
  ['Str', DynamicString],
  ['Num', DynamicNumber],
  ['Bool', DynamicBoolean],
  ['StrList', DynamicStringList],
  ['Value', DynamicValue],
  ['Children', ChildList],
  ['Action', Action],
  ['Check', CheckRule],
];
let named: Map<string, string> | undefined;
const names = (): Map<string, string> => (named ??= new Map(NAMED_TYPES.map(([name, schema]) => [JSON.stringify(jsonOf(schema)), name])));

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One schema in the notation: a named type, a literal or enum, a list, an object or a union. */
export function shapeOf(schema: Schema): string {
  const name = names().get(JSON.stringify(schema));
  if (name) return name;
  if ('const' in schema) return JSON.stringify(schema['const']);
  if (Array.isArray(schema['enum'])) return schema['enum'].map((v) => JSON.stringify(v)).join('|');
  const union = schema['anyOf'] ?? schema['oneOf'];
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
    .map(([key, value]) => `${key}${required.has(key) ? '' : '?'}: ${isSchema(value) ? shapeOf(value) : 'any'}`);
  return `{${fields.join(', ')}}`;
}

/** The JSON Schema of a Zod schema, as the notation reads it. */
export const schemaOf = jsonOf;
