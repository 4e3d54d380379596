import * as z from 'zod/mini';
import type { CatalogDefinition } from '../catalog-basic.js';
import { describeIssues, type IssueReport } from '../issues.js';
import { A2UI_LIMITS } from '../limits.js';
import { checkPlainJson } from '../plain-json.js';
import type { A2uiComponent, JsonObject, JsonValue } from '../types.js';
import { checkComponent, checkPattern, type CatalogResolver } from '../validate-component.js';
import type { A2uiCheckResult } from '../validator.js';
import { checkDataUpdate, failure, relative, type A2uiMessageResult, type A2uiValidationState } from '../validate.js';
import { AGENT_MESSAGES, A2UI_V1_VERSION, DynamicNumber, Metadata, type A2uiV1Message, type A2uiV1MessageKind } from './schema.js';

/*
 * Validation of what an agent sends in v1.0 (../shared/spec/a2ui-v1.0/docs/a2ui_protocol.md), in the same standard
 * error format as v0.9 (../validate.ts): the plain-JSON gate, the envelope, the payload's schema, then the rules of
 * its kind. What v1.0 adds: a surface keeps its version; createSurface may carry components and a data model (checked
 * as the updateComponents and updateDataModel they stand for); each component and each function call resolves its
 * catalog (its own `catalogId`, else the surface's default; none is an error, with no fallback), and every catalog of
 * a v1.0 surface is a v1.0 catalog; `updateDataModel` needs a `value` (`null` deletes; path `/` is the whole model);
 * callRendererFunction names a function of the catalog it names, with fitting arguments.
 */

const KINDS = Object.keys(AGENT_MESSAGES) as A2uiV1MessageKind[];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The v1.0 catalogs of a state (a surface mixes catalogs of one version only: evolution_guide.md §2.7): of those
 * given, or else of each version's own (the specification's v0.9 catalogs, validate.ts's default, are not v1.0).
 */
export const v1Catalogs = (state: Pick<A2uiValidationState, 'catalogs' | 'versions'>): CatalogDefinition[] =>
  (state.catalogs ?? (state.versions ?? []).flatMap((dialect) => dialect.catalogs)).filter((catalog) => catalog.protocolVersion === '1.0');

/** common_types.json IndexSystemFunction: `@index`, with an optional `offset`, in every catalog. */
const INDEX_CATALOG: CatalogDefinition = {
  catalogId: '',
  components: {},
  functions: new Set(['@index']),
  functionCalls: { '@index': z.strictObject({ call: z.literal('@index'), args: z.optional(z.strictObject({ offset: z.optional(DynamicNumber) })) }) },
};

const views = new WeakMap<CatalogDefinition, CatalogDefinition>();

/**
 * A catalog as a component may call it: a function only the agent may call (`allowedCallers: agentOnly`) cannot be
 * bound to a component or run by one (a2ui_protocol.md), so its call is refused, saying why.
 */
function forComponents(catalog: CatalogDefinition | undefined): CatalogDefinition | undefined {
  const agentOnly = Object.entries(catalog?.callers ?? {}).filter(([, callers]) => callers === 'agentOnly');
  if (!catalog || agentOnly.length === 0) return catalog;
  let view = views.get(catalog);
  if (!view) {
    const refused = agentOnly.map(([name]) => [name, z.custom(() => false, `"${name.slice(0, 60)}" is agentOnly: a component cannot call it.`)]);
    views.set(catalog, (view = { ...catalog, functionCalls: { ...catalog.functionCalls, ...Object.fromEntries(refused) } }));
  }
  return view;
}

const quoted = (id: string): string => `"${id.slice(0, 120)}"`;

