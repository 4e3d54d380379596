// AG-UI `MESSAGES_SNAPSHOT` (src/protocols/ag-ui/snapshot.ts): the agent's copy of the conversation adds the turns the
// chat lacks, where they stand, and changes nothing the chat shows. Against the reference server's `history` run
// (demo/server/ag-ui-history.ts: each snapshot checked by @ag-ui/core's own schema, written by @ag-ui/encoder), and
// the merge itself on snapshots the spec's message shapes make.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AssistantMessage, ChatMessage, ChatSession, SessionEvent } from '../../src/index.js';
import { snapshotEvents } from '../../src/protocols/ag-ui/snapshot.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import { HISTORY_REPLY } from '../../demo/server/ag-ui-history.js';
import { partTypes, reply, turnSession } from './turn-session.js';
import { useAgentServer } from './agent.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();

/** Resolves once the session's history changed with `count` messages (a snapshot's turns are read, then added). */
function historyOf(chat: ChatSession, count: number): Promise<void> {
  return new Promise((resolve) => {
    if (chat.messages.length === count) return resolve();
    const off = chat.subscribe((event: SessionEvent) => {
      if (event.type === 'history-change' && event.messages.length === count) {
        off();
        resolve();
      }
    });
  });
}

const user = (id: string, text: string): ChatMessage => ({ id, role: 'user', text });

describe('AG-UI MESSAGES_SNAPSHOT against the reference server', () => {
  test('adds the turn the backend kept before the user’s message, once, with its reasoning, tool call and result; the run’s own turn stays as streamed; a history replays it', async () => {
    const { session: chat, events } = turnSession('ag-ui', `${agent.server.origin}${AG_UI_PATH}`);
    const message = await reply(chat, 'show my history');
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
    await reply(chat, 'my history again');
    assert.equal(chat.messages.length, 6);
    const replayed = await restore({ messages: chat.persisted });
    assert.deepEqual(replayed.messages.map((m) => (m.role === 'user' ? m : (m as AssistantMessage).parts)), chat.messages.map((m) => (m.role === 'user' ? m : (m as AssistantMessage).parts)));
    chat.disconnect();
  });
});

describe('the snapshot merge', () => {
  const now = 1_700_000_000_000;

  test('a turn the chat has, by ID or by the same text in its place, is left alone; a turn after the last one the chat has goes at the end', () => {
    const conversation = [user('u1', 'hello'), { id: 'a1', role: 'assistant' } as unknown as ChatMessage, user('u2', 'next')];
    const snapshot = [
      { id: 'u1', role: 'user', content: 'hello' },
      { id: 'x1', role: 'assistant', content: 'A reply the chat shows its own way.' },
      { id: 'renamed', role: 'user', content: [{ type: 'text', text: 'next' }] },
      { id: 'u3', role: 'user', content: 'from another device' },
      { id: 'x3', role: 'assistant', content: 'Answered there.' },
    ];
    const events = snapshotEvents(snapshot, conversation, new Set(), now);
    assert.deepEqual(events, [
      {
        type: 'messages-add',
        before: null,
        messages: [
          { id: 'u3', role: 'user', text: 'from another device' },
          { id: 'x3', role: 'assistant', text: 'Answered there.', marker: { inlineUiVersion: null, mode: 'orchestrator' }, sequence: 0, events: [], inReplyTo: 'u3' },
        ],
      },
    ]);
  });

  test('what an earlier snapshot added is not added again, nor is a greeting the chat already shows', () => {
    const added = new Set<string>();
    const snapshot = [{ id: 'g1', role: 'assistant', content: 'Hi!' }, { id: 'u0', role: 'user', content: 'old' }, { id: 'u1', role: 'user', content: 'hello' }];
    const first = snapshotEvents(snapshot, [user('u1', 'hello')], added, now);
    assert.deepEqual(first.map((e) => e.type === 'messages-add' && [e.before, e.messages.map((m) => (m as { id: string }).id)]), [['u1', ['g1', 'u0']]]);
    assert.deepEqual(snapshotEvents(snapshot, [user('u1', 'hello')], added, now), []);
    assert.deepEqual(snapshotEvents([{ id: 'g2', role: 'assistant', content: 'Hello again' }], [{ id: 'a0', role: 'assistant' } as unknown as ChatMessage], new Set(), now), []);
  });

  test('leniently read: messages without an ID or role are skipped, system and developer messages are not shown, a failed tool keeps its error, an activity of an added turn is said once, no array is an error', () => {
    const snapshot = [
      null,
      { role: 'user', content: 'no id' },
      { id: 's1', role: 'system', content: 'You are an agent.' },
      { id: 'u9', role: 'user', content: 'run it', extra: true },
      { id: 'a9', role: 'assistant', toolCalls: [{ id: 'c9', type: 'function', function: { name: 'run', arguments: 'not json' } }, { id: 'bad' }] },
      { id: 't9', role: 'tool', toolCallId: 'c9', content: '', error: 'It broke.' },
      { id: 'act', role: 'activity', activityType: 'a2ui-surface', content: {} },
    ];
    const events = snapshotEvents(snapshot, [], new Set(), now);
    assert.deepEqual(events, [
      {
        type: 'messages-add',
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
      { type: 'protocol-notice', key: 'ag-ui:snapshot-activity', reason: 'The agent’s copy of the conversation holds activities (an A2UI surface) of turns this chat did not see; they are not shown.' },
    ]);
    assert.equal(snapshotEvents({ messages: [] }, [], new Set(), now)[0]?.type, 'protocol-error');
  });
});
