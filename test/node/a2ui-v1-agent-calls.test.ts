// A renderer's calls to the agent's functions (issue 31, item 3; a2ui-v1.0/docs/a2ui_protocol.md "callAgentFunction",
// "Asynchronous Evaluation & Pending States", "Failure Propagation & Recovery Rules"): a function a v1.0 catalog
// declares and the renderer does not implement is the agent's. A binding to it gives no value until its
// agentFunctionResponse came; an action calls it on every click; an error answer, no answer in time and a connection
// that cannot carry the call give a notice in the surface's place, and a timeout is told to the agent once. Every
// call is checked with the specification's renderer_to_agent.json (parseA2uiV1RendererMessage).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { WebSocket } from 'ws';
import * as z from 'zod/mini';
import { ChatSession, type AssistantMessage, type SocketLike } from '../../src/index.js';
import { InPageTransport } from '../helpers/in-page-transport.js';
import {
  BASIC_CATALOG,
  SurfaceGroup,
  evaluate,
  failingChecks,
  loadA2uiVersion,
  type A2uiAgentCall,
  type A2uiError,
  type CatalogDefinition,
  type SurfaceGroupOptions,
  type SurfaceModel,
} from '../../src/protocols/a2ui/index.js';
import { AGENT_CALLS_PER_SURFACE } from '../../src/protocols/a2ui/v1/calls.js';
import { readCatalogs } from '../../src/protocols/a2ui/catalog-input.js';
import { V1_BASIC_CATALOG, V1_BASIC_CATALOG_ID, V1_BASIC_FUNCTION_CALLS, parseA2uiV1RendererMessage } from '../../src/protocols/a2ui/v1/index.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';
import { PROVIDER_CATALOG_ID } from '../../demo/server/a2ui-agent-functions.js';
import { COMPOSER_SSE_PATH } from '../../demo/server/agent-server.js';
import { useAgentServer } from './agent.js';
import { PROVIDER_DOCUMENT, providerSurface, useSessions, valid } from './provider-chat.js';

/** The v1.0 basic catalog and one function of the agent's, verifyProvider, with the schema of its call. */
export const AGENT_CATALOG: CatalogDefinition = {
  ...V1_BASIC_CATALOG,
  functions: new Set([...V1_BASIC_CATALOG.functions, 'verifyProvider']),
  functionCalls: {
    ...V1_BASIC_FUNCTION_CALLS,
    verifyProvider: z.strictObject({
      call: z.literal('verifyProvider'),
      catalogId: z.optional(z.string()),
      args: z.strictObject({ providerId: z.union([z.string(), z.strictObject({ path: z.string() })]) }),
    }),
  },
};

const verify = (providerId: unknown) => ({ call: 'verifyProvider', args: { providerId } });

/** A v1.0 surface with a Text bound to the agent's function, a check on it, and a Button that calls it. */
export const SURFACE = {
  version: 'v1.0',
  createSurface: {
    surfaceId: 'form',
    catalogId: V1_BASIC_CATALOG_ID,
    dataModel: { id: 'PRV-102' },
    components: [
      { id: 'root', component: 'Column', children: ['name', 'field', 'verify'] },
      { id: 'name', component: 'Text', text: verify({ path: '/id' }) },
      { id: 'field', component: 'TextField', label: 'Provider', value: { path: '/id' }, checks: [{ condition: verify({ path: '/id' }), message: 'Not verified.' }] },
      { id: 'verify-label', component: 'Text', text: 'Verify' },
      { id: 'verify', component: 'Button', child: 'verify-label', action: { functionCall: verify({ path: '/id' }) } },
    ],
  },
};

const answer = (functionCallId: string, value: unknown) => ({ version: 'v1.0', agentFunctionResponse: { functionCallId, value } });
const failure = (functionCallId: string, message: string) => ({ version: 'v1.0', agentFunctionResponse: { functionCallId, error: { code: 'PROVIDER_NOT_FOUND', message } } });

