import { A2UI_LIMITS } from './limits.js';
import type { CatalogDefinition } from './catalog-basic.js';
import { SPEC_CATALOGS } from './catalog-minimal.js';
import { describeIssues, type IssueReport, type Segments } from './issues.js';
import { checkPlainJson, jsonBytes, jsonDepth } from './plain-json.js';
import { formatPointer, parsePointer } from './pointer.js';
import { SERVER_MESSAGES, type A2uiMessageKind, type A2uiServerMessage } from './schema.js';
import { A2UI_V09_VERSIONS, type A2uiComponent, type A2uiFunctionCallError, type A2uiValidationError, type JsonValue } from './types.js';
import { checkComponent } from './validate-component.js';
import type { A2uiDialect } from './dialect.js';
import type { A2uiV1Message, A2uiV1MessageKind } from './v1/schema.js';

/*
 * Validation of what an agent sends (a2ui_protocol.md; the JSON Schemas are in schema.ts and catalog-basic.ts), with
 * failures in the spec's standard error format: code VALIDATION_FAILED, the message's surfaceId ('' when it has
 * none), a JSON Pointer relative to the message's payload (`/components/3/text` inside updateComponents) and one
 * sentence. A problem outside the payload has a pointer relative to the message itself: `/version`, or '' for a
 * message that is not an object or has no single payload.
 */

const KINDS = /* @__PURE__ */ Object.keys(SERVER_MESSAGES) as A2uiMessageKind[];

/** What validation knows of a surface that exists. */
export interface A2uiSurfaceFacts {
  /** The default catalog ('' for a v1.0 surface created without one). */
  readonly catalogId: string;
  /** The version it was created with, when not v0.9: its messages must have it. */
  readonly version?: string;
  /** The ids of its components when known (to count them); a surface created elsewhere has none known. */
  readonly componentIds?: { has(id: string): boolean; readonly size: number };
}

/** What one message is validated against: the surfaces that exist now, and the catalogs (default: the specification's, SPEC_CATALOGS). */
export interface A2uiValidationState {
  readonly surfaces: ReadonlyMap<string, A2uiSurfaceFacts>;
  readonly catalogs?: readonly CatalogDefinition[];
  /** The versions read beside v0.9 (A2UI_V1 of mantis-ui/a2ui-v1 for v1.0). */
  readonly versions?: readonly A2uiDialect[];
}

export type A2uiMessageResult =
  | { readonly ok: true; readonly kind: A2uiMessageKind; readonly message: A2uiServerMessage }
  | { readonly ok: true; readonly kind: A2uiV1MessageKind; readonly message: A2uiV1Message }
  | { readonly ok: false; readonly error: A2uiValidationError };

export type A2uiValidationResult =
  | { readonly ok: true; readonly messages: (A2uiServerMessage | A2uiV1Message)[] }
  /**
   * `index` is the failing message's; -1 when the batch itself is not a list. The error is the specification's: about a
   * surface (an error with no place in a message, `INVALID_MESSAGE`, has `path` ""), or about a v1.0 function call
   * (`INVALID_FUNCTION_CALL`, which names its `functionCallId` and no surface; its `path` is "").
   */
  | { readonly ok: false; readonly index: number; readonly error: A2uiStreamError };

/** An error of validateA2uiMessages: about a surface, or about a function call (then `functionCallId`, no `surfaceId`). */
export type A2uiStreamError =
  | (Omit<A2uiValidationError, 'code'> & { readonly code: string })
  | (A2uiFunctionCallError & { readonly path: '' });

export interface A2uiValidationOptions {
  readonly catalogs?: readonly CatalogDefinition[];
  /** The versions read beside v0.9 (A2UI_V1 of mantis-ui/a2ui-v1 for v1.0). */
  readonly versions?: readonly A2uiDialect[];
  /**
   * Surfaces created before this batch: surfaceId → catalogId (a v1.0 surface when the catalog is a v1.0 one). Their
   * earlier components are unknown here.
   */
  readonly knownSurfaces?: ReadonlyMap<string, string>;
}

