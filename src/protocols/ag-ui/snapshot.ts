import type { ChatMessage } from '../../message/messages.js';
import type { ConnectionEvent } from '../connection.js';
import type { ReplyWriter } from '../reply.js';
import { isObject, parseArgs, str, type Loose } from './values.js';

/*
 * AG-UI `MESSAGES_SNAPSHOT`, the agent's own copy of the conversation, read as a merge (README "AG-UI"): the chat
 * keeps what it shows, since its replies hold views, surfaces and records a snapshot has no room for, and adds what it
 * lacks where it stands. A turn is a user message and what follows it up to the next one. A turn whose user message
 * the chat holds (by ID; or, when the chat holds no message of that ID, by the same text as the chat's next user
 * message whose ID the snapshot does not name) is the chat's own: left as it is, except that a reply the chat lacks
 * for it is added after it. A turn the chat lacks is added before the chat's next matched user message, or at the
 * end: its user message, then one reply made of the turn's assistant text, tool calls with their results, and
 * reasoning. Nothing is removed. Everything is decided against the conversation as it stands when the snapshot
 * comes; the messages go once the check of a history from outside has loaded (a file of its own).
 */

/** The most messages of a snapshot read: a longer one keeps its newest, whole turns (said once). */
export const MAX_SNAPSHOT_MESSAGES = 2000;

type Message = Loose & { readonly id: string };

interface Turn {
  readonly user: Message | null;
  readonly rest: Message[];
}

/** A message's text: a string, or the text parts of a user message's content (AG-UI `InputContent`). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.flatMap((part) => (isObject(part) && part['type'] === 'text' && typeof part['text'] === 'string' ? [part['text']] : [])).join('\n\n');
}

/** The snapshot's messages (each with an ID and a role) as turns; a snapshot cut to its newest drops a partial turn. */
function turnsOf(messages: readonly unknown[]): Turn[] {
  const turns: Turn[] = [];
  const cut = messages.length > MAX_SNAPSHOT_MESSAGES;
  for (const m of messages.slice(-MAX_SNAPSHOT_MESSAGES)) {
    if (!isObject(m) || !str(m['id'], 200) || typeof m['role'] !== 'string') continue;
    const message = m as Message;
    if (m['role'] === 'user') turns.push({ user: message, rest: [] });
    else if (turns.length === 0) turns.push({ user: null, rest: [message] });
    else turns.at(-1)?.rest.push(message);
  }
  return cut ? turns.filter((turn) => turn.user !== null) : turns;
}

/** A turn's reply in the persisted format (null when it says nothing the chat shows); its activities left out. */
function persistReply(turn: Turn, now: number): { readonly reply: unknown; readonly activities: number } {
  const results = new Map(turn.rest.flatMap((m) => (m['role'] === 'tool' && str(m['toolCallId']) ? [[m['toolCallId'] as string, m] as const] : [])));
  let text = '';
  const events: unknown[] = [];
  let activities = 0;
  for (const m of turn.rest) {
    if (m['role'] === 'activity') activities++;
    if (m['role'] === 'reasoning') events.push({ at: text.length, receivedAt: now, event: { type: 'reasoning', reasoning_id: m.id, text: textOf(m['content']), state: 'done' } });
    if (m['role'] !== 'assistant') continue;
    const said = textOf(m['content']);
    if (said) text += `${text ? '\n\n' : ''}${said}`;
    for (const call of Array.isArray(m['toolCalls']) ? m['toolCalls'] : []) {
      const fn = isObject(call) ? call['function'] : undefined;
      const id = isObject(call) ? str(call['id']) : undefined;
      if (!id || !isObject(fn)) continue;
      const result = results.get(id);
      // A call the copy holds no result for is shown as the agent left it: running.
      const outcome = !result ? { state: 'running' } : typeof result['error'] === 'string' ? { state: 'failed', error: result['error'].slice(0, 2000) } : { state: 'completed', output: parseArgs(textOf(result['content'])) };
      const input = typeof fn['arguments'] === 'string' ? parseArgs(fn['arguments']) : undefined;
      events.push({ at: text.length, receivedAt: now, event: { type: 'tool', tool_call_id: id, tool_name: str(fn['name'], 128) ?? 'tool', input, ...outcome } });
    }
  }
  const first = turn.rest.find((m) => m['role'] === 'assistant') ?? turn.rest.find((m) => m['role'] !== 'activity');
  const reply = first && (text || events.length > 0) ? { id: first.id, role: 'assistant', text, marker: { inlineUiVersion: null, mode: 'orchestrator' }, sequence: 0, events, ...(turn.user ? { inReplyTo: turn.user.id } : {}) } : null;
  return { reply, activities };
}

/** One place the snapshot adds messages: before the message `before` (null: at the end), not yet read. */
export interface SnapshotAdd {
  readonly before: string | null;
  readonly messages: readonly unknown[];
}

