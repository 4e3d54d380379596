// ChatSession in plain Node: the conversation engine with no element and no DOM, against the real reference server
// over real WebSockets (the `ws` package as the socket factory).
import assert from 'node:assert/strict';
import { ThreadDriver, deliver } from '../helpers/thread-driver.js';
import { describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { useAgentServer } from './agent.js';
import { COMPOSER_LIMITS, ChatSession, ActionRegistry, defaultProtocols, ProtocolRegistry, type AssistantMessage, type ClientFrame, type PersistedMessage, type SessionEvent, type SocketLike, type ServerEvent, type ToolPart, type ReasoningRecord, type ProtocolRecord, type TextProtocol, type MessageParser } from '../../src/index.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();
const socketUrl = agent.socketUrl;
const wsFactory = (url: string) => new WebSocket(url) as unknown as SocketLike;
const transport = (query = '', options: { maxAttempts?: number } = {}) => {
  return agent.track(new WebSocketTransport(socketUrl(query), { socketFactory: wsFactory, ...options }));
};

/** Resolves with the first session event of a type. */
function next<T extends SessionEvent['type']>(session: ChatSession, type: T, timeout = 5000): Promise<Extract<SessionEvent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event`)), timeout);
    const off = session.subscribe((event) => {
      if (event.type !== type) return;
      clearTimeout(timer);
      off();
      resolve(event as Extract<SessionEvent, { type: T }>);
    });
  });
}

const assistants = (session: ChatSession) => session.messages.filter((m): m is AssistantMessage => m.role === 'assistant');
const partTypes = (message: AssistantMessage | undefined) => message?.parts.map((p) => p.type) ?? [];

describe('ChatSession, headless', () => {
  test('sends a message over its transport and streams the reply into parts', async () => {
    const session = new ChatSession({ transport: transport() });
    session.connect();
    const complete = next(session, 'message-complete');
    const history = next(session, 'history-change');
    const sent = session.send('Show me the clusters');
    assert.equal(sent.ok, true);
    assert.equal((await history).messages.length, 1);
    const { message } = await complete;
    assert.deepEqual(partTypes(message), ['text', 'data-mantis-ui', 'text']);
    assert.equal(session.persisted.at(-1)?.role, 'assistant');
    session.disconnect();
    session.transport?.close();
  });

  test('checks a message before showing it: empty, too long, no connection', () => {
    const offline = new ChatSession();
    const none = offline.send('hello');
    assert.deepEqual(none.ok ? null : none.reason, 'no-connection');
    const sent: ClientFrame[] = [];
    const recording = transport();
    recording.send = (frame) => void sent.push(frame);
    const session = new ChatSession({ transport: recording });
    const empty = session.send('   ');
    assert.deepEqual(empty.ok ? null : empty.reason, 'empty');
    const long = session.send('x'.repeat(COMPOSER_LIMITS.userMessageLength + 1));
    assert.deepEqual(long.ok ? null : long.reason, 'too-long');
    assert.match(long.ok ? '' : long.message, /too long/);
    assert.equal(session.messages.length, 0);
    assert.deepEqual(sent, []);
    // Exactly at the limit it goes.
    assert.equal(session.send('x'.repeat(COMPOSER_LIMITS.userMessageLength)).ok, true);
    assert.equal(sent.length, 1);
  });

  test('a reply cut short by a change of transport ends as interrupted, persisted as such, and later events are ignored', async () => {
    const session = new ChatSession({ transport: transport('&fault=stall:5:2000') });
    session.connect();
    const started = next(session, 'message-start');
    session.send('hello');
    const { message } = await started;
    await new Promise((r) => setTimeout(r, 60));
    const interrupted = next(session, 'message-interrupted');
    const replacement = transport();
    session.useTransport(replacement, { owned: true });
    const event = await interrupted;
    assert.equal(event.reason, 'transport-changed');
    assert.equal(event.message.id, message.id);
    const reply = assistants(session)[0];
    assert.equal(reply?.status, 'interrupted');
    assert.equal(session.thread.streaming.length, 0);
    const persisted = session.persisted.at(-1);
    assert.equal(persisted?.role === 'assistant' && persisted.status, 'interrupted');
    // A late event for it changes nothing.
    const before = assistants(session)[0];
    deliver(session, { type: 'text_delta', message_id: message.id, sequence: 10_000, delta: 'late' });
    assert.equal(assistants(session)[0], before);
    // Replayed, it is interrupted still, with the same parts.
    const replay = await restore({ messages: session.persisted });
    assert.equal(assistants(replay)[0]?.status, 'interrupted');
    assert.deepEqual(assistants(replay)[0]?.parts, before?.parts);
    session.disconnect();
  });

  test('a reply ends as interrupted when the transport gives up', async () => {
    // The server drops the connection after 3 events; the transport may not reconnect.
    const session = new ChatSession({ transport: transport('&fault=drop:3', { maxAttempts: 0 }) });
    session.connect();
    const interrupted = next(session, 'message-interrupted');
    session.send('hello');
    const { reason, message } = await interrupted;
    assert.equal(reason, 'connection-closed');
    assert.equal(message.status, 'interrupted');
    assert.equal(session.state, 'closed');
    session.disconnect();
  });

  test('a reply the server stops sending ends as interrupted after the reply timeout', async () => {
    const session = new ChatSession({ transport: transport('&fault=stall:3:3000'), replyTimeout: 200 });
    session.connect();
    const interrupted = next(session, 'message-interrupted');
    session.send('hello');
    const { reason } = await interrupted;
    assert.equal(reason, 'timeout');
    session.disconnect();
  });

  test('a server error about a reply ends it as interrupted', () => {
    const session = new ChatSession();
    const events: SessionEvent[] = [];
    session.subscribe((e) => events.push(e));
    const feed = (event: ServerEvent) => deliver(session, event);
    feed({ type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
    feed({ type: 'text_delta', message_id: 'm', sequence: 1, delta: 'Half' });
    feed({ type: 'error', message_id: 'm', code: 'model_failed', message: 'The model failed.' });
    assert.equal(assistants(session)[0]?.status, 'interrupted');
  });

  test('the last disconnect releases an owned transport; a host transport stays open', async () => {
    const owned = transport();
    const session = new ChatSession();
    session.useTransport(owned, { owned: true });
    session.connect();
    session.connect();
    await next(session, 'state');
    session.disconnect();
    assert.notEqual(owned.state, 'closed');
    session.disconnect();
    assert.equal(owned.state, 'closed');

    const hosts = transport();
    const other = new ChatSession({ transport: hosts });
    other.connect();
    await new Promise((r) => setTimeout(r, 50));
    other.disconnect();
    assert.equal(hosts.state, 'open');
    hosts.close();
  });

  test('runs actions through its registry: defaults go to the host; a removed handler runs nothing', () => {
    const session = new ChatSession({ actions: new ActionRegistry().without('run-task') });
    const delivered: SessionEvent[] = [];
    session.subscribe((e) => e.type === 'action' && delivered.push(e));
    const navigate = { id: 'go', type: 'navigate', label: 'Go', target: { uri: 'mantis://map/m/point/p' } } as const;
    assert.equal(session.runAction({ viewId: 'v', nodeId: 'n', action: navigate }), true);
    // An action names the message it was offered in: one that is not in the conversation runs nothing.
    assert.equal(session.runAction({ messageId: 'm', viewId: 'v', nodeId: 'n', action: navigate }), false);
    const task = { id: 't', type: 'run-task', label: 'Run', task: 'Refresh', taskId: 0 } as const;
    assert.equal(session.runAction({ viewId: 'v', nodeId: 'n', action: task }), false);
    assert.equal(delivered.length, 1);
    assert.deepEqual(delivered[0]?.type === 'action' && delivered[0].request.action, navigate);
  });
});

describe('Thread records', () => {
  const start: ServerEvent = { type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } };

  test('persists one record per reasoning run, and never copies the record list per event', async () => {
    const thread = new ThreadDriver();
    thread.apply(start);
    thread.apply({ type: 'reasoning_start', message_id: 'm', sequence: 1, reasoning_id: 'r' });
    const list = (thread.messages[0] as AssistantMessage).events;
    let sequence = 2;
    for (let i = 0; i < 20_000; i++) thread.apply({ type: 'reasoning_delta', message_id: 'm', sequence: sequence++, reasoning_id: 'r', delta: 'ab' });
    thread.apply({ type: 'reasoning_end', message_id: 'm', sequence: sequence++, reasoning_id: 'r' });
    thread.apply({ type: 'message_end', message_id: 'm', sequence: sequence++ });
    const message = thread.messages[0] as AssistantMessage;
    assert.equal(message.events, list, 'the same list, grown in place');
    assert.equal(message.events.length, 1);
    const record = message.events[0];
    const run = record?.event as ReasoningRecord | undefined;
    assert.equal(run?.type === 'reasoning' && run.text.length, 40_000);
    assert.equal(run?.type === 'reasoning' && run.state, 'done');
    const persisted = JSON.stringify(thread.toPersisted());
    assert.ok(persisted.length < 41_000, `persisted ${persisted.length} characters`);
    const replay = new ThreadDriver();
    await replay.load(thread.toPersisted());
    assert.deepEqual(replay.messages[0]?.role === 'assistant' && replay.messages[0].parts, message.parts);
  });

  test('loads histories persisted with per-delta reasoning events as one run', async () => {
    const legacy = [
      { at: 0, receivedAt: 1000, event: { type: 'reasoning_start', message_id: 'm', sequence: 1, reasoning_id: 'r' } },
      { at: 0, receivedAt: 1100, event: { type: 'reasoning_delta', message_id: 'm', sequence: 2, reasoning_id: 'r', delta: 'Think' } },
      { at: 0, receivedAt: 1900, event: { type: 'reasoning_delta', message_id: 'm', sequence: 3, reasoning_id: 'r', delta: 'ing' } },
      { at: 0, receivedAt: 2500, event: { type: 'reasoning_end', message_id: 'm', sequence: 4, reasoning_id: 'r' } },
    ];
    const thread = new ThreadDriver();
    await thread.load([{ id: 'm', role: 'assistant', text: 'Answer.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 5, events: legacy as never }]);
    const message = thread.messages[0] as AssistantMessage;
    assert.deepEqual(message.events, [
      { at: 0, receivedAt: 1000, updatedAt: 2500, event: { type: 'reasoning', reasoning_id: 'r', text: 'Thinking', state: 'done' } },
    ]);
    assert.deepEqual(partTypes(message), ['reasoning', 'text']);
  });

  test('keeps trusted task events with the message that owns the todo list, so a replay equals what was seen live', async () => {
    const thread = new ThreadDriver();
    thread.apply(start);
    thread.apply({ type: 'todo', message_id: 'm', sequence: 1, todos: [{ id: 't', text: 'Refresh', status: 'pending', task_id: 7 }] });
    thread.apply({ type: 'text_delta', message_id: 'm', sequence: 2, delta: 'Done for now.' });
    thread.apply({ type: 'message_end', message_id: 'm', sequence: 3 });
    // Task progress arrives after message_end; a repeat of the same status (a resume replays them) adds nothing.
    thread.apply({ type: 'task', task_id: 7, status: 'running' });
    thread.apply({ type: 'task', task_id: 7, status: 'completed' });
    assert.equal(thread.apply({ type: 'task', task_id: 7, status: 'completed' }), null);
    const live = thread.messages[0] as AssistantMessage;
    const todo = live.parts.find((p) => p.type === 'data-mantis-todo');
    assert.deepEqual(todo?.type === 'data-mantis-todo' && todo.data.todos.map((t) => t.status), ['completed']);
    const persisted = thread.toPersisted();
    const records = persisted[0]?.role === 'assistant' ? persisted[0].events.map((e) => e.event.type) : [];
    assert.deepEqual(records, ['todo', 'task', 'task']);
    const replay = new ThreadDriver();
    await replay.load(persisted);
    assert.deepEqual((replay.messages[0] as AssistantMessage).parts, live.parts);
  });

  test('correlates legacy tool events without tool_call_id by sequence: overlapping calls of one tool stay two parts', () => {
    const thread = new ThreadDriver();
    thread.apply(start);
    const tool = (sequence: number, state: 'pending' | 'running' | 'completed' | 'failed', extra: object = {}): ServerEvent =>
      ({ type: 'tool', message_id: 'm', sequence, tool_name: 'search_map', state, ...extra }) as ServerEvent;
    thread.apply(tool(1, 'pending', { input: { q: 'first' } }));
    thread.apply(tool(2, 'pending', { input: { q: 'second' } }));
    thread.apply(tool(3, 'running'));
    thread.apply(tool(4, 'running'));
    thread.apply(tool(5, 'completed', { output: 1 }));
    thread.apply(tool(6, 'failed', { error: 'offline' }));
    const tools = (thread.messages[0] as AssistantMessage).parts.filter((p): p is ToolPart => p.type === 'dynamic-tool');
    assert.deepEqual(
      tools.map((t) => [t.toolCallId, t.state, t.input]),
      [
        ['m-seq-1', 'output-available', { q: 'first' }],
        ['m-seq-2', 'output-error', { q: 'second' }],
      ],
    );
  });
});

describe('citations', () => {
  test('numbering continues across text and views, and the aggregate set is on the message and in an event', () => {
    const session = new ChatSession();
    const list = (id: string, titles: string[]) =>
      JSON.stringify({ version: 1, id, root: { id: `${id}-l`, type: 'citation-list', citations: titles.map((title, i) => ({ id: `${id}-${i}`, title })) } });
    const text = `Two sources [1] and [2](mantis://map/m/point/p2).\n\n\`\`\`mantis-ui\n${list('a', ['One', 'Two'])}\n\`\`\`\n\nAgain [3], and \`[9]\` is code.\n\n\`\`\`mantis-ui\n${list('b', ['Three'])}\n\`\`\`\n`;
    const apply = (event: ServerEvent) => deliver(session, event);
    apply({ type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
    apply({ type: 'text_delta', message_id: 'm', sequence: 1, delta: text });
    const done = deliver(session, { type: 'message_end', message_id: 'm', sequence: 2 });
    assert.ok(done);
    assert.deepEqual(
      done.citations.map((c) => [c.number, c.origin, c.origin === 'view' ? c.title : (c.target?.uri ?? null)]),
      [
        [1, 'text', null],
        [2, 'text', 'mantis://map/m/point/p2'],
        [3, 'view', 'One'],
        [4, 'view', 'Two'],
        [5, 'view', 'Three'],
      ],
    );
  });

  test('a finished reply offers its citations to the host in an event', async () => {
    const session = new ChatSession({ transport: transport('&scenario=echo&chunk=64') });
    session.connect();
    const cited = next(session, 'citations');
    session.send('Cited [1] and [2].');
    const { citations } = await cited;
    assert.deepEqual(
      citations.map((c) => c.number),
      [1, 2],
    );
    session.disconnect();
  });

  test('a replayed message announces its citation set once, when its parts are first derived, never for the whole history at once', async () => {
    const V1 = { inlineUiVersion: 1, mode: 'orchestrator' } as const;
    const assistant = (i: number): PersistedMessage => ({ id: `a${i}`, role: 'assistant', text: `Point ${i} [1], and [2](mantis://map/m/point/p${i}).`, marker: V1, sequence: 1, events: [] });
    const history: PersistedMessage[] = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? assistant(i) : { id: `u${i}`, role: 'user', text: `Question ${i}` }));
    const session = await restore({ messages: history });
    const announced: Extract<SessionEvent, { type: 'citations' }>[] = [];
    session.subscribe((event) => {
      if (event.type === 'citations') announced.push(event);
    });
    const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
    await tick();
    // Replaying parses nothing and announces nothing by itself: 10,000 messages are not parsed in one task.
    assert.equal(announced.length, 0);
    const newest = session.messages.at(-1) as AssistantMessage;
    // Derived by a reader (the chat, as it reveals the message): announced after that reader is done, not during it.
    assert.equal(newest.parts.length, 1);
    assert.equal(announced.length, 0);
    await tick();
    assert.deepEqual(
      announced.map((e) => [e.messageId, e.citations.map((c) => (c.origin === 'text' ? `${c.number} ${c.target?.uri ?? ''}` : ''))]),
      [['a9999', ['1 ', '2 mantis://map/m/point/p9999']]],
    );
    // Once: reading the parts or the set again announces nothing more; another message announces its own.
    void newest.parts;
    void newest.citations;
    void (session.messages.at(-3) as AssistantMessage).parts;
    await tick();
    assert.deepEqual(announced.map((e) => e.messageId), ['a9999', 'a9997']);
    // A history replaced before its sets were announced: only the new one's are (derived while the new one loads).
    const replacing = session.load(history.slice(0, 4));
    void (session.messages.at(-5) as AssistantMessage).parts;
    await replacing;
    void (session.messages.at(-1) as AssistantMessage).parts;
    await tick();
    assert.deepEqual(announced.map((e) => e.messageId), ['a9999', 'a9997', 'a3']);
  });
});