/** Components of a v1.0 surface whose default catalog is `catalogId` ('' for none), `known` its current ids. */
function checkComponents(
  components: readonly A2uiComponent[],
  catalogId: string,
  known: { has(id: string): boolean; readonly size: number } | undefined,
  catalogs: readonly CatalogDefinition[],
): IssueReport | null {
  const byId = (id: string | undefined) => catalogs.find((catalog) => catalog.catalogId === (id ?? catalogId));
  // A call's catalog: its own, else the surface's default (a2ui_protocol.md, catalog resolution), as a component may
  // call it; `@index` is built in.
  const resolve: CatalogResolver = (call) => (call['call'] === '@index' ? INDEX_CATALOG : forComponents(byId(call['catalogId'] as string | undefined)));
  const ids = new Set<string>();
  const properties = new Set<string>();
  let added = 0;
  for (const [i, component] of components.entries()) {
    if (ids.has(component.id)) return { path: ['components', i, 'id'], message: `Two components have the id "${component.id}".` };
    ids.add(component.id);
    if (!known?.has(component.id)) added += 1;
    if ((known?.size ?? 0) + added > A2UI_LIMITS.componentsPerSurface) {
      return { path: ['components', i], message: `A surface can have at most ${A2UI_LIMITS.componentsPerSurface} components.` };
    }
    const own = component['catalogId'];
    if (own !== undefined && typeof own !== 'string') return { path: ['components', i, 'catalogId'], message: 'A catalogId is a string.' };
    const catalog = byId(own);
    if (!catalog) {
      return own === undefined
        ? { path: ['components', i], message: 'The component names no catalogId and the surface has no default catalog.' }
        : { path: ['components', i, 'catalogId'], message: `The catalog ${quoted(own)} is not supported.` };
    }
    // `metadata.extensions` are the vendor's values: checked as Extensions, never read as calls or bindings.
    const { metadata, ...rest } = component;
    const extensions = Metadata.safeParse(metadata ?? {});
    if (!extensions.success) return describeIssues(extensions.error.issues, metadata, ['components', i, 'metadata']);
    const problem = checkComponent(rest as A2uiComponent, catalog, properties, resolve);
    if (problem) return { path: ['components', i, ...problem.path], message: problem.message };
  }
  return null;
}

/** The rules of each kind that the schema cannot express; paths relative to the payload. */
function checkRules(message: A2uiV1Message, state: A2uiValidationState): IssueReport | null {
  const catalogs = v1Catalogs(state);
  if ('callRendererFunction' in message) {
    const { callFunction } = message.callRendererFunction;
    const catalog = catalogs.find((c) => c.catalogId === callFunction.catalogId);
    if (!catalog) return { path: ['callFunction', 'catalogId'], message: `The catalog ${quoted(callFunction.catalogId)} is not supported.` };
    if (!catalog.functions.has(callFunction.call)) return { path: ['callFunction', 'call'], message: `The catalog has no function ${quoted(callFunction.call)}.` };
    const parsed = catalog.functionCalls?.[callFunction.call]?.safeParse(callFunction);
    if (parsed && !parsed.success) return describeIssues(parsed.error.issues, callFunction, ['callFunction']);
    const pattern = callFunction.call === 'regex' ? checkPattern(callFunction.args?.['pattern']) : null;
    return pattern ? { path: ['callFunction', 'args', 'pattern'], message: pattern } : null;
  }
  if ('agentFunctionResponse' in message) return null;
  if ('createSurface' in message) {
    const { surfaceId, catalogId = '', components, dataModel } = message.createSurface;
    if (state.surfaces.has(surfaceId)) return { path: ['surfaceId'], message: `Surface "${surfaceId}" already exists; delete it before creating it again.` };
    if (state.surfaces.size >= A2UI_LIMITS.surfacesPerStore) return { path: ['surfaceId'], message: `At most ${A2UI_LIMITS.surfacesPerStore} surfaces can exist at once.` };
    if (message.createSurface.catalogId !== undefined && !catalogs.some((c) => c.catalogId === catalogId)) return { path: ['catalogId'], message: `The catalog ${quoted(catalogId)} is not supported.` };
    const problem = components ? checkComponents(components as A2uiComponent[], catalogId, undefined, catalogs) : null;
    if (problem) return problem;
    const data = dataModel ? checkDataUpdate(undefined, dataModel as JsonObject) : null;
    return data && { path: ['dataModel'], message: data.message };
  }
  const surfaceId = 'updateComponents' in message ? message.updateComponents.surfaceId : 'updateDataModel' in message ? message.updateDataModel.surfaceId : message.deleteSurface.surfaceId;
  const facts = state.surfaces.get(surfaceId);
  if (!facts) return { path: ['surfaceId'], message: `Surface "${surfaceId}" does not exist; send createSurface first.` };
  if (facts.version !== A2UI_V1_VERSION) return { path: ['version'], message: `Surface "${surfaceId}" was created with version "${facts.version ?? 'v0.9'}"; its messages must have it.` };
  if ('updateComponents' in message) return checkComponents(message.updateComponents.components as A2uiComponent[], facts.catalogId, facts.componentIds, catalogs);
  if ('updateDataModel' in message) {
    const { path, value } = message.updateDataModel;
    return checkDataUpdate(path === '/' ? undefined : path, (value ?? undefined) as JsonValue | undefined);
  }
  return null;
}

