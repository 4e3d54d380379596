import * as z from 'zod/mini';
import type { CatalogDefinition } from '../catalog-basic.js';
import type { CommonTypes } from '../json-catalog/compiler.js';
import { ChildList, ComponentId, DataBinding } from '../schema.js';
import { V1_BASIC_CATALOG } from './catalog-basic.js';
import { checkA2uiV1Catalog } from './catalog-definition.js';
import * as v1 from './schema.js';

/*
 * A v1.0 catalog document as the chat and `<mantis-a2ui-surface>` read it (catalog-input.ts): checked against the
 * specification's meta-schema (checkA2uiV1Catalog); what JSON Schema cannot say taken off each definition's top and
 * kept beside it: where each component goes (allowedParents, allowedChildren: UNALLOWED_PARENT and UNALLOWED_CHILD),
 * who may call each function (allowedCallers: an agent's callRendererFunction) and what it gives (returnType: a check
 * waiting for the agent's validationResult says so), and its `instructions` for the model (buildA2uiPrompt carries
 * them); the rest read by mantis-ui/a2ui-json's catalogFromJson onto the
 * v1.0 basic catalog's renderers (a function this client does not implement is the agent's).
 */

type Reader = (document: unknown, drawn: readonly CatalogDefinition[], common: CommonTypes) => CatalogDefinition;

/**
 * v1.0's common_types.json, which a v1.0 document's `$ref`s name: v1.0's types (a call with its own `catalogId`, no
 * `returnType`; metadata on every component), the very schemas v1.0's basic catalog is made of. `Surface` (the
 * renderer's own root, which no catalog defines) and `IndexSystemFunction` (@index) are not for a catalog to name.
 */
const V1_COMMON: CommonTypes = {
  ComponentId,
  Child: ComponentId,
  ChildList,
  DataBinding,
  AccessibilityAttributes: v1.AccessibilityAttributes,
  ComponentCommon: [z.looseObject(v1.componentCommon), Object.keys(v1.componentCommon)],
  DynamicValue: v1.DynamicValue,
  DynamicString: v1.DynamicString,
  DynamicNumber: v1.DynamicNumber,
  DynamicBoolean: v1.DynamicBoolean,
  DynamicStringList: v1.DynamicStringList,
  FunctionCall: v1.FunctionCall,
  FunctionCommon: [z.looseObject({ catalogId: z.optional(z.string()) }), ['catalogId']],
  CheckRule: v1.CheckRule,
  Checkable: [z.looseObject(v1.checkable), ['checks']],
  Action: v1.Action,
  CallId: z.string(),
  Extensions: v1.Extensions,
  FunctionResponse: v1.FunctionResponse,
};
type Place = { allowedParents?: readonly string[]; allowedChildren?: readonly string[] };
type Callers = NonNullable<CatalogDefinition['callers']>[string];
type Definitions = Record<string, Record<string, unknown>>;

/** The words of a v1.0 definition that are no JSON Schema (catalog_definition.json ComponentDefinition, FunctionDefinition). */
const COMPONENT_WORDS = ['allowedParents', 'allowedChildren', 'metadata'];
const FUNCTION_WORDS = ['returnType', 'allowedCallers', 'requiresUserActivation'];

/** Whether a document says it is a v1.0 catalog (`protocolVersion` 1.x; without one a catalog is v0.9). */
export const isA2uiV1CatalogDocument = (document: unknown): boolean =>
  /^1\./.test(String((document as { protocolVersion?: unknown } | null)?.protocolVersion));

/** Each definition without `words`, and the words of each that has any. */
function split(definitions: Definitions | undefined, words: readonly string[]): [Definitions | undefined, Definitions] {
  if (!definitions) return [undefined, Object.create(null) as Definitions];
  const schemas = Object.create(null) as Definitions;
  const about = Object.create(null) as Definitions;
  for (const [name, definition] of Object.entries(definitions)) {
    const schema = { ...definition };
    const said = Object.create(null) as Record<string, unknown>;
    for (const word of words) {
      if (!Object.prototype.hasOwnProperty.call(schema, word)) continue;
      said[word] = schema[word];
      delete schema[word];
    }
    schemas[name] = schema;
    if (Object.keys(said).length > 0) about[name] = said;
  }
  return [schemas, about];
}

/**
 * Reads a v1.0 catalog document with `read` (catalogFromJson) onto `drawn` (the v1.0 basic catalog). Throws a
 * TypeError whose `path` is a JSON Pointer into the document when it is not a v1.0 catalog this client can honour.
 */
export function readV1Catalog(document: unknown, read: Reader, drawn: readonly CatalogDefinition[] = [V1_BASIC_CATALOG]): CatalogDefinition {
  const check = isA2uiV1CatalogDocument(document) ? checkA2uiV1Catalog(document) : { ok: false as const, path: '/protocolVersion', message: 'A v1.0 catalog says "protocolVersion": "1.0".' };
  if (!check.ok) throw Object.assign(new TypeError(`${check.path || '/'}: ${check.message}`), { path: check.path });
  const given = document as { components?: Definitions; functions?: Definitions; instructions?: string };
  const [components, places] = split(given.components, COMPONENT_WORDS);
  const [functions, about] = split(given.functions, FUNCTION_WORDS);
  const catalog = read({ ...given, ...(components ? { components } : {}), ...(functions ? { functions } : {}) }, drawn, V1_COMMON);
  const composition = Object.create(null) as Record<string, Place>;
  for (const [name, { allowedParents, allowedChildren }] of Object.entries(places)) {
    if (allowedParents || allowedChildren) composition[name] = { ...(allowedParents ? { allowedParents: allowedParents as string[] } : {}), ...(allowedChildren ? { allowedChildren: allowedChildren as string[] } : {}) };
  }
  const callers = Object.create(null) as Record<string, Callers>;
  const returns = Object.create(null) as Record<string, string>;
  for (const [name, { allowedCallers, returnType }] of Object.entries(about)) {
    if (allowedCallers === 'agentOnly' || allowedCallers === 'rendererOrAgent') callers[name] = allowedCallers;
    if (typeof returnType === 'string') returns[name] = returnType;
  }
  return { ...catalog, composition, callers, returns, ...(given.instructions ? { instructions: given.instructions } : {}) };
}
