/*
 * What a run tells an AG-UI agent in `context` (RunAgentInput `context`, `{description, value}` entries) about the A2UI
 * catalogs this client renders: its capabilities in A2UI's own format (client_capabilities.json, `supportedCatalogIds`,
 * with v1.0's catalogs under `"v1.0"` as renderer_capabilities.json has them),
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

/** v1.0's basic catalog (a2ui/v1/id.ts V1_BASIC_CATALOG_ID), which the chat draws once v1.0's rules load. */
const V1_BASIC_CATALOG_ID = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

export interface ContextEntry {
  readonly description: string;
  readonly value: string;
}

/** A catalog document's ID when it says it is a v1.0 catalog (`protocolVersion` 1.x). */
function v1Id(text: string): unknown {
  try {
    const document = JSON.parse(text) as { catalogId?: unknown; protocolVersion?: unknown } | null;
    return /^1\./.test(String(document?.protocolVersion)) ? document?.catalogId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The context entries of what the client advertises: none with generative UI off or without A2UI catalogs. Each
 * catalog goes under its version (renderer_capabilities.json's `"v1.0"` for v1.0's basic catalog and every catalog whose
 * version is 1.x: a definition's `protocolVersion`, as `versions` has it, or a document's; client_capabilities.json's
 * `"v0.9"` for the rest). The middleware, which writes v0.9, gets the first v0.9 catalog document the page gave, else
 * just the first v0.9 catalog's ID (so the surfaces it makes name a catalog the chat has).
 */
export function a2uiContext(advertised: {
  readonly generativeUi?: boolean;
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  readonly documents?: Readonly<Record<string, readonly string[]>>;
  readonly versions?: Readonly<Record<string, string>>;
}): ContextEntry[] {
  const ids = advertised.advertises?.[CATALOGS];
  if (advertised.generativeUi === false || !ids?.length) return [];
  const documents = advertised.documents?.[CATALOGS] ?? [];
  const versions = Object.entries(advertised.versions ?? {}).flatMap(([id, version]) => (/^1\./.test(version) ? [id] : []));
  const v1 = new Set([V1_BASIC_CATALOG_ID, ...versions, ...documents.map(v1Id)]);
  const older = ids.filter((id) => !v1.has(id));
  const newer = ids.filter((id) => v1.has(id));
  const capabilities = {
    ...(older.length > 0 ? { 'v0.9': { supportedCatalogIds: older } } : {}),
    ...(newer.length > 0 ? { 'v1.0': { supportedCatalogIds: newer } } : {}),
  };
  const first = documents.find((text) => v1Id(text) === undefined) ?? JSON.stringify({ catalogId: older[0] ?? ids[0] });
  return [
    { description: A2UI_CAPABILITIES_CONTEXT, value: JSON.stringify(capabilities) },
    { description: A2UI_SCHEMA_CONTEXT, value: first },
  ];
}
