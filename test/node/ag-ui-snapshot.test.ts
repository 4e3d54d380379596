// AG-UI `MESSAGES_SNAPSHOT` (src/protocols/ag-ui/snapshot.ts): the agent's copy of the conversation adds the turns the
// chat lacks, where they stand, and changes nothing the chat shows. Against the reference server's `history` run
// (demo/server/ag-ui-history.ts: each snapshot checked by @ag-ui/core's own schema, written by @ag-ui/encoder), and
// the merge itself on snapshots the spec's message shapes make.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ChatSession, defaultProtocols, ProtocolRegistry, type AssistantMessage, type ChatMessage, type PersistedMessage, type SessionEvent } from '../../src/index.js';
import { MAX_SNAPSHOT_MESSAGES, mergeSnapshot, Snapshots, type SnapshotAdd } from '../../src/protocols/ag-ui/snapshot.js';
import { ReplyWriter } from '../../src/protocols/reply.js';
import { Thread } from '../../src/chat/thread.js';
import type { Connection, ConnectionEvent } from '../../src/protocols/connection.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import { HISTORY_REPLY } from '../../demo/server/ag-ui-history.js';
import { partTypes, turnSession } from './turn-session.js';
import { useAgentServer } from './agent.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();

/**
 * Resolves once the session's history changed with `count` messages (a snapshot's turns are read, then added). Rejects
 * with what the session said when the agent's copy could not be read: nothing else would add them, so the test fails
 * with the reason instead of waiting for ever.
 */
function historyOf(chat: ChatSession, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (chat.messages.length === count) return resolve();
    if (chat.messages.length > count) return reject(new Error(`waiting for ${count} messages, the history holds ${chat.messages.length} already`));
    const off = chat.subscribe((event: SessionEvent) => {
      if (event.type === 'history-change' && event.messages.length === count) {
        off();
        resolve();
      } else if (event.type === 'history-change' && event.messages.length > count) {
        // Past it, no later change comes back to it: fail now, saying what was added (the stall this file had).
        off();
        reject(new Error(`waiting for ${count} messages, the history went to ${event.messages.length}: ${event.messages.map((m) => m.id).join(', ')}`));
      } else if (event.type === 'protocol-error') {
        off();
        reject(new Error(`waiting for ${count} messages (${chat.messages.length} now): ${event.reason}`));
      }
    });
  });
}

/**
 * Sends `text` and resolves with the reply once it completed; rejects when it was interrupted (its snapshots, which
 * the test then waits for, may never have come), saying how it ended and what the session said about the run.
 * (The node run once stalled in this file for its whole 300 s with nothing open: a test waiting for the history of a
 * reply that had ended without its snapshots.)
 */
function completed(chat: ChatSession, text: string): Promise<AssistantMessage> {
  const said: string[] = [];
  const off = chat.subscribe((event) => void ((event.type === 'protocol-error' || event.type === 'protocol-notice') && said.push(event.reason)));
  return new Promise<AssistantMessage>((resolve, reject) => {
    const stop = chat.subscribe((event) => {
      if (event.type === 'message-complete') resolve(event.message);
      else if (event.type === 'message-interrupted') reject(new Error(`"${text}" was interrupted (${event.reason}): ${JSON.stringify(event.message).slice(0, 400)}; said: ${said.join(' | ')}`));
      else return;
      stop();
    });
    const sent = chat.send(text);
    if (!sent.ok) reject(new Error(`not sent: ${sent.reason}`));
  }).finally(off);
}

const user = (id: string, text: string): ChatMessage => ({ id, role: 'user', text });

