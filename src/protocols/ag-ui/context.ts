/*
 * What a run tells an AG-UI agent in `context` (RunAgentInput `context`, `{description, value}` entries) about the A2UI
 * catalogs this client renders: its capabilities in A2UI's own format (client_capabilities.json, `supportedCatalogIds`),
 * and, where the page gave catalogs as JSON, the first of them in the entry the AG-UI A2UI middleware
 * (@ag-ui/a2ui-middleware) reads its catalog from: it names the catalog of the surfaces it makes by that entry's
 * `catalogId`, and the model reads the components there. A2UI is handed on by name, never imported.
 */

/** The middleware's description of its catalog entry (`A2UI_SCHEMA_CONTEXT_DESCRIPTION`), which it looks for as it is. */
export const A2UI_SCHEMA_CONTEXT = 'A2UI Component Schema \u2014 available components for generating UI surfaces. Use these component names and properties when creating A2UI operations.';
/** Ours: the client's A2UI capabilities. */
export const A2UI_CAPABILITIES_CONTEXT = 'A2UI client capabilities (a2ui client_capabilities.json): the catalogs this client renders';

/** The parameter A2UI advertises its catalogs under (a2ui/types.ts A2UI_CATALOG_PARAM). */
const CATALOGS = 'a2ui_catalog';

export interface ContextEntry {
  readonly description: string;
  readonly value: string;
}

/** The context entries of what the client advertises (none without A2UI catalogs). */
export function a2uiContext(advertised: {
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  readonly documents?: Readonly<Record<string, readonly unknown[]>>;
}): ContextEntry[] {
  const ids = advertised.advertises?.[CATALOGS];
  if (!ids) return [];
  const first = advertised.documents?.[CATALOGS]?.[0];
  return [
    { description: A2UI_CAPABILITIES_CONTEXT, value: JSON.stringify({ 'v0.9': { supportedCatalogIds: ids } }) },
    ...(first === undefined ? [] : [{ description: A2UI_SCHEMA_CONTEXT, value: JSON.stringify(first) }]),
  ];
}
