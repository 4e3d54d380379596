import type { CatalogDefinition } from '../catalog-basic.js';
import { V1_BASIC_CATALOG } from './catalog-basic.js';
import { checkA2uiV1Catalog } from './catalog-definition.js';

/*
 * A v1.0 catalog document as the chat and `<mantis-a2ui-surface>` read it (catalog-input.ts): checked against the
 * specification's meta-schema (checkA2uiV1Catalog), read by mantis-ui/a2ui-json's catalogFromJson onto the v1.0 basic
 * catalog's renderers (its components, and its functions; a function no renderer implements is the agent's), and
 * then what JSON Schema cannot say: where each component goes (allowedParents, allowedChildren: UNALLOWED_PARENT and
 * UNALLOWED_CHILD) and who may call each function (allowedCallers: an agent's callRendererFunction).
 */

type Reader = (document: unknown, drawn: readonly CatalogDefinition[]) => CatalogDefinition;
type Place = { readonly allowedParents?: readonly string[]; readonly allowedChildren?: readonly string[] };
type Callers = NonNullable<CatalogDefinition['callers']>[string];

/** Whether a document says it is a v1.0 catalog (`protocolVersion` 1.x; without one a catalog is v0.9). */
export const isA2uiV1CatalogDocument = (document: unknown): boolean =>
  /^1\./.test(String((document as { protocolVersion?: unknown } | null)?.protocolVersion));

/**
 * Reads a v1.0 catalog document with `read` (catalogFromJson) onto `drawn` (the v1.0 basic catalog). Throws a
 * TypeError whose `path` is a JSON Pointer into the document when it is not a v1.0 catalog this client can honour.
 */
export function readA2uiV1Catalog(document: unknown, read: Reader, drawn: readonly CatalogDefinition[] = [V1_BASIC_CATALOG]): CatalogDefinition {
  const check = isA2uiV1CatalogDocument(document) ? checkA2uiV1Catalog(document) : { ok: false as const, path: '/protocolVersion', message: 'A v1.0 catalog says "protocolVersion": "1.0".' };
  if (!check.ok) throw Object.assign(new TypeError(`${check.path || '/'}: ${check.message}`), { path: check.path });
  const { components = {}, functions = {} } = document as { components?: Record<string, Place>; functions?: Record<string, { allowedCallers?: Callers }> };
  const composition: Record<string, Place> = {};
  for (const [name, { allowedParents, allowedChildren }] of Object.entries(components)) {
    if (allowedParents || allowedChildren) composition[name] = { ...(allowedParents ? { allowedParents } : {}), ...(allowedChildren ? { allowedChildren } : {}) };
  }
  const callers: Record<string, Callers> = {};
  for (const [name, { allowedCallers }] of Object.entries(functions)) if (allowedCallers && allowedCallers !== 'rendererOnly') callers[name] = allowedCallers;
  return { ...read(document, drawn), composition, callers };
}