/** A group on AGENT_CATALOG that loads v1.0's rules, with the calls it sent and the errors it reported. */
async function setup(options: Partial<SurfaceGroupOptions> & { carries?: boolean } = {}) {
  const sent: A2uiAgentCall[] = [];
  /** What tells each call sent that the connection will bring it no answer, by its position in `sent`. */
  const lost: ((reason?: string) => void)[] = [];
  const reported: [A2uiError, string | undefined, string][] = [];
  const listeners: (() => void)[] = [];
  let waited: () => void = () => undefined;
  const ready = new Promise<void>((done) => (waited = done));
  const group = new SurfaceGroup({
    catalogs: [AGENT_CATALOG],
    loadVersion: loadA2uiVersion,
    waited: () => waited(),
    report: (error, owner, version) => void reported.push([error, owner, version]),
    ...(options.carries === false ? {} : { send: (message: A2uiAgentCall, failed: (reason?: string) => void) => lost.push(failed) > 0 && sent.push(message) > 0 }),
    ...options,
  });
  group.subscribe(() => listeners.splice(0).forEach((listener) => listener()));
  group.apply(SURFACE, 'a1');
  await ready;
  const model = () => group.surface('form') as SurfaceModel;
  assert.ok(model().state, 'the surface exists');
  /**
   * One render, as the renderer makes it: the surface's calls asked for once, the Text and the check evaluated with
   * their functions, then what the surface says.
   */
  const render = () => {
    const calls = model().calls;
    const ctx = { data: model().state?.data ?? null, scope: '', functions: calls?.functions };
    const { components } = SURFACE.createSurface;
    return { text: evaluate(components[1]?.text, ctx), checks: failingChecks(components[2]?.checks, ctx), notice: calls?.notice };
  };
  /** Resolves at the group's next change. */
  const changed = () => new Promise<void>((done) => listeners.push(done));
  return { group, model, sent, lost, reported, render, changed };
}

/** The calls sent once the microtasks of a render ran. */
const flush = () => new Promise<void>((done) => setImmediate(done));

const idOf = (call: A2uiAgentCall | undefined): string => call?.callAgentFunction.functionCallId ?? '';

