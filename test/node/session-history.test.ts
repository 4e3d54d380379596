// A history's check loads on first need (src/chat/session-history.ts, issue 29): the script tag's first load does not
// carry it. So a history shows a moment after it is given, and nothing may come before it or be lost meanwhile: the
// transport of a session made with a history connects once it shows, a message sent meanwhile is refused and said, the
// last history given wins, and a check that could not be loaded is said, with the conversation left as it was.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { ChatSession, type PersistedMessage, type SessionEvent, type SocketLike } from '../../src/index.js';
import { HISTORY_UNREAD, HistoryLoads, readHistory } from '../../src/chat/session-history.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';
import { useAgentServer } from './agent.js';

const agent = useAgentServer();
const user = (id: string, text: string): PersistedMessage => ({ id, role: 'user', text });
const socket = () => agent.track(new WebSocketTransport(agent.socketUrl(), { socketFactory: (u) => new WebSocket(u) as unknown as SocketLike }));

describe('a history whose check loads on need', () => {
  test('a session made with a history and a transport shows the history first, then takes the transport, then sends', async () => {
    const transport = socket();
    const session = new ChatSession({ messages: [user('u1', 'Earlier')], transport });
    const events: SessionEvent['type'][] = [];
    session.subscribe((event) => events.push(event.type));
    assert.equal(session.messages.length, 0, 'the check is still loading');
    assert.equal(session.connection, null, 'no connection before the history shows');
    await session.historyReady;
    assert.deepEqual(session.messages.map((m) => m.id), ['u1']);
    assert.equal(session.transport, transport);
    assert.equal(events[0], 'messages', `the history came first: ${events.join(', ')}`);
    session.connect();
    const replied = new Promise<void>((done) => session.subscribe((event) => event.type === 'message-complete' && done()));
    assert.equal(session.send('Hello').ok, true);
    await replied;
    assert.deepEqual(session.messages.map((m) => m.role), ['user', 'user', 'assistant']);
    session.disconnect();
  });

  test('a message sent while a history loads is refused as loading, and nothing reaches the transport', async () => {
    const session = new ChatSession({ transport: socket() });
    session.connect();
    const loading = session.load([user('u1', 'Earlier')]);
    const refused = session.send('Too soon');
    assert.deepEqual(refused.ok ? null : [refused.reason, refused.message], ['loading', 'The conversation is still loading: send once it shows.']);
    await loading;
    assert.deepEqual(session.messages.map((m) => m.id), ['u1'], 'the refused message never reached the transcript');
    assert.equal(session.check('Now')?.reason === 'loading', false);
    session.disconnect();
  });

  test('the history given last wins, whichever check finishes first', async () => {
    const session = new ChatSession();
    const shown: string[][] = [];
    session.subscribe((event) => event.type === 'messages' && shown.push(session.messages.map((m) => m.id)));
    void session.load([user('a', 'First')]);
    await session.load([user('b', 'Second')]);
    assert.deepEqual(session.messages.map((m) => m.id), ['b']);
    assert.deepEqual(shown, [['b']], 'the first history never showed');
  });

  test('an earlier history whose check finishes last is never shown, and sending waits only for the last one', async () => {
    let finishFirst: (read: Awaited<ReturnType<typeof readHistory>>) => void = () => undefined;
    const reads = [new Promise<Awaited<ReturnType<typeof readHistory>>>((done) => (finishFirst = done)), Promise.resolve({ checked: null, said: 'second' })];
    const loads = new HistoryLoads(() => reads.shift() as Promise<Awaited<ReturnType<typeof readHistory>>>);
    const applied: (string | null)[] = [];
    const first = loads.run([], undefined as never, (read) => applied.push(read.said), () => undefined);
    await loads.run([], undefined as never, (read) => applied.push(read.said), () => undefined);
    assert.equal(loads.loading, false, 'the history given last has shown: nothing waits for the earlier one');
    finishFirst({ checked: null, said: 'first' });
    await first;
    assert.deepEqual(applied, ['second']);
    assert.equal(loads.loading, false);
  });

  test('a check that could not be loaded is said once, and the conversation stays as it was', async () => {
    const failed: string[] = [];
    const applied: unknown[] = [];
    const loads = new HistoryLoads(() => Promise.reject(new Error('chunk failed')));
    await loads.run([user('u1', 'Earlier')], undefined as never, (read) => applied.push(read), (reason) => failed.push(reason));
    assert.deepEqual(failed, [HISTORY_UNREAD]);
    assert.deepEqual(applied, []);
    assert.equal(loads.loading, false);
    // The real reader: what the session applies.
    const read = await readHistory([user('u1', 'Earlier'), { role: 'system', text: 'x' }], new ChatSession().protocols);
    assert.deepEqual(read.checked?.messages.map((m) => m.id), ['u1']);
    assert.match(read.said ?? '', /left out/);
  });
});
