import type { ChatMessage } from '../../message/messages.js';
import type { ConnectionEvent } from '../connection.js';

/*
 * AG-UI `MESSAGES_SNAPSHOT`, the agent's own copy of the conversation, read as a merge (docs/protocol.md "AG-UI"):
 * the chat keeps what it shows, since its replies hold views, surfaces and records a snapshot has no room for, and
 * adds the turns it lacks where they stand. A turn is a user message and what follows it up to the next one. A turn
 * whose user message the chat has (by ID, or by the same text as the chat's next user message) is the chat's own and
 * is left as it is. A turn it lacks is added before the chat's next matched user message, or at the end: its user
 * message, then one reply made of the turn's assistant text, tool calls with their results, and reasoning. Nothing is
 * removed. Activity messages of an added turn (an A2UI surface) are not rebuilt: said once.
 */

type Loose = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, max = 256): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);

/** The most messages of a snapshot read (a longer conversation keeps its newest). */
export const MAX_SNAPSHOT_MESSAGES = 2000;

/** A message's text: a string, or the text parts of a user message's content (AG-UI `InputContent`). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.flatMap((part) => (isObject(part) && part['type'] === 'text' && typeof part['text'] === 'string' ? [part['text']] : [])).join('\n\n');
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

interface Turn {
  readonly user: (Loose & { readonly id: string }) | null;
  readonly rest: (Loose & { readonly id: string })[];
}

/** The snapshot's messages (each with an ID and a role) as turns. */
function turnsOf(messages: readonly unknown[]): Turn[] {
  const turns: Turn[] = [];
  for (const m of messages.slice(-MAX_SNAPSHOT_MESSAGES)) {
    if (!isObject(m) || !str(m['id']) || typeof m['role'] !== 'string') continue;
    const message = m as Loose & { readonly id: string };
    if (m['role'] === 'user') turns.push({ user: message, rest: [] });
    else if (turns.length === 0) turns.push({ user: null, rest: [message] });
    else turns.at(-1)?.rest.push(message);
  }
  return turns;
}

/** A turn the chat lacks, in the persisted format; how many activity messages it left out. */
function persistTurn(turn: Turn, now: number): { readonly messages: unknown[]; readonly activities: number } {
  const messages: unknown[] = turn.user ? [{ id: turn.user.id, role: 'user', text: textOf(turn.user['content']) }] : [];
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
      const input = typeof fn['arguments'] === 'string' && fn['arguments'] ? parsed(fn['arguments']) : undefined;
      const outcome = !result ? { state: 'running' } : typeof result['error'] === 'string' ? { state: 'failed', error: result['error'].slice(0, 2000) } : { state: 'completed', output: parsed(textOf(result['content'])) };
      events.push({ at: text.length, receivedAt: now, event: { type: 'tool', tool_call_id: id, tool_name: str(fn['name'], 128) ?? 'tool', input, ...outcome } });
    }
  }
  const first = turn.rest.find((m) => m['role'] === 'assistant') ?? turn.rest.find((m) => m['role'] !== 'activity');
  if (first && (text || events.length > 0)) {
    messages.push({ id: first.id, role: 'assistant', text, marker: { inlineUiVersion: null, mode: 'orchestrator' }, sequence: 0, events, ...(turn.user ? { inReplyTo: turn.user.id } : {}) });
  }
  return { messages, activities };
}

/**
 * What a snapshot adds to `conversation`: one `messages-add` per place, then a notice for what it left out. `added`
 * holds the IDs of the messages earlier snapshots of the connection added; those this one adds join them.
 */
export function snapshotEvents(snapshot: unknown, conversation: readonly ChatMessage[], added: Set<string>, now = Date.now()): ConnectionEvent[] {
  if (!Array.isArray(snapshot)) return [{ type: 'protocol-error', reason: 'An AG-UI "MESSAGES_SNAPSHOT" event lacks a field it needs; it was skipped.' }];
  const ours = conversation.filter((m) => m.role === 'user');
  const ids = new Set([...conversation.map((m) => m.id), ...added]);
  const out: ConnectionEvent[] = [];
  let next = 0;
  let waiting: unknown[] = [];
  let activities = 0;
  for (const turn of turnsOf(snapshot)) {
    let matched: string | null = null;
    // A turn an earlier snapshot added (the chat may not show it yet: it is read first) is the chat's too.
    if (turn.user && added.has(turn.user.id)) continue;
    if (turn.user) {
      const at = ours.findIndex((m, i) => i >= next && m.id === turn.user?.id);
      const index = at !== -1 ? at : ours[next]?.text === textOf(turn.user['content']) ? next : -1;
      if (index !== -1) [matched, next] = [ours[index]?.id ?? null, index + 1];
    } else if (turn.rest.some((m) => ids.has(m.id)) || conversation[0]?.role === 'assistant') continue;
    if (matched === null) {
      const made = persistTurn(turn, now);
      for (const m of made.messages) added.add((m as { readonly id: string }).id);
      waiting.push(...made.messages);
      activities += made.activities;
    } else if (waiting.length > 0) {
      out.push({ type: 'messages-add', before: matched, messages: waiting });
      waiting = [];
    }
  }
  if (waiting.length > 0) out.push({ type: 'messages-add', before: null, messages: waiting });
  if (activities > 0) out.push({ type: 'protocol-notice', key: 'ag-ui:snapshot-activity', reason: 'The agent’s copy of the conversation holds activities (an A2UI surface) of turns this chat did not see; they are not shown.' });
  return out;
}