/** The surfaceId a message names, read before it is known to be valid. */
function surfaceIdOf(message: Record<string, unknown>): string {
  for (const kind of KINDS) {
    const payload = Object.prototype.hasOwnProperty.call(message, kind) ? message[kind] : undefined;
    if (isRecord(payload) && typeof payload['surfaceId'] === 'string') return payload['surfaceId'].slice(0, A2UI_LIMITS.stringChars);
  }
  return '';
}

/**
 * A valid message as the store applies it: an updateDataModel's `null` (delete) is v0.9's missing `value`, and its
 * path `/` (the whole model, agent_to_renderer.json) no path.
 */
function storeForm(message: A2uiV1Message): A2uiV1Message {
  if (!('updateDataModel' in message)) return message;
  const { path, value, ...rest } = message.updateDataModel;
  const update = { ...rest, ...(path === undefined || path === '/' ? {} : { path }), ...(value === null ? {} : { value }) };
  return { ...message, updateDataModel: update as typeof message.updateDataModel };
}

/** Validates one v1.0 message (its `version` is "v1.0") against the state without changing it. Never throws. */
export function validateV1Message(message: Record<string, unknown>, state: A2uiValidationState): A2uiMessageResult {
  const surfaceId = surfaceIdOf(message);
  try {
    const present = KINDS.filter((kind) => Object.prototype.hasOwnProperty.call(message, kind));
    const kind = present.length === 1 ? present[0] : undefined;
    const gate = checkPlainJson(message, { depth: A2UI_LIMITS.jsonDepth, stringChars: A2UI_LIMITS.stringChars });
    if (gate) return failure(surfaceId, relative(gate, kind), gate.message);
    if (kind === undefined) return failure(surfaceId, [], `A v1.0 message must have exactly one of ${KINDS.join(', ')}.`);
    const parsed = AGENT_MESSAGES[kind].safeParse(message);
    if (!parsed.success) {
      const report = describeIssues(parsed.error.issues, message);
      return failure(surfaceId, relative(report, kind), report.message);
    }
    const checked = parsed.data as A2uiV1Message;
    const problem = checkRules(checked, state);
    return problem ? failure(surfaceId, problem.path, problem.message) : { ok: true, kind, message: storeForm(checked) };
  } catch {
    return failure(surfaceId, [], 'The message could not be validated.');
  }
}

/**
 * The sentence of `INVALID_FUNCTION_CALL` when the catalog keeps the agent from calling `name` (allowedCallers), or
 * null. Only `agentOnly` and `rendererOrAgent` admit the agent: any other value (a hand-made definition's) is the
 * default, `rendererOnly`.
 */
export function refuseCall(name: string, catalog: CatalogDefinition): string | null {
  const callers = catalog.callers && Object.prototype.hasOwnProperty.call(catalog.callers, name) ? catalog.callers[name] : undefined;
  return callers === 'agentOnly' || callers === 'rendererOrAgent' ? null : `Function "${name.slice(0, 60)}" is rendererOnly and cannot be invoked remotely.`;
}

/**
 * A callRendererFunction or agentFunctionResponse, checked whole: the message, then (a2ui_protocol.md "Security
 * Boundaries and Verification") whether the catalog lets the agent call the function, else `INVALID_FUNCTION_CALL`
 * with the call's ID. Undefined for a message that addresses a surface.
 */
export function checkCall(message: unknown, catalogs: readonly CatalogDefinition[]): A2uiCheckResult | undefined {
  if (!isRecord(message) || !('callRendererFunction' in message || 'agentFunctionResponse' in message)) return undefined;
  const result = validateV1Message(message, { surfaces: new Map(), catalogs });
  // A call the renderer cannot run (no such catalog or function, arguments that do not fit, a field it does not know)
  // is answered as the specification says, by its ID, once the message names a valid one.
  const id = (message['callRendererFunction'] as { functionCallId?: unknown } | undefined)?.functionCallId;
  if (!result.ok && typeof id === 'string' && !result.error.path.startsWith('/functionCallId')) {
    return { ok: false, error: { code: 'INVALID_FUNCTION_CALL', functionCallId: id, message: result.error.message } };
  }
  if (!result.ok || !('callRendererFunction' in result.message)) return result.ok ? { ok: true } : result;
  const { functionCallId, callFunction } = result.message.callRendererFunction;
  const refused = refuseCall(callFunction.call, catalogs.find((c) => c.catalogId === callFunction.catalogId) as CatalogDefinition);
  return refused ? { ok: false, error: { code: 'INVALID_FUNCTION_CALL', functionCallId, message: refused } } : { ok: true };
}
