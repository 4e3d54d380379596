import type { ServerResponse } from 'node:http';
import { A2UI_CATALOG_PARAM, markerOf, type ClientFrame, type ProtocolMarker, type ServerEvent } from '../../src/index.js';
import {
  A2UI_ACTION_PREFIX,
  BASIC_CATALOG_ID,
  BOOKING,
  SCRIPT_SURFACES,
  V1_BASIC_CATALOG_ID,
  actionReply,
  bookingUpdate,
  parseA2uiError,
  parseA2uiFunctionAnswer,
  parseActionTurn,
  parseClientAction,
  pickA2uiScript,
  scriptMessages,
  type A2uiAction,
  type A2uiErrorReport,
  type A2uiServerMessage,
} from './a2ui-script.js';
import type { ComposerOptions } from './composer.js';
import type { FaultPlan } from './faults.js';
import { openMessage, streamText } from './scenarios.js';
import { PROVIDER_CATALOG_ID, agentCallsOf, answerAgentCall } from './a2ui-agent-functions.js';
import { parseA2uiV1RendererMessage } from '../../src/protocols/a2ui/v1/index.js';
import { MINIMAL_CATALOG_ID } from '../../src/protocols/a2ui/types.js';
import type { ActionResult, Session } from './sessions.js';

/*
 * A2UI surfaces on the Composer protocol (docs/protocol.md "A2UI surfaces"): the `capabilities` greeting, scripted
 * replies with `a2ui` events, the `[a2ui_action]` turn, `client_action` frames (answered with `action_result` and a
 * new assistant turn that carries the action as a tool result) and `a2ui_error` reports, kept for tests to read.
 */

/** What the Composer URL says about A2UI. */
export interface A2uiOptions {
  /** The client named at least one catalog (`a2ui_catalog`, repeated): it is greeted with `capabilities`. */
  readonly advertised: boolean;
  /**
   * The catalogs this agent writes for (AGENT_CATALOGS) that the client named: a script goes only to a client that
   * named its catalog (v0.9's basic one, the minimal one for `a2ui minimal`, v1.0's for `a2ui v1` and `a2ui call`, the
   * demo's provider catalog for `a2ui agent`); without it the reply says so and carries no `a2ui` event.
   */
  readonly catalogs: readonly string[];
  /** First-class client actions are offered (`client_action=0` turns them off: actions come as user turns). */
  readonly clientAction: boolean;
}

/** The catalogs this agent writes surfaces for, as its `capabilities` greeting names them. */
export const AGENT_CATALOGS: readonly string[] = [BASIC_CATALOG_ID, MINIMAL_CATALOG_ID, V1_BASIC_CATALOG_ID, PROVIDER_CATALOG_ID];

/** The catalog a script's surfaces are on. */
const catalogOf = (script: string): string =>
  script === 'v1' || script === 'call' ? V1_BASIC_CATALOG_ID : script === 'agent' ? PROVIDER_CATALOG_ID : script === 'minimal' ? MINIMAL_CATALOG_ID : BASIC_CATALOG_ID;

export function readA2uiOptions(params: URLSearchParams): A2uiOptions {
  const catalogs = params.getAll(A2UI_CATALOG_PARAM);
  return { advertised: catalogs.length > 0, catalogs: AGENT_CATALOGS.filter((id) => catalogs.includes(id)), clientAction: params.get('client_action') !== '0' };
}

/**
 * The session-level `capabilities` event a connection opens with, for a client that advertised A2UI catalogs; none
 * on a connection its fault plan closes at once. It is the connection's greeting: fault switches do not count it.
 */
