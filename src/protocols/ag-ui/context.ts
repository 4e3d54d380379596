/*
 * What a run tells an AG-UI agent in `context` (RunAgentInput `context`, `{description, value}` entries) about the A2UI
 * catalogs this client renders: its capabilities in A2UI's own format (client_capabilities.json, `supportedCatalogIds`),
 * and the entry the AG-UI A2UI middleware (@ag-ui/a2ui-middleware) reads its catalog from: it names the catalog of the
 * surfaces it makes by that entry's `catalogId` (unless it was given a `defaultCatalogId`), and, where the page gave
 * catalogs as JSON, the model reads the first one's components there (a middleware given a `schema` puts its own in
 * the entry's place). The spec's `inlineCatalogs` are not sent: it sends them only to an agent that declares
 * `acceptsInlineCatalogs`, which AG-UI has no place for. A2UI is handed on by name, never imported.
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

/**
 * The context entries of what the client advertises: none with generative UI off or without A2UI catalogs. The
 * middleware's entry is the first catalog document the page gave, else just the first catalog's ID (so the surfaces it
 * makes name a catalog the chat has).
 */
export function a2uiContext(advertised: {
  readonly generativeUi?: boolean;
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  readonly documents?: Readonly<Record<string, readonly string[]>>;
}): ContextEntry[] {
  const ids = advertised.advertises?.[CATALOGS];
  if (advertised.generativeUi === false || !ids?.length) return [];
  const first = advertised.documents?.[CATALOGS]?.[0] ?? JSON.stringify({ catalogId: ids[0] });
  return [
    { description: A2UI_CAPABILITIES_CONTEXT, value: JSON.stringify({ 'v0.9': { supportedCatalogIds: ids } }) },
    { description: A2UI_SCHEMA_CONTEXT, value: first },
  ];
}
