import { V1_BASIC_CATALOG_ID } from './v1/id.js';

/*
 * A2UI v0.9 (../shared/spec/a2ui-v0.9/, and 004_655f119d9cdaeeed.txt for surfaces inside the chat): the types the
 * DOM-free core, the renderer (<mantis-a2ui-surface>) and the chat share. The Zod schemas (schema.ts) are the
 * contract for what a message may hold; these name the shapes every part passes around.
 */

/** The first line's prefix of a user turn that is an A2UI action (004_655f119d9cdaeeed.txt, "The action round-trip"). */
export const A2UI_ACTION_PREFIX = '[a2ui_action]';

/** The URL parameter, repeated, naming each A2UI catalog a client renders (docs/protocol.md "A2UI surfaces"). */
export const A2UI_CATALOG_PARAM = 'a2ui_catalog';

/** The protocol version the client writes in its A2UI v0.9 messages (v0.9.1 readers take it: evolution_guide_v0.9.1.md). */
export const A2UI_VERSION = 'v0.9';

/** The versions an agent's v0.9 message may carry: v0.9.1 changes no payload (evolution_guide_v0.9.1.md §3). */
export const A2UI_V09_VERSIONS: readonly string[] = ['v0.9', 'v0.9.1'];

/** The specification's basic catalog (catalogs/basic/catalog.json `catalogId`). */
export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** The basic catalog under the identifier agents also use (the v0.9 examples' older address): the same catalog. */
export const BASIC_CATALOG_ALIAS_ID = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

/** The specification's minimal catalog (catalogs/minimal/catalog.json `catalogId`): five components and `capitalize`. */
export const MINIMAL_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json';

/** Our v1 catalog components (000_de6e533300a72cb9.txt) offered as a second A2UI catalog. */
export const MANTIS_CATALOG_ID = 'https://mantis-ui.dev/a2ui/v0_9/catalogs/mantis-v1/catalog.json';

/**
 * The A2UI catalogs `<mantis-chat>` renders: the specification's basic catalog (under both its identifiers), its
 * minimal catalog, our v1 components as one more, and v1.0's basic catalog.
 */
export const A2UI_CATALOGS: readonly string[] = [BASIC_CATALOG_ID, BASIC_CATALOG_ALIAS_ID, MINIMAL_CATALOG_ID, MANTIS_CATALOG_ID, V1_BASIC_CATALOG_ID];

/** Plain JSON: what a data model, a resolved binding and an action context hold. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** One component of a surface's flat adjacency list, as the agent sent it (validated against its catalog). */
export interface A2uiComponent {
  readonly id: string;
  readonly component: string;
  readonly [prop: string]: unknown;
}

/** The specification's standard validation error (a2ui_protocol.md "Standard validation error format"). */
export interface A2uiValidationError {
  /** v1.0 adds `UNALLOWED_PARENT` and `UNALLOWED_CHILD` (a catalog's composition rules, renderer_to_agent.json). */
  readonly code: 'VALIDATION_FAILED' | 'UNALLOWED_PARENT' | 'UNALLOWED_CHILD';
  readonly surfaceId: string;
  /** A JSON Pointer to the field that failed, relative to the message's payload (e.g. `/components/0/text`). */
  readonly path: string;
  /** One sentence saying why. Never a stack trace. */
  readonly message: string;
}

/** Any other client error (client_to_server.json "Generic Error"). */
export interface A2uiGenericError {
  readonly code: string;
  readonly surfaceId: string;
  readonly message: string;
}

/** v1.0: an error about an agent's function call (`INVALID_FUNCTION_CALL`), named by its call ID instead of a surface. */
export interface A2uiFunctionCallError {
  readonly code: string;
  readonly functionCallId: string;
  readonly message: string;
}

/** An error about a surface: what the surface store, the surface group and the renderer report. */
export type A2uiError = A2uiValidationError | A2uiGenericError;

/** A user action (client_to_server.json `action`): what a Button or a form submit sends back. */
export interface A2uiAction {
  readonly name: string;
  readonly surfaceId: string;
  readonly sourceComponentId: string;
  /** ISO 8601. */
  readonly timestamp: string;
  /** The component's `action.event.context` with every binding resolved. */
  readonly context: JsonObject;
}

/** A client-to-server A2UI message. */
export type A2uiClientMessage =
  | { readonly version: typeof A2UI_VERSION; readonly action: A2uiAction }
  | { readonly version: typeof A2UI_VERSION; readonly error: A2uiError };