describe('AG-UI MESSAGES_SNAPSHOT against the reference server', () => {
  test('adds the turn the backend kept before the user’s message, once, with its reasoning, tool call and result; the run’s own turn stays as streamed; a history replays it', async () => {
    const { session: chat, events } = turnSession('ag-ui', `${agent.server.origin}${AG_UI_PATH}`);
    const message = await completed(chat, 'show my history');
    await historyOf(chat, 4);
    const [earlierUser, earlier, ours, ourReply] = chat.messages;
    assert.deepEqual(earlierUser, { id: 'earlier-user', role: 'user', text: 'Where are the sites?' });
    assert.equal(earlier?.role, 'assistant');
    const kept = earlier as AssistantMessage;
    assert.equal(kept.id, 'earlier-assistant');
    assert.equal(kept.text, 'Let me look.\n\nThree sites, all in the **north**.');
    assert.deepEqual(partTypes(kept), ['reasoning', 'text', 'dynamic-tool', 'text']);
    assert.deepEqual(kept.parts.find((p) => p.type === 'dynamic-tool'), { type: 'dynamic-tool', toolName: 'search_sites', toolCallId: 'earlier-call', state: 'output-available', input: { region: 'north' }, output: { sites: 3 } });
    assert.equal(kept.inReplyTo, 'earlier-user');
    assert.equal(ours?.role === 'user' && ours.text, 'show my history');
    assert.equal(ourReply, chat.messages.at(-1));
    assert.equal((ourReply as AssistantMessage).id, message.id);
    assert.equal((ourReply as AssistantMessage).text, HISTORY_REPLY);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error' || e.type === 'protocol-notice'), []);

    // The next run's snapshots hold all of it again: nothing more is added.
    await completed(chat, 'my history again');
    assert.equal(chat.messages.length, 6);
    const replayed = await restore({ messages: chat.persisted });
    assert.deepEqual(replayed.messages.map((m) => (m.role === 'user' ? m : (m as AssistantMessage).parts)), chat.messages.map((m) => (m.role === 'user' ? m : (m as AssistantMessage).parts)));

    // A history set without the earlier turn: the next copy adds it again, in its place.
    await chat.load(chat.persisted.slice(2));
    await completed(chat, 'my history once more');
    await historyOf(chat, 8);
    assert.deepEqual(chat.messages.slice(0, 2).map((m) => m.id), ['earlier-user', 'earlier-assistant']);
    chat.disconnect();
  });
});

