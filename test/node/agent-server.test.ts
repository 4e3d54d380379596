// The reference agent server, driven by a Node WebSocket client (the `ws` package) and by the core's own transport.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { WebSocket } from 'ws';
import { COMPOSER_PATH, startAgentServer, type AgentServer } from '../../demo/server/agent-server.js';
import { scriptedReply } from '../../demo/server/scenarios.js';
import { validateView, type ProtocolMarker, type ServerEvent, type SocketLike } from '../../src/index.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';

let server: AgentServer;
before(async () => {
  server = await startAgentServer({ port: 0 });
});
after(() => server.close());

const socketUrl = (query: string) => `ws${server.origin.slice(4)}${COMPOSER_PATH}?delay=0${query}`;

/** Sends one user message and collects every server event until message_end. */
function converse(query: string, text: string, mode = 'orchestrator'): Promise<ServerEvent[]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(query));
    const events: ServerEvent[] = [];
    socket.on('open', () => socket.send(JSON.stringify({ type: 'user_message', client_message_id: 'u1', text, mode })));
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      events.push(event);
      if (event.type === 'message_end' || event.type === 'error') {
        socket.close();
        resolve(events);
      }
    });
    socket.on('error', reject);
  });
}

const replyText = (events: ServerEvent[]) =>
  events.map((e) => (e.type === 'text_delta' ? e.delta : '')).join('');

