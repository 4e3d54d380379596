// One configuration (issue 28): createChatSession(config) and session.configure(partial), in plain Node, with no
// element: where the session connects (against the real reference server over SSE), the bags API, the media store,
// attachments and the agent-ui@1 base, each checked in the core and refused without an exception.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { COMPOSER_SSE_PATH } from '../../demo/server/agent-server.js';
import { useAgentServer } from './agent.js';
import { ChatSession, createChatSession, type AssistantMessage, type MediaOptions, type SessionEvent, type Uploader, type UploaderOptions } from '../../src/index.js';
import { createMediaService } from '../../src/media/index.js';
import { SseTransport } from '../../src/protocols/composer/transports.js';

const agent = useAgentServer();

/** Resolves once `check` holds, looking again at each turn of the event loop. */
async function waitFor(check: () => boolean): Promise<void> {
  const until = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > until) throw new Error('never happened');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const sseUrl = () => `${agent.server.origin}${COMPOSER_SSE_PATH}?delay=0&inline_ui_version=1`;

function next<T extends SessionEvent['type']>(session: ChatSession, type: T): Promise<Extract<SessionEvent, { type: T }>> {
  return new Promise((resolve) => {
    const off = session.subscribe((event) => {
      if (event.type !== type) return;
      off();
      resolve(event as Extract<SessionEvent, { type: T }>);
    });
  });
}

/** A media factory that records what it was asked to make (a real service: createMediaService). */
function mediaFactory() {
  const made: { options: MediaOptions; disposed: boolean; tokens: unknown[]; accounts: unknown[] }[] = [];
  const media = (options: MediaOptions) => {
    const service = createMediaService(options);
    const entry = { options, disposed: false, tokens: [] as unknown[], accounts: [] as unknown[] };
    made.push(entry);
    return Object.assign(Object.create(service) as typeof service, {
      dispose: () => ((entry.disposed = true), service.dispose()),
      setToken: (token: MediaOptions['token']) => (entry.tokens.push(token), service.setToken(token)),
      setAccount: (account: string | undefined) => (entry.accounts.push(account), service.setAccount(account)),
    });
  };
  return { made, media };
}

