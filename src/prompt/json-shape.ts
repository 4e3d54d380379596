import * as z from 'zod/mini';
import { ID_PATTERN } from '../limits.js';
import { ACTION_TYPES } from '../schema/actions.js';
import { isRefinedInteger } from '../schema/integer.js';
import { AGENT_FILE_KEY_PATTERN, MANTIS_URI_PATTERN, POINT_URI_PATTERN } from '../schema/uris.js';

/*
 * Renders the JSON Schema that `z.toJSONSchema` derives from a Zod schema as one compact line of TypeScript-like
 * notation, so the prompt states each component's exact shape (field names, types, enums, bounds) in few tokens.
 * Shared shapes are named once (ID, MANTIS_URI, POINT_URI, AGENT_FILE_KEY, ACTION, NODE) and defined in the prompt.
 */

/** The part of JSON Schema (draft 2020-12) that `z.toJSONSchema` emits for this project's schemas. */
export interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: readonly unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
}

/**
 * The model writes input: `io: 'input'` describes what is accepted before transforms (run-task's `taskId`), and a
 * refinement (reserved IDs, bag XOR, one cell per column) is left to the prompt's words.
 */
export function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  // A number refined to a safe integer (schema/integer.ts) is an integer, as z.int() is.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: (ctx) => void (isRefinedInteger(ctx.zodSchema) && (ctx.jsonSchema.type = 'integer')) }) as JsonSchema;
}

/** Patterns with a name in the prompt, keyed by the pattern source that `z.toJSONSchema` writes. */
const NAMED_PATTERNS: ReadonlyMap<string, string> = new Map([
  [ID_PATTERN.source, 'ID'],
  [MANTIS_URI_PATTERN.source, 'MANTIS_URI'],
  [POINT_URI_PATTERN.source, 'POINT_URI'],
  [AGENT_FILE_KEY_PATTERN.source, 'AGENT_FILE_KEY'],
]);

const range = (min: number | undefined, max: number | undefined): string =>
  max === undefined ? (min === undefined ? '' : `(${min}+)`) : `(${min ?? 0}-${max})`;

/** Whether a union is the action union (all of its members are actions). */
export function isActionUnion(options: readonly JsonSchema[]): boolean {
  return options.length > 0 && options.every((option) => ACTION_TYPES.some((type) => option.properties?.type?.const === type));
}

/** One schema as compact notation. */
export function renderShape(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join('|');
  const options = schema.oneOf ?? schema.anyOf;
  if (options) return isActionUnion(options) ? 'ACTION' : options.map(renderShape).join('|');
  switch (schema.type) {
    case 'string': {
      const named = schema.pattern === undefined ? undefined : NAMED_PATTERNS.get(schema.pattern);
      if (named) return named;
      if (schema.pattern !== undefined) return `string matching /${schema.pattern}/`;
      return `string${range(schema.minLength, schema.maxLength)}`;
    }
    case 'number':
    case 'integer': {
      const max = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
      return `${schema.type === 'integer' ? 'integer' : 'finite number'}${range(schema.minimum, max)}`;
    }
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    case 'array': {
      // An item schema with no constraints is a container's children: nodes, validated one by one.
      const items = schema.items && Object.keys(schema.items).length > 0 ? renderShape(schema.items) : 'NODE';
      return `[${items}]${range(schema.minItems ?? 0, schema.maxItems)}`;
    }
    case 'object':
      return renderObject(schema);
    default:
      return 'any JSON value';
  }
}

/** An object as `{"key": T, "optional"?: T}`, keys in schema order. */
export function renderObject(schema: JsonSchema): string {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(
    ([key, value]) => `${JSON.stringify(key)}${required.has(key) ? '' : '?'}: ${renderShape(value)}`,
  );
  return `{${fields.join(', ')}}`;
}
