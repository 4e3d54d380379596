import type { CatalogDefinition } from '../catalog-basic.js';
import type { AgentCallBook, CallOutcome, RunFunction } from '../dialect.js';
import { A2UI_V1_VERSION } from './schema.js';
import { checkCall } from './validate.js';

/*
 * An agent's v1.0 function call to the renderer (a2ui_protocol.md "callRendererFunction"): "upon completing execution
 * ... the renderer MUST always send a corresponding functionResponse or error message back to the agent". A call the
 * catalog keeps from the agent (allowedCallers: rendererOnly, the default of every basic function), one the renderer
 * cannot run, and one whose arguments do not fit are answered `INVALID_FUNCTION_CALL` by its ID; one it runs is
 * answered with a `rendererFunctionResponse` carrying the value, or `EXECUTION_FAILED` when it produced none. A call
 * names no surface, so it runs on no data model, and its arguments are plain values: a call or a binding inside them
 * would run a function the agent did not name (one the catalog keeps from it) or read data, and is refused. openUrl
 * is never run for the agent: it opens only on the user's click (requiresUserActivation).
 */

/** Whether `value` is plain data: no call (`{call}`) and no binding (`{path}`) at any depth. */
const plain = (value: unknown): boolean =>
  typeof value !== 'object' || value === null || (!('call' in value) && !('path' in value) && Object.values(value).every(plain));

/**
 * The outcome of `message` when it is one of the dialect's messages that address no surface (a callRendererFunction,
 * an agentFunctionResponse); undefined for any other. An agentFunctionResponse answers a call the renderer made: it
 * goes to `calls` (which keeps its value if the call still waits) and gives nothing to send (null). A2UI_V1's `answer`.
 */
export function answerCall(message: unknown, catalogs: readonly CatalogDefinition[], run: RunFunction, calls?: AgentCallBook): CallOutcome | undefined {
  const checked = checkCall(message, catalogs);
  if (!checked) return undefined;
  const version = A2UI_V1_VERSION;
  // An agentFunctionResponse answers one of the renderer's calls (calls.ts), if it still waits: a refused one fails it.
  calls?.receive(message, checked.ok);
  if (!checked.ok) return 'functionCallId' in checked.error ? { answer: { version, error: checked.error } } : { error: checked.error };
  const call = (message as { callRendererFunction?: { functionCallId: string; callFunction: { call: string; args?: unknown } } }).callRendererFunction;
  if (!call) return null;
  const { functionCallId, callFunction } = call;
  const refusal = callFunction.call === 'openUrl' ? "openUrl opens only on the user's click." : plain(callFunction.args) ? null : 'Its arguments must be plain values (no call or path).';
  if (refusal) return { answer: { version, error: { code: 'INVALID_FUNCTION_CALL', functionCallId, message: refusal } } };
  const value = run({ call: callFunction.call, args: callFunction.args ?? {} }, { data: {}, scope: '' });
  const response = value === undefined
    ? { functionCallId, error: { code: 'EXECUTION_FAILED', message: 'The function returned no value.' } }
    : { functionCallId, value };
  const instead = { code: 'INVALID_FUNCTION_CALL', functionCallId, message: 'This connection cannot carry the answer.' };
  return { answer: { version, rendererFunctionResponse: response }, instead: { version, error: instead } };
}