describe('the snapshot merge', () => {
  const now = 1_700_000_000_000;
  const assistant = (id: string): ChatMessage => ({ id, role: 'assistant' }) as unknown as ChatMessage;
  const ids = (adds: readonly SnapshotAdd[]): [string | null, string[]][] => adds.map((a) => [a.before, a.messages.map((m) => (m as { id: string }).id)]);

  test('a turn the chat has, by ID or by the same text in its place, is left alone; a turn after the last one the chat has goes at the end', () => {
    const conversation = [user('u1', 'hello'), assistant('a1'), user('u2', 'next')];
    const snapshot = [
      { id: 'u1', role: 'user', content: 'hello' },
      { id: 'x1', role: 'assistant', content: 'A reply the chat shows its own way.' },
      { id: 'renamed', role: 'user', content: [{ type: 'text', text: 'next' }] },
      { id: 'u3', role: 'user', content: 'from another device' },
      { id: 'x3', role: 'assistant', content: 'Answered there.' },
    ];
    const { adds } = mergeSnapshot(snapshot, conversation, undefined, now);
    assert.deepEqual(adds, [
      {
        before: null,
        messages: [
          { id: 'u3', role: 'user', text: 'from another device' },
          { id: 'x3', role: 'assistant', text: 'Answered there.', marker: { inlineUiVersion: null, mode: 'orchestrator' }, sequence: 0, events: [], inReplyTo: 'u3' },
        ],
      },
    ]);
  });

  test('an ID the chat holds wins over the same text: a turn of the same words the chat never had is added before the turns it has', () => {
    const conversation = [user('u1', 'hi'), assistant('a1'), user('u2', 'hi')];
    const snapshot = [
      { id: 'x', role: 'user', content: 'hi' },
      { id: 'xr', role: 'assistant', content: 'Hello there.' },
      { id: 'u1', role: 'user', content: 'hi' },
      { id: 'a1', role: 'assistant', content: 'Hi!' },
      { id: 'u2', role: 'user', content: 'hi' },
    ];
    assert.deepEqual(ids(mergeSnapshot(snapshot, conversation, 'u2', now).adds), [['u1', ['x', 'xr']]]);
  });

  test('a user message of the chat the agent never kept does not stop later ones from matching by text; a turn whose reply the chat holds is the chat’s', () => {
    const conversation = [user('u1', 'a'), assistant('e1'), user('u2', 'b'), assistant('a2'), user('u3', 'c'), assistant('a3')];
    const snapshot = [
      { id: 'X', role: 'user', content: 'b' },
      { id: 'Y', role: 'assistant', content: 'B.' },
      { id: 'Z', role: 'user', content: 'renamed, and not the same words' },
      { id: 'a3', role: 'assistant', content: 'C.' },
      { id: 'W', role: 'user', content: 'new' },
    ];
    assert.deepEqual(ids(mergeSnapshot(snapshot, conversation, undefined, now).adds), [[null, ['W']]]);
  });

  test('a turn the chat has without its reply gets the reply after it; the run in progress never gets one from the copy', () => {
    const conversation = [user('u0', 'old'), user('u1', 'hello')];
    const snapshot = [
      { id: 'u0', role: 'user', content: 'old' },
      { id: 'r0', role: 'assistant', content: 'Old answer.' },
      { id: 'u1', role: 'user', content: 'hello' },
      { id: 'r1', role: 'assistant', content: 'Said so far.' },
    ];
    const { adds } = mergeSnapshot(snapshot, conversation, 'u1', now);
    assert.deepEqual(ids(adds), [['u1', ['r0']]]);
    assert.equal((adds[0]?.messages[0] as { inReplyTo: string }).inReplyTo, 'u0');
    // Once added, it is not added again.
    const withReply = [conversation[0] as ChatMessage, assistant('r0'), conversation[1] as ChatMessage];
    assert.deepEqual(mergeSnapshot(snapshot, withReply, 'u1', now).adds, []);
  });

  test('what was added is not added again, nor is a greeting the chat already shows', () => {
    const snapshot = [{ id: 'g1', role: 'assistant', content: 'Hi!' }, { id: 'u0', role: 'user', content: 'old' }, { id: 'u1', role: 'user', content: 'hello' }];
    assert.deepEqual(ids(mergeSnapshot(snapshot, [user('u1', 'hello')], 'u1', now).adds), [['u1', ['g1', 'u0']]]);
    assert.deepEqual(mergeSnapshot(snapshot, [assistant('g1'), user('u0', 'old'), user('u1', 'hello')], 'u1', now).adds, []);
    assert.deepEqual(mergeSnapshot([{ id: 'g2', role: 'assistant', content: 'Hello again' }], [assistant('a0')], undefined, now).adds, []);
  });

  test('leniently read: messages without an ID or role are skipped, system messages are not shown, a failed tool keeps its error, activities of an added turn are counted', () => {
    const snapshot = [
      null,
      { role: 'user', content: 'no id' },
      { id: 's1', role: 'system', content: 'You are an agent.' },
      { id: 'u9', role: 'user', content: 'run it', extra: true },
      { id: 'a9', role: 'assistant', toolCalls: [{ id: 'c9', type: 'function', function: { name: 'run', arguments: 'not json' } }, { id: 'bad' }] },
      { id: 't9', role: 'tool', toolCallId: 'c9', content: '', error: 'It broke.' },
      { id: 'act', role: 'activity', activityType: 'a2ui-surface', content: {} },
    ];
    const { adds, activities } = mergeSnapshot(snapshot, [], undefined, now);
    assert.equal(activities, 1);
    assert.deepEqual(adds, [
      {
        before: null,
        messages: [
          { id: 'u9', role: 'user', text: 'run it' },
          {
            id: 'a9',
            role: 'assistant',
            text: '',
            marker: { inlineUiVersion: null, mode: 'orchestrator' },
            sequence: 0,
            events: [{ at: 0, receivedAt: now, event: { type: 'tool', tool_call_id: 'c9', tool_name: 'run', input: 'not json', state: 'failed', error: 'It broke.' } }],
            inReplyTo: 'u9',
          },
        ],
      },
    ]);
  });

  test('a copy longer than the limit keeps its newest whole turns', () => {
    const snapshot = Array.from({ length: MAX_SNAPSHOT_MESSAGES + 1 }, (_, i) => (i % 2 === 0 ? { id: `u${i}`, role: 'user', content: `q${i}` } : { id: `a${i}`, role: 'assistant', content: `a${i}` }));
    const { adds } = mergeSnapshot(snapshot, [], undefined, now);
    const first = adds[0]?.messages[0] as { id: string; role: string };
    // The newest 2,000 begin with an assistant message whose user message was cut off: that partial turn is dropped.
    assert.deepEqual([first.role, first.id], ['user', 'u2']);
  });
  test('a message the copy holds twice (an agent that keeps the turns a client posted beside its own) is read once', () => {
    const turn = [user('u1', 'Where are the sites?'), { id: 'a1', role: 'assistant', content: 'North.' }];
    const { adds } = mergeSnapshot([...turn, ...turn, { id: 'u2', role: 'user', content: 'next' }], [user('u2', 'next')], 'u2', now);
    assert.deepEqual(ids(adds), [['u2', ['u1', 'a1']]]);
  });
});

