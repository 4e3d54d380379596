// AG-UI 1.0 interrupts (`transport="ag-ui"`) against the reference server's endpoint written with the real
// `@ag-ui/core` and `@ag-ui/encoder` (demo/server/ag-ui-interrupt.ts: runs that finish with an interrupt outcome, and a
// run that resumes them and says what it got back), in plain Node through a ChatSession: each interrupt a part of its
// reply, the answers kept with it and sent as the next run's `resume` once every open one is answered, and that run
// going on in the same message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EventSchemas } from '@ag-ui/core/schemas';
import { type ChatSession, type AssistantMessage, type InterruptPart, type ToolPart } from '../../src/index.js';
import { answerAndContinue, countPosts, ended, reply, since, turnSession } from './turn-session.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import type { PostedTurn } from '../../demo/server/turn-endpoint.js';
import { useAgentServer } from './agent.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();
const url = (): string => `${agent.server.origin}${AG_UI_PATH}`;
const session = (): ReturnType<typeof turnSession> => turnSession('ag-ui', url());

const posts = countPosts(url);
/** `fetch` itself, for requests the tests make without counting them. */
const realFetch = globalThis.fetch;

const interrupt = (message: AssistantMessage, id: string): InterruptPart | undefined => message.parts.find((p): p is InterruptPart => p.type === 'data-mantis-interrupt' && p.id === id);
const tool = (message: AssistantMessage, callId: string): ToolPart | undefined => message.parts.find((p): p is ToolPart => p.type === 'dynamic-tool' && p.toolCallId === callId);

/** What the resumed run says it got back (its text: `Resumed: ` and the entries as JSON). */
const resumedWith = (message: AssistantMessage): unknown => JSON.parse(/Resumed: (.*)$/m.exec(message.text)?.[1] ?? 'null');

/** A run of the conversation so far that asked (`word`), and the server's record of it. */
async function asked(word: string): Promise<{ chat: ChatSession; message: AssistantMessage; run: PostedTurn | undefined }> {
  const { session: chat } = session();
  const message = await reply(chat, word);
  return { chat, message, run: agent.server.agUiRequests.at(-1) };
}