describe('createChatSession and configure', () => {
  test('a session configured with an SSE connection talks to the reference server: a reply streams in', async () => {
    const session = createChatSession({ connection: { kind: 'sse', url: sseUrl() } });
    session.connect();
    const complete = next(session, 'message-complete');
    // Sent while the SSE transport's code is still loading: kept, and sent once it is.
    assert.equal(session.send('Show me the clusters').ok, true);
    const { message } = await complete;
    assert.ok((message as AssistantMessage).parts.some((p) => p.type === 'text'));
    assert.ok(session.transport instanceof SseTransport);
    session.disconnect();
    // Another configuration replaces the connection; none leaves the session without one.
    assert.deepEqual(session.configure({ connection: null }), []);
    assert.equal(session.connection, null);
  });

  test("a connection's headers go with every request it makes (an SSE stream's GET and each POSTed frame), read per request", async () => {
    const seen: { method: string; authorization: string | undefined }[] = [];
    const server = createServer((request, response) => {
      seen.push({ method: request.method ?? '', authorization: request.headers.authorization });
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(': open\n\n');
        return;
      }
      response.writeHead(202).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    let token = 'first';
    const session = createChatSession({ connection: { kind: 'sse', url: `http://127.0.0.1:${port}/sse`, headers: () => ({ authorization: `Bearer ${token}` }) } });
    session.connect();
    await waitFor(() => seen.some((r) => r.method === 'GET'));
    token = 'second';
    session.send('hello');
    await waitFor(() => seen.some((r) => r.method === 'POST'));
    assert.equal(seen.find((r) => r.method === 'GET')?.authorization, 'Bearer first');
    assert.equal(seen.find((r) => r.method === 'POST')?.authorization, 'Bearer second');
    session.disconnect();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  test('config is what configure applied, setting by setting', () => {
    const session = createChatSession({ bagsUrl: 'https://app.example/api/v1/bags' });
    session.configure({ agentUiUrl: 'https://app.example/agents/' });
    assert.deepEqual(session.config, { bagsUrl: 'https://app.example/api/v1/bags', agentUiUrl: 'https://app.example/agents/' });
  });

  test('a kind no protocol opens, and a URL that cannot be parsed, are refused: no connection, no exception', () => {
    const session = new ChatSession();
    assert.deepEqual(session.configure({ connection: { kind: 'tcp', url: 'tcp://x' } }), [{ setting: 'connection.kind', expected: 'one of "ws", "sse", "ai-sdk", "ag-ui"' }]);
    assert.equal(session.connection, null);
    assert.deepEqual(session.configure({ connection: { kind: 'sse', url: 'http://[bad' } }), [{ setting: 'connection.url', expected: 'a URL' }]);
    assert.equal(session.connection, null);
  });

  test('a transport object the host made is talked through and left open (not owned)', () => {
    const transport = new SseTransport(sseUrl());
    const session = createChatSession({ connection: transport });
    assert.equal(session.transport, transport);
    session.configure({ connection: null });
    assert.notEqual(transport.state, 'closed');
    transport.close();
  });

  test('the bags API is resolved against relativeTo; a URL that cannot be one is refused and leaves none', () => {
    const session = createChatSession({ bagsUrl: '/api/v1/bags', relativeTo: 'https://app.example/chat/' });
    assert.ok(session.bags);
    assert.deepEqual(session.configure({ bagsUrl: 'http://[bad' }), [{ setting: 'bagsUrl', expected: 'a URL (the bags API)' }]);
    assert.equal(session.bags, null);
  });

  test('media: made by the factory given, told of a new token or account, made again for another store, disposed when removed', () => {
    const { made, media } = mediaFactory();
    const token = () => 'tok';
    const session = createChatSession({ media: { baseUrl: 'https://media.example/api/v1/', token, account: 'ann' }, factories: { media } });
    assert.equal(made.length, 1);
    assert.equal(made[0]?.options.account, 'ann');
    assert.equal(made[0]?.options.credentials, 'same-origin');
    const first = session.media;
    // The same store: the same service, told of the change.
    const other = () => 'other';
    session.configure({ media: { baseUrl: 'https://media.example/api/v1/', token: other, account: 'bob' } });
    assert.equal(session.media, first);
    assert.deepEqual(made[0]?.tokens, [other]);
    assert.deepEqual(made[0]?.accounts, ['bob']);
    // A value of the wrong kind is refused; the provider in use stays.
    assert.deepEqual(session.configure({ media: { baseUrl: 'https://media.example/api/v1/', token: 'tok' as never, account: 'bob' } }), [
      { setting: 'media.token', expected: 'a function that returns the bearer token' },
    ]);
    assert.deepEqual(made[0]?.tokens, [other]);
    // Another store: a fresh service; the old one is disposed.
    session.configure({ media: { baseUrl: 'https://other.example/media/', credentials: 'include' } });
    assert.equal(made.length, 2);
    assert.equal(made[0]?.disposed, true);
    assert.equal(made[1]?.options.credentials, 'include');
    session.configure({ media: null });
    assert.equal(made[1]?.disposed, true);
    assert.equal(session.media, null);
  });

  test('media without a factory, or with credentials that are not one of the three, is refused and says so', () => {
    const session = new ChatSession();
    const problems = session.configure({ media: { baseUrl: 'https://media.example/', credentials: 'always' as never } });
    assert.deepEqual(
      problems.map((p) => p.setting),
      ['media.credentials', 'media'],
    );
    assert.equal(session.media, null);
  });

  test("a host's own media service is never disposed by the configuration", () => {
    const { made, media } = mediaFactory();
    const own = createMediaService({ baseUrl: 'https://media.example/' });
    const session = new ChatSession({ media: own });
    session.configure({ media: null, factories: { media } });
    assert.equal(session.media, own);
    assert.equal(made.length, 0);
    own.dispose();
  });

  test('uploads: the tray gets an uploader made with the first file, and the policy; a bearer token never goes over plain http to another host', async () => {
    const asked: UploaderOptions[] = [];
    const uploader = (options: UploaderOptions): Promise<Uploader> => {
      asked.push(options);
      return Promise.reject(new Error('not in this test'));
    };
    const session = createChatSession({ uploads: { url: 'https://up.example/uploads/', chunkSize: 1024, accept: 'text/plain', limits: { files: 2 } }, factories: { uploader } });
    assert.ok(session.attachments.uploader);
    assert.equal(asked.length, 0, 'made with the first file, not before');
    assert.deepEqual(session.attachments.policy.limits.files, 2);
    assert.deepEqual(
      session.configure({ uploads: { url: 'http://up.example/uploads/', token: () => 'secret' } }).map((p) => p.setting),
      ['uploads.url'],
    );
    assert.equal(session.attachments.uploader, null);
    // This machine may take the token over http.
    assert.deepEqual(session.configure({ uploads: { url: 'http://localhost:9/uploads/', token: () => 'secret' } }), []);
    assert.ok(session.attachments.uploader);
    session.configure({ uploads: null });
    assert.equal(session.attachments.uploader, null);
  });

  test('configuring one setting leaves the others as they were: the same base given again remakes nothing; another base resolves them again', () => {
    const uploader = (): Promise<Uploader> => Promise.reject(new Error('not in this test'));
    const base = 'https://app.example/chat/';
    const session = createChatSession({ bagsUrl: '/api/v1/bags', uploads: { url: '/api/v1/uploads/' }, relativeTo: base, factories: { uploader } });
    const [bags, tray] = [session.bags, session.attachments.uploader];
    assert.ok(bags && tray);
    // As a chat does: each call gives the page's base again.
    session.configure({ agentUiUrl: '/api/v1/agent/chat/', relativeTo: base });
    assert.equal(session.bags, bags);
    assert.equal(session.attachments.uploader, tray);
    session.configure({ relativeTo: 'https://other.example/' });
    assert.notEqual(session.bags, bags);
    assert.notEqual(session.attachments.uploader, tray);
  });

  test('the agent-ui base: agentUiUrl resolved, else the agent chat path on the connection URL host (a WebSocket URL as http)', () => {
    const session = createChatSession({ connection: { kind: 'ws', url: 'wss://agent.example/api/v1/composer/ws' } });
    assert.equal(session.agentUiBase, 'https://agent.example/api/v1/agent/chat/');
    session.configure({ agentUiUrl: '/agents/', relativeTo: 'https://app.example/x/' });
    assert.equal(session.agentUiBase, 'https://app.example/agents/');
    session.configure({ agentUiUrl: null, connection: null });
    assert.equal(session.agentUiBase, '');
    session.disconnect();
  });
});