/**
 * What a snapshot adds to `conversation` (as it stands), in order, and how many activity messages of the turns it
 * adds it left out. `pending` holds the IDs of messages earlier snapshots add that the chat does not hold yet; `asked`
 * is the user message the run in progress answers (its reply is the run's own, never the snapshot's).
 */
export function mergeSnapshot(snapshot: readonly unknown[], conversation: readonly ChatMessage[], pending: ReadonlySet<string>, asked: string | undefined, now = Date.now()): { readonly adds: SnapshotAdd[]; readonly activities: number } {
  const index = new Map(conversation.map((m, i) => [m.id, i]));
  const known = (id: string): boolean => index.has(id) || pending.has(id);
  const turns = turnsOf(snapshot);
  const named = new Set(turns.flatMap((turn) => (turn.user ? [turn.user.id] : [])));
  // The chat's user messages the snapshot may match by text: those whose ID it does not name.
  const byText = conversation.filter((m) => m.role === 'user' && !named.has(m.id));
  const adds: SnapshotAdd[] = [];
  let waiting: unknown[] = [];
  let next = 0;
  let activities = 0;
  const flush = (before: string | null): void => {
    if (waiting.length > 0) adds.push({ before, messages: waiting });
    waiting = [];
  };
  for (const turn of turns) {
    const user = turn.user;
    if (!user) {
      // Messages before any user message (a greeting): the chat's when it shows one of them, or a greeting of its own.
      if (turn.rest.some((m) => known(m.id)) || conversation[0]?.role === 'assistant') continue;
    }
    let matched = user && known(user.id) ? user.id : null;
    if (user && !matched && byText[next]?.text === textOf(user['content'])) matched = byText[next++]?.id ?? null;
    if (user && matched) {
      flush(matched);
      const at = index.get(matched);
      const after = at === undefined ? undefined : conversation[at + 1];
      const answered = at === undefined || matched === asked || after?.role === 'assistant' || turn.rest.some((m) => known(m.id));
      const made = answered ? null : persistReply(turn, now);
      if (made?.reply) adds.push({ before: after?.id ?? null, messages: [{ ...(made.reply as object), inReplyTo: matched }] });
      activities += made?.activities ?? 0;
      continue;
    }
    const made = persistReply(turn, now);
    if (user) waiting.push({ id: user.id, role: 'user', text: textOf(user['content']) });
    if (made.reply) waiting.push(made.reply);
    activities += made.activities;
  }
  flush(null);
  return { adds, activities };
}

/**
 * The snapshots of one connection: each merged against the conversation as it stands, its messages read by the
 * check of a history from outside (loaded on first need) and added in the order they came.
 */
export class Snapshots {
  readonly #messages: () => readonly ChatMessage[];
  /** The IDs of the messages on their way (read, not added yet). */
  readonly #pending = new Set<string>();
  #queue: Promise<void> = Promise.resolve();

  constructor(messages: () => readonly ChatMessage[]) {
    this.#messages = messages;
  }

  read(event: Loose, reply: ReplyWriter, asked: string | undefined): void {
    const snapshot = event['messages'];
    if (!Array.isArray(snapshot)) return reply.say({ type: 'protocol-error', reason: 'An AG-UI "MESSAGES_SNAPSHOT" event lacks a field it needs; it was skipped.' });
    if (snapshot.length > MAX_SNAPSHOT_MESSAGES) reply.say({ type: 'protocol-notice', key: 'ag-ui:snapshot-long', reason: `The agent’s copy of the conversation holds more than ${MAX_SNAPSHOT_MESSAGES} messages; only its newest were read.` });
    const { adds, activities } = mergeSnapshot(snapshot, this.#messages(), this.#pending, asked);
    if (activities > 0) reply.say({ type: 'protocol-notice', key: 'ag-ui:snapshot-activity', reason: 'The agent’s copy of the conversation holds activities (an A2UI surface) of turns this chat did not see; they are not shown.' });
    if (adds.length === 0) return;
    const ids = adds.flatMap((add) => add.messages.map((m) => (m as { readonly id: string }).id));
    for (const id of ids) this.#pending.add(id);
    const read = import('../../chat/persisted-schema.js');
    this.#queue = this.#queue.then(() =>
      read.then(
        ({ checkPersistedHistory, describeChecked }) => {
          for (const add of adds) {
            const checked = checkPersistedHistory(add.messages);
            const said = describeChecked(checked);
            if (said) reply.say({ type: 'protocol-error', reason: `The agent’s copy of the conversation: ${said}` });
            if (checked) reply.say({ type: 'messages-add', before: add.before, messages: checked.messages } satisfies ConnectionEvent);
          }
        },
        () => reply.say({ type: 'protocol-error', reason: 'The agent’s copy of the conversation could not be read: the code that reads a history did not load.' }),
      ).finally(() => {
        for (const id of ids) this.#pending.delete(id);
      }),
    );
  }
}
