import { INLINE_UI_CAPABILITY, READ_ONLY_ACTIONS, type ClientFrame, type ProtocolMarker, type ServerEvent } from '../../src/index.js';
import { formatBytes } from '../../src/format.js';
import { cleanFileName } from '../../src/uploads/policy.js';
import { answerA2ui, handleClientAction, readA2uiOptions, recordA2uiError, recordA2uiFunction, type A2uiOptions } from './a2ui-composer.js';
import type { AgentUiHandler } from './agent-ui.js';
import type { BagStore } from './bags.js';
import { withheldActionResults } from './faults.js';
import { usageEvent } from './dialect.js';
import { openMessage, scriptedReply, streamText, toDeltas, toolsPrelude, type OpenMessage } from './scenarios.js';
import { TOOLS_PROMPT } from './showcase.js';
import { getSession, type ActionResult, type Session } from './sessions.js';
import type { StoredAttachment, UploadStore } from './upload-store.js';

/** Options read from the Composer URL (the same for WebSocket and SSE). */
export interface ComposerOptions {
  /** True only for the exact capability `inline_ui_version=1`. */
  readonly inlineUi: boolean;
  /** Milliseconds between streamed deltas. */
  readonly delayMs: number;
  /** Largest delta, in characters (deltas vary from 1 to this). */
  readonly chunk: number;
  /**
   * The scripted scenario: `summary` (default), `echo` (the user's text back), `tools` (reasoning and a tool call), or
   * `envelopes` (agent-ui@1 envelopes on the SSE stream; `summary` sends them too when the user asks for a chart, a
   * map, history, SCADA or envelopes, and the `tools` prelude when the user asks for reasoning or tool calls).
   */
  readonly scenario: 'summary' | 'echo' | 'tools' | 'envelopes';
  /** SSE: the `retry:` each stream starts with, the client's first reconnection delay (`retry=MS`, default 1000). */
  readonly retryMs: number;
  /** The `noresult:N` fault: the first N action results of the session are withheld. */
  readonly withheldResults: number;
  /** The A2UI catalogs the client advertised (`a2ui_catalog`), and `client_action=0`. */
  readonly a2ui: A2uiOptions;
  /** `dialect=future`: frames as a backend of a later protocol version sends them (dialect.ts). */
  readonly future: boolean;
}

