// Resumable streams of the AI SDK protocol (`transport="ai-sdk"` with a chat ID): a chat opened again while a reply
// streams takes it up with `GET {url}/{chatId}/stream`, as `useChat({ id, resume: true })` does, against the reference
// endpoint written with the real `ai` package (its `consumeSseStream`, demo/server/ai-sdk-resume.ts); the SDK's own
// client takes up the same stream from the same URL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AbstractChat, DefaultChatTransport, type UIMessage } from 'ai';
import { createChatSession, defaultProtocols, ProtocolRegistry, type AssistantMessage, type ChatSession, type PersistedMessage, type SessionEvent } from '../../src/index.js';
import { AI_SDK_PATH } from '../../demo/server/ai-sdk.js';
import { useAgentServer } from './agent.js';
import { ArrayState } from './sdk-chat-state.js';
import { ended, reply } from './turn-session.js';

const agent = useAgentServer();
const url = (): string => `${agent.server.origin}${AI_SDK_PATH}`;
let chats = 0;
/** A chat ID of this run, with characters a path must escape. */
const newChatId = (): string => `resume ${Date.now()}/${++chats}`;

function chatSession(chatId: string): { session: ChatSession; events: SessionEvent[] } {
  const session = createChatSession({ connection: { kind: 'ai-sdk', url: url(), chatId } });
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  return { session, events };
}

/** Resolves once the session's last message is the agent's and holds `text`. */
function shows(session: ChatSession, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const last = session.messages.at(-1);
      return last?.role === 'assistant' && last.text.includes(text);
    };
    if (check()) return resolve();
    const off = session.subscribe(() => check() && (off(), resolve()));
  });
}

/** Starts a `resumable` reply in a first session, and leaves it (as a reload does) once its first part showed. */
async function leaveWhileStreaming(chatId: string): Promise<{ atSend: PersistedMessage[]; midway: PersistedMessage[] }> {
  const { session } = chatSession(chatId);
  session.connect();
  assert.equal(session.send('resumable please').ok, true);
  const atSend = session.persisted;
  await shows(session, 'The first part');
  const midway = session.persisted;
  session.disconnect();
  return { atSend, midway };
}

/**
 * Resolves with the response to the chat's next resume GET once the chat has read it (the fetch settled and what it
 * does next ran); fetch is the real one again by then.
 */
function clientReadsResume(): Promise<Response> {
  const realFetch = globalThis.fetch;
  return new Promise((resolve, reject) => {
    globalThis.fetch = async (input, init) => {
      const response = realFetch(input, init);
      if (String(input).endsWith('/stream')) {
        globalThis.fetch = realFetch;
        response.then((answered) => setImmediate(() => resolve(answered)), reject);
      }
      return response;
    };
  });
}

const FULL = 'The first part of a long answer.\n\nAnd the rest, after the reload.';

