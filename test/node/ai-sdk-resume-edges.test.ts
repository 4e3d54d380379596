// Resumable streams of the AI SDK protocol, at their edges: a backend that takes nothing up (404, 204), chat IDs a
// path cannot hold or that are not one, no chat ID, a message sent before the agent said whether a reply streams, and
// headers that cannot be read; against the reference endpoint written with the real `ai` package.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createChatSession } from '../../src/index.js';
import { AI_SDK_PATH } from '../../demo/server/ai-sdk.js';
import { useAgentServer } from './agent.js';
import { ended } from './turn-session.js';
import { clientReadsResume, FULL, holdResumeGets, newChatId, resumeKit } from './ai-sdk-resume-kit.js';

const agent = useAgentServer();
const url = (): string => `${agent.server.origin}${AI_SDK_PATH}`;
const { chatSession, leaveWhileStreaming } = resumeKit(url);

describe('the AI SDK protocol at the edges of taking a reply up', () => {
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
    const gets = holdResumeGets();
    try {
      const { session, events } = chatSession(chatId);
      await session.load(midway);
      session.connect();
      const signal = await gets.asked;
      const next = ended(session);
      assert.equal(session.send('view').ok, true);
      assert.equal(signal?.aborted, true);
      gets.release();
      const reply = await next;
      assert.match(reply.text, /North region|summary/i);
      // The partial reply stays as it was; the new turn's reply comes after the new message.
      assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant', 'user', 'assistant']);
      assert.equal(session.messages[1]?.id, midway[1]?.id);
      assert.deepEqual(events.flatMap((e) => (e.type === 'protocol-notice' ? [e.key] : [])), ['resume-dropped']);
      session.disconnect();
    } finally {
      gets.restore();
    }
  });

  test('a turn that could not be sent (the page’s body threw) leaves the GET alone: the reply still streaming is taken up', async () => {
    const chatId = newChatId();
    const { atSend } = await leaveWhileStreaming(chatId);
    const gets = holdResumeGets();
    try {
      const { session, events } = chatSession(chatId, {
        body: () => {
          throw new Error('no tenant yet');
        },
      });
      await session.load(atSend);
      session.connect();
      const signal = await gets.asked;
      const done = ended(session);
      session.send('view');
      assert.equal(signal?.aborted, false);
      gets.release();
      const reply = await done;
      assert.equal(reply.text, FULL);
      assert.deepEqual(events.filter((e) => e.type === 'protocol-notice'), []);
      session.disconnect();
    } finally {
      gets.restore();
    }
  });

  test('headers that cannot be read when a reply would be taken up: nothing is asked, and it is said', async () => {
    const chatId = newChatId();
    const { atSend } = await leaveWhileStreaming(chatId);
    const before = agent.server.aiSdkResumes.length;
    const { session } = chatSession(chatId, {
      headers: () => {
        throw new Error('no token yet');
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
