// AG-UI 1.0 (`transport="ag-ui"`, src/protocols/ag-ui/) against the reference server's endpoint written with the real
// `@ag-ui/core` (its RunAgentInputSchema checks what we post) and `@ag-ui/encoder` (its EventEncoder writes the
// events), in plain Node through a ChatSession.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EventType } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { A2UI_CATALOGS, createChatSession, type AssistantMessage } from '../../src/index.js';
import { V1_BASIC_CATALOG_ID } from '../../src/protocols/a2ui/v1/index.js';
import { A2UI_CAPABILITIES_CONTEXT, A2UI_SCHEMA_CONTEXT } from '../../src/protocols/ag-ui/context.js';
import { partTypes, reply, stopAfterTwoWords, turnSession } from './turn-session.js';
import { EventReader } from '../../src/protocols/ag-ui/index.js';
import { SharedState } from '../../src/protocols/ag-ui/state.js';
import { ReplyWriter } from '../../src/protocols/reply.js';
import type { ConnectionEvent } from '../../src/protocols/connection.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import { useAgentServer } from './agent.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();

const session = (path = AG_UI_PATH): ReturnType<typeof turnSession> => turnSession('ag-ui', `${agent.server.origin}${path}`);
const types = partTypes;

/** What a reader makes of events as the real EventEncoder writes them (each `data:` value parsed, as the connection does). */
function readEncoded(wire: readonly Parameters<EventEncoder['encodeSSE']>[0][]): ConnectionEvent[] {
  const encoder = new EventEncoder();
  const out: ConnectionEvent[] = [];
  const reader = new EventReader(new ReplyWriter((e) => out.push(e), 'u1', () => 'a1'));
  for (const event of wire) reader.read(JSON.parse(encoder.encodeSSE(event).replace(/^data: /, '')));
  return out;
}