export const failure = (surfaceId: string, path: Segments, message: string): { ok: false; error: A2uiValidationError } => ({
  ok: false,
  error: { code: 'VALIDATION_FAILED', surfaceId, path: formatPointer(path), message },
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The surfaceId a message names, if it names one (read before the message is known to be valid). */
export function surfaceIdOf(message: unknown): string {
  if (!isRecord(message)) return '';
  for (const kind of KINDS) {
    const payload = Object.prototype.hasOwnProperty.call(message, kind) ? message[kind] : undefined;
    if (isRecord(payload) && typeof payload['surfaceId'] === 'string') return payload['surfaceId'].slice(0, A2UI_LIMITS.stringChars);
  }
  return '';
}

/** A path found in the whole message, made relative to its payload when it is inside it. */
export const relative = (report: IssueReport, kind: string | undefined): Segments =>
  kind !== undefined && report.path[0] === kind ? report.path.slice(1) : report.path;

/** The catalogs of a state: those given, or the specification's and each version's own. */
export const catalogsOf = (state: Pick<A2uiValidationState, 'catalogs' | 'versions'>): readonly CatalogDefinition[] =>
  state.catalogs ?? [...SPEC_CATALOGS, ...(state.versions ?? []).flatMap((dialect) => dialect.catalogs)];

/** A v0.9 catalog of the state by its ID (a v1.0 one is not a v0.9 surface's). */
const catalogOf = (state: A2uiValidationState, catalogId: string): CatalogDefinition | undefined =>
  catalogsOf(state).find((catalog) => catalog.catalogId === catalogId && !catalog.protocolVersion);

/**
 * Validates one message against the current state without changing it: the plain-JSON gate, the envelope, the
 * payload's schema, then the rules of its kind. Never throws.
 */
export function validateA2uiMessage(message: unknown, state: A2uiValidationState): A2uiMessageResult {
  let surfaceId = '';
  try {
    const dialect = isRecord(message) ? state.versions?.find((d) => d.versions.includes(message['version'] as string)) : undefined;
    if (dialect) return dialect.validate(message as Record<string, unknown>, state);
    surfaceId = surfaceIdOf(message);
    const present = isRecord(message) ? KINDS.filter((kind) => Object.prototype.hasOwnProperty.call(message, kind)) : [];
    const kind = present.length === 1 ? present[0] : undefined;
    const gate = checkPlainJson(message, { depth: A2UI_LIMITS.jsonDepth, stringChars: A2UI_LIMITS.stringChars });
    if (gate) return failure(surfaceId, relative(gate, kind), gate.message);
    if (!isRecord(message)) return failure('', [], 'An A2UI message must be a JSON object.');
    if (kind === undefined) {
      return failure(surfaceId, [], 'A message must have exactly one of createSurface, updateComponents, updateDataModel or deleteSurface.');
    }
    if (!A2UI_V09_VERSIONS.includes(message['version'] as string)) {
      return failure(surfaceId, ['version'], `Expected version ${[...A2UI_V09_VERSIONS, ...(state.versions ?? []).flatMap((d) => d.versions)].map((v) => `"${v}"`).join(' or ')}.`);
    }
    const parsed = SERVER_MESSAGES[kind].safeParse(message);
    if (!parsed.success) {
      const report = describeIssues(parsed.error.issues, message);
      return failure(surfaceId, relative(report, kind), report.message);
    }
    const checked = parsed.data as A2uiServerMessage;
    const problem = checkRules(checked, state);
    return problem ? failure(surfaceId, problem.path, problem.message) : { ok: true, kind, message: checked };
  } catch {
    return failure(surfaceId, [], 'The message could not be validated.');
  }
}

/** The rules of each kind that the schema cannot express; paths relative to the payload. */
function checkRules(message: A2uiServerMessage, state: A2uiValidationState): IssueReport | null {
  if ('createSurface' in message) {
    const { surfaceId, catalogId, theme } = message.createSurface;
    if (state.surfaces.has(surfaceId)) return { path: ['surfaceId'], message: `Surface "${surfaceId}" already exists; delete it before creating it again.` };
    if (state.surfaces.size >= A2UI_LIMITS.surfacesPerStore) return { path: ['surfaceId'], message: `At most ${A2UI_LIMITS.surfacesPerStore} surfaces can exist at once.` };
    const catalog = catalogOf(state, catalogId);
    if (!catalog) return { path: ['catalogId'], message: `The catalog "${catalogId.slice(0, 120)}" is not supported.` };
    if (theme !== undefined && catalog.theme) {
      const parsed = catalog.theme.safeParse(theme);
      if (!parsed.success) return describeIssues(parsed.error.issues, theme, ['theme']);
    }
    return null;
  }
  const surfaceId = 'updateComponents' in message ? message.updateComponents.surfaceId : 'updateDataModel' in message ? message.updateDataModel.surfaceId : message.deleteSurface.surfaceId;
  const facts = state.surfaces.get(surfaceId);
  if (!facts) return { path: ['surfaceId'], message: `Surface "${surfaceId}" does not exist; send createSurface first.` };
  if (facts.version) return { path: ['version'], message: `Surface "${surfaceId}" was created with version "${facts.version}"; its messages must have it.` };
  if ('updateComponents' in message) return checkComponents(message.updateComponents.components as A2uiComponent[], facts, state);
  if ('updateDataModel' in message) return checkDataUpdate(message.updateDataModel.path, message.updateDataModel.value as JsonValue | undefined);
  return null;
}

function checkComponents(components: readonly A2uiComponent[], facts: A2uiSurfaceFacts, state: A2uiValidationState): IssueReport | null {
  const catalog = catalogOf(state, facts.catalogId);
  if (!catalog) return { path: ['surfaceId'], message: 'The surface uses a catalog that is not supported.' };
  const ids = new Set<string>();
  const properties = new Set<string>();
  let added = 0;
  for (const [i, component] of components.entries()) {
    if (ids.has(component.id)) return { path: ['components', i, 'id'], message: `Two components have the id "${component.id}".` };
    ids.add(component.id);
    if (!facts.componentIds?.has(component.id)) added += 1;
    if ((facts.componentIds?.size ?? 0) + added > A2UI_LIMITS.componentsPerSurface) {
      return { path: ['components', i], message: `A surface can have at most ${A2UI_LIMITS.componentsPerSurface} components.` };
    }
    const problem = checkComponent(component, catalog, properties);
    if (problem) return { path: ['components', i, ...problem.path], message: problem.message };
  }
  return null;
}

/** What a write of anything but an object at a data model's root is told (client_data_model.json: "a standard JSON object"). */
export const ROOT_NOT_OBJECT = "A data model's root must stay a JSON object.";

/** updateDataModel: an absolute pointer, and a value within the data model's limits where it lands. */
export function checkDataUpdate(path: string | undefined, value: JsonValue | undefined): IssueReport | null {
  const segments = path === undefined ? [] : path.length > A2UI_LIMITS.pathChars ? null : parsePointer(path);
  if (!segments) return { path: ['path'], message: 'The path must be an absolute JSON Pointer with no forbidden segment.' };
  if (segments.length === 0 && value !== undefined && !isRecord(value)) return { path: ['value'], message: ROOT_NOT_OBJECT };
  if (jsonBytes(value) > A2UI_LIMITS.dataModelBytes) return { path: ['value'], message: `A data model holds at most ${A2UI_LIMITS.dataModelBytes} bytes of JSON.` };
  if (segments.length + jsonDepth(value) > A2UI_LIMITS.dataModelDepth) {
    return { path: ['value'], message: `A data model is nested at most ${A2UI_LIMITS.dataModelDepth} levels deep.` };
  }
  return null;
}