describe('the thread adds messages', () => {
  test('before the message named, at the end for none, nothing where that message is gone, and never an ID it holds', () => {
    const thread = new Thread(defaultProtocols);
    thread.addUserMessage('first', 'u1');
    const made = (id: string): PersistedMessage => ({ id, role: 'user', text: id });
    assert.deepEqual(thread.insert('u1', [made('u0')]).map((m) => m.id), ['u0']);
    assert.deepEqual(thread.insert(null, [made('u2'), made('u1')]).map((m) => m.id), ['u2']);
    assert.deepEqual(thread.messages.map((m) => m.id), ['u0', 'u1', 'u2']);
    const before = thread.messages;
    assert.deepEqual(thread.insert('gone', [made('u3')]), []);
    assert.equal(thread.messages, before, 'unchanged: the same list');
  });
});

describe('a connection adds messages (messages-add)', () => {
  /** A session on a made-up protocol whose connection says what the test gives it. */
  function sessionWith(): { session: ChatSession; events: SessionEvent[]; say: (event: ConnectionEvent) => void } {
    const listeners = new Set<(event: ConnectionEvent) => void>();
    const connection: Connection = {
      state: 'open',
      source: {},
      connect: () => undefined,
      close: () => undefined,
      send: () => true,
      carries: () => false,
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    };
    const protocols = new ProtocolRegistry([...defaultProtocols.registrations, { name: 'adds', eager: true, connections: ['adds'], load: () => ({ name: 'adds', connections: { adds: () => connection } }) }]);
    const session = new ChatSession({ protocols });
    session.configure({ connection: { kind: 'adds', url: 'https://agent.example/' } });
    const events: SessionEvent[] = [];
    session.subscribe((event) => events.push(event));
    session.connect();
    return { session, events, say: (event) => listeners.forEach((listener) => listener(event)) };
  }
  const made = (id: string): PersistedMessage => ({ id, role: 'user', text: id });

  test('adds them at once and says the history changed; where their place is gone, or an ID is the chat’s, says so and adds nothing of those', async () => {
    const { session, events, say } = sessionWith();
    await session.load([made('u1')]);
    say({ type: 'messages-add', before: 'u1', messages: [made('u0')] });
    assert.deepEqual(session.messages.map((m) => m.id), ['u0', 'u1']);
    assert.deepEqual((events.findLast((e) => e.type === 'history-change') as { messages: PersistedMessage[] } | undefined)?.messages.map((m) => m.id), ['u0', 'u1']);
    say({ type: 'messages-add', before: 'gone', messages: [made('u9')] });
    say({ type: 'messages-add', before: null, messages: [made('u1'), made('u2')] });
    assert.deepEqual(session.messages.map((m) => m.id), ['u0', 'u1', 'u2']);
    const errors = events.flatMap((e) => (e.type === 'protocol-error' ? [e.reason] : []));
    assert.equal(errors.length, 2);
    assert.match(errors[0] ?? '', /^1 message\(s\) the agent kept could not be added/);
    session.disconnect();
  });
});