describe('AG-UI 1.0 against the real @ag-ui/core and @ag-ui/encoder', () => {
  test('posts a RunAgentInput: one thread for the conversation, a new run ID per run, the messages so far', async () => {
    const { session: chat } = session();
    await reply(chat, 'show the view');
    await reply(chat, 'show the view again');
    const [first, second] = agent.server.agUiRequests.slice(-2).map((r) => r.body);
    assert.equal(first?.['threadId'], second?.['threadId']);
    assert.notEqual(first?.['runId'], second?.['runId']);
    // The context says which A2UI catalogs the chat renders (its defaults here), in A2UI's capability format.
    const capabilities = { 'v0.9': { supportedCatalogIds: A2UI_CATALOGS.filter((id) => id !== V1_BASIC_CATALOG_ID) }, 'v1.0': { supportedCatalogIds: [V1_BASIC_CATALOG_ID] } };
    const context = [
      { description: A2UI_CAPABILITIES_CONTEXT, value: JSON.stringify(capabilities) },
      // The AG-UI A2UI middleware's entry names the catalog its surfaces are made on: the first the chat has.
      { description: A2UI_SCHEMA_CONTEXT, value: JSON.stringify({ catalogId: A2UI_CATALOGS[0] }) },
    ];
    assert.deepEqual({ tools: second?.['tools'], context: second?.['context'], state: second?.['state'] }, { tools: [], context, state: {} });
    const messages = second?.['messages'] as Array<{ role: string; content?: string; toolCalls?: unknown[]; toolCallId?: string }>;
    assert.deepEqual(messages.map((m) => m.role), ['user', 'assistant', 'tool', 'user']);
    assert.equal(messages[0]?.content, 'show the view');
    assert.deepEqual(messages[1]?.toolCalls, [{ id: 'call-1', type: 'function', function: { name: 'search_sites', arguments: '{"region":"north"}' } }]);
    assert.equal(messages[2]?.toolCallId, 'call-1');
    chat.disconnect();
  });

  test('a run that leaves calls for the application (pendingToolCallIds) shows each neutrally, as waiting for its result', async () => {
    const { session: chat } = session();
    const message = await reply(chat, 'leave it pending');
    const tool = message.parts.find((p) => p.type === 'dynamic-tool');
    assert.deepEqual(tool, { type: 'dynamic-tool', toolName: 'pick_color', toolCallId: 'call-front', state: 'input-available', input: { palette: 'warm' }, unlistedState: 'awaiting_result' });
    assert.equal(message.status, 'done');
    chat.disconnect();
  });

  test('carries the page’s body fields in forwardedProps and its headers, read per request', async () => {
    const chat = createChatSession({ connection: { kind: 'ag-ui', url: `${agent.server.origin}${AG_UI_PATH}`, headers: () => ({ 'x-tenant': 'north' }), body: () => ({ locale: 'fr' }) } });
    chat.connect();
    await reply(chat, 'show the view');
    const posted = agent.server.agUiRequests.at(-1);
    assert.deepEqual(posted?.body['forwardedProps'], { locale: 'fr' });
    assert.equal(posted?.headers['x-tenant'], 'north');
    chat.disconnect();
  });

  test('streams reasoning, a tool call with its arguments and result, Markdown and a view into one reply; a history replays it', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'show the view');
    assert.deepEqual(message.marker, { inlineUiVersion: 1, mode: 'orchestrator' });
    assert.deepEqual(types(message), ['reasoning', 'dynamic-tool', 'text', 'data-mantis-ui', 'text']);
    const [reasoning, tool] = message.parts;
    assert.deepEqual(reasoning, { type: 'reasoning', id: 'r1', text: 'The user wants the site summary.', state: 'done' });
    assert.deepEqual(tool, { type: 'dynamic-tool', toolName: 'search_sites', toolCallId: 'call-1', state: 'output-available', input: { region: 'north' }, output: { sites: 3 } });
    assert.match(message.text, /One site has an alert\.$/);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error' || e.type === 'protocol-notice'), []);
    const replayed = await restore({ messages: chat.persisted });
    assert.deepEqual((replayed.messages.at(-1) as AssistantMessage | undefined)?.parts, message.parts);
    chat.disconnect();
  });

  test('RUN_ERROR ends the reply as interrupted, keeping what it said before, and shows the agent’s words where it stopped, also on replay', async () => {
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

  test('subagents show where they started, with how each did; the tool calls one made carry its name; a history replays them', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'a subagent please');
    assert.deepEqual(types(message), ['dynamic-tool', 'data-mantis-subagent', 'dynamic-tool', 'data-mantis-subagent', 'text']);
    const parts = message.parts as ReadonlyArray<{ type: string; id?: string; data?: unknown; toolName?: string; agent?: string; state?: string }>;
    assert.deepEqual(parts[1], { type: 'data-mantis-subagent', id: 'sub-1', data: { name: 'researcher', description: 'Finds sources.', toolCallId: 'call-delegate', state: 'done' } });
    assert.deepEqual(parts[3], { type: 'data-mantis-subagent', id: 'sub-2', data: { name: 'checker', state: 'failed', message: 'The checker was rate limited.' } });
    assert.deepEqual([parts[0]?.agent, parts[2]?.toolName, parts[2]?.agent, parts[2]?.state], [undefined, 'web_search', 'researcher', 'output-available']);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-error' || e.type === 'protocol-notice'), []);
    const replayed = await restore({ messages: chat.persisted });
    assert.deepEqual((replayed.messages.at(-1) as AssistantMessage | undefined)?.parts, message.parts);
    chat.disconnect();
  });

  test('a subagent outcome this chat does not know shows under its own name; a subagent event naming no invocation is skipped and said', () => {
    const events = readEncoded([
      { type: EventType.SUBAGENT_STARTED, subagentRunId: 'sub-9', name: 'planner' },
      { type: EventType.SUBAGENT_FINISHED, subagentRunId: 'sub-9', outcome: { type: 'handed_off' } } as unknown as Parameters<EventEncoder['encodeSSE']>[0],
      { type: EventType.SUBAGENT_ERROR, message: 'No invocation.' } as unknown as Parameters<EventEncoder['encodeSSE']>[0],
    ]);
    const records = events.flatMap((e) => (e.type === 'record' ? [e.record] : []));
    assert.deepEqual(records, [
      { type: 'subagent', id: 'sub-9', name: 'planner', state: 'running' },
      { type: 'subagent', id: 'sub-9', name: 'planner', state: 'handed_off' },
    ]);
    assert.equal(events.filter((e) => e.type === 'protocol-error').length, 1);
  });

  test('an unknown event type is skipped with a notice; the run goes on', async () => {
    const { session: chat, events } = session();
    const message = await reply(chat, 'something unknown');
    assert.equal(message.status, 'done');
    assert.match(message.text, /Still here\./);
    assert.deepEqual(events.filter((e) => e.type === 'protocol-notice').map((e) => (e as { key: string }).key), ['ag-ui:HOLOGRAM_START']);
    chat.disconnect();
  });

  test('the agent’s shared state: a snapshot and a delta make session.agentState, each said once; the next run carries it back', async () => {
    const { session: chat, events } = session();
    assert.equal(chat.agentState, undefined);
    await reply(chat, 'the state please');
    const first = { runs: 1, region: 'north', sites: ['north-1', 'north-2'] };
    assert.deepEqual(chat.agentState, first);
    assert.deepEqual(events.filter((e) => e.type === 'agent-state').map((e) => (e as { state: unknown }).state), [{ runs: 0, region: 'north', sites: ['north-1'] }, first]);
    const message = await reply(chat, 'the state again');
    assert.deepEqual(agent.server.agUiRequests.at(-1)?.body['state'], first);
    assert.match(message.text, /given the state \{"runs":1,"region":"north","sites":\["north-1","north-2"\]\}/);
    assert.deepEqual(chat.agentState, { runs: 2, region: 'north', sites: ['north-1', 'north-2'] });
    // Another connection is another thread: the state is gone, and that is said.
    chat.configure({ connection: { kind: 'ag-ui', url: `${agent.server.origin}${AG_UI_PATH}?another` } });
    assert.equal(chat.agentState, undefined);
    assert.deepEqual(events.filter((e) => e.type === 'agent-state').at(-1), { type: 'agent-state', state: undefined });
    chat.disconnect();
  });

  test('a state delta that cannot be applied, or is not one, is skipped and said; the state stays as it was', () => {
    const encoder = new EventEncoder();
    const out: ConnectionEvent[] = [];
    const state = new SharedState();
    const reader = new EventReader(new ReplyWriter((e) => out.push(e), 'u1', () => 'a1'), null, state);
    const wire = [
      { type: EventType.STATE_SNAPSHOT, snapshot: { items: [1] } },
      { type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/missing/deep', value: 2 }] },
      { type: EventType.STATE_DELTA, delta: [{ op: 'copy', from: '/items', path: '/again' }] },
      { type: EventType.STATE_DELTA, delta: Array.from({ length: 257 }, () => ({ op: 'add', path: '/items/-', value: 0 })) },
      { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/__proto__/polluted', value: true }] },
    ];
    for (const event of wire) reader.read(JSON.parse(encoder.encodeSSE(event as Parameters<EventEncoder['encodeSSE']>[0]).replace(/^data: /, '')));
    assert.deepEqual(state.value, { items: [1] });
    assert.deepEqual(out.filter((e) => e.type === 'agent-state'), [{ type: 'agent-state', state: { items: [1] } }]);
    assert.equal(out.filter((e) => e.type === 'protocol-error').length, 4);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  test('a run the agent refuses still gets a reply, interrupted', async () => {
    const { session: chat } = session('/api/v1/ag-ui/no-such-agent');
    const message = await reply(chat, 'hello');
    assert.equal(message.status, 'interrupted');
    chat.disconnect();
  });

  test('stop() aborts the run: the reply ends as it stands, and the server sees its client go away', async () => {
    const { session: chat } = session();
    const message = await stopAfterTwoWords(chat);
    assert.equal(message.status, 'done');
    assert.ok(!message.text.includes('word599'));
    assert.equal(await agent.server.agUiRequests.at(-1)?.ended, 'closed');
    chat.disconnect();
  });

  test('TEXT_MESSAGE_CHUNK and TOOL_CALL_CHUNK, encoded by the real EventEncoder, read as their long forms', () => {
    const out = readEncoded([
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm1', role: 'assistant', delta: 'Hello' },
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm1', delta: ' there' },
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c1', toolCallName: 'lookup', delta: '{"q":1}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' },
    ]);
    assert.deepEqual(out.filter((e) => e.type === 'text-delta').map((e) => (e as { delta: string }).delta), ['Hello', ' there']);
    assert.deepEqual(out.filter((e) => e.type === 'record').map((e) => (e as unknown as { record: { state: string } }).record.state), ['pending', 'running']);
    assert.deepEqual(out.at(-1), { type: 'message-end', messageId: 'a1' });
  });

  test('a call given only in TOOL_CALL_CHUNKs runs with its joined arguments once anything else arrives, or another call starts', () => {
    const out = readEncoded([
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c1', toolCallName: 'lookup', delta: '{"q":' },
      // No ID: the chunks before it started the call.
      { type: EventType.TOOL_CALL_CHUNK, delta: '1}' },
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c2', toolCallName: 'fetch', delta: '{"url":"x"}' },
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm1', role: 'assistant', delta: 'Done.' },
      { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' },
    ]);
    const tools = out.flatMap((e) => (e.type === 'record' ? [e.record as unknown as { tool_call_id: string; state: string; input?: unknown }] : []));
    assert.deepEqual(
      tools.map((r) => [r.tool_call_id, r.state, r.input]),
      [
        ['c1', 'pending', undefined],
        ['c1', 'running', { q: 1 }],
        ['c2', 'pending', undefined],
        ['c2', 'running', { url: 'x' }],
      ],
    );
    assert.deepEqual(out.at(-1), { type: 'message-end', messageId: 'a1' });
  });
});
