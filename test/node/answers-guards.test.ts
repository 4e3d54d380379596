// What keeps answering an agent's questions honest (#30 items 4-5): only the user answers (an answer on the wire is
// left behind), only the latest reply's questions are open, a delta cannot grow an activity without bound, what a
// connection keeps of its activities is bounded, and an AI
// SDK approval answered in a later stream finds its call. Read from the real packages' output.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EventType } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { ChatSession, type ConnectionEvent } from '../../src/index.js';
import { EventReader } from '../../src/protocols/ag-ui/index.js';
import { A2uiActivities, MAX_KEPT } from '../../src/protocols/ag-ui/activities.js';
import { ChunkReader } from '../../src/protocols/ai-sdk/index.js';
import { ReplyWriter } from '../../src/protocols/reply.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import { useAgentServer } from './agent.js';
import { reply, turnSession } from './turn-session.js';

const agent = useAgentServer();

/** What a reader makes of AG-UI events as the real EventEncoder writes them. */
function readEncoded(events: readonly Parameters<EventEncoder['encodeSSE']>[0][], activities: A2uiActivities | null = null): ConnectionEvent[] {
  const encoder = new EventEncoder();
  const out: ConnectionEvent[] = [];
  const reader = new EventReader(new ReplyWriter((e) => out.push(e), 'u1', () => 'a1'), activities);
  for (const event of events) reader.read(JSON.parse(encoder.encodeSSE(event).replace(/^data: /, '')));
  return out;
}

const records = (events: readonly ConnectionEvent[]) => events.flatMap((e) => (e.type === 'record' ? [e.record] : []));