describe('ChatSession, a history from outside', async () => {
  const good = { id: 'a1', role: 'assistant', text: 'Hello **there**.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 1, events: [] } as const;

  test('load keeps every message with a role and a text, downgraded where it must be, and says so in a config-error', async () => {
    const session = new ChatSession();
    const events: SessionEvent[] = [];
    session.subscribe((event) => events.push(event));
    const odd = [{ ...good, id: 'x1', marker: null }, { ...good, id: 'x2', events: [1] }, { ...good, id: 'x3', actions: 5 }, { role: 'tool', id: 'x4', text: '' }];
    await session.load([{ id: 'u1', role: 'user', text: 'Hi' }, ...odd, good] as never);
    assert.deepEqual(session.messages.map((m) => m.id), ['u1', 'x1', 'x2', 'x3', 'a1']);
    // The unknown marker reads as read-only Markdown; the unreadable records and outcomes are left behind.
    const x1 = session.messages[1];
    assert.deepEqual(x1?.role === 'assistant' && x1.marker, { inlineUiVersion: null, mode: 'ask' });
    const error = events.find((e) => e.type === 'config-error');
    assert.ok(error && error.type === 'config-error', 'a config-error');
    assert.match(error.reason, /1 entry is not a message this chat shows .* \(index 4\)/);
    assert.match(error.reason, /3 message\(s\) were read with less than they held \(index 1: .*marker.*; index 2: 1 record\(s\) that could not be read; index 3: action outcomes that could not be read\)/);
    // The kept assistant message replays.
    assert.equal(session.messages[1]?.role === 'assistant' && session.messages[1].parts.length > 0, true);
  });

  test('load of a value that is not an array changes nothing, with a config-error', async () => {
    const session = await restore({ messages: [good] });
    const events: SessionEvent[] = [];
    session.subscribe((event) => events.push(event));
    await session.load({ nope: true } as never);
    assert.deepEqual(session.messages.map((m) => m.id), ['a1']);
    assert.ok(events.some((e) => e.type === 'config-error'));
  });

  test('a record of the right shape its handler cannot apply costs the records, never the replay', async () => {
    // A fault the real handlers do not produce on demand: one that throws.
    const throwing = defaultProtocols.withRecord('tool', {
      read: (record) => record as ProtocolRecord,
      apply: () => {
        throw new Error('cannot apply');
      },
    });
    const tool = { type: 'tool', message_id: 'm', sequence: 1, tool_name: 'search', state: 'running' } as const;
    const session = await restore({ protocols: throwing, messages: [{ ...good, events: [{ at: 5, receivedAt: 1, event: tool }] }] });
    const message = session.messages[0];
    assert.ok(message?.role === 'assistant');
    assert.deepEqual(
      message.parts.map((p) => p.type),
      ['text'],
    );
  });

  test('a record of a protocol that cannot be loaded leaves a notice in the reply, once, says why, and is not persisted', async () => {
    // A fault the real registry cannot produce on demand in Node: a protocol whose file cannot be fetched.
    const protocols = new ProtocolRegistry([...defaultProtocols.registrations, { name: 'broken', records: ['broken-thing'], load: () => Promise.reject(new Error('no file')) }]);
    const session = new ChatSession({ protocols });
    const events: SessionEvent[] = [];
    session.subscribe((event) => events.push(event));
    const marker = { inlineUiVersion: 1, mode: 'orchestrator' } as const;
    session.receive({ type: 'message-start', messageId: 'm1', sequence: 0, marker });
    session.receive({ type: 'text-delta', messageId: 'm1', sequence: 1, delta: 'Before. ' });
    session.receive({ type: 'record', messageId: 'm1', sequence: 2, record: { type: 'broken-thing', secret: 'x' } as ProtocolRecord });
    session.receive({ type: 'record', messageId: 'm1', sequence: 3, record: { type: 'broken-thing' } });
    session.receive({ type: 'text-delta', messageId: 'm1', sequence: 4, delta: 'After.' });
    await new Promise<void>((resolve) => {
      const off = session.subscribe((event) => event.type === 'message-complete' && (off(), resolve()));
      session.receive({ type: 'message-end', messageId: 'm1', sequence: 5 });
    });
    const message = session.thread.assistant('m1');
    assert.deepEqual(message?.parts.map((p) => p.type), ['text', 'data-mantis-unavailable', 'text']);
    assert.equal(message?.text, 'Before. After.');
    const notice = message?.parts[1];
    assert.ok(notice?.type === 'data-mantis-unavailable');
    assert.match(notice.data.message, /could not load what reads it \(broken\)/);
    assert.equal(events.filter((e) => e.type === 'protocol-error').length, 2, 'each skipped record is said to the page');
    const persisted = session.persisted.at(-1);
    assert.deepEqual(persisted?.role === 'assistant' && persisted.events, []);
  });

  test('a text protocol added with withText reads the messages of the markers it accepts, before the others', async () => {
    const shouting: TextProtocol = {
      name: 'shouting',
      accepts: (marker) => marker.mode === 'ask',
      createParser: (marker, options) => {
        const inner = defaultProtocols.createParser(marker, options);
        return {
          push: (chunk) => inner.push(chunk.toUpperCase()),
          end: () => inner.end(),
          insert: (part) => inner.insert(part),
          upsert: (part, matches) => inner.upsert(part, matches),
        } satisfies MessageParser;
      },
    };
    const session = await restore({
      protocols: defaultProtocols.withText(shouting),
      messages: [good, { ...good, id: 'a2', marker: { inlineUiVersion: 1, mode: 'ask' } }],
    });
    const texts = session.messages.map((m) => (m.role === 'assistant' ? m.parts.map((p) => (p.type === 'text' ? p.text : p.type)).join('') : ''));
    assert.equal(texts[0]?.trim(), good.text, 'an orchestrator message is read by the fences, as before');
    assert.equal(texts[1]?.trim(), good.text.toUpperCase(), 'an ask message is read by the added protocol');
  });
});