// A continuation that never comes fails the suite rather than leaving it waiting.
describe('AG-UI 1.0 interrupts against the real @ag-ui/core and @ag-ui/encoder', { timeout: 30_000 }, () => {
  test('a run that finishes with an interrupt outcome: the interrupt is a part of its reply, at its tool call, naming the run', async () => {
    const { chat, message, run } = await asked('interrupt');
    assert.equal(message.status, 'done');
    assert.deepEqual(interrupt(message, 'int-1'), {
      type: 'data-mantis-interrupt',
      id: 'int-1',
      data: { reason: 'tool_approval', message: 'Delete site north-3?', toolCallId: 'call-del', run: run?.body['runId'] },
    });
    assert.deepEqual(tool(message, 'call-del'), { type: 'dynamic-tool', toolName: 'delete_site', toolCallId: 'call-del', state: 'input-available', input: { site: 'north-3' } });
    assert.equal(chat.answerable, true);
    chat.disconnect();
  });

  test('resolving starts the next run of the thread — a new run ID, `resume` naming the interrupt — which goes on in the same message', async () => {
    const { chat, message, run } = await asked('interrupt');
    const counted = posts.count;
    const continued = ended(chat);
    assert.equal(await chat.answer(message.id, { kind: 'interrupt', interruptId: 'int-1', status: 'resolved' }), true);
    assert.equal(posts.count, counted + 1);
    const after = await continued;

    const [resumed, ...more] = since(agent.server.agUiRequests, run);
    assert.equal(more.length, 0);
    assert.equal(resumed?.body['threadId'], run?.body['threadId']);
    assert.notEqual(resumed?.body['runId'], run?.body['runId']);
    assert.deepEqual(resumed?.body['resume'], [{ interruptId: 'int-1', status: 'resolved' }]);
    assert.equal(await resumed?.ended, 'finished');

    assert.equal(after.id, message.id);
    assert.equal(after.status, 'done');
    assert.deepEqual(chat.messages.map((m) => m.role), ['user', 'assistant']);
    assert.ok(after.text.startsWith('I need your go-ahead.'), after.text);
    assert.deepEqual(resumedWith(after), [{ interruptId: 'int-1', status: 'resolved' }]);
    assert.deepEqual(tool(after, 'call-del'), { type: 'dynamic-tool', toolName: 'delete_site', toolCallId: 'call-del', state: 'output-available', input: { site: 'north-3' }, output: { deleted: 'north-3' } });
    assert.deepEqual(interrupt(after, 'int-1')?.data.answer, { status: 'resolved' });
    chat.disconnect();
  });

  test('cancelling resumes with `cancelled`: the agent hears it, and the call never runs', async () => {
    const { chat, message, run } = await asked('interrupt');
    const after = await answerAndContinue(chat, message.id, { kind: 'interrupt', interruptId: 'int-1', status: 'cancelled' });
    assert.deepEqual(since(agent.server.agUiRequests, run).map((r) => r.body['resume']), [[{ interruptId: 'int-1', status: 'cancelled' }]]);
    assert.equal(after.id, message.id);
    assert.deepEqual(resumedWith(after), [{ interruptId: 'int-1', status: 'cancelled' }]);
    assert.equal(tool(after, 'call-del')?.state, 'input-available');
    assert.deepEqual(interrupt(after, 'int-1')?.data.answer, { status: 'cancelled' });
    chat.disconnect();
  });

  test('an interrupt with a flat responseSchema asks with a form of its fields, and the answer’s payload goes in `resume`', async () => {
    const { chat, message, run } = await asked('interrupt form');
    const part = interrupt(message, 'int-form');
    assert.equal(part?.data.message, 'How should I file this?');
    assert.equal(part?.data.toolCallId, undefined);
    assert.deepEqual(part?.data.fields, [
      { name: 'note', label: 'Note', kind: 'text', required: false },
      { name: 'priority', label: 'Priority', kind: 'choice', required: true, options: ['low', 'high'] },
      { name: 'notify', label: 'Notify the team', kind: 'boolean', required: false },
      { name: 'copies', label: 'Copies', kind: 'number', required: false },
    ]);
    const payload = { priority: 'high', notify: true, copies: 2 };
    const after = await answerAndContinue(chat, message.id, { kind: 'interrupt', interruptId: 'int-form', status: 'resolved', payload });
    const [resumed] = since(agent.server.agUiRequests, run);
    assert.deepEqual(resumed?.body['resume'], [{ interruptId: 'int-form', status: 'resolved', payload }]);
    assert.equal(after.id, message.id);
    assert.deepEqual(resumedWith(after), [{ interruptId: 'int-form', status: 'resolved', payload }]);
    assert.deepEqual(interrupt(after, 'int-form')?.data.answer, { status: 'resolved', payload });
    chat.disconnect();
  });

  test('an expired interrupt cannot be answered and is not waited for: answering the other one resumes it alone', async () => {
    const { chat, message, run } = await asked('interrupt expired');
    const old = interrupt(message, 'int-old');
    assert.ok(old?.data.expiresAt !== undefined && old.data.expiresAt < Date.now(), JSON.stringify(old));
    assert.equal(interrupt(message, 'int-new')?.data.expiresAt, undefined);
    const counted = posts.count;
    assert.equal(await chat.answer(message.id, { kind: 'interrupt', interruptId: 'int-old', status: 'resolved' }), false);
    assert.equal(posts.count, counted);
    assert.equal(interrupt(chat.messages.at(-1) as AssistantMessage, 'int-old')?.data.answer, undefined);

    const after = await answerAndContinue(chat, message.id, { kind: 'interrupt', interruptId: 'int-new', status: 'resolved' });
    assert.equal(posts.count, counted + 1);
    assert.deepEqual(since(agent.server.agUiRequests, run).map((r) => r.body['resume']), [[{ interruptId: 'int-new', status: 'resolved' }]]);
    assert.equal(after.id, message.id);
    chat.disconnect();
  });

  test('an answer given while another interrupt is still open goes once that one expires, without it, and once', async () => {
    const { chat, message, run } = await asked('interrupt soon');
    assert.ok((interrupt(message, 'int-soon')?.data.expiresAt ?? 0) > Date.now(), 'int-soon is still open');
    const counted = posts.count;
    const continued = ended(chat);
    assert.equal(await chat.answer(message.id, { kind: 'interrupt', interruptId: 'int-now', status: 'resolved' }), true);
    assert.equal(posts.count, counted, 'nothing goes while int-soon is open');
    // The continuation comes only once int-soon expired and the kept answer went.
    const after = await continued;
    assert.deepEqual(since(agent.server.agUiRequests, run).map((r) => r.body['resume']), [[{ interruptId: 'int-now', status: 'resolved' }]]);
    assert.equal(after.id, message.id);
    assert.deepEqual(resumedWith(after), [{ interruptId: 'int-now', status: 'resolved' }]);
    assert.equal(posts.count, counted + 1);
    chat.disconnect();
  });

  test('an interrupt is answered once: a second answer, at once or after the run went on, keeps nothing and starts no run', async () => {
    const { chat, message, run } = await asked('interrupt');
    const counted = posts.count;
    const continued = ended(chat);
    const answers = await Promise.all([
      chat.answer(message.id, { kind: 'interrupt', interruptId: 'int-1', status: 'resolved' }),
      chat.answer(message.id, { kind: 'interrupt', interruptId: 'int-1', status: 'cancelled' }),
    ]);
    assert.deepEqual(answers, [true, false]);
    assert.equal(posts.count, counted + 1);
    const after = await continued;
    assert.equal(await chat.answer(message.id, { kind: 'interrupt', interruptId: 'int-1', status: 'cancelled' }), false);
    assert.equal(posts.count, counted + 1);
    assert.equal(since(agent.server.agUiRequests, run).length, 1);
    assert.equal(after.id, message.id);
    assert.deepEqual(interrupt(after, 'int-1')?.data.answer, { status: 'resolved' });
    chat.disconnect();
  });

  test('a conversation persisted when answered, and after the run went on, replays as it was shown', async () => {
    const { chat, message } = await asked('interrupt form');
    const continued = ended(chat);
    assert.equal(await chat.answer(message.id, { kind: 'interrupt', interruptId: 'int-form', status: 'resolved', payload: { priority: 'low' } }), true);
    const answered = chat.persisted;
    const shownAnswered = chat.messages.at(-1) as AssistantMessage;
    assert.deepEqual(interrupt(shownAnswered, 'int-form')?.data.answer, { status: 'resolved', payload: { priority: 'low' } });
    const after = await continued;

    assert.deepEqual(((await restore({ messages: answered })).messages.at(-1) as AssistantMessage).parts, shownAnswered.parts);
    const replayed = (await restore({ messages: chat.persisted })).messages.at(-1) as AssistantMessage;
    assert.equal(replayed.id, message.id);
    assert.deepEqual(replayed.parts, after.parts);
    assert.equal(replayed.text, after.text);
    chat.disconnect();
  });

  test('every event of these runs passes @ag-ui/core’s EventSchemas, the interrupt outcome whole', async () => {
    const input = (text: string, resume?: unknown) => ({ threadId: 't-schema', runId: `r-${text}`, messages: [{ id: 'u1', role: 'user', content: text }], tools: [], context: [], ...(resume ? { resume } : {}) });
    const inputs = [input('interrupt'), input('interrupt form'), input('interrupt expired'), input('interrupt', [{ interruptId: 'int-1', status: 'resolved' }])];
    const outcomes: unknown[] = [];
    for (const body of inputs) {
      const response = await realFetch(url(), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(body) });
      const events = (await response.text()).split('\n\n').filter(Boolean).map((chunk) => JSON.parse(chunk.replace(/^data: /, '')) as { type: string; outcome?: unknown });
      for (const event of events) {
        const parsed = EventSchemas.safeParse(event);
        assert.ok(parsed.success, `${event.type}: ${parsed.error?.message ?? ''}`);
        if (event.type === 'RUN_FINISHED') {
          assert.deepEqual((parsed.data as { outcome?: unknown }).outcome, event.outcome);
          outcomes.push(event.outcome);
        }
      }
    }
    assert.deepEqual(
      outcomes.map((o) => (o as { type: string; interrupts?: { id: string }[] }).interrupts?.map((i) => i.id) ?? (o as { type: string }).type),
      [['int-1'], ['int-form'], ['int-old', 'int-new'], 'success'],
    );
  });
});