describe('a snapshot read by its connection (Snapshots)', () => {
  test('what the history check could not read of an added message is said, and the rest is added', async () => {
    const out: ConnectionEvent[] = [];
    const added = new Promise<void>((resolve) => {
      const reply = new ReplyWriter((event) => (out.push(event), event.type === 'messages-add' && resolve()), undefined, () => 'a1');
      // A reasoning ID longer than a record keeps (128 characters): that record cannot be read back.
      new Snapshots(() => []).read(
        {
          messages: [
            { id: 'u1', role: 'user', content: 'Where?' },
            { id: 'r'.repeat(150), role: 'reasoning', content: 'Thinking.' },
            { id: 'a1', role: 'assistant', content: 'North.' },
          ],
        },
        reply,
        undefined,
      );
    });
    await added;
    const said = out.find((e) => e.type === 'protocol-error');
    assert.match(said?.type === 'protocol-error' ? said.reason : '', /^The agent’s copy of the conversation: .*1 record\(s\) that could not be read/);
    const add = out.find((e) => e.type === 'messages-add');
    assert.deepEqual(add?.type === 'messages-add' && add.messages.map((m) => [m.id, m.role === 'assistant' ? m.events.length : null]), [['u1', null], ['a1', 0]]);
  });

  test('a copy still waiting when the chat shows another history is not merged into it', async () => {
    const out: ConnectionEvent[] = [];
    const snapshots = new Snapshots(() => []);
    const added = new Promise<void>((resolve) => {
      const reply = new ReplyWriter((event) => (out.push(event), event.type === 'messages-add' && resolve()), undefined, () => 'a1');
      // The first copy is read (its merge waits for the history check to load), then the chat loads a history.
      snapshots.read({ messages: [{ id: 'old', role: 'user', content: 'Before the history was loaded.' }] }, reply, undefined);
      snapshots.historyShown();
      snapshots.read({ messages: [{ id: 'new', role: 'user', content: 'After it.' }] }, reply, undefined);
    });
    // Merged in the order they came: once the second is added, the first would have been, had it not been dropped.
    await added;
    assert.deepEqual(out.flatMap((e) => (e.type === 'messages-add' ? e.messages.map((m) => m.id) : [])), ['new']);
  });

  test('a copy a run sends after the chat showed another history, the run having begun before it, is not merged either', async () => {
    const out: ConnectionEvent[] = [];
    const snapshots = new Snapshots(() => []);
    const added = new Promise<void>((resolve) => {
      const reply = new ReplyWriter((event) => (out.push(event), event.type === 'messages-add' && resolve()), undefined, () => 'a1');
      // A run began (its reader made), then the chat loaded a history (a user switched conversations mid-reply), then
      // that run's copy came; a run begun after the load sends its own.
      const before = snapshots.forRun();
      snapshots.historyShown();
      before.read({ messages: [{ id: 'old', role: 'user', content: 'Of the conversation before.' }] }, reply, undefined);
      snapshots.forRun().read({ messages: [{ id: 'new', role: 'user', content: 'Of this one.' }] }, reply, undefined);
    });
    await added;
    assert.deepEqual(out.flatMap((e) => (e.type === 'messages-add' ? e.messages.map((m) => m.id) : [])), ['new']);
  });
});
