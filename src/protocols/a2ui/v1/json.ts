import type { CatalogDefinition } from '../catalog-basic.js';
import { catalogFromJson } from '../json-catalog/read-catalog.js';
import { V1_BASIC_CATALOG } from './catalog-basic.js';
import { readV1Catalog } from './catalog-json.js';

/*
 * `mantis-ui/a2ui-v1-json`: A2UI v1.0 catalog documents read whole, as `<mantis-chat>` and `<mantis-a2ui-surface>`
 * read them, for a backend that validates with them (createA2uiValidator of mantis-ui/a2ui with A2UI_V1 of
 * mantis-ui/a2ui-v1). An entry of its own: it holds both the JSON Schema reader (mantis-ui/a2ui-json) and v1.0's rules.
 */

export { isA2uiV1CatalogDocument } from './catalog-json.js';

/**
 * A v1.0 catalog document (`protocolVersion` 1.x) as a catalog definition, read onto the renderers of `drawn` (v1.0's
 * basic catalog): checked against the specification's catalog_definition.json, its schemas read with v1.0's
 * common_types.json, and what JSON Schema cannot say kept beside them: where each component goes (`allowedParents`,
 * `allowedChildren`), who may call each function (`allowedCallers`), what each gives (`returnType`) and the catalog's
 * `instructions` (buildA2uiPrompt carries them). Throws a TypeError whose `path` is a JSON Pointer into the document
 * when it is not a v1.0 catalog this client can honour in full.
 */
export function readA2uiV1Catalog(document: unknown, drawn: readonly CatalogDefinition[] = [V1_BASIC_CATALOG]): CatalogDefinition {
  return readV1Catalog(document, catalogFromJson, drawn);
}
