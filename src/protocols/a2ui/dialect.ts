import type { CatalogDefinition } from './catalog-basic.js';
import type { A2uiComponent, A2uiError, A2uiFunctionCallError, JsonValue } from './types.js';
import type { A2uiMessageResult, A2uiValidationState } from './validate.js';
import type { A2uiCheckResult } from './validator.js';

/*
 * Another version of A2UI beside v0.9 (issue 31: "each message handled by its version; a surface keeps the version it
 * was created with"). The v0.9 rules are built into the validators and the store; a dialect brings the rules of
 * another version, and is given where they are wanted (`versions` of createA2uiValidator, A2uiSurfaceStore and
 * validateA2uiMessages), so a program that reads only v0.9 never loads them. A2UI_V1 (`mantis-ui/a2ui-v1`) is v1.0's.
 */

/** A composition problem of a surface's tree (v1.0 allowedParents/allowedChildren), at the parent's reference. */
export interface TreeProblem {
  readonly code: 'UNALLOWED_PARENT' | 'UNALLOWED_CHILD';
  /** The component holding the reference (`root` itself for the root under `Surface`). */
  readonly componentId: string;
  /** A JSON Pointer inside that component to the reference; '' for the root. */
  readonly refPath: string;
  readonly message: string;
}

/** What a renderer sends back for an agent's function call: renderer_to_agent.json's answer, or its error. */
export type A2uiCallAnswer =
  | {
      readonly version: string;
      readonly rendererFunctionResponse: { readonly functionCallId: string; readonly value?: JsonValue; readonly error?: { readonly code: string; readonly message: string } };
    }
  | { readonly version: string; readonly error: A2uiFunctionCallError };

/** Evaluates a dynamic value (evaluate.ts `evaluate`, handed over so that v1.0's file does not carry it): how a call runs. */
export type RunFunction = (value: unknown, ctx: { readonly data: JsonValue; readonly scope: string }) => JsonValue | undefined;

/**
 * What becomes of a message that addresses no surface: an answer for the agent (and `instead`, the error to send when
 * a wire cannot carry a function's value), an error to report, or nothing.
 */
export type CallOutcome = { readonly answer: A2uiCallAnswer; readonly instead?: A2uiCallAnswer } | { readonly error: A2uiError } | null;

export interface A2uiDialect {
  /** The `version` strings of its messages (`["v1.0"]`). */
  readonly versions: readonly string[];
  /** The catalogs its surfaces may name when a validator or store is given none. */
  readonly catalogs: readonly CatalogDefinition[];
  /**
   * Validates one message of its version against the state (the surfaces that exist, of any version), without
   * changing it. A valid message comes back in the form the store applies. Never throws.
   */
  validate(message: Record<string, unknown>, state: A2uiValidationState): A2uiMessageResult;
  /**
   * The first composition problem of a whole tree whose references all resolve, or null. `catalogId` is the
   * surface's default catalog ('' for none); a component's own `catalogId` wins.
   */
  checkTree(components: ReadonlyMap<string, A2uiComponent>, catalogId: string, catalogs: readonly CatalogDefinition[]): TreeProblem | null;
  /**
   * A message of its version that addresses no surface (v1.0: callRendererFunction, agentFunctionResponse), checked
   * whole (for callRendererFunction: whether the catalog lets the agent call the function); undefined for any other.
   */
  checkCall(message: unknown, catalogs: readonly CatalogDefinition[]): A2uiCheckResult | undefined;
  /**
   * What a renderer does with such a message: the answer to an agent's function call (run when the catalog lets the
   * agent call it, with `run`), the error of one that is not a valid message, or nothing to do (null); undefined for
   * any other.
   */
  answer(message: unknown, catalogs: readonly CatalogDefinition[], run: RunFunction): CallOutcome | undefined;
}
