import type { CatalogDefinition } from './catalog-basic.js';
import type { FunctionRegistry } from './functions.js';
import type { A2uiComponent, A2uiError, A2uiFunctionCallError, JsonObject, JsonValue } from './types.js';
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

/** A renderer's call to an agent's function (renderer_to_agent.json `callAgentFunction`). */
export interface A2uiAgentCall {
  readonly version: string;
  readonly callAgentFunction: {
    readonly surfaceId: string;
    readonly functionCallId: string;
    readonly callFunction: { readonly call: string; readonly args: JsonObject };
  };
}

/** What a renderer's calls to the agent's functions are given: how they go, and what they change. */
export interface AgentCallHost {
  /**
   * Sends a surface's call (it names the surface); false, or absent, when the connection cannot carry it. `failed` is
   * told when the connection learns no answer will come: why, or nothing when it dropped the call unsent.
   */
  readonly send?: ((message: A2uiAgentCall, failed: (reason?: string) => void) => boolean) | undefined;
  /** A surface's calls changed (an answer came, or a call failed): it is drawn again. */
  changed(surfaceId: string): void;
  /** Tells the agent what went wrong with a surface's call (no answer in time). */
  report(error: A2uiError): void;
  /** Milliseconds a call waits for its answer (default: AGENT_CALL_TIMEOUT, 30 s). */
  readonly callTimeout?: number | undefined;
}

/** One surface's calls to the agent's functions (v1.0 callAgentFunction). */
export interface SurfaceCalls {
  /**
   * The functions its renderer evaluates with: ours and the agent's. An agent's one gives no value until the answer
   * to its call for the same arguments came (the call is sent, once, after the render that first asked).
   */
  readonly functions: FunctionRegistry;
  /** Why a call of the surface's failed (the agent's error, no answer in time, no connection), until one is answered. */
  readonly notice: string | undefined;
  /** An action's function call, with its arguments evaluated: an agent's function is called (every time); ours do nothing. */
  call(name: string, args: JsonObject): void;
}

/** The calls of one group of surfaces to the agent's functions. */
export interface AgentCallBook {
  /**
   * A surface's calls with the agent's functions of `catalogs` (those a v1.0 catalog declares that ours are not);
   * undefined when there are none. Another `life` of the surface (deleted and created again, or read again) starts
   * without the calls and answers of the one before.
   */
  of(surfaceId: string, catalogs: readonly CatalogDefinition[], life: number): SurfaceCalls | undefined;
  /**
   * Takes an agentFunctionResponse that answers a call still waiting (one that is not `valid` fails the call): true
   * when it did.
   */
  receive(message: unknown, valid: boolean): boolean;
}

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
   * agent call it, with `run`), the error of one that is not a valid message, or nothing to do (null: an
   * agentFunctionResponse, handed to `calls`); undefined for any other.
   */
  answer(message: unknown, catalogs: readonly CatalogDefinition[], run: RunFunction, calls?: AgentCallBook): CallOutcome | undefined;
  /** A renderer's calls to the agent's functions, for one group of surfaces (v1.0's renderer file only). */
  calls?(host: AgentCallHost): AgentCallBook;
}
