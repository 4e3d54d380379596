import { EventType, type BaseEvent } from '@ag-ui/core';
import { parseA2uiV1RendererMessage } from '../../src/protocols/a2ui/v1/index.js';
import { agentAnswer } from './a2ui-agent-functions.js';
import { actionReply, BASIC_CATALOG_ID, BOOKING, scriptMessages, V1_BASIC_CATALOG_ID, type A2uiServerMessage } from './a2ui-script.js';

/*
 * A2UI over the AG-UI endpoint (demo/server/ag-ui.ts), as the AG-UI A2UI middleware sends it: a surface is an
 * `ACTIVITY_SNAPSHOT` with `activityType: "a2ui-surface"` whose `content.a2ui_operations` holds the surface's whole
 * history of A2UI messages, sent again, grown, by each later run; `ACTIVITY_DELTA` patches that content (RFC 6902). A
 * user's action on a surface comes as a run whose `forwardedProps.a2uiAction.userAction` names it (the booking form
 * of a2ui-script.ts answers it as the Composer does). The thread's history is kept per thread, as the middleware's
 * host keeps its messages.
 */

type Emit = (event: BaseEvent & Record<string, unknown>) => void;
type Run = { readonly threadId: string; readonly runId: string };
type Text = (emit: Emit, messageId: string, value: string) => Promise<void>;

const MARKER = { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } } as const;
/** The activity's message ID, as the middleware names it: one per surface. */
const ACTIVITY = `a2ui-surface-${BOOKING}`;

/** Each thread's booking surface history, as sent. */
const histories = new Map<string, A2uiServerMessage[]>();

const snapshot = (operations: readonly unknown[], extra: Readonly<Record<string, unknown>> = {}) => ({
  type: EventType.ACTIVITY_SNAPSHOT,
  messageId: ACTIVITY,
  activityType: 'a2ui-surface',
  content: { a2ui_operations: operations, ...extra },
  replace: true,
});