describe('a renderer’s call to an agent’s function (v1.0 callAgentFunction)', () => {
  // A call waits with a timer: the clock is ours here, so none is left behind and the timeout is counted, not waited.
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  test('a binding sends one call per arguments, has no value while it waits, and the answer’s value once it came', async () => {
    const { group, model, sent, reported, render, changed } = await setup();
    assert.ok(model().calls, 'a surface on a catalog with a function of the agent’s can call it');
    const first = render();
    assert.equal(first.text, undefined, 'no value while the call waits');
    assert.deepEqual(first.checks, ['Not verified.'], 'a check on it does not pass while it waits: Submit stays disabled');
    render();
    await flush();
    assert.equal(sent.length, 1, 'one call for the same function and arguments, however often it is evaluated');
    const [call] = sent;
    assert.ok(call);
    assert.equal(parseA2uiV1RendererMessage(call).ok, true, 'renderer_to_agent.json accepts the call');
    assert.deepEqual(call.callAgentFunction.callFunction, { call: 'verifyProvider', args: { providerId: 'PRV-102' } });
    assert.equal(call.callAgentFunction.surfaceId, 'form');

    const redrawn = changed();
    assert.equal(group.apply(answer(idOf(call), { valid: true, name: 'Acme Provider' }), 'a1'), null);
    await redrawn;
    assert.deepEqual(render().text, { valid: true, name: 'Acme Provider' });
    assert.deepEqual(render().checks, [], 'a ValidationResult that is valid passes');
    // The same answer again, or one for a call never made: read, and nothing changes.
    assert.equal(group.apply(answer(idOf(call), 'late'), 'a1'), null);
    assert.equal(group.apply(answer('never-made', 'x'), 'a1'), null);
    assert.deepEqual(render().text, { valid: true, name: 'Acme Provider' });

    // Other arguments are another call.
    assert.equal(model().write('/id', 'PRV-7'), true);
    assert.equal(render().text, undefined);
    await flush();
    assert.equal(sent.length, 2);
    assert.deepEqual(sent[1]?.callAgentFunction.callFunction.args, { providerId: 'PRV-7' });
    assert.notEqual(idOf(sent[1]), idOf(call), 'each call has an ID of its own');
    assert.equal(render().notice, undefined);
    assert.deepEqual(reported, []);
  });

  test('an error answer gives no value and a notice while a binding uses the call, which is not sent again', async () => {
    const { group, model, sent, reported, render, changed } = await setup();
    render();
    await flush();
    const redrawn = changed();
    group.apply(failure(idOf(sent[0]), 'Provider ID PRV-102 was not found.'), 'a1');
    await redrawn;
    const after = render();
    assert.equal(after.text, undefined);
    assert.equal(after.notice, "The agent's verifyProvider failed: Provider ID PRV-102 was not found.");
    await flush();
    assert.equal(sent.length, 1, 'a failed call is not sent again for the same arguments');
    assert.deepEqual(reported, [], 'the agent said why: nothing to tell it');
    // Another value answered does not hide it while it is used; once no binding uses it, it is not said.
    model().calls?.call('verifyProvider', { providerId: 'PRV-9' });
    group.apply(answer(idOf(sent[1]), { valid: true }), 'a1');
    assert.match(render().notice ?? '', /PRV-102 was not found/);
    assert.equal(model().write('/id', 'PRV-9'), true);
    assert.deepEqual(render(), { text: { valid: true }, checks: [], notice: undefined }, 'the action’s answer serves the bindings that ask the same');
    assert.equal(sent.length, 2);
  });

  test('an action that asks again recovers a failed check: its answer is the binding’s', async () => {
    const { group, model, sent, render, changed } = await setup();
    render();
    await flush();
    group.apply(failure(idOf(sent[0]), 'Try again later.'), 'a1');
    assert.deepEqual(render().checks, ['Not verified.']);
    model().calls?.call('verifyProvider', { providerId: 'PRV-102' });
    const redrawn = changed();
    group.apply(answer(idOf(sent[1]), { valid: true }), 'a1');
    await redrawn;
    assert.deepEqual(render(), { text: { valid: true }, checks: [], notice: undefined });
  });

  test('an answer that is refused (too long, say) fails its call at once, and is reported like any message', async () => {
    const { group, sent, reported, render, changed } = await setup();
    render();
    await flush();
    const said = changed();
    const error = group.apply(answer(idOf(sent[0]), 'x'.repeat(20_000)), 'a1');
    await said;
    assert.equal(error?.code, 'VALIDATION_FAILED');
    assert.equal(render().notice, "The agent's answer to verifyProvider could not be read.");
    assert.deepEqual(reported.map(([e]) => e.code), ['VALIDATION_FAILED']);
    // The call is over: a valid answer after it changes nothing, and no timeout is counted for it.
    group.apply(answer(idOf(sent[0]), 'late'), 'a1');
    assert.equal(render().text, undefined);
    mock.timers.tick(60_000);
    assert.deepEqual(reported.map(([e]) => e.code), ['VALIDATION_FAILED']);
  });

  test('no answer within 30 s: a notice in the surface’s place, and the agent is told once', async () => {
    const { sent, reported, render } = await setup();
    render();
    await flush();
    mock.timers.tick(29_999);
    assert.equal(reported.length, 0, 'not before its time');
    mock.timers.tick(1);
    assert.equal(render().notice, 'The agent did not answer verifyProvider in time.');
    assert.equal(reported.length, 1);
    const told = reported[0];
    assert.ok(told);
    const [error, owner, version] = told;
    assert.equal(error?.code, 'FUNCTION_TIMEOUT');
    assert.equal(error?.surfaceId, 'form');
    assert.match(error?.message ?? '', new RegExp(idOf(sent[0])));
    assert.deepEqual([owner, version], ['a1', 'v1.0']);
    assert.equal(parseA2uiV1RendererMessage({ version, error }).ok, true, 'renderer_to_agent.json accepts the error');
    mock.timers.tick(60_000);
    assert.equal(reported.length, 1, 'told once');
  });

  test('a connection that learns no answer will come fails the call at once (the agent is not told); one it dropped unsent is asked again when needed, or said while in use', async () => {
    const { model, sent, lost, reported, render, changed } = await setup();
    render();
    await flush();
    const said = changed();
    lost[0]?.('the run ended without it.');
    await said;
    assert.deepEqual(render(), { text: undefined, checks: ['Not verified.'], notice: "The agent's verifyProvider got no answer: the run ended without it." });
    mock.timers.tick(60_000);
    assert.deepEqual(reported, [], 'no timeout is counted for it, and the agent is not told: its run did not bring the call back');
    // Dropped unsent (a newer call took its place) when the last render no longer used it (the user typed on):
    // forgotten, and asked again once a render needs it.
    assert.equal(model().write('/id', 'PRV-7'), true);
    render();
    await flush();
    assert.equal(model().write('/id', 'PRV-8'), true);
    render();
    await flush();
    assert.equal(sent.length, 3);
    lost[1]?.();
    assert.deepEqual(render(), { text: undefined, checks: ['Not verified.'], notice: undefined }, 'PRV-8 waits, saying nothing');
    await flush();
    assert.equal(sent.length, 3, 'nothing asks for PRV-7 now');
    assert.equal(model().write('/id', 'PRV-7'), true);
    render();
    await flush();
    assert.equal(sent.length, 4);
    assert.deepEqual(sent[3]?.callAgentFunction.callFunction.args, { providerId: 'PRV-7' });
    lost[1]?.('late');
    assert.equal(render().notice, undefined, 'a call already over is not failed again');
    // Dropped while the last render used it: said, not asked again at once (it would only drop another: a loop).
    const inUse = changed();
    lost[3]?.();
    await inUse;
    assert.equal(render().notice, "The agent's verifyProvider was not asked: newer calls took its place.");
    await flush();
    assert.equal(sent.length, 4);
    // A click's call dropped unsent is said too: the user may click again.
    model().calls?.call('verifyProvider', { providerId: 'PRV-9' });
    assert.equal(sent.length, 5);
    const dropped = changed();
    lost[4]?.();
    await dropped;
    assert.equal(render().notice, "The agent's verifyProvider was not asked: newer calls took its place. Try again.");
  });

  test('a host’s callTimeout replaces the 30 s', async () => {
    const { reported, render } = await setup({ callTimeout: 5_000 });
    render();
    await flush();
    mock.timers.tick(5_000);
    assert.deepEqual(reported.map(([e]) => e.code), ['FUNCTION_TIMEOUT']);
  });

  test('a connection that cannot carry the call says so in the surface’s place', async () => {
    const { render, changed } = await setup({ carries: false });
    const redrawn = changed();
    render();
    await redrawn;
    assert.equal(render().notice, "This connection cannot carry a call to the agent's verifyProvider.");
  });

  test('an action calls the agent’s function on every click; a function of ours in an action calls nobody', async () => {
    const { model, sent } = await setup();
    model().calls?.call('verifyProvider', { providerId: 'PRV-1' });
    model().calls?.call('verifyProvider', { providerId: 'PRV-1' });
    model().calls?.call('formatString', { value: 'x' });
    assert.deepEqual(sent.map((m) => m.callAgentFunction.callFunction), [verify('PRV-1'), verify('PRV-1')]);
    assert.ok(sent.every((m) => parseA2uiV1RendererMessage(m).ok));
  });

  test(`one render uses at most ${AGENT_CALLS_PER_SURFACE} calls at once; answered ones it no longer uses make room`, async () => {
    const { group, model, sent } = await setup();
    const many = (from: number) => {
      const calls = model().calls;
      const values = Array.from({ length: AGENT_CALLS_PER_SURFACE + 1 }, (_, i) => evaluate(verify(`P${from + i}`), { data: null, scope: '', functions: calls?.functions }));
      return { values, notice: calls?.notice };
    };
    const first = many(0);
    assert.equal(first.values.at(-1), undefined);
    assert.match(first.notice ?? '', /more than 64 values at once/);
    await flush();
    assert.equal(sent.length, AGENT_CALLS_PER_SURFACE);
    for (const call of sent) group.apply(answer(idOf(call), 'ok'), 'a1');
    // A field checked as the user types: each value a call, for as long as the surface lives.
    for (let round = 1; round <= 3; round++) {
      const calls = model().calls;
      const value = (i: number) => evaluate(verify(`typed-${i}`), { data: null, scope: '', functions: calls?.functions });
      value(round);
      await flush();
      group.apply(answer(idOf(sent.at(-1)), 'ok'), 'a1');
    }
    assert.equal(sent.length, AGENT_CALLS_PER_SURFACE + 3, 'each new value called the agent');
    assert.equal(many(1000).notice?.includes('at once'), true, 'still bounded per render');
  });

  test('a surface deleted and created again calls again: its answers were of the one before', async () => {
    const { group, sent, render } = await setup();
    render();
    await flush();
    group.apply(answer(idOf(sent[0]), { valid: true }), 'a1');
    assert.deepEqual(render().checks, []);
    assert.equal(group.apply({ version: 'v1.0', deleteSurface: { surfaceId: 'form' } }, 'a1'), null);
    assert.equal(group.apply(SURFACE, 'a2'), null);
    assert.equal(render().text, undefined, 'no answer of the surface before');
    await flush();
    assert.equal(sent.length, 2);
    // And after the group starts over (a history read again): the same.
    group.reset();
    group.apply(SURFACE, 'a2');
    assert.equal(render().text, undefined);
    await flush();
    assert.equal(sent.length, 3);
  });

  test('a surface on catalogs that declare no function of the agent’s has no calls (its functions are ours alone)', async () => {
    const sent: unknown[] = [];
    let waited: () => void = () => undefined;
    const ready = new Promise<void>((done) => (waited = done));
    const group = new SurfaceGroup({ catalogs: [V1_BASIC_CATALOG], loadVersion: loadA2uiVersion, waited: () => waited(), send: (m) => sent.push(m) > 0 });
    group.apply({ version: 'v1.0', createSurface: { surfaceId: 'plain', catalogId: V1_BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: 'Hi' }] } }, 'a1');
    await ready;
    assert.ok(group.surface('plain')?.state);
    assert.equal(group.surface('plain')?.calls, undefined);
    // A function declared nowhere is refused by validation, as before: it is nobody's.
    const refused = group.apply({ version: 'v1.0', updateComponents: { surfaceId: 'plain', components: [{ id: 'root', component: 'Text', text: verify('x') }] } }, 'a1');
    assert.equal(refused?.code, 'VALIDATION_FAILED');
    assert.deepEqual(sent, []);
  });
});

