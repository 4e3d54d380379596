// The AI SDK protocol (`transport="ai-sdk"`, src/protocols/ai-sdk/) against the reference server's endpoint written
// with the real `ai` package (demo/server/ai-sdk.ts: `createUIMessageStream`, `pipeUIMessageStreamToResponse`, and
// `validateUIMessages` on what we post), in plain Node through a ChatSession, as a backend team's client would run.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { createChatSession, type AssistantMessage } from '../../src/index.js';
import { partTypes, reply, stopAfterTwoWords, turnSession } from './turn-session.js';
import { AI_SDK_PATH } from '../../demo/server/ai-sdk.js';
import { ChunkReader } from '../../src/protocols/ai-sdk/index.js';
import { ReplyWriter } from '../../src/protocols/reply.js';
import type { ConnectionEvent } from '../../src/protocols/connection.js';
import { useAgentServer } from './agent.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();

const session = (path = AI_SDK_PATH): ReturnType<typeof turnSession> => turnSession('ai-sdk', `${agent.server.origin}${path}`);
const types = partTypes;

describe('the AI SDK protocol against the real `ai` package', () => {
  test('posts what DefaultChatTransport posts: the chat ID, the conversation as UIMessages, the trigger', async () => {
    // What the SDK's own transport sends for the same conversation, captured at its fetch.
    let sdkBody: Record<string, unknown> | undefined;
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://sdk.invalid/api/chat',
      fetch: async (_url, init) => {
        sdkBody = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return new Response('data: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    const messages: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'show the view' }] }];
    await transport.sendMessages({ chatId: 'c1', messages, trigger: 'submit-message', messageId: undefined, abortSignal: undefined });

    const { session: chat } = session();
    const message = await reply(chat, 'show the view');
    const ours = agent.server.aiSdkRequests.at(-1)?.body as Record<string, unknown>;
    assert.equal(await agent.server.aiSdkRequests.at(-1)?.ended, 'finished');
    assert.ok(sdkBody);
    assert.deepEqual(Object.keys(ours).sort(), Object.keys(sdkBody).sort());
    assert.equal(ours['trigger'], sdkBody['trigger']);
    assert.equal(typeof ours['id'], 'string');
    const [first] = ours['messages'] as UIMessage[];
    assert.deepEqual({ ...first, id: 'u1' }, messages[0]);
    assert.equal(message.status, 'done');
    chat.disconnect();
  });

  test('streams reasoning, a tool call, Markdown and a data-mantis-ui view into one reply; a history replays it exactly', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'show the view');
    assert.deepEqual(message.marker, { inlineUiVersion: 1, mode: 'orchestrator' });
    assert.deepEqual(types(message), ['reasoning', 'dynamic-tool', 'text', 'data-mantis-ui', 'text']);
    const [reasoning, tool, before, view, after] = message.parts;
    assert.deepEqual(reasoning, { type: 'reasoning', id: 'r1', text: 'The user wants the site summary.', state: 'done' });
    assert.deepEqual(tool, { type: 'dynamic-tool', toolName: 'search_sites', toolCallId: 'call-1', state: 'output-available', input: { region: 'north' }, output: { sites: 3 } });
    assert.equal(before?.type === 'text' && before.text, 'Here is the **summary** of the north region:');
    assert.equal(view?.type === 'data-mantis-ui' && view.data.root.type, 'metric-group');
    assert.match(after?.type === 'text' ? after.text : '', /One site has an alert\./);
    // Start and end of steps change nothing; no chunk of this reply was refused or skipped.
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error' || e.type === 'protocol-notice'), []);

    const replayed = await restore({ messages: chat.persisted });
    assert.deepEqual((replayed.messages.at(-1) as AssistantMessage | undefined)?.parts, message.parts);
    chat.disconnect();
  });

  test('the next turn carries the conversation, which the SDK validates (its reply as UIMessage parts)', async () => {
    const { session: chat } = session();
    await reply(chat, 'show the view');
    const second = await reply(chat, 'and the invalid one');
    assert.equal(second.status, 'done');
    const posted = agent.server.aiSdkRequests.at(-1)?.body['messages'] as UIMessage[];
    assert.deepEqual(posted.map((m) => m.role), ['user', 'assistant', 'user']);
    assert.deepEqual(posted[1]?.parts.map((p) => p.type), ['reasoning', 'text', 'dynamic-tool']);
    chat.disconnect();
  });

  test('an invalid data-mantis-ui part shows its fallback and the stream goes on', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'an invalid one, please');
    assert.deepEqual(types(message), ['text', 'data-mantis-ui-error', 'text']);
    const refused = message.parts[1];
    assert.equal(refused?.type === 'data-mantis-ui-error' && refused.data.reason, 'invalid-root');
    assert.match(message.text, /After the view\./);
    chat.disconnect();
  });

  test('a data-mantis-attachment from the wire is refused, said once, and makes no part', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'an attachment');
    assert.deepEqual(types(message), ['text']);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error').map((e) => (e as { reason: string }).reason), ['A "data-mantis-attachment" part is the chat\'s own and is never taken from the agent\'s stream; it was refused.']);
    chat.disconnect();
  });

  test('a mantis-ui fence stays text without our marker in messageMetadata, and is a view with it', async () => {
    const { session: chat } = session();
    const plain = await reply(chat, 'a fence');
    assert.deepEqual(plain.marker, { inlineUiVersion: null, mode: 'orchestrator' });
    assert.deepEqual(types(plain), ['text']);
    assert.match(plain.parts[0]?.type === 'text' ? plain.parts[0].text : '', /```mantis-ui/);
    const marked = await reply(chat, 'a marked fence');
    assert.ok(types(marked).includes('data-mantis-ui'), types(marked).join());
    chat.disconnect();
  });

  test('an error chunk ends the reply as interrupted, keeping what it said before, and shows the agent’s words where it stopped, also on replay', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'an error please');
    assert.equal(message.status, 'interrupted');
    assert.match(message.text, /Starting/);
    const interrupted = events.find((e) => e.type === 'message-interrupted');
    assert.equal(interrupted?.type === 'message-interrupted' && interrupted.reason, 'server-error');
    assert.deepEqual(types(message), ['text', 'data-mantis-agent-error']);
    assert.deepEqual(message.parts[1], { type: 'data-mantis-agent-error', data: { message: 'The model is overloaded.' } });
    const replayed = await restore({ messages: chat.persisted });
    assert.deepEqual((replayed.messages.at(-1) as AssistantMessage | undefined)?.parts, message.parts);
    chat.disconnect();
  });

  test('a request the server refuses still gets a reply, interrupted: the user never waits on a turn that went nowhere', async () => {
    const { session: chat, events } = session('/api/v1/ai-sdk/no-such-endpoint');
    const message = await reply(chat, 'hello');
    assert.equal(message.status, 'interrupted');
    assert.equal(message.inReplyTo, chat.messages[0]?.id);
    const interrupted = events.find((e) => e.type === 'message-interrupted');
    assert.equal(interrupted?.type === 'message-interrupted' && interrupted.reason, 'server-error');
    chat.disconnect();
  });

  test('an unknown chunk type and the experimental steering-message are skipped with a notice each; a source is a part where it came, and replays', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'something unknown');
    assert.equal(message.status, 'done');
    assert.match(message.text, /Still here\./);
    const keys = events.filter((e) => e.type === 'protocol-notice').map((e) => (e as { key: string }).key);
    assert.deepEqual(keys, ['ai-sdk:hologram-start', 'ai-sdk:steering-message']);
    assert.doesNotMatch(JSON.stringify(message), /south/);
    assert.deepEqual(types(message), ['source-url', 'text']);
    assert.deepEqual(message.parts[0], { type: 'source-url', sourceId: 's1', url: 'https://example.com/report', title: 'Report' });
    const replayed = await restore({ messages: chat.persisted });
    assert.deepEqual((replayed.messages.at(-1) as AssistantMessage | undefined)?.parts, message.parts);
    // The next turn posts the source back as the SDK's client keeps it: the endpoint's validateUIMessages accepts it.
    assert.equal((await reply(chat, 'show the view')).status, 'done');
    const posted = agent.server.aiSdkRequests.at(-1)?.body as { messages: UIMessage[] };
    assert.deepEqual(posted.messages[1]?.parts.find((p) => p.type === 'source-url'), message.parts[0]);
    chat.disconnect();
  });

  test('carries the page’s headers and body fields with each turn, read per request; the protocol’s own fields win', async () => {
    let token = 'first';
    const chat = createChatSession({ connection: { kind: 'ai-sdk', url: `${agent.server.origin}${AI_SDK_PATH}`, headers: () => ({ authorization: `Bearer ${token}` }), body: () => ({ tenant: 'north', trigger: 'not-ours' }) } });
    chat.connect();
    await reply(chat, 'show the view');
    token = 'second';
    await reply(chat, 'show the view again');
    const [first, second] = agent.server.aiSdkRequests.slice(-2);
    assert.deepEqual([first?.headers['authorization'], second?.headers['authorization']], ['Bearer first', 'Bearer second']);
    assert.equal(second?.body['tenant'], 'north');
    assert.equal(second?.body['trigger'], 'submit-message');
    chat.disconnect();
  });

  test('a source or file chunk is read by the fields its part needs: one without them is skipped and said; a URL too long to keep leaves the file unopenable', () => {
    const out: ConnectionEvent[] = [];
    const reader = new ChunkReader(new ReplyWriter((e) => out.push(e), 'u1', () => 'a1'));
    reader.read({ type: 'source-url', url: 'https://example.com/' });
    reader.read({ type: 'file', mediaType: 'image/png', url: `data:image/png;base64,${'A'.repeat(5000)}`, providerMetadata: { x: { y: 1 } } });
    reader.read({ type: 'source-document', sourceId: 'd1', mediaType: 'application/pdf', title: 'Manual', filename: 'manual.pdf', extra: 1 });
    assert.equal(out.filter((e) => e.type === 'protocol-error').length, 1);
    const records = out.flatMap((e) => (e.type === 'record' ? [e.record] : []));
    assert.deepEqual(records, [
      { type: 'ai-sdk-part', part: { type: 'file', mediaType: 'image/png', url: '' } },
      { type: 'ai-sdk-part', part: { type: 'source-document', sourceId: 'd1', mediaType: 'application/pdf', title: 'Manual', filename: 'manual.pdf' } },
    ]);
  });

  test('stop() aborts the request: the reply ends as it stands, and the server sees its client go away', async () => {
    const { session: chat } = session();
    const message = await stopAfterTwoWords(chat);
    assert.equal(message.status, 'done');
    assert.match(message.text, /^word0 word1 /);
    assert.ok(!message.text.includes('word599'));
    assert.equal(await agent.server.aiSdkRequests.at(-1)?.ended, 'closed');
    chat.disconnect();
  });
});
