import * as z from 'zod/mini';
import { describeIssues } from '../issues.js';
import { formatPointer, parsePointer } from '../pointer.js';
import * as common from '../schema.js';
import { CatalogJsonError, isRecord, type Check, type Result, type SchemaReader } from './json-checks.js';
import { compileKeywords } from './json-schema.js';

/*
 * Reads the schemas of one catalog document: each schema object becomes a Check (json-schema.ts), `$ref`s are
 * followed inside the document (`#/…`, or its own `$id`/`catalogId` followed by `#/…`), and a `$ref` into A2UI's
 * common_types.json is the very Zod schema the built-in catalogs use (../schema.ts), so a catalog given as JSON is
 * checked exactly as strictly as ours where it reuses the common types. Nothing else is fetched: any other reference
 * refuses the catalog. How much a document may make us compile is bounded, and so is what one check of a value costs.
 */

/** Schema objects one document may hold (every nested schema counts, each `$ref` target once). */
export const MAX_SCHEMA_NODES = 20_000;
/** Nesting of schemas inside schemas. */
const MAX_SCHEMA_DEPTH = 32;
/** Schemas one check of one value may meet, references followed as often as they are met. */
export const MAX_CHECK_STEPS = 100_000;

/** A Zod schema as a Check; `keys` are the property names it evaluates (what a strict object around it may hold). */
function fromZod(schema: z.ZodMiniType, keys: readonly string[] = []): Check {
  const evaluated = new Set(keys);
  return (value): Result => {
    const parsed = schema.safeParse(value);
    return parsed.success ? { ok: true, keys: evaluated } : { ok: false, failure: describeIssues(parsed.error.issues, value) };
  };
}

/**
 * The definitions of a version's common_types.json that a catalog's `$ref`s may name, by name: each the Zod schema it
 * is, or that and the property names it evaluates (what a strict object around it may hold).
 */
export type CommonTypes = Readonly<Record<string, z.ZodMiniType | readonly [z.ZodMiniType, readonly string[]]>>;

/** v0.9's common_types.json (a v1.0 document is read with v1.0's: v1/catalog-json.ts). */
const COMMON: CommonTypes = {
  ComponentId: common.ComponentId,
  AccessibilityAttributes: common.AccessibilityAttributes,
  ComponentCommon: [z.looseObject({ id: common.ComponentId, accessibility: z.optional(common.AccessibilityAttributes) }), ['id', 'accessibility']],
  ChildList: common.ChildList,
  DataBinding: common.DataBinding,
  DynamicValue: common.DynamicValue,
  DynamicString: common.DynamicString,
  DynamicNumber: common.DynamicNumber,
  DynamicBoolean: common.DynamicBoolean,
  DynamicStringList: common.DynamicStringList,
  FunctionCall: common.FunctionCall,
  CheckRule: common.CheckRule,
  Checkable: [z.looseObject(common.checkable), ['checks']],
  Action: common.Action,
};

export class Compiler implements SchemaReader {
  readonly #root: Record<string, unknown>;
  /** The absolute addresses that name this document. */
  readonly #names: readonly string[];
  readonly #targets = new Map<string, Check>();
  #nodes = 0;
  #depth = 0;

  /** The common types its `$ref`s into common_types.json name. */
  readonly common: CommonTypes;

  constructor(root: Record<string, unknown>, common: CommonTypes = COMMON) {
    this.#root = root;
    this.common = common;
    this.#names = [root['$id'], root['catalogId']].filter((name): name is string => typeof name === 'string' && name.length > 0);
  }

  /** What one check of a value may still cost (steps): set by `budgeted` for each value checked. */
  readonly steps = { left: MAX_CHECK_STEPS };
  /** Subschemas entered that apply to a part of the value (`properties`, `items`, …), counted as they nest. */
  #descents = 0;
  /** The `$ref` targets being compiled, with #descents when each began. */
  readonly #open = new Map<string, number>();