const sessions = useSessions();

describe('a renderer’s call to an agent’s function, in a chat', () => {
  const peer = useAgentServer();
  const wsFactory = (url: string) => new WebSocket(url) as unknown as SocketLike;

  /** A chat on `transport` with the provider catalog, once the reference agent's `a2ui agent` surface exists. */
  async function providerChat(transport: ChatSession['transport'] & object, send: (session: ChatSession) => Promise<unknown>) {
    const session = new ChatSession({ transport });
    sessions.push(session);
    session.configureProtocol('a2ui', await readCatalogs([BASIC_CATALOG, PROVIDER_DOCUMENT]));
    session.connect();
    await send(session);
    return { session, ...(await providerSurface(session)) };
  }

  test('the demo’s catalog document is the one the reference agent’s surface names', () => {
    assert.equal(PROVIDER_DOCUMENT['catalogId'], PROVIDER_CATALOG_ID);
  });

  test('over the Composer: the call goes in an a2ui_function frame, the agent’s answer comes as an a2ui event of the surface’s message', { timeout: 20_000 }, async () => {
    const sessionId = `agent-calls-${Math.random().toString(36).slice(2)}`;
    const transport = peer.track(new WebSocketTransport(peer.socketUrl(`&session_id=${sessionId}`), { socketFactory: wsFactory }));
    const { model, render, when } = await providerChat(transport, async (session) => {
      const shown = new Promise<void>((done) => session.subscribe((e) => e.type === 'message-complete' && e.message.surfaceIds?.includes('provider') && done()));
      assert.equal(session.send('a2ui agent').ok, true);
      await shown;
    });
    const answered = when(() => valid(render().verdict));
    // The catalog says verifyProvider gives a validationResult: while the agent has not answered, the check says it waits.
    assert.deepEqual(render().verdict, { valid: false, message: 'Waiting for the agent…' });
    await answered;
    assert.deepEqual(render(), { verdict: { valid: true, name: 'Provider 102' }, notice: undefined });

    // An ID the agent does not know: its error is said in the surface's place, and the check does not pass.
    const failed = when(() => render().notice !== undefined);
    assert.equal(model.write('/providerId', 'nobody'), true);
    render();
    await failed;
    assert.deepEqual(render(), { verdict: undefined, notice: "The agent's verifyProvider failed: Provider ID nobody was not found." });

    const res = await fetch(`${peer.server.origin}${COMPOSER_SSE_PATH}?session_id=${sessionId}&inspect=a2ui_errors`);
    const kept = (await res.json()) as { agent_calls: { message_id: string; call: Record<string, unknown> }[]; errors: unknown[] };
    assert.equal(kept.agent_calls.length, 2);
    assert.deepEqual(kept.agent_calls.map((c) => (c.call['callFunction'] as { args: unknown }).args), [{ providerId: 'PRV-102' }, { providerId: 'nobody' }]);
    assert.equal(kept.agent_calls[0]?.message_id, model.owner);
    assert.deepEqual(kept.errors, []);
  });

});

