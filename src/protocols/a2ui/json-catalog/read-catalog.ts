import * as z from 'zod/mini';
import type { CatalogDefinition } from '../catalog-basic.js';
import type { HigherOrderCatalog, HigherOrderDefinition } from '../higher-order.js';
import { FORBIDDEN_SEGMENTS, formatPointer } from '../pointer.js';
import { Compiler, type CommonTypes } from './compiler.js';
import { COMPOSITION, readComposition } from './compose.js';
import { CatalogJsonError, isRecord, type Check } from './json-checks.js';

/*
 * A catalog given as JSON (seed 004: "The catalog is JSON; fork it, extend it, write your own"), in the specification's
 * catalog format (a2ui-v0.9/catalogs/basic/catalog.json, client_capabilities.json `Catalog`), read into the
 * CatalogDefinition the validator, the surface store and the renderer use. A component is one of two things:
 * - one a renderer draws (a component of the catalogs given as `drawn`: for ours, DEFAULT_CATALOGS of mantis-ui/a2ui,
 *   the basic catalog's and the Mantis* ones), under its own name. The catalog's schema and the drawn one must both
 *   accept it, so a catalog can narrow a component (fewer variants, a required label) but not widen it; a property
 *   the drawn one does not know refuses the catalog, since nothing would draw it;
 * - a higher-order component: a composition of the catalog's other components (compose.ts).
 * Any other component, a function the drawn catalogs do not implement, and a schema keyword we do not enforce refuse
 * the catalog when it is given, with a CatalogJsonError naming the place, never when a surface uses it.
 * The drawn catalogs are an argument, not an import, so that this reader carries no catalog of its own: a page that
 * reads a document has its catalogs loaded already.
 */

/** Components and functions one catalog may define. */
export const MAX_CATALOG_COMPONENTS = 256;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** What a built-in schema's object holds, or null when it is not one plain object. */
function shapeKeys(schema: z.ZodMiniType): ReadonlySet<string> | null {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown> };
  return def.type === 'object' && def.shape ? new Set(Object.keys(def.shape)) : null;
}

/** A check as a Zod schema, each value within the compiler's budget of steps, then `also` (a built-in schema it must satisfy as well). */
function asZod(compiler: Compiler, check: Check, also?: z.ZodMiniType): z.ZodMiniType {
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      const result = compiler.budgeted(check, value);
      if (!result.ok) return void ctx.addIssue({ code: 'custom', message: result.failure.message, path: [...result.failure.path], input: value });
      const parsed = also?.safeParse(value);
      if (parsed && !parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: value } as Parameters<typeof ctx.addIssue>[0]);
    }),
  );
}

/**
 * The property names a component's schema declares or requires at its top: `properties` and `required`, through
 * allOf, anyOf, oneOf, not, if/then/else and references inside the document, each reference followed once.
 * (`additionalProperties` allows names it does not list: a component with it is checked by ours, which knows its own.)
 */
function declared(schema: unknown, root: Record<string, unknown>, into = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (!isRecord(schema)) return into;
  for (const key of Object.keys(isRecord(schema['properties']) ? schema['properties'] : {})) into.add(key);
  if (Array.isArray(schema['required'])) for (const key of schema['required']) if (typeof key === 'string') into.add(key);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const item of list) declared(item, root, into, seen);
  }
  for (const keyword of ['not', 'if', 'then', 'else']) declared(schema[keyword], root, into, seen);
  const ref = schema['$ref'];
  if (typeof ref === 'string' && !seen.has(ref)) {
    seen.add(ref);
    const name = /common_types\.json#\/\$defs\/(\w+)$/.exec(ref)?.[1];
    if (name === 'ComponentCommon') ['id', 'accessibility'].forEach((key) => into.add(key));
    else if (name === 'Checkable') into.add('checks');
    else if (!name && ref.includes('#/')) {
      let target: unknown = root;
      for (const segment of ref.slice(ref.indexOf('#/') + 2).split('/')) target = isRecord(target) || Array.isArray(target) ? (target as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      declared(target, root, into, seen);
    }
  }
  return into;
}

