// AI SDK 7 tool approvals (`transport="ai-sdk"`) against the reference server's endpoint written with the real `ai`
// package (demo/server/ai-sdk-approval.ts: a signed `tool-approval-request`, and a continuation that believes only
// answers it signed), in plain Node through a ChatSession: the request as a part, the answer kept with its message and
// posted once every approval of the message is answered, and the reply going on in that same message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { WebSocket } from 'ws';
import { createChatSession, type AssistantMessage, type Answer, type PersistedMessage, type SocketLike, type ToolPart } from '../../src/index.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';
import { answerAndContinue, countPosts, ended, reply, since, turnSession } from './turn-session.js';
import { AI_SDK_PATH } from '../../demo/server/ai-sdk.js';
import { approvalSignature } from '../../demo/server/ai-sdk-approval.js';
import { COMPOSER_SSE_PATH } from '../../demo/server/agent-server.js';
import type { PostedTurn } from '../../demo/server/turn-endpoint.js';
import { useAgentServer } from './agent.js';
import { restore, restored } from '../helpers/restore.js';

const agent = useAgentServer();
const url = (): string => `${agent.server.origin}${AI_SDK_PATH}`;
const session = (): ReturnType<typeof turnSession> => turnSession('ai-sdk', url());

const posts = countPosts(url);
/** `fetch` itself, for requests the tests make without counting them. */
const realFetch = globalThis.fetch;

const tool = (message: AssistantMessage | undefined, callId: string): ToolPart | undefined =>
  message?.parts.find((p): p is ToolPart => p.type === 'dynamic-tool' && p.toolCallId === callId);

const approve = (approved: boolean, reason?: string): Answer => ({ kind: 'approval', toolCallId: 'call-approve', approved, ...(reason ? { reason } : {}) });

/** The request as the server made it: its reason and its signature for this call and input. */
const REQUEST = { id: 'approval-1', requestReason: 'Deleting a site cannot be undone.', signature: approvalSignature('approval-1', 'call-approve', { site: 'north-3' }) };

/** The conversation of a request, as posted. */
const postedMessages = (request: PostedTurn | undefined): UIMessage[] => request?.body['messages'] as UIMessage[];