test('streams a reply with a view in small deltas and strictly increasing sequences', async () => {
  const events = await converse('&inline_ui_version=1', 'hello');
  assert.equal(events[0]?.type, 'message_start');
  assert.deepEqual(events[0]?.type === 'message_start' && events[0].marker, { inline_ui_version: 1, mode: 'orchestrator' });
  assert.equal(events.at(-1)?.type, 'message_end');
  const sequences = events.map((e) => ('sequence' in e ? e.sequence : -1));
  assert.deepEqual(sequences, sequences.map((_, i) => i));
  assert.ok(events.filter((e) => e.type === 'text_delta').every((e) => e.type === 'text_delta' && e.delta.length <= 7));
  assert.match(replyText(events), /```mantis-ui\n\{"version":1/);
});

test('refuses UI to a client that did not advertise the exact capability', async () => {
  for (const query of ['', '&inline_ui_version=2', '&inline_ui_version=true']) {
    const events = await converse(query, 'hello');
    assert.deepEqual(events[0]?.type === 'message_start' && events[0].marker?.inline_ui_version, null, query);
    assert.doesNotMatch(replyText(events), /mantis-ui/, query);
  }
});

test('emits no UI in Visual Tour mode', async () => {
  const events = await converse('&inline_ui_version=1', 'hello', 'visual-tour');
  assert.doesNotMatch(replyText(events), /mantis-ui/);
});

test('answers a malformed frame with an error event and keeps the socket open', async () => {
  const socket = new WebSocket(socketUrl(''));
  await new Promise((done) => socket.on('open', done));
  const first = new Promise<ServerEvent>((done) => socket.once('message', (data) => done(JSON.parse(String(data)))));
  socket.send('{not json');
  assert.equal((await first).type, 'error');
  const second = new Promise<ServerEvent>((done) => socket.once('message', (data) => done(JSON.parse(String(data)))));
  socket.send(JSON.stringify({ type: 'user_message', client_message_id: 'u', text: 'again', mode: 'ask' }));
  assert.equal((await second).type, 'message_start');
  socket.close();
});

test('the core WebSocketTransport talks to the server from Node', async () => {
  const transport = new WebSocketTransport(socketUrl('&inline_ui_version=1'), {
    socketFactory: (url) => new WebSocket(url) as unknown as SocketLike,
  });
  const events: ServerEvent[] = [];
  const done = new Promise<void>((resolve) =>
    transport.subscribe((event) => {
      if (event.type !== 'server') return;
      events.push(event.event);
      if (event.event.type === 'message_end') resolve();
    }),
  );
  transport.connect();
  transport.send({ type: 'user_message', client_message_id: 'u', text: 'queued before open', mode: 'ask' });
  await done;
  transport.close();
  assert.equal(events[0]?.type === 'message_start' && events[0].marker?.mode, 'ask');
});

test('serves static files only inside their folder', async () => {
  const withStatic = await startAgentServer({ port: 0, mounts: [{ prefix: '/', dir: 'demo/page' }] });
  try {
    assert.equal((await fetch(`${withStatic.origin}/`)).status, 200);
    assert.equal((await fetch(`${withStatic.origin}/..%2f..%2fpackage.json`)).status, 404);
    assert.equal((await fetch(`${withStatic.origin}/%E0%A4%A`)).status, 404);
  } finally {
    await withStatic.close();
  }
});

/** A WebSocket session: collects events, sends frames. */
async function openSession(query: string): Promise<{ socket: WebSocket; next: (pred: (e: ServerEvent) => boolean) => Promise<ServerEvent> }> {
  const socket = new WebSocket(socketUrl(query));
  const seen: ServerEvent[] = [];
  const waiters: { pred: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as ServerEvent;
    seen.push(event);
    for (const w of [...waiters]) if (w.pred(event)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  await new Promise((done) => socket.on('open', done));
  socket.send(JSON.stringify({ type: 'resume' }));
  return {
    socket,
    next: (pred) => {
      const found = seen.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ pred, resolve }));
    },
  };
}

test('enforces the Ask-mode action catalog itself, whatever the client offers', async () => {
  for (const mode of ['ask', 'orchestrator'] as const) {
    const { socket, next } = await openSession(`&inline_ui_version=1&session_id=actions-${mode}`);
    socket.send(JSON.stringify({ type: 'user_message', client_message_id: `u-${mode}`, text: 'hi', mode }));
    const start = await next((e) => e.type === 'message_start');
    await next((e) => e.type === 'message_end');
    const action = (id: string, body: Record<string, unknown>) =>
      socket.send(JSON.stringify({ type: 'action', client_action_id: id, message_id: start.type === 'message_start' ? start.message_id : '', view_id: 'v', node_id: 'n', action: body }));
    action(`bag-${mode}`, { id: 'a', type: 'add-to-bag', label: 'Add', targets: [{ uri: 'mantis://map/m/point/p' }] });
    action(`sum-${mode}`, { id: 'b', type: 'summarize', label: 'Sum', target: { uri: 'mantis://map/m/cluster/c' } });
    const bag = await next((e) => e.type === 'action_result' && e.client_action_id === `bag-${mode}`);
    const sum = await next((e) => e.type === 'action_result' && e.client_action_id === `sum-${mode}`);
    assert.equal(bag.type === 'action_result' && bag.status, mode === 'ask' ? 'rejected' : 'accepted', mode);
    assert.equal(sum.type === 'action_result' && sum.status, 'accepted', mode);
    socket.close();
  }
});

test('a delivered run-task reports progress through trusted task events with the reserved task ID 0', async () => {
  const { socket, next } = await openSession('&session_id=tasks');
  socket.send(JSON.stringify({ type: 'user_message', client_message_id: 'u', text: 'hi', mode: 'orchestrator' }));
  const start = await next((e) => e.type === 'message_start');
  await next((e) => e.type === 'message_end');
  socket.send(
    JSON.stringify({
      type: 'action',
      client_action_id: 'run',
      message_id: start.type === 'message_start' ? start.message_id : '',
      view_id: 'v',
      node_id: 'n',
      action: { id: 't', type: 'run-task', label: 'Run', task: 'Summarize the cluster', taskId: 42 },
    }),
  );
  assert.equal((await next((e) => e.type === 'action_result')).type, 'action_result');
  const completed = await next((e) => e.type === 'task' && e.status === 'completed');
  assert.equal(completed.type === 'task' && completed.task_id, 0);
  socket.close();
});

test('the SSE endpoint refuses a malformed frame with 400 and streams a reply with ids', async () => {
  const url = `${server.origin}/api/v1/composer/sse?session_id=sse-node&delay=0&inline_ui_version=1`;
  assert.equal((await fetch(url, { method: 'POST', body: '{bad' })).status, 400);
  const stream = await fetch(url, { headers: { accept: 'text/event-stream' } });
  assert.match(stream.headers.get('content-type') ?? '', /text\/event-stream/);
  const post = await fetch(url, { method: 'POST', body: JSON.stringify({ type: 'user_message', client_message_id: 'u', text: 'hi', mode: 'ask' }) });
  assert.equal(post.status, 202);
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('event: message_end')) text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  assert.match(text, /^retry: 1000/);
  assert.match(text, /id: assistant-[^\n]+:0\nevent: message_start\n/);
});

test('the reference server routes the agent-ui, media and bags endpoints', async () => {
  assert.equal((await fetch(`${server.origin}/api/v1/agent/chat/ui-registry`)).status, 200);
  assert.equal((await fetch(`${server.origin}/api/v1/agent_files/agent_files/missing.png`)).status, 401);
  assert.equal((await fetch(`${server.origin}/api/v1/bags`)).status, 200);
});

test('survives a request with a malformed Host header', async () => {
  const { request } = await import('node:http');
  const status = await new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: '[' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
  assert.ok(status > 0);
  assert.equal((await fetch(`${server.origin}/api/v1/bags`)).status, 200);
});

test('the stall fault holds the stream after N events, and the rest follows when it ends', async () => {
  const socket = new WebSocket(socketUrl('&session_id=stall&fault=stall:3:60000'));
  const events: ServerEvent[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as ServerEvent));
  await new Promise((done) => socket.on('open', done));
  socket.send(JSON.stringify({ type: 'user_message', client_message_id: 'u', text: 'hi', mode: 'orchestrator' }));
  while (events.length < 3) await new Promise((done) => setTimeout(done, 10));
  // A minute-long stall: nothing more arrives while it lasts.
  await new Promise((done) => setTimeout(done, 200));
  assert.equal(events.length, 3);
  socket.terminate();
});

test('scripted replies: the default and the media reply each carry one valid view, with every node accepted', () => {
  const marker: ProtocolMarker = { mode: 'orchestrator', inlineUiVersion: 1 };
  for (const [text, type] of [
    ['Show me the clusters', 'metric-group'],
    ['Show me the photos of the junction', 'media-gallery'],
  ] as const) {
    const reply = scriptedReply(marker, text);
    const fence = /```mantis-ui\n([\s\S]*?)\n```/.exec(reply)?.[1] ?? '';
    const result = validateView(fence);
    assert.equal(result.ok, true, text);
    assert.deepEqual(result.ok ? result.issues : null, []);
    assert.ok(fence.includes(`"type":"${type}"`), text);
  }
});
