// The session's action engine in plain Node, against the real reference server over real WebSockets: state-changing
// actions run once per message for good (the memory is persisted), never while their message streams or on an
// Ask-authored message, and end as delivered, rejected or failed; task progress follows trusted events only.
import { deliver } from '../helpers/thread-driver.js';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { useAgentServer } from './agent.js';
import { ChatSession, createBagDirectory, defaultActions, outcomeOf, type Action, type ActionOutcome, type AssistantMessage, type ClientFrame, type PersistedMessage, type SessionEvent, type SocketLike } from '../../src/index.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();

/** A transport to the reference server; `cut()` drops its socket as a network would, so it reconnects. */
const transport = (query = '') => {
  const url = agent.socketUrl(query);
  const sockets: WebSocket[] = [];
  const socketFactory = (u: string) => {
    const socket = new WebSocket(u);
    sockets.push(socket);
    return socket as unknown as SocketLike;
  };
  const t = agent.track(new WebSocketTransport(url, { socketFactory, minDelay: 5, maxDelay: 20 }));
  return Object.assign(t, { sockets, cut: () => sockets.at(-1)?.close() });
};

/** Collects session events; `until` resolves with the first that matches. */
function watch(session: ChatSession) {
  const events: SessionEvent[] = [];
  const waiters: { test: (e: SessionEvent) => boolean; resolve: (e: SessionEvent) => void }[] = [];
  session.subscribe((event) => {
    events.push(event);
    for (const w of [...waiters]) {
      if (!w.test(event)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  const until = (test: (e: SessionEvent) => boolean, timeout = 5000): Promise<SessionEvent> =>
    new Promise((resolve, reject) => {
      const found = events.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error('timed out')), timeout);
      waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  return { events, until };
}

const outcomeEvent = (status: ActionOutcome['status'], task?: ActionOutcome['task']) => (e: SessionEvent) =>
  e.type === 'action-outcome' && e.outcome.status === status && (task === undefined || e.outcome.task === task);

/** A session with one finished reply from the reference server; `mode` is the mode it was authored under. */
async function replied(mode: 'orchestrator' | 'ask' = 'orchestrator', query = '') {
  const t = transport(query);
  const sent: ClientFrame[] = [];
  const send = t.send.bind(t);
  t.send = (frame) => {
    sent.push(frame);
    send(frame);
  };
  const session = new ChatSession({ transport: t, mode });
  session.connect();
  const w = watch(session);
  session.send('Show me the clusters');
  const done = (await w.until((e) => e.type === 'message-complete')) as Extract<SessionEvent, { type: 'message-complete' }>;
  return { session, sent, w, message: done.message };
}

const task: Action = { id: 'refresh', type: 'run-task', label: 'Refresh', task: 'Refresh the index', taskId: 0 };
const followUp: Action = { id: 'ask-more', type: 'submit-followup', label: 'Ask more', text: 'Compare the two clusters' };
const prefill: Action = { id: 'draft', type: 'prefill-composer', label: 'Draft', text: 'Tell me about' };
const request = (message: AssistantMessage, action: Action) => ({ messageId: message.id, viewId: 'cluster-summary', nodeId: 'card', action });
const frames = (sent: ClientFrame[], type: ClientFrame['type']) => sent.filter((f) => f.type === type);

describe('ChatSession actions', () => {
  test('a task runs once per message: delivered, then completed only when the trusted task event says so', async () => {
    const { session, sent, w, message } = await replied();
    assert.equal(session.runAction(request(message, task)), true);
    // Confirmed twice quickly: the second finds the first's memory.
    assert.equal(session.runAction(request(message, task)), false);
    assert.equal(frames(sent, 'action').length, 1);
    await w.until(outcomeEvent('delivered'));
    const completed = (await w.until(outcomeEvent('delivered', 'completed'))) as Extract<SessionEvent, { type: 'action-outcome' }>;
    assert.equal(completed.outcome.clientActionId, (frames(sent, 'action')[0] as { client_action_id: string }).client_action_id);
    // The task went from delivered through running to completed, in that order, and never claimed more before.
    const tasks = w.events.flatMap((e) => (e.type === 'action-outcome' && e.outcome.task ? [e.outcome.task] : []));
    assert.deepEqual([...new Set(tasks)], ['delivered', 'running', 'completed']);
    session.disconnect();
  });

  test('the memory is persisted: after reloading the history the action cannot run again, and shows its outcome', async () => {
    const { session, sent, w, message } = await replied();
    session.runAction(request(message, task));
    await w.until(outcomeEvent('delivered'));
    const history = session.persisted;
    const persisted = history.find((m) => m.id === message.id);
    assert.equal(persisted?.role === 'assistant' && persisted.actions?.[0]?.actionId, 'refresh');
    // Set again on the same session, and loaded into a new one (a reload).
    await session.load(history);
    assert.equal(session.runAction(request(message, task)), false);
    const reloaded = await restore({ messages: JSON.parse(JSON.stringify(history)), transport: transport() });
    assert.equal(reloaded.runAction(request(message, task)), false);
    const again = reloaded.messages.find((m): m is AssistantMessage => m.id === message.id);
    assert.equal(outcomeOf(again?.actions, 'cluster-summary', 'refresh')?.status, 'delivered');
    assert.equal(frames(sent, 'action').length, 1);
    session.disconnect();
  });

  test('a follow-up is sent as exactly one user message; prefill sends nothing and asks for the message box', async () => {
    const { session, sent, w, message } = await replied();
    const users = frames(sent, 'user_message').length;
    assert.equal(session.runAction(request(message, prefill)), true);
    const filled = (await w.until((e) => e.type === 'prefill')) as Extract<SessionEvent, { type: 'prefill' }>;
    assert.equal(filled.text, 'Tell me about');
    assert.equal(frames(sent, 'user_message').length, users);
    assert.equal(session.runAction(request(message, followUp)), true);
    assert.equal(session.runAction(request(message, followUp)), false);
    assert.equal(frames(sent, 'user_message').length, users + 1);
    assert.equal((frames(sent, 'user_message').at(-1) as { text: string }).text, 'Compare the two clusters');
    assert.equal(outcomeOf(session.thread.assistant(message.id)?.actions, 'cluster-summary', 'ask-more')?.status, 'delivered');
    session.disconnect();
  });

  test('nothing state-changing runs while its message streams, or on an Ask-authored message in any mode', async () => {
    const { session, sent, message } = await replied('ask');
    session.mode = 'orchestrator';
    assert.equal(session.runAction(request(message, task)), false);
    assert.equal(session.runAction(request(message, followUp)), false);
    assert.equal(session.runAction(request(message, prefill)), true);
    assert.equal(frames(sent, 'action').length, 0);
    // A reply still streaming.
    const streaming = new ChatSession();
    deliver(streaming, { type: 'message_start', message_id: 's', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
    assert.equal(streaming.runAction({ messageId: 's', viewId: 'v', nodeId: 'n', action: task }), false);
    session.disconnect();
  });

  test('an action whose answer does not come in time shows as failed; the answer, when it comes, replaces that', async () => {
    const t = transport('&fault=noresult:1');
    const session = new ChatSession({ transport: t, actionTimeout: 100 });
    session.connect();
    const w = watch(session);
    session.send('Show me the clusters');
    const { message } = (await w.until((e) => e.type === 'message-complete')) as Extract<SessionEvent, { type: 'message-complete' }>;
    // add-to-bag, whose only answer is its action_result (a task's own events would show it delivered).
    const keep: Action = { id: 'keep', type: 'add-to-bag', label: 'Keep', targets: [{ uri: 'mantis://map/m/point/late' }], bagId: 'b1' };
    assert.equal(session.runAction(request(message, keep)), true);
    const failed = (await w.until(outcomeEvent('failed'))) as Extract<SessionEvent, { type: 'action-outcome' }>;
    assert.match(failed.outcome.reason ?? '', /no answer/);
    // The transport resends it on the next connection; the server answers with the stored result.
    t.cut();
    await w.until(outcomeEvent('delivered'));
    assert.equal(outcomeOf(session.thread.assistant(message.id)?.actions, 'cluster-summary', 'keep')?.status, 'delivered');
    session.disconnect();
  });

  test('a task replayed on reconnecting changes and announces nothing', async () => {
    const t = transport();
    const session = new ChatSession({ transport: t });
    session.connect();
    const w = watch(session);
    session.send('Show me the clusters');
    const { message } = (await w.until((e) => e.type === 'message-complete')) as Extract<SessionEvent, { type: 'message-complete' }>;
    session.runAction(request(message, task));
    await w.until(outcomeEvent('delivered', 'completed'));
    const before = w.events.filter((e) => e.type === 'action-outcome').length;
    t.cut();
    await w.until((e) => e.type === 'state' && e.state === 'open' && t.sockets.length > 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(w.events.filter((e) => e.type === 'action-outcome').length, before);
    session.disconnect();
  });

  test('refuses an action of a message not in the conversation; a handler that throws ends failed, never pending', async () => {
    const session = await restore({ messages: [] });
    assert.equal(session.runAction({ messageId: 'gone', viewId: 'v', nodeId: 'n', action: prefill }), false);
    const throwing = new ChatSession({
      actions: defaultActions.with({ ...defaultActions.handler('run-task')!, run: () => { throw new Error('the page said no'); } }),
    });
    deliver(throwing, { type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
    deliver(throwing, { type: 'message_end', message_id: 'm', sequence: 1 });
    assert.equal(throwing.runAction({ messageId: 'm', viewId: 'v', nodeId: 'n', action: task }), true);
    const outcome = outcomeOf(throwing.thread.assistant('m')?.actions, 'v', 'refresh');
    assert.deepEqual([outcome?.status, outcome?.reason], ['failed', 'the page said no']);
  });

  test('a host handler replaces how an action runs, never the policy: confirmation, once only and Ask stay', () => {
    const lax = defaultActions.with({ ...defaultActions.handler('add-to-bag')!, confirm: false, readOnly: true, run: () => {} });
    assert.equal(lax.needsConfirmation('add-to-bag'), true);
    assert.equal(lax.offers('add-to-bag', true), false);
  });

  test('two views of one message that share a view ID run their actions apart (by part ID), also after a reload; an outcome stored without one holds for both', async () => {
    const { session, sent, w, message } = await replied();
    const first = { ...request(message, task), partId: 'view-0' };
    const second = { ...request(message, task), partId: 'view-1' };
    assert.equal(session.runAction(first), true);
    assert.equal(session.runAction(first), false);
    // The same view ID, node ID and action ID in another view of the message: its own action, not the first's.
    assert.equal(outcomeOf(session.thread.assistant(message.id)?.actions, 'cluster-summary', 'refresh', 'view-1'), undefined);
    assert.equal(session.runAction(second), true);
    assert.equal(frames(sent, 'action').length, 2);
    await w.until((e) => e.type === 'action-outcome' && e.outcome.partId === 'view-1' && e.outcome.status === 'delivered');
    const history = JSON.parse(JSON.stringify(session.persisted)) as PersistedMessage[];
    const stored = history.find((m) => m.id === message.id);
    assert.deepEqual(stored?.role === 'assistant' && stored.actions?.map((o) => o.partId), ['view-0', 'view-1']);
    const reloaded = await restore({ messages: history });
    assert.equal(reloaded.runAction(first), false);
    assert.equal(reloaded.runAction(second), false);
    // A history saved before part IDs were kept: its outcome names the view ID only, so it holds for every view of the
    // message with that ID, and neither runs again (at most once, whichever of them ran).
    const legacy = history.map((m) => (m.role === 'assistant' && m.actions ? { ...m, actions: [{ ...m.actions[0], partId: undefined }] } : m));
    const old = await restore({ messages: JSON.parse(JSON.stringify(legacy)) as PersistedMessage[] });
    assert.equal(old.runAction(first), false);
    assert.equal(old.runAction(second), false);
    assert.equal(outcomeOf(old.thread.assistant(message.id)?.actions, 'cluster-summary', 'refresh', 'view-1')?.status, 'delivered');
    session.disconnect();
  });

  test('an action still pending when its history was saved loads as failed, and never runs again', async () => {
    const pending: ActionOutcome = { viewId: 'v', actionId: 'refresh', type: 'run-task', clientActionId: 'a-1', status: 'pending', at: 1 };
    const session = await restore({
      messages: [{ id: 'm', role: 'assistant', text: 'Hi', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 1, events: [], actions: [pending] }],
    });
    const loaded = outcomeOf(session.thread.assistant('m')?.actions, 'v', 'refresh');
    assert.equal(loaded?.status, 'failed');
    assert.equal(session.runAction({ messageId: 'm', viewId: 'v', nodeId: 'n', action: task }), false);
  });

  test('an add-to-bag confirmation names the real bag from the bags API, and falls back to the action’s own words when it is unreachable', async () => {
    const keep: Action = { id: 'keep', type: 'add-to-bag', label: 'Keep', targets: [{ uri: 'mantis://map/m/point/a' }], bagId: 'b1' };
    const at = { viewId: 'v', nodeId: 'n', action: keep };
    const session = new ChatSession({ bags: createBagDirectory(`${agent.server.origin}/api/v1/bags`) });
    assert.deepEqual(await session.prepareAction(at), { allowed: true, description: 'Add 1 point to the bag “Composer selection”?' });
    const readOnly = await session.prepareAction({ ...at, action: { ...keep, bagId: 'b2' } });
    assert.equal(readOnly.allowed, false);
    // Nothing listens on port 1: the registry's description stands, and the backend still checks before writing.
    session.bags = createBagDirectory('http://127.0.0.1:1/api/v1/bags');
    assert.deepEqual(await session.prepareAction(at), { allowed: true, description: 'Add 1 point to bag b1?' });
  });

  test('an action with no answer in time fails; a page that takes an action over gets it once, nothing is sent', async () => {
    const { session, sent, message } = await replied();
    const taken: string[] = [];
    assert.equal(session.runAction(request(message, task), { beforeRun: (r) => (taken.push(r.action.id), false) }), true);
    assert.equal(session.runAction(request(message, task), { beforeRun: (r) => (taken.push(r.action.id), false) }), false);
    assert.deepEqual(taken, ['refresh']);
    assert.equal(frames(sent, 'action').length, 0);
    assert.equal(outcomeOf(session.thread.assistant(message.id)?.actions, 'cluster-summary', 'refresh')?.status, 'delivered');
    // No transport at all: failed with a reason, never pending forever.
    const offline = await restore({ messages: session.persisted });
    const other: Action = { ...task, id: 'other' };
    assert.equal(offline.runAction(request(message, other)), true);
    const failed = outcomeOf(offline.thread.assistant(message.id)?.actions, 'cluster-summary', 'other');
    assert.equal(failed?.status, 'failed');
    assert.match(failed?.reason ?? '', /no connection/);
    session.disconnect();
  });
});