// A continuation that never comes fails the suite rather than leaving it waiting.
describe('AI SDK tool approvals against the real `ai` package', { timeout: 30_000 }, () => {
  test('a tool-approval-request is a tool part waiting for the user, holding the whole request (its reason, the server’s signature)', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'approve');
    assert.equal(message.status, 'done');
    assert.deepEqual(tool(message, 'call-approve'), { type: 'dynamic-tool', toolName: 'delete_site', toolCallId: 'call-approve', state: 'approval-requested', input: { site: 'north-3' }, approval: REQUEST });
    assert.equal(chat.answerable, true);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error' || e.type === 'protocol-notice'), []);
    chat.disconnect();
  });

  test('approving posts once — the conversation with the answered part, whole, and the message ID — and the agent goes on in that message', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'approve');
    const turn = agent.server.aiSdkRequests.at(-1);
    const counted = posts.count;
    const continued = ended(chat);
    assert.equal(await chat.answer(message.id, approve(true)), true);
    assert.equal(posts.count, counted + 1);
    const after = await continued;

    const [request, ...more] = since(agent.server.aiSdkRequests, turn);
    assert.equal(more.length, 0);
    assert.equal(request?.body['trigger'], 'submit-message');
    assert.equal(request?.body['messageId'], message.id);
    assert.equal(request?.body['id'], turn?.body['id']);
    const last = postedMessages(request).at(-1);
    assert.equal(last?.id, message.id);
    assert.deepEqual(
      last?.parts.find((p) => p.type === 'dynamic-tool'),
      { type: 'dynamic-tool', toolName: 'delete_site', toolCallId: 'call-approve', state: 'approval-responded', input: { site: 'north-3' }, approval: { ...REQUEST, approved: true } },
    );
    assert.equal(await request?.ended, 'finished');

    // The same message, not a second one: one user message and one reply in the transcript.
    assert.equal(after.id, message.id);
    assert.equal(after.status, 'done');
    assert.deepEqual(chat.messages.map((m) => m.role), ['user', 'assistant']);
    assert.equal(tool(after, 'call-approve')?.state, 'output-available');
    assert.deepEqual((tool(after, 'call-approve') as { output?: unknown }).output, { deleted: 'north-3' });
    assert.ok(after.text.startsWith('I will delete site north-3 once you approve.'), after.text);
    assert.match(after.text, /Site north-3 was deleted\.$/);
    chat.disconnect();
  });

  test('the tool part that goes on is the one the SDK’s own client makes of the same reply: the approval stays with the output', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'approve');
    const turn = agent.server.aiSdkRequests.at(-1);
    const after = await answerAndContinue(chat, message.id, approve(true));
    const [request] = since(agent.server.aiSdkRequests, turn);
    // The SDK's DefaultChatTransport posts what we posted; readUIMessageStream continues the posted message with the reply.
    const messages = postedMessages(request);
    const transport = new DefaultChatTransport<UIMessage>({ api: url(), fetch: realFetch });
    const stream = await transport.sendMessages({ chatId: String(request?.body['id']), messages, trigger: 'submit-message', messageId: message.id, abortSignal: undefined });
    let sdk: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream({ message: messages.at(-1), stream })) sdk = snapshot;
    const sdkTool = JSON.parse(JSON.stringify(sdk?.parts.find((p) => p.type === 'dynamic-tool'))) as unknown;
    assert.equal(after.id, message.id);
    assert.deepEqual(tool(after, 'call-approve'), sdkTool);
    chat.disconnect();
  });

  test('denying with a reason: the posted answer carries it, the call is denied, and the agent says so in the same message', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'approve');
    const turn = agent.server.aiSdkRequests.at(-1);
    const after = await answerAndContinue(chat, message.id, approve(false, '  North-3 still serves customers.  '));
    const posted = postedMessages(since(agent.server.aiSdkRequests, turn)[0]).at(-1)?.parts.find((p) => p.type === 'dynamic-tool') as { approval?: unknown } | undefined;
    // The reason as the user meant it (trimmed).
    assert.deepEqual(posted?.approval, { ...REQUEST, approved: false, reason: 'North-3 still serves customers.' });
    assert.equal(after.id, message.id);
    assert.deepEqual(tool(after, 'call-approve'), {
      type: 'dynamic-tool',
      toolName: 'delete_site',
      toolCallId: 'call-approve',
      state: 'output-denied',
      input: { site: 'north-3' },
      approval: { ...REQUEST, approved: false, reason: 'North-3 still serves customers.' },
    });
    assert.match(after.text, /I left north-3 alone\. You said: North-3 still serves customers\.$/);
    chat.disconnect();
  });

  test('an approval is answered once: a second answer, at once or after the agent went on, keeps nothing and posts nothing', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'approve');
    const turn = agent.server.aiSdkRequests.at(-1);
    const counted = posts.count;
    const continued = ended(chat);
    assert.deepEqual(await Promise.all([chat.answer(message.id, approve(true)), chat.answer(message.id, approve(false, 'changed my mind'))]), [true, false]);
    assert.equal(posts.count, counted + 1);
    const after = await continued;
    assert.equal(await chat.answer(message.id, approve(false)), false);
    assert.equal(posts.count, counted + 1);
    assert.equal(since(agent.server.aiSdkRequests, turn).length, 1);
    assert.equal(after.id, message.id);
    assert.equal(tool(after, 'call-approve')?.state, 'output-available');
    chat.disconnect();
  });

  test('two approvals in one message: the first answer is kept and posts nothing; the second posts both answers once', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'approve two');
    assert.deepEqual(message.parts.filter((p) => p.type === 'dynamic-tool').map((p) => [p.toolCallId, p.state]), [
      ['call-a', 'approval-requested'],
      ['call-b', 'approval-requested'],
    ]);
    const turn = agent.server.aiSdkRequests.at(-1);
    const counted = posts.count;
    assert.equal(await chat.answer(message.id, { kind: 'approval', toolCallId: 'call-a', approved: true }), true);
    assert.equal(posts.count, counted);
    const kept = chat.messages.at(-1) as AssistantMessage;
    assert.deepEqual([tool(kept, 'call-a')?.state, tool(kept, 'call-b')?.state], ['approval-responded', 'approval-requested']);

    const after = await answerAndContinue(chat, message.id, { kind: 'approval', toolCallId: 'call-b', approved: false });
    assert.equal(posts.count, counted + 1);
    const requests = since(agent.server.aiSdkRequests, turn);
    assert.equal(requests.length, 1);
    const posted = postedMessages(requests[0]).at(-1)?.parts.flatMap((p) => (p.type === 'dynamic-tool' ? [[p.toolCallId, p.state, (p as { approval?: { approved?: boolean } }).approval?.approved]] : []));
    assert.deepEqual(posted, [
      ['call-a', 'approval-responded', true],
      ['call-b', 'approval-responded', false],
    ]);
    assert.equal(after.id, message.id);
    assert.deepEqual([tool(after, 'call-a')?.state, tool(after, 'call-b')?.state], ['output-available', 'output-denied']);
    assert.match(after.text, /Site north-3 was deleted\. I left south-1 alone\.$/);
    chat.disconnect();
  });

  test('a conversation persisted when answered, and after the agent went on, replays as it was shown', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'approve');
    const continued = ended(chat);
    assert.equal(await chat.answer(message.id, approve(true)), true);
    // Saved as answered, before the agent went on: it stays answered (no new connection can answer it again).
    const answered = chat.persisted;
    const shownAnswered = chat.messages.at(-1) as AssistantMessage;
    assert.equal(tool(shownAnswered, 'call-approve')?.state, 'approval-responded');
    const after = await continued;

    const early = await restore({ messages: answered });
    assert.deepEqual((early.messages.at(-1) as AssistantMessage).parts, shownAnswered.parts);
    const replayed = await restore({ messages: chat.persisted });
    const last = replayed.messages.at(-1) as AssistantMessage;
    assert.equal(last.id, message.id);
    assert.deepEqual(last.parts, after.parts);
    assert.equal(last.text, after.text);
    chat.disconnect();
  });

  test('a session without a connection, and a Composer session over WebSocket or SSE, cannot answer: answerable is false and answer keeps nothing', async () => {
    // A history whose reply still waits for its approval.
    const { session: asking } = session();
    await reply(asking, 'approve');
    const history: PersistedMessage[] = asking.persisted;
    const id = history.at(-1)?.id as string;
    asking.disconnect();

    const none = await restored(createChatSession({}, { messages: history }));
    assert.equal(none.answerable, false);
    assert.equal(await none.answer(id, approve(true)), false);
    assert.equal(tool(none.messages.at(-1) as AssistantMessage, 'call-approve')?.state, 'approval-requested');

    // Node 20 has no WebSocket of its own: the socket is the `ws` package's, given to the Composer's transport.
    const socket = agent.track(new WebSocketTransport(agent.socketUrl(), { socketFactory: (at) => new WebSocket(at) as unknown as SocketLike }));
    for (const [kind, connection] of [
      ['ws', socket],
      ['sse', { kind: 'sse', url: `${agent.server.origin}${COMPOSER_SSE_PATH}?delay=0&inline_ui_version=1` }],
    ] as const) {
      const composer = await restored(createChatSession({ connection }, { messages: history }));
      const open = new Promise<void>((resolve) => composer.subscribe((e) => e.type === 'state' && e.state === 'open' && resolve()));
      composer.connect();
      await open;
      assert.equal(composer.answerable, false, kind);
      assert.equal(await composer.answer(id, approve(true)), false, kind);
      assert.equal(tool(composer.messages.at(-1) as AssistantMessage, 'call-approve')?.state, 'approval-requested', kind);
      composer.disconnect();
    }
  });

  test('the server believes only an answer it signed: another signature, or the signature moved to another input, is refused with 400', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'approve');
    const turn = agent.server.aiSdkRequests.at(-1);
    await answerAndContinue(chat, message.id, approve(true));
    const body = since(agent.server.aiSdkRequests, turn)[0]?.body as Record<string, unknown>;
    const withPart = (change: (part: Record<string, unknown>) => Record<string, unknown>): string => {
      const messages = postedMessages({ body } as PostedTurn).map((m) => (m.id === message.id ? { ...m, parts: m.parts.map((p) => (p.type === 'dynamic-tool' ? change(p as unknown as Record<string, unknown>) : p)) } : m));
      return JSON.stringify({ ...body, messages });
    };
    const post = async (text: string): Promise<number> => {
      const response = await realFetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
      await response.arrayBuffer();
      return response.status;
    };
    assert.equal(await post(withPart((p) => ({ ...p, approval: { ...(p['approval'] as object), signature: 'forged' } }))), 400);
    assert.equal(await post(withPart((p) => ({ ...p, input: { site: 'south-1' } }))), 400);
    assert.equal(await post(JSON.stringify(body)), 200);
    chat.disconnect();
  });
});
