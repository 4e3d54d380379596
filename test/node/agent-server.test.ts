// The reference agent server, driven by a Node WebSocket client (the `ws` package) and by the core's own transport.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { WebSocket } from 'ws';
import { COMPOSER_PATH, startAgentServer, type AgentServer } from '../../demo/server/agent-server.js';
import { WebSocketTransport, type ServerEvent, type SocketLike } from '../../src/index.js';

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
    assert.deepEqual(events[0]?.type === 'message_start' && events[0].marker.inline_ui_version, null, query);
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
  const transport = new WebSocketTransport(socketUrl('&inline_ui_version=1'), (url) => new WebSocket(url) as unknown as SocketLike);
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
  assert.equal(events[0]?.type === 'message_start' && events[0].marker.mode, 'ask');
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