export function greeting(options: A2uiOptions, plan: FaultPlan): ServerEvent | null {
  if (!options.advertised || plan.dropAfter === 0) return null;
  return { type: 'capabilities', ...(options.clientAction ? { client_action: true } : {}), a2ui_catalogs: [...AGENT_CATALOGS] };
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The surface IDs one A2UI message names (an unknown shape names none). */
function surfaceOf(message: unknown): { surfaceId: string; kind: string } | null {
  if (!isRecord(message)) return null;
  for (const kind of ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface']) {
    const body = message[kind];
    if (isRecord(body) && typeof body.surfaceId === 'string') return { surfaceId: body.surfaceId, kind };
  }
  return null;
}

/** The surfaces the session's log has created and not deleted since. */
function liveSurfaces(session: Session): Set<string> {
  const live = new Set<string>();
  for (const event of session.log) {
    if (event.type !== 'a2ui') continue;
    for (const message of event.messages) {
      const named = surfaceOf(message);
      if (named?.kind === 'createSurface') live.add(named.surfaceId);
      if (named?.kind === 'deleteSurface') live.delete(named.surfaceId);
    }
  }
  return live;
}

type Reply = { text: string; messages: A2uiServerMessage[] };

/** The scripted reply to a user turn that asks for A2UI, or null when it does not. */
function scriptedA2uiReply(session: Session, options: ComposerOptions, marker: ProtocolMarker, text: string): Reply | null {
  if (text.startsWith(A2UI_ACTION_PREFIX)) {
    const action = parseActionTurn(text);
    if (!action) return { text: 'That A2UI action was malformed, so I did nothing.', messages: [] };
    if (marker.mode === 'ask') return { text: 'Ask mode is read-only, so I did not act on that.', messages: [] };
    return actionReply(action);
  }
  const script = pickA2uiScript(text);
  if (!script) return null;
  if (!options.a2ui.catalogs.includes(catalogOf(script))) return { text: `Your client cannot show this surface: it did not advertise the catalog ${catalogOf(script)}.`, messages: [] };
  const live = liveSurfaces(session);
  if (script === 'update') {
    if (!live.has(BOOKING)) return { text: 'There is no booking form to update yet: ask for an a2ui form first.', messages: [] };
    const turn = session.answered.size;
    return { text: `I updated the booking form (turn ${turn}).`, messages: bookingUpdate(turn) };
  }
  const intro = { form: 'Here is a booking form.', cycle: 'The components of this surface form a cycle.', dangling: 'This surface refers to a component that does not exist.', image: 'This surface binds an image to what you type.', media: 'This surface plays a stored video and sound.', minimal: 'This surface uses the minimal catalog.', foreign: 'This surface uses a catalog you do not render.', v1: 'This surface is written in A2UI v1.0.', call: 'I asked your renderer to run a function.', agent: 'This surface asks me, the agent, whether a provider exists.' };
  return { text: intro[script], messages: scriptMessages(script, live.has(SCRIPT_SURFACES[script])) };
}

/** Writes a reply into a new assistant message: optional events first (a tool result), the text, then its `a2ui` event. */
async function writeReply(session: Session, options: ComposerOptions, marker: ProtocolMarker, replyTo: string | undefined, reply: Reply, before?: (m: ReturnType<typeof openMessage>) => void): Promise<void> {
  const message = openMessage(session, marker, replyTo);
  before?.(message);
  await streamText(message, reply.text, options.chunk, () => (options.delayMs > 0 ? sleep(options.delayMs) : Promise.resolve()));
  // Only a client that renders A2UI is sent surfaces (a script checked its catalog).
  if (reply.messages.length > 0 && options.a2ui.advertised && !message.signal.aborted) message.publish({ type: 'a2ui', messages: reply.messages });
  message.end();
}

/** Answers a user turn with a scripted A2UI reply when it asks for one; false leaves it to the other scenarios. */
export function answerA2ui(session: Session, options: ComposerOptions, marker: ProtocolMarker, replyTo: string, text: string): boolean {
  if (options.scenario === 'echo' || marker.mode === 'visual-tour') return false;
  const reply = scriptedA2uiReply(session, options, marker, text);
  if (!reply) return false;
  void writeReply(session, options, marker, replyTo, reply);
  return true;
}

/**
 * Applies a `client_action` frame the first time its client_action_id is seen (a2ui-composer's checks, in order: the
 * capability, the A2UI action's shape, the message, Ask, the surface); a repeat gets the stored outcome.
 */
export function handleClientAction(session: Session, options: ComposerOptions, frame: Extract<ClientFrame, { type: 'client_action' }>): ActionResult {
  const stored = session.actionResult(frame.client_action_id);
  if (stored) return stored;
  const result = applyClientAction(session, options, frame);
  session.recordAction(result);
  return result;
}

function applyClientAction(session: Session, options: ComposerOptions, frame: Extract<ClientFrame, { type: 'client_action' }>): ActionResult {
  const id = frame.client_action_id;
  // A reason is at most 500 characters (ActionResultEvent); a schema issue's path can be longer.
  const rejected = (reason: string): ActionResult => ({ type: 'action_result', client_action_id: id, status: 'rejected', reason: reason.slice(0, 500) });
  if (!options.a2ui.clientAction) return rejected('client actions are not offered: send the action as an [a2ui_action] turn');
  const parsed = parseClientAction(frame.a2ui);
  if (!parsed.ok) return rejected(parsed.reason);
  const start = session.log.find((e) => e.type === 'message_start' && e.message_id === frame.message_id);
  if (start?.type !== 'message_start') return rejected('unknown message');
  const marker = markerOf(start.marker);
  if (marker.mode === 'ask') return rejected('not available in Ask mode');
  const touched = session.log.some((e) => e.message_id === frame.message_id && e.type === 'a2ui' && e.messages.some((m) => surfaceOf(m)?.surfaceId === parsed.action.surfaceId));
  if (!touched) return rejected(`surface "${parsed.action.surfaceId}" is not in that message`);
  void answerClientAction(session, options, marker, id, parsed.action, frame.a2ui_data_model);
  return { type: 'action_result', client_action_id: id, status: 'accepted' };
}

/**
 * The agent's turn after an accepted client action: a new assistant message (no user message to reply to) whose
 * first event is the action as a completed `a2ui_action` tool call (its tool_call_id the client_action_id), then the
 * reply. It starts after the sender got its `action_result`.
 */
async function answerClientAction(
  session: Session,
  options: ComposerOptions,
  marker: ProtocolMarker,
  clientActionId: string,
  action: A2uiAction,
  dataModel: unknown,
): Promise<void> {
  await sleep(0);
  // The data models of surfaces created with sendDataModel came with the frame: the tool result hands them on.
  const output = { accepted: true, ...(dataModel === undefined ? {} : { data_model: dataModel }) };
  await writeReply(session, options, marker, undefined, actionReply(action), (message) =>
    message.publish({ type: 'tool', tool_call_id: clientActionId, tool_name: 'a2ui_action', state: 'completed', input: action, output }),
  );
}

/** One `a2ui_error` report as the session keeps it. */
export interface A2uiErrorRecord {
  readonly message_id: string | null;
  readonly error: A2uiErrorReport;
  readonly received_at: string;
}

const MAX_ERRORS = 50;
const errorsOf = new WeakMap<Session, A2uiErrorRecord[]>();
/** The answers to the agent's function calls (`a2ui_function` frames), by session: the last 50. */
const answersOf = new WeakMap<Session, { message_id: string | null; answer: Record<string, unknown>; received_at: string }[]>();

/** Keeps the last 50 of a session's list. */
function keep<T>(map: WeakMap<Session, T[]>, session: Session, item: T): void {
  const list = map.get(session) ?? [];
  list.push(item);
  if (list.length > MAX_ERRORS) list.splice(0, list.length - MAX_ERRORS);
  map.set(session, list);
}

/** Keeps an `a2ui_error` report (the last 50 of the session). No reply turn; a malformed report gets an `error`. */
export function recordA2uiError(session: Session, frame: Extract<ClientFrame, { type: 'a2ui_error' }>): ServerEvent | null {
  const parsed = parseA2uiError(frame.a2ui);
  if (!parsed.ok) return { type: 'error', code: 'bad_a2ui_error', message: parsed.reason.slice(0, 1000) };
  keep(errorsOf, session, { message_id: frame.message_id ?? null, error: parsed.error, received_at: new Date().toISOString() });
  return null;
}

/**
 * Keeps the answer to a function call of the agent's (`a2ui_function`, the last 50 of the session); a malformed one
 * gets an `error`. No reply turn.
 */
export function recordA2uiFunction(session: Session, frame: Extract<ClientFrame, { type: 'a2ui_function' }>): ServerEvent | null {
  // A renderer's call to one of the agent's functions is answered (a2ui-agent-functions.ts).
  const call = parseA2uiV1RendererMessage(frame.a2ui);
  if (call.ok && call.kind === 'callAgentFunction') return answerAgentCall(session, frame.message_id, call.message['callAgentFunction'] as Record<string, unknown>);
  const parsed = parseA2uiFunctionAnswer(frame.a2ui);
  if (!parsed.ok) return { type: 'error', code: 'bad_a2ui_function', message: parsed.reason.slice(0, 1000) };
  keep(answersOf, session, { message_id: frame.message_id ?? null, answer: parsed.answer, received_at: new Date().toISOString() });
  return null;
}

/**
 * The inspection answer of `GET /api/v1/composer/sse?session_id=S&inspect=a2ui_errors` (docs/reference-server.md):
 * the `a2ui_error` reports and the `a2ui_function` answers the session kept.
 */
export function serveA2uiErrors(res: ServerResponse, session: Session, headers: Record<string, string>): void {
  res.writeHead(200, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ session_id: session.id, errors: errorsOf.get(session) ?? [], function_answers: answersOf.get(session) ?? [], agent_calls: agentCallsOf(session) }));
}