describe('the AI SDK protocol takes up a reply still streaming', () => {
  test('a chat opened again with the history of before the reply (a reload) shows the whole reply, answering the user', async () => {
    const chatId = newChatId();
    const { atSend } = await leaveWhileStreaming(chatId);
    const { session, events } = chatSession(chatId);
    await session.load(atSend);
    const done = ended(session);
    session.connect();
    const reply = await done;
    assert.equal(reply.status, 'done');
    assert.equal(reply.text, FULL);
    assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant']);
    assert.equal((reply as AssistantMessage).inReplyTo, session.messages[0]?.id);
    const resume = agent.server.aiSdkResumes.at(-1);
    assert.equal(resume?.chatId, chatId);
    assert.equal(resume?.status, 200);
    assert.equal(resume?.path, `${AI_SDK_PATH}/${encodeURIComponent(chatId)}/stream`);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error' || e.type === 'protocol-notice'), []);
  });

  test('a chat opened again with a partial copy of the reply replaces it with the replayed one: no second message', async () => {
    const chatId = newChatId();
    const { midway } = await leaveWhileStreaming(chatId);
    const partial = midway.at(-1);
    assert.equal(partial?.role, 'assistant');
    const { session } = chatSession(chatId);
    await session.load(midway);
    const done = ended(session);
    session.connect();
    const reply = await done;
    assert.equal(reply.id, partial?.id);
    assert.equal(reply.text, FULL);
    assert.equal(reply.status, 'done');
    assert.deepEqual(session.messages.map((m) => `${m.role}:${m.id}`), midway.map((m) => `${m.role}:${m.id}`));
    // What persists is the whole reply, once.
    assert.equal((session.persisted.at(-1) as { text: string }).text, FULL);
  });

  test('a reconnect (another connection for the same chat) takes up the reply the old one was reading, in place', async () => {
    const chatId = newChatId();
    const { session } = chatSession(chatId);
    session.connect();
    session.send('resumable please');
    await shows(session, 'The first part');
    const cut = session.messages.at(-1);
    const done = ended(session);
    // The same chat at another URL of the same endpoint (a page that changed a query parameter): a new connection.
    session.configure({ connection: { kind: 'ai-sdk', url: `${url()}?region=north`, chatId } });
    // The old connection's reply ends as it stood when that connection went; the new one takes it up again.
    const interrupted = await done;
    assert.equal(interrupted.status, 'interrupted');
    assert.notEqual(interrupted.text, FULL);
    const reply = await ended(session);
    assert.equal(reply.id, cut?.id);
    assert.equal(reply.text, FULL);
    assert.equal(reply.status, 'done');
    assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant']);
    assert.equal(agent.server.aiSdkResumes.at(-1)?.path, `${AI_SDK_PATH}/${encodeURIComponent(chatId)}/stream?region=north`);
    session.disconnect();
  });

  test('a history shown after the connection opened (as history-key restores one) is looked at again', async () => {
    const chatId = newChatId();
    const { atSend } = await leaveWhileStreaming(chatId);
    // A registry whose AI SDK code is not loaded yet, as on a page's first AI SDK chat: the session holds a stand-in
    // connection until it is, which must pass the news of a history on.
    const protocols = new ProtocolRegistry()
      .register({ name: 'composer', eager: true, connections: ['ws', 'sse'], records: [], load: () => defaultProtocols.loaded('composer') ?? defaultProtocols.load('composer') })
      .register({ name: 'ai-sdk', connections: ['ai-sdk'], records: ['ai-sdk-view', 'ai-sdk-part', 'approval'], load: () => import('../../src/protocols/ai-sdk/index.js').then((m) => m.aiSdkProtocol) });
    const session = createChatSession({ connection: { kind: 'ai-sdk', url: url(), chatId } }, { protocols });
    // Open first, and let the connection look at the (empty) conversation before any history is given.
    const open = new Promise<void>((resolve) => session.subscribe((e) => e.type === 'state' && e.state === 'open' && resolve()));
    session.connect();
    await open;
    await new Promise((resolve) => setImmediate(resolve));
    const done = ended(session);
    await session.load(atSend);
    const reply = await done;
    assert.equal(reply.text, FULL);
    assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant']);
    session.disconnect();
  });

  test('an approval answered before the page left: the continuation goes on in its message, which keeps the call and the answer', async () => {
    const chatId = newChatId();
    const first = chatSession(chatId).session;
    first.connect();
    const asked = await reply(first, 'approve resumable');
    const going = new Promise<void>((resolve) => {
      const off = first.subscribe(() => {
        const last = first.messages.at(-1);
        const tool = last?.role === 'assistant' ? last.parts.find((p) => p.type === 'dynamic-tool') : undefined;
        if (tool?.type === 'dynamic-tool' && tool.state === 'output-available') {
          off();
          resolve();
        }
      });
    });
    assert.equal(await first.answer(asked.id, { kind: 'approval', toolCallId: 'call-approve', approved: true }), true);
    // What the page kept: the history change of the answer.
    const kept = first.persisted;
    await going;
    first.disconnect();
    const { session } = chatSession(chatId);
    await session.load(kept);
    const done = ended(session);
    session.connect();
    const last = await done;
    assert.equal(last.id, asked.id);
    assert.equal(last.status, 'done');
    assert.equal(last.text, 'I will delete site north-3 once you approve.\n\nSite north-3 was deleted.');
    const tool = last.parts.find((p) => p.type === 'dynamic-tool');
    assert.equal(tool?.type === 'dynamic-tool' && tool.toolName, 'delete_site');
    assert.equal(tool?.type === 'dynamic-tool' && tool.state, 'output-available');
    assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant']);
    session.disconnect();
  });

  test('a backend that takes nothing up (404), or a chat ID that would name another path, changes nothing and says so', async () => {
    const { atSend } = await leaveWhileStreaming(newChatId());
    for (const [chatId, where] of [['not-found', `${agent.server.origin}/api/v1/no-such-endpoint`], ['..', url()]] as const) {
      const session = createChatSession({ connection: { kind: 'ai-sdk', url: where, chatId } });
      const notices: string[] = [];
      const said = new Promise<void>((resolve) => session.subscribe((e) => e.type === 'protocol-notice' && (notices.push(e.reason), resolve())));
      await session.load(atSend);
      session.connect();
      await said;
      assert.deepEqual(session.messages.map((m) => m.role), ['user'], chatId);
      assert.match(notices[0] ?? '', chatId === '..' ? /cannot name a stream/ : /answered 404/);
      session.disconnect();
    }
  });

  test('nothing streaming: the backend answers 204 and the conversation stays as it was', async () => {
    const chatId = newChatId();
    const first = chatSession(chatId).session;
    first.connect();
    const answered = ended(first);
    first.send('view');
    await answered;
    const history = first.persisted;
    first.disconnect();
    const { session, events } = chatSession(chatId);
    await session.load(history);
    // The GET that asked, answered 204 and read by the chat (a turn sent before that would drop it); then a turn: its
    // reply is the only message that came.
    const read = clientReadsResume();
    session.connect();
    assert.equal((await read).status, 204);
    const next = ended(session);
    session.send('view again');
    await next;
    assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant', 'user', 'assistant']);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error' || e.type === 'protocol-notice'), []);
    session.disconnect();
  });

  test('a chat ID that is not a string of 1 to 256 characters is refused, and the connection makes its own up', () => {
    for (const chatId of ['', 'x'.repeat(257), 42]) {
      const session = createChatSession({});
      const problems = session.configure({ connection: { kind: 'ai-sdk', url: url(), chatId: chatId as string } });
      assert.deepEqual(problems, [{ setting: 'connection.chatId', expected: 'a string of 1 to 256 characters' }]);
    }
    assert.deepEqual(createChatSession({}).configure({ connection: { kind: 'ai-sdk', url: url(), chatId: 'x'.repeat(256) } }), []);
  });

  test('without a chat ID nothing is asked for: each connection makes its own chat ID up', async () => {
    const { atSend } = await leaveWhileStreaming(newChatId());
    const before = agent.server.aiSdkResumes.length;
    const session = createChatSession({ connection: { kind: 'ai-sdk', url: url() } });
    await session.load(atSend);
    session.connect();
    const next = ended(session);
    session.send('view');
    await next;
    assert.equal(agent.server.aiSdkResumes.length, before);
    const posted = agent.server.aiSdkRequests.at(-1)?.body;
    assert.match(String(posted?.['id']), /^chat-/);
    session.disconnect();
  });

  test('a message sent before the agent answered whether a reply streams wins: the GET is dropped, and said once', async () => {
    const chatId = newChatId();
    const { midway } = await leaveWhileStreaming(chatId);
    // The only fake here: the GET is held until the user sent (the real server answers before a test could type).
    const realFetch = globalThis.fetch;
    let asked: (signal: AbortSignal | null | undefined) => void = () => undefined;
    const askedFor = new Promise<AbortSignal | null | undefined>((resolve) => (asked = resolve));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = async (input, init) => {
      if (String(input).endsWith('/stream')) {
        asked(init?.signal);
        await held;
      }
      return realFetch(input, init);
    };
    try {
      const { session, events } = chatSession(chatId);
      await session.load(midway);
      session.connect();
      const signal = await askedFor;
      const next = ended(session);
      assert.equal(session.send('view').ok, true);
      assert.equal(signal?.aborted, true);
      release();
      const reply = await next;
      assert.match(reply.text, /North region|summary/i);
      // The partial reply stays as it was; the new turn's reply comes after the new message.
      assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant', 'user', 'assistant']);
      assert.equal(session.messages[1]?.id, midway[1]?.id);
      assert.deepEqual(events.flatMap((e) => (e.type === 'protocol-notice' ? [e.key] : [])), ['resume-dropped']);
      session.disconnect();
    } finally {
      globalThis.fetch = realFetch;
      release();
    }
  });

  test('headers that cannot be read when a reply would be taken up: nothing is asked, and it is said', async () => {
    const chatId = newChatId();
    const { atSend } = await leaveWhileStreaming(chatId);
    const before = agent.server.aiSdkResumes.length;
    const session = createChatSession({
      connection: {
        kind: 'ai-sdk',
        url: url(),
        chatId,
        headers: () => {
          throw new Error('no token yet');
        },
      },
    });
    const said = new Promise<string>((resolve) => session.subscribe((e) => e.type === 'protocol-notice' && resolve(e.reason)));
    await session.load(atSend);
    session.connect();
    assert.match(await said, /could not be asked of the AI SDK agent/);
    assert.equal(agent.server.aiSdkResumes.length, before);
    assert.deepEqual(session.messages.map((m) => m.role), ['user']);
    session.disconnect();
  });
});

class SdkChat extends AbstractChat<UIMessage> {
  constructor(id: string, api: string) {
    super({ id, state: new ArrayState(), transport: new DefaultChatTransport({ api }) });
  }
}

describe('the SDK’s own client', () => {
  test('takes up the reply our chat left, from the same URL our chat asks', async () => {
    const chatId = newChatId();
    await leaveWhileStreaming(chatId);
    const sdk = new SdkChat(chatId, url());
    await sdk.resumeStream();
    const last = sdk.messages.at(-1);
    assert.equal(last?.role, 'assistant');
    const text = last?.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n\n');
    assert.equal(text, FULL);
    const theirs = agent.server.aiSdkResumes.at(-1);
    assert.equal(theirs?.status, 200);
    // Ours, for another chat left the same way: the same path for the same kind of ID.
    const other = newChatId();
    const { atSend } = await leaveWhileStreaming(other);
    const { session } = chatSession(other);
    await session.load(atSend);
    const done = ended(session);
    session.connect();
    await done;
    const ours = agent.server.aiSdkResumes.at(-1);
    assert.equal(ours?.path.replace(encodeURIComponent(other), '{id}'), theirs?.path.replace(encodeURIComponent(chatId), '{id}'));
    session.disconnect();
  });
});
