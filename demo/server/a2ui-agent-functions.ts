import { AgentFunctionResponseMessage } from '../../src/protocols/a2ui/v1/index.js';
import type { ServerEvent } from '../../src/index.js';
import type { Session } from './sessions.js';

/*
 * The reference agent's own A2UI v1.0 functions, which a renderer calls with `callAgentFunction` (a2ui_protocol.md:
 * "the agent MUST return an agentFunctionResponse message"). The chat sends the call in an `a2ui_function` frame
 * naming the assistant message that owns the surface; the answer is an `a2ui` event of that message, with its next
 * sequence number, whether it is still streaming or ended (docs/protocol.md "Calls to the agent's functions").
 */

type Args = Readonly<Record<string, unknown>>;
type Outcome = { readonly value: unknown } | { readonly error: { readonly code: string; readonly message: string } };

/** The functions this agent implements, by name (a catalog the client is given declares them: docs/a2ui-catalogs.md). */
export const AGENT_FUNCTIONS: Readonly<Record<string, (args: Args) => Outcome>> = {
  /** a2ui_protocol.md's example: a provider ID `PRV-<digits>` is known (a ValidationResult with its name), any other not. */
  verifyProvider: ({ providerId }) =>
    typeof providerId === 'string' && /^PRV-\d{1,6}$/.test(providerId)
      ? { value: { valid: true, name: `Provider ${providerId.slice(4)}` } }
      : { error: { code: 'PROVIDER_NOT_FOUND', message: `Provider ID ${String(providerId).slice(0, 40)} was not found.` } },
};

/** The catalog of the `a2ui agent` surface: the v1.0 basic catalog's components and the agent's verifyProvider. */
export const PROVIDER_CATALOG_ID = 'https://mantis-ui.dev/demo/catalogs/provider-v1.json';
export const PROVIDER_SURFACE = 'provider';

/**
 * `a2ui agent`: a v1.0 surface whose TextField checks its value with the agent's verifyProvider (the check does not
 * pass until the agent answered: Submit stays disabled meanwhile) and whose Button calls it again. Sent again, the
 * surface exists: its value is reset instead.
 */
export function providerSurface(created: boolean): readonly Record<string, unknown>[] {
  const surfaceId = PROVIDER_SURFACE;
  const verify = { call: 'verifyProvider', args: { providerId: { path: '/providerId' } } };
  if (created) return [{ version: 'v1.0', updateDataModel: { surfaceId, path: '/providerId', value: 'PRV-102' } }];
  const components = [
    { id: 'root', component: 'Column', children: ['title', 'field', 'actions'] },
    { id: 'title', component: 'Text', text: '## Check a provider' },
    { id: 'field', component: 'TextField', label: 'Provider ID', value: { path: '/providerId' }, checks: [{ condition: verify, message: 'The agent does not know this provider (PRV- and digits).' }] },
    { id: 'actions', component: 'Row', children: ['submit', 'again'] },
    { id: 'submit-label', component: 'Text', text: 'Use this provider' },
    { id: 'submit', component: 'Button', child: 'submit-label', checks: [{ condition: verify, message: 'Verify the provider first.' }], action: { event: { name: 'useProvider', context: { providerId: { path: '/providerId' } } } } },
    { id: 'again-label', component: 'Text', text: 'Verify again' },
    { id: 'again', component: 'Button', child: 'again-label', action: { functionCall: verify } },
  ];
  return [{ version: 'v1.0', createSurface: { surfaceId, catalogId: PROVIDER_CATALOG_ID, components, dataModel: { providerId: 'PRV-102' } } }];
}

/** A call the agent received (`inspect=a2ui_errors` lists them as `agent_calls`), by session: the last 50. */
export interface AgentCallRecord {
  readonly message_id: string | null;
  readonly call: Record<string, unknown>;
  readonly received_at: string;
}
const callsOf = new WeakMap<Session, AgentCallRecord[]>();

/** The calls a session received. */
export const agentCallsOf = (session: Session): readonly AgentCallRecord[] => callsOf.get(session) ?? [];

/**
 * Answers a v1.0 `callAgentFunction` (already parsed, by parseA2uiV1RendererMessage) with an `agentFunctionResponse`
 * on the message that owns the call's surface: the function's value, `UNKNOWN_FUNCTION` for a name it lacks, or its
 * own error. A call with no message to answer on gets an `error` event.
 */
export function answerAgentCall(session: Session, messageId: string | undefined, call: Record<string, unknown>): ServerEvent | null {
  const list = callsOf.get(session) ?? [];
  list.push({ message_id: messageId ?? null, call, received_at: new Date().toISOString() });
  if (list.length > 50) list.splice(0, list.length - 50);
  callsOf.set(session, list);
  if (!messageId || !session.log.some((e) => e.message_id === messageId && e.type === 'message_start')) {
    return { type: 'error', code: 'bad_a2ui_function', message: 'a callAgentFunction needs the message_id of the assistant message that owns its surface' };
  }
  const answer = agentAnswer(call);
  if (answer) session.publish({ type: 'a2ui', message_id: messageId, sequence: session.nextSequence(messageId), messages: [answer] });
  return null;
}

/**
 * The `agentFunctionResponse` message to a `callAgentFunction` body (already parsed): the function's value,
 * `UNKNOWN_FUNCTION` for a name it lacks, or its own error; null when agent_to_renderer.json would not allow it.
 */
export function agentAnswer(call: Record<string, unknown>): Record<string, unknown> | null {
  const { functionCallId, callFunction } = call as { functionCallId: string; callFunction: { call: string; args?: Args } };
  const fn = Object.prototype.hasOwnProperty.call(AGENT_FUNCTIONS, callFunction.call) ? AGENT_FUNCTIONS[callFunction.call] : undefined;
  const outcome = fn ? fn(callFunction.args ?? {}) : { error: { code: 'UNKNOWN_FUNCTION', message: `This agent has no function ${callFunction.call.slice(0, 60)}.` } };
  const answer = { version: 'v1.0', agentFunctionResponse: { functionCallId, ...outcome } };
  // What goes out is what agent_to_renderer.json allows (a function's own error code included).
  return AgentFunctionResponseMessage.safeParse(answer).success ? answer : null;
}