export function readOptions(url: URL): ComposerOptions {
  const delay = Number(url.searchParams.get('delay') ?? '12');
  const chunk = Number(url.searchParams.get('chunk') ?? '7');
  const scenario = url.searchParams.get('scenario');
  const retry = Number(url.searchParams.get('retry') ?? '1000');
  return {
    inlineUi: url.searchParams.getAll(INLINE_UI_CAPABILITY.param).includes(INLINE_UI_CAPABILITY.value),
    delayMs: Number.isFinite(delay) && delay >= 0 ? Math.min(delay, 1000) : 12,
    chunk: Number.isInteger(chunk) && chunk >= 1 ? Math.min(chunk, 64 * 1024) : 7,
    scenario: scenario === 'echo' || scenario === 'tools' || scenario === 'envelopes' ? scenario : 'summary',
    retryMs: Number.isInteger(retry) && retry >= 0 ? Math.min(retry, 60_000) : 1000,
    withheldResults: withheldActionResults(url.searchParams),
    a2ui: readA2uiOptions(url.searchParams),
    future: url.searchParams.get('dialect') === 'future',
  };
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
/** The session a Composer URL names (an anonymous one of its own without `session_id`). */
export const sessionOf = (url: URL): Session => getSession(url.searchParams.get('session_id') ?? `anonymous-${Math.random()}`);

/**
 * Handles one client frame for a session. Replies are published to the session, so they reach every connection
 * and stay in its log for resumption. Returns events meant only for the sender (errors, action results).
 */
export function handleFrame(session: Session, options: ComposerOptions, frame: ClientFrame, deps: ComposerDeps): ServerEvent | null {
  switch (frame.type) {
    case 'user_message': {
      // Each client_message_id is answered once: a message resent after a reconnect is not answered twice.
      if (session.answered.has(frame.client_message_id)) return null;
      session.answered.add(frame.client_message_id);
      // The server alone decides the marker: UI only for the exact capability, and only in orchestrator or ask.
      const marker: ProtocolMarker = { inlineUiVersion: options.inlineUi ? 1 : null, mode: frame.mode };
      const attachments = frame.attachments ?? [];
      // A message with files gets the reply that confirms them (below), never a scripted A2UI one.
      if (attachments.length === 0 && answerA2ui(session, options, marker, frame.client_message_id, frame.text)) return null;
      void streamReply(session, options, marker, frame.client_message_id, frame.text, deps, attachments);
      return null;
    }
    case 'action': {
      // Each client_action_id is applied once per session, like a user message; a frame sent again (a double click
      // that slipped through, a resend after a reconnect) gets the stored outcome again and changes nothing.
      let result = session.actionResult(frame.client_action_id);
      if (!result) {
        result = applyAction(session, deps.bags, frame);
        session.recordAction(result);
      }
      return withhold(session, options, result);
    }
    case 'client_action':
      return withhold(session, options, handleClientAction(session, options, frame));
    case 'a2ui_error':
      return recordA2uiError(session, frame);
    case 'a2ui_function':
      return recordA2uiFunction(session, frame);
    case 'abort':
      session.streams.get(frame.message_id)?.abort();
      return null;
    case 'resume':
      return null;
  }
}

/** The `noresult:N` fault: the outcome is lost on the way; the client learns it by sending the frame again. */
function withhold(session: Session, options: ComposerOptions, result: ActionResult): ActionResult | null {
  if (session.withheldResults >= options.withheldResults) return result;
  session.withheldResults += 1;
  return null;
}

/**
 * Applies one action frame, the first time its client_action_id is seen. Every refusal is an `action_result`
 * `rejected` with a reason and changes nothing. Ask-authored messages (by their stored marker, not the mode of the
 * frame's connection) allow only the read-only actions.
 */
function applyAction(session: Session, bags: BagStore, frame: Extract<ClientFrame, { type: 'action' }>): ActionResult {
  const id = frame.client_action_id;
  const rejected = (reason: string): ActionResult => ({ type: 'action_result', client_action_id: id, status: 'rejected', reason });
  const marker = session.markerOf(frame.message_id);
  if (!marker) return rejected('unknown message');
  // Ask is read-only here too, whatever the client offered.
  const action = frame.action;
  if (marker.mode === 'ask' && !READ_ONLY_ACTIONS.has(action.type)) return rejected('not available in Ask mode');
  if (action.type === 'add-to-bag') {
    const outcome = bags.addToBag({
      points: action.targets.map((target) => target.uri),
      bagId: action.bagId,
      bagName: action.bagName,
      createSelectionBag: frame.create_selection_bag === true,
    });
    if (!outcome.ok) return rejected(outcome.reason);
  }
  if (action.type === 'run-task') void reportTask(session, id);
  return { type: 'action_result', client_action_id: id, status: 'accepted' };
}

/**
 * A delivered task reports progress through trusted task events, after the action's `action_result` went out; it
 * never claims completion on delivery. Generated tasks use the reserved task ID 0, so each event names the action
 * whose task it is.
 */
async function reportTask(session: Session, clientActionId: string): Promise<void> {
  for (const status of ['delivered', 'running', 'completed'] as const) {
    await sleep(20);
    session.publish({ type: 'task', task_id: 0, status, client_action_id: clientActionId });
  }
}

/** What the Composer handlers share with the rest of the server. */
export interface ComposerDeps {
  readonly bags: BagStore;
  /** The agent-ui@1 handler: envelopes of Composer replies hand out render_refs it resolves. */
  readonly agentUi: AgentUiHandler;
  /** The upload endpoint's store: a user message's attachments are the uploads it names there. */
  readonly uploads: UploadStore;
}

type SentAttachments = NonNullable<Extract<ClientFrame, { type: 'user_message' }>['attachments']>;

/** A file name in reply text, cleaned and with Markdown's punctuation escaped, so it reads as written. */
const quoteName = (name: string): string => cleanFileName(name).replace(/[\\`*_{}[\]()<>#+!|~&]/g, '\\$&');

/** `a`, `a and b`, `a, b and c`. */
const list = (items: readonly string[]): string => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * Confirms a user message's attachments, right after the reply's `message_start`: one `attachment` event per upload
 * the frame names (once each, in the frame's order) that the store holds, finished and checked, with the server's own
 * name, type, size and key (the frame's are only what the client showed). Each is claimed by the message: it can no
 * longer be deleted. Returns the reply's sentences about them: what was received, and what could not be found.
 */
function confirmAttachments(message: OpenMessage, uploads: UploadStore, replyTo: string, sent: SentAttachments): string {
  const found: StoredAttachment[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const attachment of sent) {
    if (seen.has(attachment.upload_id)) continue;
    seen.add(attachment.upload_id);
    const stored = uploads.claim(attachment.upload_id, replyTo);
    if (!stored) {
      missing.push(attachment.name);
      continue;
    }
    found.push(stored);
    message.publish({ type: 'attachment', attachment_id: stored.id, name: stored.name, media_type: stored.mediaType, size: stored.size, key: stored.key });
  }
  const sentences: string[] = [];
  if (found.length > 0) sentences.push(`I received ${list(found.map((file) => `${quoteName(file.name)} (${file.mediaType}, ${formatBytes(file.size)})`))}.`);
  if (missing.length > 0) {
    const names = list(missing.map(quoteName));
    sentences.push(
      missing.length === 1
        ? `I could not find ${names}: it was not uploaded, its upload did not finish, or it expired.`
        : `I could not find ${names}: they were not uploaded, their uploads did not finish, or they expired.`,
    );
  }
  return sentences.join(' ');
}

/** Whether a reply sends agent-ui@1 envelopes: the `envelopes` scenario, or a user asking for what they show. */
const wantsEnvelopes = (options: ComposerOptions, text: string): boolean =>
  options.scenario === 'envelopes' || (options.scenario === 'summary' && /\b(charts?|maps?|history|scada|envelopes?)\b/i.test(text));

async function streamReply(
  session: Session,
  options: ComposerOptions,
  marker: ProtocolMarker,
  replyTo: string,
  text: string,
  { agentUi, uploads }: ComposerDeps,
  attachments: SentAttachments = [],
): Promise<void> {
  const message = openMessage(session, marker, replyTo);
  const received = attachments.length > 0 ? confirmAttachments(message, uploads, replyTo, attachments) : '';
  const pause = () => (options.delayMs > 0 ? sleep(options.delayMs) : Promise.resolve());
  // A message of files alone (no text) gets only the sentences about them, in every scenario.
  const scripted = text === '' ? '' : options.scenario === 'echo' ? text : scriptedReply(marker, text);
  // A Visual Tour reply is one JSON object, the whole message: the attachment events alone confirm the files.
  const note = marker.mode === 'visual-tour' && scripted !== '' ? '' : received;
  const prelude = text !== '' && (options.scenario === 'tools' || (options.scenario === 'summary' && TOOLS_PROMPT.test(text)));
  if (prelude) {
    // The files are confirmed first, before the reasoning and the tool call.
    if (note !== '') await streamText(message, `${note}\n\n`, options.chunk, pause);
    await toolsPrelude(message, text, options.chunk, pause, options.future);
  }
  const reply = prelude ? scripted : [note, scripted].filter((part) => part !== '').join('\n\n');
  const deltas = toDeltas(reply, options.chunk);
  // Envelopes go out a third of the way into the text, as a tool call's result would.
  const envelopesAt = wantsEnvelopes(options, text) ? Math.floor(deltas.length / 3) : -1;
  for (const [i, delta] of deltas.entries()) {
    if (message.signal.aborted) break;
    if (i === envelopesAt) for (const payload of agentUi.composerEnvelopes(session.id)) message.envelope(payload);
    await pause();
    message.publish({ type: 'text_delta', delta });
  }
  // A later backend reports usage before the end, in an event type this protocol does not have.
  if (options.future && !message.signal.aborted) message.publish(usageEvent as unknown as Parameters<OpenMessage['publish']>[0]);
  message.end();
  // The legacy task behind the todo item reports its progress through a trusted task event.
  if (prelude) session.publish({ type: 'task', task_id: 7, status: 'completed' });
}