describe('an event after its message ended (the agent’s answer to a renderer’s call)', () => {
  test('an a2ui event that touches no surface is kept; one that touches a surface, any other record and a repeat are not', () => {
    const transport = new InPageTransport();
    const session = new ChatSession({ transport });
    sessions.push(session);
    session.connect();
    const marker = { inline_ui_version: 1, mode: 'orchestrator' } as const;
    transport.deliver({ type: 'message_start', message_id: 'a1', sequence: 0, marker });
    transport.deliver({ type: 'text_delta', message_id: 'a1', sequence: 1, delta: 'Hi' });
    transport.deliver({ type: 'message_end', message_id: 'a1', sequence: 2 });
    const events = () => (session.messages.find((m) => m.id === 'a1') as AssistantMessage).events.map((e) => e.event.type);
    const response = { version: 'v1.0', agentFunctionResponse: { functionCallId: 'call-1', value: 1 } };
    transport.deliver({ type: 'a2ui', message_id: 'a1', sequence: 3, messages: [{ version: 'v1.0', createSurface: { surfaceId: 'late', catalogId: V1_BASIC_CATALOG_ID } }] });
    transport.deliver({ type: 'tool', message_id: 'a1', sequence: 4, tool_call_id: 't', tool_name: 'late', state: 'completed' });
    assert.deepEqual(events(), [], 'a surface or a tool after the end is a late duplicate');
    transport.deliver({ type: 'a2ui', message_id: 'a1', sequence: 5, messages: [response] });
    assert.deepEqual(events(), ['a2ui']);
    transport.deliver({ type: 'a2ui', message_id: 'a1', sequence: 5, messages: [response] });
    transport.deliver({ type: 'a2ui', message_id: 'a1', sequence: 1, messages: [response] });
    assert.deepEqual(events(), ['a2ui'], 'a repeat, by sequence, is dropped');
  });
});