/** The runs that draw a surface, by a word of the user's message, longest first. */
export const A2UI_SCRIPTS = (text: Text): Record<string, (emit: Emit, run: Run, said: string) => Promise<void>> => ({
  /** The status first (building), then a snapshot whose operations differ from the first (the heading changed). */
  'surface rebuild': async (emit, run) => {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    const first = scriptMessages('form', false);
    emit(snapshot(first));
    const second = first.map((m) => ('updateComponents' in m ? { ...m, updateComponents: { ...m.updateComponents, components: m.updateComponents.components.map((c) => (c.id === 'heading' ? { ...c, text: 'Book a table, again' } : c)) } } : m));
    emit(snapshot(second));
    histories.set(run.threadId, second);
    await text(emit, 'm1', 'The form, rebuilt.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** A snapshot, then a delta that appends an operation to its history. */
  'surface delta': async (emit, run) => {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    const operations = scriptMessages('form', false);
    emit(snapshot(operations));
    const status: A2uiServerMessage = { version: 'v0.9', updateDataModel: { surfaceId: BOOKING, path: '/status', value: 'Patched by a delta' } };
    emit({ type: EventType.ACTIVITY_DELTA, messageId: ACTIVITY, activityType: 'a2ui-surface', patch: [{ op: 'add', path: '/a2ui_operations/-', value: status }] });
    histories.set(run.threadId, [...operations, status]);
    await text(emit, 'm1', 'The form, patched.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** A surface with a component no catalog has: the chat reports the A2UI error with its next run. */
  'surface broken': async (emit, run) => {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    emit({ ...snapshot([{ version: 'v0.9', createSurface: { surfaceId: 'broken', catalogId: BASIC_CATALOG_ID } }, { version: 'v0.9', updateComponents: { surfaceId: 'broken', components: [{ id: 'root', component: 'Hologram' }] } }]), messageId: 'a2ui-surface-broken' });
    await text(emit, 'm1', 'A surface this chat cannot draw.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** An A2UI v1.0 function call of the basic catalog's (every one rendererOnly): the chat answers with an error. */
  'surface call': async (emit, run) => {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    const call = { functionCallId: `call-${run.runId}`, callFunction: { call: 'formatString', catalogId: V1_BASIC_CATALOG_ID, args: { value: 'Hello' } } };
    emit({ ...snapshot([{ version: 'v1.0', callRendererFunction: call }]), messageId: 'a2ui-surface-call' });
    await text(emit, 'm1', 'I asked your renderer to run a function.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /**
   * The `a2ui agent` surface (a2ui-agent-functions.ts): its calls to the agent's function come as runs of their own
   * (callRun). Its history grows by the words said: `note` sets /note, then `seen` sets /seen (each sent again after).
   */
  'surface agent': async (emit, run, said) => {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    const grown = [['note', 'From the agent'], ['seen', true]].filter(([word]) => said.includes(word as string));
    const more = grown.map(([word, value]) => ({ version: 'v1.0', updateDataModel: { surfaceId: 'provider', path: `/${word}`, value } }));
    emit({ ...snapshot([...scriptMessages('agent', false), ...more]), messageId: 'a2ui-surface-provider' });
    await text(emit, 'm1', 'This surface asks me whether a provider exists.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  'surface failed': async (emit, run) => {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    emit(snapshot([], { status: 'failed' }));
    await text(emit, 'm1', 'I could not build the form.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** A run that stops on a tool of the application's (a frontend tool): its call stays pending for the client. */
  pending: async (emit, run) => {
    emit({ type: EventType.RUN_STARTED, ...run });
    emit({ type: EventType.TOOL_CALL_START, toolCallId: 'call-front', toolCallName: 'pick_color' });
    emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-front', delta: '{"palette":"warm"}' });
    emit({ type: EventType.TOOL_CALL_END, toolCallId: 'call-front' });
    emit({ type: EventType.RUN_FINISHED, ...run, outcome: { type: 'success', pendingToolCallIds: ['call-front'] } });
  },
  /** The booking form: building, then made. */
  surface: async (emit, run) => {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    emit(snapshot([], { status: 'building' }));
    const operations = scriptMessages('form', false);
    emit(snapshot(operations));
    histories.set(run.threadId, operations);
    await text(emit, 'm1', 'Fill in the form to book.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
});

/**
 * A run that answers a user's action (`forwardedProps.a2uiAction.userAction`): its reply in text, and the surface's
 * history grown by what the action changed, sent whole again. What arrived is said back (`Action:` and the JSON) so
 * tests can read it.
 */
export async function actionRun(emit: Emit, run: Run, forwarded: Readonly<Record<string, unknown>>, text: Text): Promise<void> {
  const action = (forwarded['a2uiAction'] as { userAction?: { name?: unknown; surfaceId?: unknown; context?: unknown } } | undefined)?.userAction ?? {};
  emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
  const context = typeof action.context === 'object' && action.context !== null ? (action.context as Record<string, unknown>) : {};
  const reply = actionReply({ name: String(action.name ?? ''), surfaceId: String(action.surfaceId ?? ''), context });
  const history = [...(histories.get(run.threadId) ?? []), ...reply.messages];
  histories.set(run.threadId, history);
  if (reply.messages.length > 0) emit(snapshot(history));
  const model = forwarded['a2uiClientDataModel'];
  await text(emit, 'm1', `${reply.text} Action: ${JSON.stringify(action)}${model === undefined ? '' : ` Data model: ${JSON.stringify(model)}`}`);
  emit({ type: EventType.RUN_FINISHED, ...run });
}

/**
 * A run that answers a renderer's call to this agent's function (`forwardedProps.a2uiCallAgentFunction`, the v1.0
 * `callAgentFunction` message): an activity of its own whose one operation is the `agentFunctionResponse`, and no
 * text. A value that is not such a message fails the run. `reply` (the endpoint's `call_reply`) plays an agent that
 * does otherwise: `chatty` also says something and updates the surface, `silent` answers nothing, `state` also sets
 * the shared state (`{answered: <functionCallId>}`), `mixed` puts a callRendererFunction in the answer's activity, `other` answers another call ID.
 */
export function callRun(emit: Emit, run: Run, forwarded: Readonly<Record<string, unknown>>, reply: string | null = null): void {
  emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
  if (reply === 'silent') return void emit({ type: EventType.RUN_FINISHED, ...run });
  const parsed = parseA2uiV1RendererMessage(forwarded['a2uiCallAgentFunction']);
  const answer = parsed.ok && parsed.kind === 'callAgentFunction' ? agentAnswer(parsed.message['callAgentFunction'] as Record<string, unknown>) : null;
  if (!answer) {
    emit({ type: EventType.RUN_ERROR, message: parsed.ok ? 'That call cannot be answered.' : `a2uiCallAgentFunction is not a callAgentFunction message: ${parsed.message}` });
    return;
  }
  const { functionCallId } = answer['agentFunctionResponse'] as { functionCallId: string };
  if (reply === 'state') emit({ type: EventType.STATE_SNAPSHOT, snapshot: { answered: functionCallId } });
  // `mixed`: the answer shares its activity with a call of the renderer's function (an operation of no surface).
  const call = { version: 'v1.0', callRendererFunction: { functionCallId: `also-${functionCallId}`, callFunction: { call: 'formatString', args: { value: 'Hi' } } } };
  // `other`: an answer to a call that is not this one.
  const other = { version: 'v1.0', agentFunctionResponse: { functionCallId: `not-${functionCallId}`, value: { valid: true } } };
  emit({ ...snapshot(reply === 'mixed' ? [answer, call] : reply === 'other' ? [other] : [answer]), messageId: `a2ui-call-${functionCallId}` });
  if (reply === 'chatty') {
    emit({ type: EventType.TEXT_MESSAGE_CHUNK, messageId: `said-${functionCallId}`, role: 'assistant', delta: 'I checked that provider.' });
    emit({ ...snapshot([{ version: 'v1.0', updateDataModel: { surfaceId: 'provider', path: '/providerId', value: 'PRV-999' } }]), messageId: 'a2ui-surface-provider' });
  }
  emit({ type: EventType.RUN_FINISHED, ...run });
}