describe('answering an agent’s questions, guarded', () => {
  test('an interrupt that comes with an answer on the wire is shown unanswered: only the user answers', () => {
    const interrupts = [{ id: 'a', reason: 'input', answer: { status: 'resolved', payload: { approved: true } } }, { id: 'b', reason: 'input' }];
    const out = readEncoded([{ type: EventType.RUN_FINISHED, threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts } } as Parameters<EventEncoder['encodeSSE']>[0]]);
    const got = records(out).filter((r) => r.type === 'interrupt');
    assert.deepEqual(got.map((r) => (r as { readonly id?: string }).id), ['a', 'b']);
    assert.ok(got.every((r) => !('answer' in r)));
  });

  test('only the latest reply’s questions are open: once the conversation went on, an older one is closed', async () => {
    const { session: chat } = turnSession('ag-ui', `${agent.server.origin}${AG_UI_PATH}`);
    const asked = await reply(chat, 'interrupt me');
    await reply(chat, 'never mind, show the view');
    assert.equal(await chat.answer(asked.id, { kind: 'interrupt', interruptId: 'int-1', status: 'resolved' }), false);
    chat.disconnect();
  });

  test('a delta that copies, or has too many operations, is refused; the activity stays as it was', () => {
    const activities = new A2uiActivities();
    const snapshot = { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'm', activityType: 'a2ui-surface', content: { a2ui_operations: [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }] } };
    const copies = Array.from({ length: 40 }, () => ({ op: 'copy', from: '/a2ui_operations', path: '/a2ui_operations/-' }));
    const many = Array.from({ length: 300 }, () => ({ op: 'test', path: '/a2ui_operations/0', value: {} }));
    const out = readEncoded([snapshot, { type: EventType.ACTIVITY_DELTA, messageId: 'm', activityType: 'a2ui-surface', patch: copies }, { type: EventType.ACTIVITY_DELTA, messageId: 'm', activityType: 'a2ui-surface', patch: many }] as Parameters<EventEncoder['encodeSSE']>[0][], activities);
    assert.equal(out.filter((e) => e.type === 'protocol-error').length, 2);
    assert.equal(records(out).filter((r) => r.type === 'a2ui').length, 1);
  });

  test('a connection keeps the latest MAX_KEPT activities: a delta to an older one is refused and said, the latest ones still apply', () => {
    const activities = new A2uiActivities();
    type Wire = Parameters<EventEncoder['encodeSSE']>[0];
    const snapshot = (i: number): Wire => ({ type: EventType.ACTIVITY_SNAPSHOT, messageId: `m${i}`, activityType: 'a2ui-surface', content: { a2ui_operations: [{ version: 'v0.9', deleteSurface: { surfaceId: `s${i}` } }] } }) as Wire;
    const delta = (i: number): Wire => ({ type: EventType.ACTIVITY_DELTA, messageId: `m${i}`, activityType: 'a2ui-surface', patch: [{ op: 'add', path: '/a2ui_operations/-', value: { version: 'v0.9', deleteSurface: { surfaceId: `s${i}` } } }] }) as Wire;
    const made = readEncoded(Array.from({ length: MAX_KEPT + 1 }, (_, i) => snapshot(i)), activities);
    assert.equal(records(made).filter((r) => r.type === 'a2ui').length, MAX_KEPT + 1);
    const oldest = readEncoded([delta(0)], activities);
    assert.deepEqual(oldest.filter((e) => e.type !== 'message-start').map((e) => e.type), ['protocol-error']);
    const latest = readEncoded([delta(MAX_KEPT)], activities);
    assert.deepEqual(records(latest).map((r) => r.type), ['a2ui'], 'the latest activity takes its delta: only the new operation is applied');
  });

  test('surfaces the conversation shows never push out what the connection applied: a later snapshot applies only its new tail', () => {
    const activities = new A2uiActivities();
    type Wire = Parameters<EventEncoder['encodeSSE']>[0];
    const create = { version: 'v0.9', createSurface: { surfaceId: 'mine', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' } };
    const update = { version: 'v0.9', updateDataModel: { surfaceId: 'mine', value: { n: 1 } } };
    const snapshot = (operations: unknown[]): Wire => ({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'm', activityType: 'a2ui-surface', content: { a2ui_operations: operations } }) as Wire;
    readEncoded([snapshot([create])], activities);
    // A conversation that shows many more surfaces than a connection keeps, none of which this one applied.
    const shown = Array.from({ length: MAX_KEPT + 5 }, (_, i) => ({ id: `a${i}`, role: 'assistant', parts: [{ type: 'data-mantis-surface', data: { surfaceId: `old-${i}` } }] }));
    activities.known(shown as unknown as Parameters<A2uiActivities['known']>[0]);
    activities.known(shown as unknown as Parameters<A2uiActivities['known']>[0]);
    const next = readEncoded([snapshot([create, update])], activities);
    assert.deepEqual(records(next).flatMap((r) => (r.type === 'a2ui' ? (r as unknown as { messages: unknown[] }).messages : [])), [update]);
  });

  test('an AI SDK approval answered in a later stream, naming only its approval, is applied to the call that asked', async () => {
    const session = new ChatSession();
    // Loaded first, so that its records apply as they are read (else they wait for it).
    await session.protocols.load('ai-sdk');
    session.thread.addUserMessage('go', 'u1');
    const first = new ChunkReader(new ReplyWriter((e) => session.receive(e), 'u1', () => 'a1'));
    for (const chunk of [
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'delete_site', input: {} },
      { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
      { type: 'finish' },
    ]) first.read(chunk);
    const later = new ChunkReader(new ReplyWriter((e) => session.receive(e), 'u1', () => 'a2', 'a1'));
    for (const chunk of [{ type: 'start' }, { type: 'tool-approval-response', approvalId: 'ap1', approved: false }, { type: 'finish' }]) later.read(chunk);
    const tool = session.thread.assistant('a1')?.parts.find((p) => p.type === 'dynamic-tool');
    assert.equal(tool?.type === 'dynamic-tool' && tool.state, 'approval-responded');
    assert.equal(tool?.type === 'dynamic-tool' && tool.state === 'approval-responded' && tool.approval.approved, false);
  });
});
