import type { AssistantMessage, PersistedMessage } from '../message/messages.js';
import type { InterruptPart, MantisPart, ToolPart } from '../message/parts.js';
import type { Answer, Connection } from '../protocols/connection.js';
import type { SessionEvent } from './session-events.js';
import type { Thread } from './thread.js';

/*
 * The user's answers to what an agent asked in a reply (AI SDK tool approvals, AG-UI interrupts): each answer is kept
 * with its message (so it survives a reload as answered, and is given once), and once every question of the message
 * is answered they go to the agent together, and the agent goes on in that message. Only a connection that carries
 * answers gets them; no other shows the buttons.
 */

export interface AnswerHost {
  readonly thread: Thread;
  readonly connection: Connection | null;
  readonly persisted: () => PersistedMessage[];
  emit(event: SessionEvent): void;
}

/** A tool call waiting for the user's approval (one decided without the user is not). */
export const awaitsApproval = (part: MantisPart): part is Extract<ToolPart, { state: 'approval-requested' }> =>
  part.type === 'dynamic-tool' && part.state === 'approval-requested' && part.approval.isAutomatic !== true;

/** An interrupt still to be answered, and still answerable at `now`. */
export const awaitsAnswer = (part: MantisPart, now: number): part is InterruptPart =>
  part.type === 'data-mantis-interrupt' && !part.data.answer && !(part.data.expiresAt !== undefined && part.data.expiresAt <= now);

/** The answers a message holds for the agent: its approvals answered, and its latest run's interrupts answered. */
function answersOf(message: AssistantMessage): Answer[] {
  const run = (message.parts.findLast((p) => p.type === 'data-mantis-interrupt') as InterruptPart | undefined)?.data.run;
  return message.parts.flatMap((part): Answer[] => {
    if (part.type === 'dynamic-tool' && part.state === 'approval-responded') {
      const { approved, reason } = part.approval;
      return [{ kind: 'approval', toolCallId: part.toolCallId, approved, ...(reason === undefined ? {} : { reason }) }];
    }
    if (part.type !== 'data-mantis-interrupt' || !part.data.answer || part.data.run !== run) return [];
    const { status, payload } = part.data.answer;
    return [{ kind: 'interrupt', interruptId: part.id, status, ...(payload === undefined ? {} : { payload }) }];
  });
}

/** The record that keeps an answer with its message; null when the message asks no such open question. */
function recordOf(message: AssistantMessage, answer: Answer, now: number): Readonly<Record<string, unknown>> & { readonly type: string } | null {
  if (answer.kind === 'approval') {
    const part = message.parts.find((p) => awaitsApproval(p) && p.toolCallId === answer.toolCallId);
    if (!part || part.type !== 'dynamic-tool' || part.state !== 'approval-requested') return null;
    const reason = answer.reason?.trim().slice(0, 2000);
    // The protocol that asked owns the `approval` record (the AI SDK's): the answer grows the request.
    return { type: 'approval', tool_call_id: part.toolCallId, approval: { id: part.approval.id, approved: answer.approved, ...(reason ? { reason } : {}) } };
  }
  const part = message.parts.find((p) => awaitsAnswer(p, now) && p.id === answer.interruptId);
  if (!part) return null;
  return { type: 'interrupt', id: answer.interruptId, answer: { status: answer.status, ...(answer.payload === undefined ? {} : { payload: answer.payload }) } };
}

/** The answers that went to the agent, by thread (a message's ID and its answers): the same answers go once. */
const sentAnswers = new WeakMap<Thread, Set<string>>();

/** Sends the message's answers unless a question is still open or they went already; true when sent now. */
function sendIfAnswered(host: AnswerHost, connection: Connection, message: AssistantMessage, now: number): boolean {
  if (message.parts.some((p) => awaitsApproval(p) || awaitsAnswer(p, now))) return false;
  const answers = answersOf(message);
  const sent = sentAnswers.get(host.thread) ?? new Set<string>();
  sentAnswers.set(host.thread, sent);
  const key = `${message.id} ${JSON.stringify(answers)}`;
  if (sent.has(key)) return false;
  sent.add(key);
  connection.send({ type: 'answers', messageId: message.id, answers, conversation: host.thread.messages });
  return true;
}

/**
 * Once the last question still open expires (an interrupt's `expiresAt`), the answers given go without it, as they
 * would have had it expired before the user answered: never kept and not sent. Only while the message is still the
 * latest, no reply streams and the session still talks through the connection the answers were given on; if that
 * connection is not open then, the answers cannot go, and that is said.
 */
function sendAtExpiry(host: AnswerHost, connection: Connection, messageId: string, now: number): void {
  const message = host.thread.assistant(messageId);
  const open = message?.parts.filter((p) => awaitsApproval(p) || awaitsAnswer(p, now)) ?? [];
  if (open.length === 0 || !open.every((p) => p.type === 'data-mantis-interrupt' && p.data.expiresAt !== undefined)) return;
  const last = Math.max(...open.map((p) => (p.type === 'data-mantis-interrupt' ? (p.data.expiresAt ?? 0) : 0)));
  // At most 2^31 - 1 ms, which a timer can wait (a longer delay would fire at once): a question still open when it
  // fires waits again.
  const timer = setTimeout(() => {
    const later = host.thread.assistant(messageId);
    const latest = host.thread.messages.at(-1)?.id === messageId && host.thread.streaming.length === 0;
    if (!later || !latest || host.connection !== connection) return;
    const at = Date.now();
    if (later.parts.some((p) => awaitsApproval(p) || awaitsAnswer(p, at))) return sendAtExpiry(host, connection, messageId, at);
    if (connection.state === 'open') sendIfAnswered(host, connection, later, at);
    else host.emit({ type: 'protocol-error', reason: 'Your answers could not be sent: the connection was not open when the question they waited for expired.' });
  }, Math.min(Math.max(0, last - now) + 1, 2_147_483_647));
  // A program in Node does not stay up for it.
  (timer as { unref?: () => void }).unref?.();
}

/**
 * Keeps the user's answer to a question of the message `messageId` and, once none is left open, sends the message's
 * answers (or once the last one open expires, without it). False when nothing was kept: the connection carries no
 * answers or is not open, the message is not the conversation's latest or a reply streams, or it asks no such open
 * question (already answered, expired, decided without the user).
 */
export function answer(host: AnswerHost, messageId: string, given: Answer, now = Date.now()): boolean {
  const connection = host.connection;
  const message = host.thread.assistant(messageId);
  // Only the latest reply's questions, as the AI SDK's client answers only its last message: a conversation that went
  // on has left them behind (the agent would go on from its last message, not this one).
  const latest = host.thread.messages.at(-1)?.id === messageId && host.thread.streaming.length === 0;
  if (!connection?.carries('answers') || connection.state !== 'open' || !message || !latest) return false;
  const record = recordOf(message, given, now);
  const changed = record && host.thread.update(messageId, record, false);
  if (!changed) return false;
  host.emit({ type: 'messages' });
  host.emit({ type: 'history-change', messages: host.persisted() });
  if (!sendIfAnswered(host, connection, changed, now)) sendAtExpiry(host, connection, messageId, now);
  return true;
}
