/*
 * The DOM-free A2UI v0.9 core (../shared/spec/a2ui-v0.9/): message schemas and validation, the basic catalog, the
 * component graph, the surface store and group, and the action round trip; and A2UI as a protocol of a chat
 * (`a2uiProtocol`, loaded by the registration file when a conversation first holds an A2UI message). A lazily loaded
 * renderer takes all of it from here, so a page loads it once.
 */
export * from './types.js';
export { A2UI_LIMITS } from './limits.js';
export { parsePointer, formatPointer, resolvePath, getAt, getPointer, writeAt, FORBIDDEN_SEGMENTS } from './pointer.js';
export * from './schema.js';
export { BASIC_CATALOG, BASIC_COMPONENTS, BASIC_FUNCTION_CALLS, BasicTheme, ICON_NAMES, type CatalogDefinition } from './catalog-basic.js';
export { validateA2uiMessage } from './validate.js';
export { validateA2uiMessages } from './validate-stream.js';
export type { A2uiAgentCall, A2uiCallAnswer, A2uiDialect, AgentCallBook, AgentCallHost, CallOutcome, SurfaceCalls, TreeProblem } from './dialect.js';
export { buildA2uiPrompt, a2uiPromptExample, type A2uiPromptOptions } from './prompt.js';
export { createA2uiValidator, type A2uiCheckResult, type A2uiValidator, type A2uiValidatorOptions } from './validator.js';
export { BASIC_CATALOG_ALIAS, MINIMAL_CATALOG, MINIMAL_COMPONENTS, MINIMAL_FUNCTION_CALLS, SPEC_CATALOGS } from './catalog-minimal.js';
export type { A2uiMessageResult, A2uiStreamError, A2uiSurfaceFacts, A2uiValidationOptions, A2uiValidationResult, A2uiValidationState } from './validate.js';
export { checkGraph, childRefs, type ChildRef, type GraphLimits, type GraphResult } from './graph.js';
export { checkPlainJson, jsonBytes, jsonDepth } from './plain-json.js';
export { A2uiSurfaceStore, componentPath, type A2uiSurfaceStoreOptions, type ComponentSource, type SurfaceListener, type SurfaceState } from './surface.js';
export { A2UI_ACTION_PREFIX, actionMessage, errorMessage, formatActionTurn, parseActionTurn, parseClientMessage, type ActionTurn } from './action.js';
export {
  evaluate,
  evaluateBoolean,
  evaluateNumber,
  evaluateString,
  evaluateStringList,
  failingChecks,
  resolveContext,
  bindingPointer,
  createEvalBudget,
  EVAL_BUDGET,
  type EvalBudget,
  type EvalContext,
} from './evaluate.js';
export { A2UI_FUNCTIONS, type A2uiFunction, type FunctionRegistry } from './functions.js';
export { MANTIS_CATALOG, MANTIS_COMPONENTS, toMantisView } from './catalog-mantis.js';
export { HIGHER_ORDER, expandHigherOrder, type HigherOrderCatalog, type HigherOrderDefinition } from './higher-order.js';
// The catalog JSON generator and its words are `mantis-ui/a2ui-catalog` (catalog-tools.ts); their types stay here.
export type { CatalogDescriptions, ComponentDoc, JsonSchemaObject } from './catalog-json.js';
export { OPEN_URL, safeOpenUrl } from './functions.js';
export { compileRegex, type CompiledRegex } from './regex.js';
export { touchedSurfaces, surfaceOf } from './placements.js';
export { loadA2uiVersion, SurfaceGroup, type SurfaceGroupOptions, type SurfaceModel, type SurfacePlacement } from './group.js';
export { DEFAULT_CATALOGS, expandMessage, originalError, type Written } from './expand.js';
export { A2uiSession, describeActionTurn, type A2uiSendResult, type ClientDataModel } from './session.js';
export { A2UI_FIELDS, A2UI_RECORDS, touchedBy, type A2uiRecord, type SurfacesRecord } from './records.js';
export { a2uiProtocol, a2uiOf } from './module.js';
