// Resumable streams of the AI SDK protocol (`transport="ai-sdk"` with a chat ID): a chat opened again while a reply
// streams takes it up with `GET {url}/{chatId}/stream`, as `useChat({ id, resume: true })` does, against the reference
// endpoint written with the real `ai` package (its `consumeSseStream`, demo/server/ai-sdk-resume.ts); the SDK's own
// client takes up the same stream from the same URL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AbstractChat, DefaultChatTransport, type UIMessage } from 'ai';
import { createChatSession, defaultProtocols, ProtocolRegistry, type AssistantMessage } from '../../src/index.js';
import { AI_SDK_PATH } from '../../demo/server/ai-sdk.js';
import { useAgentServer } from './agent.js';
import { ArrayState } from './sdk-chat-state.js';
import { ended, reply } from './turn-session.js';
import { FULL, newChatId, resumeKit, shows } from './ai-sdk-resume-kit.js';

const agent = useAgentServer();
const url = (): string => `${agent.server.origin}${AI_SDK_PATH}`;
const { chatSession, leaveWhileStreaming } = resumeKit(url);

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
