import type { A2uiDialect } from '../dialect.js';
import { describeIssues } from '../issues.js';
import { formatPointer } from '../pointer.js';
import { V1_BASIC_CATALOG } from './catalog-basic.js';
import { checkComposition } from './composition.js';
import { A2UI_V1_VERSION, RENDERER_MESSAGES } from './schema.js';
import { answerCall } from './answer.js';
import { checkCall, validateV1Message } from './validate.js';

/*
 * A2UI v1.0 (../shared/spec/a2ui-v1.0/, a release candidate) beside v0.9: `mantis-ui/a2ui-v1`. Give A2UI_V1 where
 * v1.0 should be read (`versions` of createA2uiValidator, validateA2uiMessages and A2uiSurfaceStore); each message is
 * then handled by its `version`, and a surface keeps the version it was created with. A program that reads only v0.9
 * never loads this.
 */

/** The v1.0 rules: its messages, the basic v1.0 catalog, composition and who may call a renderer function. */
export const A2UI_V1: A2uiDialect = {
  versions: [A2UI_V1_VERSION],
  catalogs: [V1_BASIC_CATALOG],
  validate: validateV1Message,
  checkTree: checkComposition,
  checkCall,
  answer: answerCall,
};

type RendererKind = keyof typeof RENDERER_MESSAGES;
const RENDERER_KINDS = Object.keys(RENDERER_MESSAGES) as RendererKind[];

/** What parseA2uiV1RendererMessage returns: the message, or where and why it is not one. */
export type A2uiV1RendererParse =
  | { readonly ok: true; readonly kind: RendererKind; readonly message: Record<string, unknown> }
  | { readonly ok: false; readonly path: string; readonly message: string };

/**
 * For an agent: one renderer-to-agent v1.0 message (renderer_to_agent.json: action, callAgentFunction,
 * rendererFunctionResponse, error), checked against its schema. Never throws.
 */
export function parseA2uiV1RendererMessage(value: unknown): A2uiV1RendererParse {
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const present = RENDERER_KINDS.filter((kind) => Object.prototype.hasOwnProperty.call(record, kind));
  const kind = present.length === 1 ? present[0] : undefined;
  if (kind === undefined) return { ok: false, path: '', message: `A v1.0 renderer message has exactly one of ${RENDERER_KINDS.join(', ')}.` };
  const parsed = RENDERER_MESSAGES[kind].safeParse(value);
  if (parsed.success) return { ok: true, kind, message: parsed.data as Record<string, unknown> };
  const report = describeIssues(parsed.error.issues, value);
  return { ok: false, path: formatPointer(report.path), message: report.message };
}

export { V1_BASIC_CATALOG, V1_BASIC_CATALOG_ID, V1_BASIC_COMPONENTS, V1_BASIC_FUNCTION_CALLS } from './catalog-basic.js';
export { checkComposition } from './composition.js';
export { checkA2uiV1Catalog, type A2uiV1CatalogCheck } from './catalog-definition.js';
export { validateV1Message } from './validate.js';
export * from './schema.js';
export type { A2uiAgentCall, A2uiCallAnswer, A2uiDialect, CallOutcome, TreeProblem } from '../dialect.js';
