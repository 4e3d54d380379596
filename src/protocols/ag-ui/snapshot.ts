import type { ChatMessage } from '../../message/messages.js';
import type { ConnectionEvent } from '../connection.js';
import type { ReplyWriter } from '../reply.js';
import { isObject, parseArgs, str, type Loose } from './values.js';

/*
 * AG-UI `MESSAGES_SNAPSHOT`, the agent's own copy of the conversation, read as a merge (README "AG-UI"): the chat
 * keeps what it shows, since its replies hold views, surfaces and records a snapshot has no room for, and adds what it
 * lacks where it stands. A turn is a user message and what follows it up to the next one. A turn whose user message
 * the chat holds (by ID; or, when the chat holds no message of that ID, by the same text as a later user message of
 * the chat whose ID the snapshot does not name), or one of whose replies it holds, is the chat's own: left as it is,
 * except that a reply the chat lacks for it is added after it. A turn the chat lacks is added before the chat's next
 * matched user message, or at the end: its user message, then one reply made of the turn's assistant text, tool calls
 * with their results, and reasoning. Nothing is removed. Each snapshot is merged once the check of a history from outside has loaded (a file
 * of its own), in the order they came, against the conversation as it stands then, and what it adds is added at once.
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

/**
 * The snapshot's messages (each with an ID and a role) as turns; a snapshot cut to its newest drops a partial turn. A
 * message whose ID came before in the snapshot is the same message again (an agent that keeps the turns a client sent
 * it beside its own): only its first is read.
 */
function turnsOf(messages: readonly unknown[]): Turn[] {
  const turns: Turn[] = [];
  const cut = messages.length > MAX_SNAPSHOT_MESSAGES;
  const seen = new Set<unknown>();
  for (const m of messages.slice(-MAX_SNAPSHOT_MESSAGES)) {
    if (!isObject(m) || !str(m['id'], 200) || typeof m['role'] !== 'string' || seen.has(m['id'])) continue;
    seen.add(m['id']);
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
 * adds it left out. `asked` is the user message the run in progress answers: its reply is the run's own, never the
 * snapshot's.
 */
export function mergeSnapshot(snapshot: readonly unknown[], conversation: readonly ChatMessage[], asked: string | undefined, now = Date.now()): { readonly adds: SnapshotAdd[]; readonly activities: number } {
  const index = new Map(conversation.map((m, i) => [m.id, i]));
  const turns = turnsOf(snapshot);
  const named = new Set(turns.flatMap((turn) => (turn.user ? [turn.user.id] : [])));
  // The chat's user messages the snapshot may match by text: those whose ID it does not name, in order.
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
    // A turn one of whose replies the chat holds is the chat's (placed before that reply's user message, if any).
    const held = turn.rest.find((m) => index.has(m.id));
    if (!user || (!index.has(user.id) && held)) {
      // Messages before any user message (a greeting) are the chat's when it shows one of them, or a greeting of its own.
      if (held || (!user && conversation[0]?.role === 'assistant')) {
        const at = held ? (index.get(held.id) ?? 0) : 0;
        flush(at > 0 && conversation[at - 1]?.role === 'user' ? (conversation[at - 1]?.id ?? null) : (conversation[at]?.id ?? null));
        continue;
      }
    }
    let matched = user && index.has(user.id) ? user.id : null;
    if (user && !matched) {
      const text = textOf(user['content']);
      const found = byText.findIndex((m, i) => i >= next && m.text === text);
      if (found !== -1) [matched, next] = [byText[found]?.id ?? null, found + 1];
    }
    if (user && matched) {
      flush(matched);
      const at = index.get(matched) ?? -1;
      const after = conversation[at + 1];
      const made = matched === asked || after?.role === 'assistant' ? null : persistReply(turn, now);
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
 * The snapshots of one connection, in the order they came: each merged once the check of a history from outside is
 * here (a file loaded on first need), against the conversation as it stands then, and its messages added at once. One
 * still waiting when the chat shows another history (`historyShown`) is dropped: the conversation it was the agent's
 * copy of is no longer the one on screen.
 */
export class Snapshots {
  readonly #messages: () => readonly ChatMessage[];
  #queue: Promise<void> = Promise.resolve();
  /** Counts the histories shown: a snapshot read under an earlier count is not merged. */
  #shown = 0;

  constructor(messages: () => readonly ChatMessage[]) {
    this.#messages = messages;
  }

  /** The chat showed another history (it loaded one): the snapshots still waiting are not merged into it. */
  historyShown(): void {
    this.#shown++;
  }

  /** The reader of one run's snapshots: a copy it sends after the chat showed another history is not merged either. */
  forRun(): Pick<Snapshots, 'read'> {
    const shown = this.#shown;
    return { read: (event, reply, asked) => this.read(event, reply, asked, shown) };
  }

  /** Merges a copy, unless the chat showed another history since `shown` (when its run began) or before its turn. */
  read(event: Loose, reply: ReplyWriter, asked: string | undefined, shown = this.#shown): void {
    const snapshot = event['messages'];
    if (!Array.isArray(snapshot)) return reply.say({ type: 'protocol-error', reason: 'An AG-UI "MESSAGES_SNAPSHOT" event lacks a field it needs; it was skipped.' });
    this.#queue = this.#queue.then(async () => {
      try {
        const { checkPersistedHistory, describeChecked } = await import('../../chat/persisted-schema.js');
        if (shown !== this.#shown) return;
        if (snapshot.length > MAX_SNAPSHOT_MESSAGES) reply.say({ type: 'protocol-notice', key: 'ag-ui:snapshot-long', reason: `The agent’s copy of the conversation holds more than ${MAX_SNAPSHOT_MESSAGES} messages; only its newest were read.` });
        const { adds, activities } = mergeSnapshot(snapshot, this.#messages(), asked);
        if (activities > 0) reply.say({ type: 'protocol-notice', key: 'ag-ui:snapshot-activity', reason: 'The agent’s copy of the conversation holds activities (an A2UI surface) of turns this chat did not see; they are not shown.' });
        for (const add of adds) {
          const checked = checkPersistedHistory(add.messages);
          const said = describeChecked(checked);
          if (said) reply.say({ type: 'protocol-error', reason: `The agent’s copy of the conversation: ${said}` });
          if (checked) reply.say({ type: 'messages-add', before: add.before, messages: checked.messages } satisfies ConnectionEvent);
        }
      } catch {
        reply.say({ type: 'protocol-error', reason: 'The agent’s copy of the conversation could not be read (the code that reads a history did not load); nothing of it was added.' });
      }
    });
  }
}