  /**
   * The check of the schema at `at` (a JSON Pointer into the document, for errors); `descends` when it applies to a
   * part of the value, which a reference back to a schema being compiled must have passed through.
   */
  compile(schema: unknown, at: string, descends = false): Check {
    if (++this.#nodes > MAX_SCHEMA_NODES) throw new CatalogJsonError(at, `A catalog may hold at most ${MAX_SCHEMA_NODES} schemas.`);
    if (schema === true) return () => ({ ok: true, keys: new Set() });
    if (schema === false) return () => ({ ok: false, failure: { path: [], message: 'Not allowed here.' } });
    if (!isRecord(schema)) throw new CatalogJsonError(at, 'Expected a schema (an object or a boolean).');
    if (at !== '' && schema['$id'] !== undefined) throw new CatalogJsonError(`${at}/$id`, 'Only the catalog itself may have an $id (references resolve against it).');
    if (this.#depth >= MAX_SCHEMA_DEPTH) throw new CatalogJsonError(at, `Schemas may nest at most ${MAX_SCHEMA_DEPTH} deep.`);
    this.#depth++;
    if (descends) this.#descents++;
    try {
      const check = compileKeywords(schema, at, this);
      const steps = this.steps;
      // Each schema a value meets costs a step: a document whose references fan out cannot make a check run long.
      return (value) => (--steps.left < 0 ? { ok: false, failure: { path: [], message: 'This value costs too much to check.' } } : check(value));
    } finally {
      this.#depth--;
      if (descends) this.#descents--;
    }
  }

  /** Runs `check` on `value` with a fresh budget of steps; it fails when they run out. */
  budgeted(check: Check, value: unknown): Result {
    this.steps.left = MAX_CHECK_STEPS;
    const result = check(value);
    return this.steps.left < 0 ? { ok: false, failure: { path: [], message: 'This value costs too much to check.' } } : result;
  }

  /** The check a `$ref` names. */
  ref(ref: string, at: string): Check {
    const hash = ref.indexOf('#');
    const address = hash < 0 ? ref : ref.slice(0, hash);
    const pointer = hash < 0 ? '' : ref.slice(hash + 1);
    if (/(^|\/)common_types\.json$/.test(address)) {
      const name = /^\/\$defs\/([A-Za-z]+)$/.exec(pointer)?.[1];
      const type = name && Object.prototype.hasOwnProperty.call(this.common, name) ? this.common[name] : undefined;
      if (!type) throw new CatalogJsonError(at, `common_types.json has no definition at "${pointer.slice(0, 80)}".`);
      return Array.isArray(type) ? fromZod(type[0] as z.ZodMiniType, type[1] as string[]) : fromZod(type as z.ZodMiniType);
    }
    if (address !== '' && !this.#names.includes(address)) throw new CatalogJsonError(at, `Only references into this catalog and common_types.json are followed, not "${ref.slice(0, 120)}".`);
    // A schema may refer to itself (a tree), through a part of the value: never straight back (a check with no end).
    const began = this.#open.get(pointer);
    if (began !== undefined && began === this.#descents) throw new CatalogJsonError(at, `"${ref.slice(0, 120)}" refers back to itself without reaching into the value.`);
    const known = this.#targets.get(pointer);
    if (known) return known;
    const target = parsePointer(pointer);
    if (target === null) throw new CatalogJsonError(at, `"${ref.slice(0, 120)}" is not a JSON Pointer.`);
    let schema: unknown = this.#root;
    for (const segment of target) {
      const index = Array.isArray(schema) && /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : -1;
      schema = index >= 0 ? (schema as unknown[])[index] : isRecord(schema) && Object.prototype.hasOwnProperty.call(schema, segment) ? schema[segment] : undefined;
    }
    if (schema === undefined) throw new CatalogJsonError(at, `"${ref.slice(0, 120)}" names nothing in this catalog.`);
    // The target is known before it is compiled, so a tree's reference to itself finds it.
    const holder: { check?: Check } = {};
    this.#targets.set(pointer, (value) => (holder.check as Check)(value));
    this.#open.set(pointer, this.#descents);
    try {
      holder.check = this.compile(schema, formatPointer(target));
    } finally {
      this.#open.delete(pointer);
    }
    return holder.check;
  }
}