/** The functions of a catalog as `name → schema of the call`: a map already, or FunctionDefinitions. */
function functionSchemas(functions: unknown): [string, unknown, string][] {
  if (functions === undefined) return [];
  if (isRecord(functions)) return Object.entries(functions).map(([name, schema]) => [name, schema, `/functions${formatPointer([name])}`]);
  if (!Array.isArray(functions)) throw new CatalogJsonError('/functions', 'Expected a map of function names to call schemas, or a list of function definitions.');
  const names = new Set<string>();
  return functions.map((definition, i) => {
    const at = `/functions/${i}`;
    if (!isRecord(definition) || typeof definition['name'] !== 'string') throw new CatalogJsonError(at, 'Expected a function definition with a name.');
    if (names.has(definition['name'])) throw new CatalogJsonError(`${at}/name`, `The function "${definition['name'].slice(0, 60)}" is defined twice.`);
    names.add(definition['name']);
    const returnType = definition['returnType'];
    // The call a definition describes: its name, its `parameters` as `args`, and its return type when it names one.
    const call = {
      type: 'object',
      properties: { call: { const: definition['name'] }, args: definition['parameters'] ?? { type: 'object' }, returnType: typeof returnType === 'string' ? { const: returnType } : true },
      required: ['call'],
      additionalProperties: false,
    };
    return [definition['name'], call, at];
  });
}

/** The basic components our higher-order components (../higher-order.ts) are made of. */
const HIGHER_ORDER_PARTS = ['Button', 'Card', 'Column', 'List', 'Row', 'Text'];

const own = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/** What the drawn catalogs offer, the first one naming a component or function winning. */
function offered(drawn: readonly (CatalogDefinition & HigherOrderCatalog)[]) {
  const table = <T>(pick: (catalog: CatalogDefinition & HigherOrderCatalog) => Readonly<Record<string, T>> | undefined): Readonly<Record<string, T>> =>
    Object.assign(Object.create(null) as Record<string, T>, ...drawn.map(pick).reverse()) as Record<string, T>;
  return {
    components: table((c) => c.components),
    calls: table((c) => c.functionCalls),
    higherOrder: table((c) => c.higherOrder),
    theme: drawn.find((c) => c.theme)?.theme,
  };
}

/**
 * Reads a catalog document onto the catalogs whose renderers draw its components (`drawn`: for ours, DEFAULT_CATALOGS
 * of mantis-ui/a2ui). Throws a CatalogJsonError (a TypeError with the JSON Pointer of the problem in `path`) when the
 * document is not a catalog this client can honour in full. `common`: the common_types.json its `$ref`s name (v0.9's by
 * default; readA2uiV1Catalog of mantis-ui/a2ui-v1-json gives v1.0's).
 */
export function catalogFromJson(document: unknown, drawn: readonly (CatalogDefinition & HigherOrderCatalog)[], common?: CommonTypes): CatalogDefinition & HigherOrderCatalog {
  if (!isRecord(document)) throw new CatalogJsonError('', 'A catalog is a JSON object.');
  const catalogId = document['catalogId'];
  if (typeof catalogId !== 'string' || catalogId.length === 0 || catalogId.length > 500) throw new CatalogJsonError('/catalogId', 'A catalog needs a catalogId (at most 500 characters).');
  // v1.0 (protocolVersion 1.x): a catalog may hold functions only, and a function no drawn catalog has a schema of is
  // the agent's (a renderer calls it on the agent). Where a component goes and who may call a function (allowedParents,
  // allowedChildren, allowedCallers, returnType) are no JSON Schema: readV1Catalog (v1/catalog-json.ts) takes them
  // off the definitions first, and a document that still has them is refused here like any unknown keyword.
  const v1 = /^1\./.test(String(document['protocolVersion']));
  const components = document['components'] ?? (v1 ? {} : null);
  if (!isRecord(components) || (!v1 && Object.keys(components).length === 0)) throw new CatalogJsonError('/components', 'A catalog needs components.');
  const fns = functionSchemas(document['functions']);
  if (Object.keys(components).length + fns.length > MAX_CATALOG_COMPONENTS) throw new CatalogJsonError('', `A catalog may define at most ${MAX_CATALOG_COMPONENTS} components and functions.`);
  const compiler = new Compiler(document, common);
  const { components: builtIn, calls: builtInCalls, higherOrder: builtInHigherOrders, theme: builtInTheme } = offered(drawn);
  const table: Record<string, z.ZodMiniType> = Object.create(null) as Record<string, z.ZodMiniType>;
  const compositions: [string, unknown, z.ZodMiniType, string][] = [];
  const higherOrder: Record<string, HigherOrderDefinition> = Object.create(null) as Record<string, HigherOrderDefinition>;
  // What buildA2uiPrompt writes of each component: its schema, or its renderer's when its schema declares nothing.
  const shown: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, schema] of Object.entries(components)) {
    shown[name] = schema;
    const at = `/components${formatPointer([name])}`;
    if (!NAME.test(name) || FORBIDDEN_SEGMENTS.has(name)) throw new CatalogJsonError(at, 'A component name is a letter or _ and then letters, digits or _ (at most 64), and not __proto__, constructor or prototype.');
    const check = compiler.compile(schema, at);
    const composition = isRecord(schema) ? schema[COMPOSITION] : undefined;
    if (composition !== undefined) {
      if (own(builtIn, name)) throw new CatalogJsonError(`${at}/${COMPOSITION}`, `"${name}" is drawn by its renderer: a composition needs a name of its own.`);
      table[name] = asZod(compiler, check);
      compositions.push([name, composition, table[name], at]);
      continue;
    }
    const ours = own(builtIn, name) ? builtIn[name] : undefined;
    if (!ours) throw new CatalogJsonError(at, `No renderer draws "${name}": name a component of the catalogs drawn (the basic catalog's or ours), or give it an ${COMPOSITION}.`);
    const keys = shapeKeys(ours);
    const names = declared(schema, document);
    if (names.size === 0) shown[name] = ours;
    const unknown = keys && [...names].find((key) => !keys.has(key));
    if (unknown) throw new CatalogJsonError(`${at}`, `${name} has no property "${unknown.slice(0, 60)}" that its renderer draws.`);
    table[name] = asZod(compiler, check, ours);
    const builtInHigherOrder = own(builtInHigherOrders, name) ? builtInHigherOrders[name] : undefined;
    if (builtInHigherOrder) higherOrder[name] = { ...builtInHigherOrder, props: table[name] };
  }
  const missing = Object.keys(higherOrder).length > 0 ? HIGHER_ORDER_PARTS.find((part) => !own(table, part)) : undefined;
  if (missing) throw new CatalogJsonError('/components', `Our higher-order components are made of basic ones: the catalog needs ${missing} too.`);
  const primitives = new Set(Object.keys(table).filter((name) => !own(higherOrder, name) && !compositions.some(([c]) => c === name)));
  for (const [name, composition, props, at] of compositions) {
    const params = declared(components[name], document);
    higherOrder[name] = readComposition(composition, props, { name, params, primitives, at: `${at}/${COMPOSITION}` });
  }
  const functionCalls: Record<string, z.ZodMiniType> = Object.create(null) as Record<string, z.ZodMiniType>;
  for (const [name, schema, at] of fns) {
    const ours = own(builtInCalls, name) ? builtInCalls[name] : undefined;
    if (!ours && !v1) throw new CatalogJsonError(at, `The function "${name.slice(0, 60)}" is not one this client implements.`);
    functionCalls[name] = asZod(compiler, compiler.compile(schema, at), ours);
  }
  // The theme: the catalog files' `$defs.theme`, or client_capabilities.json's `theme` (property name → schema).
  const defs = document['$defs'];
  const given = document['theme'];
  if (given !== undefined && !isRecord(given)) throw new CatalogJsonError('/theme', 'Expected a map of theme property names to schemas.');
  const [themeSchema, themeAt] = isRecord(defs) && defs['theme'] !== undefined ? [defs['theme'], '/$defs/theme'] : isRecord(given) ? [{ type: 'object', properties: given }, '/theme'] : [undefined, ''];
  const theme = themeSchema === undefined ? builtInTheme : asZod(compiler, compiler.compile(themeSchema, themeAt), builtInTheme);
  return {
    catalogId,
    components: table,
    functions: new Set(Object.keys(functionCalls)),
    functionCalls,
    ...(theme ? { theme } : {}),
    ...(Object.keys(higherOrder).length > 0 ? { higherOrder } : {}),
    ...(v1 ? { protocolVersion: '1.0' } : {}),
    json: { root: document, components: shown, calls: Object.fromEntries(fns), common: compiler.common },
  };
}
