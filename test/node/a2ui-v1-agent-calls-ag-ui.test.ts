// A renderer's calls to the agent's functions over AG-UI (issue 31, item 3: "over AG-UI in `forwardedProps` beside
// `a2uiAction` (same naming)"; docs/protocol.md "A2UI over AG-UI"): each call is a run of its own with
// `forwardedProps.a2uiCallAgentFunction`, read for its answer only, against the reference agent's AG-UI endpoint,
// whose events @ag-ui/encoder writes. Calls run one after another, 16 at a time, each within the call's time.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { createChatSession } from '../../src/index.js';
import { BASIC_CATALOG } from '../../src/protocols/a2ui/index.js';
import { readCatalogs } from '../../src/protocols/a2ui/catalog-input.js';
import { parseA2uiV1RendererMessage, V1_BASIC_CATALOG } from '../../src/protocols/a2ui/v1/index.js';
import { A2UI_CAPABILITIES_CONTEXT } from '../../src/protocols/ag-ui/context.js';
import { AgUiConnection } from '../../src/protocols/ag-ui/connection.js';
import type { CarryFrame } from '../../src/protocols/turn-connection.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import { useAgentServer } from './agent.js';
import { PROVIDER_DOCUMENT, providerSurface, until, useSessions, valid } from './provider-chat.js';
import { reply, turnSession } from './turn-session.js';

/**
 * The calls to the agent's function this test's chats carry (each AgUiConnection's `carry` of a callAgentFunction), in
 * order, each with whether it was taken: counted, so a test waits for a call to be carried, never for a fixed time.
 */
function countCalls(t: TestContext): () => boolean[] {
  const connection = AgUiConnection.prototype as unknown as { carry(frame: CarryFrame): boolean };
  const carry = t.mock.method(connection, 'carry');
  const isCall = (frame: CarryFrame) => typeof frame.payload === 'object' && frame.payload !== null && 'callAgentFunction' in frame.payload;
  return () => carry.mock.calls.filter((call) => isCall(call.arguments[0] as CarryFrame)).map((call) => call.result === true);
}

describe('a renderer’s call to an agent’s function, over AG-UI', () => {
  const peer = useAgentServer();
  const sessions = useSessions();

  /** A chat over AG-UI (`query` on the endpoint's URL) with the provider catalog, once the `surface agent` run drew it. */
  async function agUiProviderChat(query = '') {
    const { session, events } = turnSession('ag-ui', `${peer.server.origin}${AG_UI_PATH}${query}`);
    sessions.push(session);
    session.configureProtocol('a2ui', await readCatalogs([BASIC_CATALOG, PROVIDER_DOCUMENT]));
    await reply(session, 'surface agent');
    return { session, events, ...(await providerSurface(session)) };
  }

  /**
   * Routes the POSTs of calls' runs (those with `a2uiCallAgentFunction`) through `answer`, the n-th of them counted from
   * 1 and logged as `start n`; `send` makes the real request. Other requests go as they are.
   */
  function interceptCalls(answer: (n: number, send: () => Promise<Response>, signal: AbortSignal | null | undefined) => Promise<Response>) {
    const log: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (typeof init?.body !== 'string' || !init.body.includes('"a2uiCallAgentFunction"')) return realFetch(input, init);
      const n = log.filter((entry) => entry.startsWith('start')).length + 1;
      log.push(`start ${n}`);
      return answer(n, () => realFetch(input, init), init.signal);
    };
    return { log, restore: () => void (globalThis.fetch = realFetch) };
  }

  /** The first call's run held until `release()`, the others going as they are; the calls carried, counted. */
  function holdFirstCall(t: TestContext) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const { log, restore } = interceptCalls(async (n, send) => (n === 1 && (await held), send()));
    return { log, restore, release: () => release(), carried: countCalls(t) };
  }

  /** The bodies of the AG-UI runs that called the agent's function. */
  const callRuns = () => peer.server.agUiRequests.map((r) => r.body).filter((body) => (body['forwardedProps'] as Record<string, unknown> | undefined)?.['a2uiCallAgentFunction'] !== undefined);

  test('over AG-UI: the call is a run of its own (forwardedProps.a2uiCallAgentFunction), its answer an activity that goes to the surface’s message', { timeout: 20_000 }, async (t) => {
    const carried = countCalls(t);
    const { session, model, render, when } = await agUiProviderChat();
    const messages = session.messages.length;
    const answered = when(() => valid(render().verdict));
    assert.deepEqual(render().verdict, { valid: false, message: 'Waiting for the agent…' });
    await answered;
    assert.deepEqual(render(), { verdict: { valid: true, name: 'Provider 102' }, notice: undefined });
    // The run carried the v1.0 message as renderer_to_agent.json has it, on the chat's thread. (The server keeps the
    // last 20 requests: this call's run is the last one.)
    assert.equal(carried().length, 1);
    const runs = callRuns().slice(-1);
    const sent = parseA2uiV1RendererMessage((runs[0]?.['forwardedProps'] as Record<string, unknown>)['a2uiCallAgentFunction']);
    assert.ok(sent.ok && sent.kind === 'callAgentFunction', JSON.stringify(sent));
    assert.deepEqual((sent.message['callAgentFunction'] as { surfaceId: string; callFunction: unknown }).callFunction, { call: 'verifyProvider', args: { providerId: 'PRV-102' } });
    // The same thread as this chat's own turn (the last run that was not a call's).
    const turn = peer.server.agUiRequests.filter((r) => (r.body['forwardedProps'] as Record<string, unknown>)['a2uiCallAgentFunction'] === undefined).at(-1);
    assert.equal(turn?.body['messages'] && JSON.stringify(turn.body['messages']).includes('surface agent'), true);
    assert.equal(runs[0]?.['threadId'], turn?.body['threadId']);
    // No message of its own: the answer went to the message that owns the surface.
    assert.equal(session.messages.length, messages);

    // An ID the agent does not know: its error answer is said in the surface's place.
    const failed = when(() => render().notice !== undefined);
    assert.equal(model.write('/providerId', 'nobody'), true);
    render();
    await failed;
    assert.deepEqual(render(), { verdict: undefined, notice: "The agent's verifyProvider failed: Provider ID nobody was not found." });
    assert.equal(carried().length, 2);
    assert.equal(session.messages.length, messages);
  });

  test('over AG-UI, a call whose request cannot be made (the page’s body function throws) fails at once, and the calls after it still go', { timeout: 20_000 }, async () => {
    let broken = false;
    const body = () => {
      if (broken) throw new Error('no body today');
      return {};
    };
    const session = createChatSession({ connection: { kind: 'ag-ui', url: `${peer.server.origin}${AG_UI_PATH}`, body } });
    sessions.push(session);
    const errors: string[] = [];
    session.subscribe((event) => void (event.type === 'protocol-error' && errors.push(event.reason)));
    session.connect();
    session.configureProtocol('a2ui', await readCatalogs([BASIC_CATALOG, PROVIDER_DOCUMENT]));
    await reply(session, 'surface agent');
    const { model, render, when } = await providerSurface(session);
    broken = true;
    const failed = when(() => render().notice === "The agent's verifyProvider got no answer: the request could not be made.");
    render();
    await failed;
    // Said to the page too, as a turn whose request cannot be made is.
    assert.deepEqual(errors, ['A request to the AG-UI agent could not be made; nothing was sent.']);
    broken = false;
    assert.equal(model.write('/providerId', 'PRV-7'), true);
    const answered = when(() => valid(render().verdict));
    render();
    await answered;
  });

  test('over AG-UI, a call whose turn to run comes once the chat is no longer connected fails at once, unsent', { timeout: 20_000 }, async (t) => {
    const { log, restore, release, carried } = holdFirstCall(t);
    try {
      const { session, model, render, when } = await agUiProviderChat();
      render();
      await until(() => log.length === 1);
      assert.equal(model.write('/providerId', 'PRV-7'), true);
      render();
      await until(() => carried().length === 2);
      const failed = when(() => render().notice === "The agent's verifyProvider got no answer: this chat is not connected.");
      session.disconnect();
      release();
      await failed;
      assert.deepEqual(log, ['start 1'], 'the second call was never sent');
      // The first, running when the chat disconnected, failed at once too (not at its timeout).
      assert.equal(model.write('/providerId', 'PRV-102'), true);
      assert.equal(render().notice, "The agent's verifyProvider got no answer: this chat is not connected.");
    } finally {
      restore();
    }
  });

  test('over AG-UI, a call whose run the chat’s disconnection stops fails at once, even when the chat connects again in the same moment', { timeout: 20_000 }, async (t) => {
    const { log, restore, release, carried } = holdFirstCall(t);
    try {
      const { session, render, when } = await agUiProviderChat();
      render();
      await until(() => log.length === 1 && carried().length === 1);
      const failed = when(() => render().notice === "The agent's verifyProvider got no answer: this chat is not connected.");
      // (Before, a call's run read "closed" from the connection's state once it ended: open again by then, the call
      // waited for its time, 30 s.)
      session.disconnect();
      session.connect();
      await failed;
    } finally {
      // (Its request, aborted, ends: no timer of the call is left to keep the file's process alive.)
      release();
      restore();
    }
  });

  test('over AG-UI, a burst of calls while none runs: the first runs and sixteen wait, none is dropped', { timeout: 20_000 }, async (t) => {
    const { log, restore, release, carried } = holdFirstCall(t);
    try {
      const { model, render, when } = await agUiProviderChat();
      // Seventeen calls in one moment, the first taken while no call was open (its run starts a microtask later).
      render();
      for (let n = 2; n <= 17; n += 1) {
        assert.equal(model.write('/providerId', `PRV-${n}`), true);
        render();
      }
      const last = when(() => (render().verdict as { name?: unknown } | undefined)?.name === 'Provider 17');
      await until(() => carried().length === 17 && log.length === 1);
      release();
      await last;
      // (Before, the first still counted as waiting when the seventeenth came, and the oldest was dropped: 16 ran.)
      assert.equal(log.length, 17, 'every call ran');
      assert.equal(render().notice, undefined);
    } finally {
      restore();
    }
  });

  test('over AG-UI, a call’s run that says more than its answer: the answer is used, the rest is not shown and said once', { timeout: 20_000 }, async () => {
    const { session, model, render, when } = await agUiProviderChat('?call_reply=chatty');
    const parts = JSON.stringify(session.messages.map((m) => (m.role === 'assistant' ? m.parts : m.text)));
    const said = new Promise<string>((done) => session.subscribe((e) => e.type === 'protocol-notice' && e.key === 'call-run' && done(e.reason)));
    const answered = when(() => valid(render().verdict));
    render();
    await answered;
    assert.match(await said, /sent more than its answer/);
    // Its text and its update of the surface (/providerId to PRV-999) went nowhere: the conversation shows what it did.
    assert.equal(JSON.stringify(session.messages.map((m) => (m.role === 'assistant' ? m.parts : m.text))), parts);
    assert.doesNotMatch(JSON.stringify(session.messages), /I checked that provider|PRV-999/);
    assert.deepEqual(model.state?.data, { providerId: 'PRV-102' });
  });

  test('over AG-UI, an answer that shares its activity with another operation is used; the other is not, and is said once', { timeout: 20_000 }, async () => {
    const { session, render, when } = await agUiProviderChat('?call_reply=mixed');
    const said = new Promise<string>((done) => session.subscribe((e) => e.type === 'protocol-notice' && e.key === 'call-run' && done(e.reason)));
    const answered = when(() => valid(render().verdict));
    render();
    await answered;
    assert.match(await said, /sent more than its answer/);
    assert.doesNotMatch(JSON.stringify(session.messages), /callRendererFunction/);
  });

  // A run that ends without its answer (`silent`), or answers another call's ID only (`other`): said at once, and the
  // call fails in the surface's place.
  for (const [reply, what] of [['silent', 'ends without its answer'], ['other', 'answers another call only']] as const) {
    test(`over AG-UI, a call’s run that ${what} is said at once, and fails the call in the surface’s place`, { timeout: 20_000 }, async () => {
      const { session, render, when } = await agUiProviderChat(`?call_reply=${reply}`);
      const said = new Promise<string>((done) => session.subscribe((e) => e.type === 'protocol-error' && done(e.reason)));
      const failed = when(() => render().notice !== undefined);
      render();
      assert.equal(await said, "A call to the agent's function got no answer: the run ended without it.");
      await failed;
      assert.deepEqual(render(), { verdict: undefined, notice: "The agent's verifyProvider got no answer: the run ended without it." });
    });
  }

  test('over AG-UI, calls run one after another, and errors waiting for the next run wait for one the agent reads whole', { timeout: 20_000 }, async (t) => {
    // The first call's answer is held until the second call was carried.
    const { log, restore, release, carried } = holdFirstCall(t);
    try {
      const { session, model, render, when } = await agUiProviderChat();
      const first = when(() => valid(render().verdict));
      // (Resolves once the check of the value shown then is valid.)
      render();
      await until(() => log.length === 1);
      // A refused surface: its error waits for the next run.
      await reply(session, 'surface broken');
      assert.equal(model.write('/providerId', 'PRV-7'), true);
      render();
      // The second call is carried after this render (a microtask); it waits for the first.
      await until(() => carried().length === 2);
      assert.deepEqual(log, ['start 1']);
      log.push('released 1');
      release();
      // The check is valid once the call of the value it shows now (PRV-7, the second) was answered.
      await first;
      assert.deepEqual(render().verdict, { valid: true, name: 'Provider 7' });
      assert.deepEqual(log, ['start 1', 'released 1', 'start 2']);
      const calls = peer.server.agUiRequests.slice(-2).map((r) => r.body['forwardedProps'] as Record<string, unknown>);
      assert.ok(calls.every((forwarded) => forwarded['a2uiCallAgentFunction'] !== undefined && forwarded['a2uiErrors'] === undefined), 'a call’s run takes no error');
      await reply(session, 'hello');
      const next = peer.server.agUiRequests.at(-1)?.body['forwardedProps'] as Record<string, unknown>;
      assert.equal((next['a2uiErrors'] as unknown[] | undefined)?.length, 1);
    } finally {
      restore();
    }
  });

  test('over AG-UI, a call’s run that hangs is stopped at the call’s time (30 s from when it was carried), and the calls after it go on', { timeout: 20_000 }, async (t) => {
    // A hung agent: the first call's request never answers, until it is stopped.
    const { log, restore } = interceptCalls((n, send, signal) =>
      n > 1 ? send() : new Promise<Response>((_, fail) => signal?.addEventListener('abort', () => (log.push('stopped 1'), fail(new Error('aborted'))))),
    );
    try {
      const { model, render, when } = await agUiProviderChat();
      const carried = countCalls(t);
      t.mock.timers.enable({ apis: ['setTimeout'] });
      render();
      await until(() => log.length === 1);
      t.mock.timers.tick(20_000);
      assert.equal(model.write('/providerId', 'PRV-7'), true);
      const answered = when(() => (render().verdict as { name?: unknown } | undefined)?.name === 'Provider 7');
      render();
      await until(() => carried().length === 2);
      assert.deepEqual(log, ['start 1'], 'the second call waits for the first');
      // 30 s after the first call was carried, its run is stopped; the second (10 s left) runs and is answered.
      t.mock.timers.tick(10_000);
      await answered;
      assert.deepEqual(log, ['start 1', 'stopped 1', 'start 2']);
    } finally {
      restore();
    }
  });

  test('over AG-UI, a call whose run is cut off is said at once; no message shows as interrupted', { timeout: 20_000 }, async () => {
    // The second POST of this session (the call's run) ends after its first event.
    const { session, events, render } = await agUiProviderChat(`?session_id=cut-${Math.random().toString(36).slice(2)}&fault=drops:1000.1`);
    const said = new Promise<string>((done) => session.subscribe((e) => e.type === 'protocol-error' && done(e.reason)));
    render();
    assert.equal(await said, "A call to the agent's function got no answer: The reply was cut off before it finished.");
    assert.equal(events.filter((e) => e.type === 'message-interrupted').length, 0);
    await until(() => render().notice !== undefined);
    assert.equal(render().notice, "The agent's verifyProvider got no answer: The reply was cut off before it finished.", 'the call failed at once, not at its timeout');
  });

  test('over AG-UI, a call’s run reads its surfaces apart: what it sends of the thread’s surface never counts as applied, so the next run’s history is read as it grew', { timeout: 20_000 }, async () => {
    const { session, model, render, when } = await agUiProviderChat('?call_reply=chatty');
    await reply(session, 'surface agent note');
    assert.deepEqual(model.state?.data, { providerId: 'PRV-102', note: 'From the agent' });
    // The call's run also sends the provider surface's activity: an updateDataModel of /providerId, not shown.
    const answered = when(() => valid(render().verdict));
    render();
    await answered;
    assert.equal(model.write('/note', 'Mine'), true);
    // The thread's history, grown by one operation: only that one is applied, so the user's note stays.
    await reply(session, 'surface agent note seen');
    assert.deepEqual(model.state?.data, { providerId: 'PRV-102', note: 'Mine', seen: true });
  });

  test('over AG-UI, 16 calls wait at most: one more takes the place of the oldest waiting, which is asked again when a binding needs it', { timeout: 20_000 }, async (t) => {
    const { log, restore, release, carried } = holdFirstCall(t);
    try {
      const { model, render, when } = await agUiProviderChat();
      render();
      await until(() => log.length === 1);
      // PRV-2 to PRV-17 wait behind the first (PRV-102); PRV-18 takes the place of PRV-2, the oldest waiting.
      for (let n = 2; n <= 18; n += 1) {
        assert.equal(model.write('/providerId', `PRV-${n}`), true);
        render();
      }
      await until(() => carried().length === 18);
      assert.ok(carried().every(Boolean), 'every call is taken: none is refused');
      assert.equal(render().notice, undefined);
      // Released, the first and the sixteen still waiting run one after another: the last of them answers PRV-18.
      const last = when(() => valid(render().verdict));
      release();
      await last;
      assert.equal(log.length, 17, 'PRV-2 never ran');
      // A binding that shows PRV-2 again asks again, and is answered.
      assert.equal(model.write('/providerId', 'PRV-2'), true);
      const again = when(() => (render().verdict as { name?: unknown } | undefined)?.name === 'Provider 2');
      render();
      await again;
      assert.equal(carried().length, 19);
    } finally {
      restore();
    }
  });

  test('over AG-UI, a call’s run reads the shared state as any run does: the call waiting behind it, and the next turn, carry what it set', { timeout: 20_000 }, async (t) => {
    const { log, restore, release, carried } = holdFirstCall(t);
    try {
      const { session, model, render, when } = await agUiProviderChat('?call_reply=state');
      render();
      await until(() => log.length === 1);
      // The second call is carried while the first runs: its run starts with the state the first one set.
      assert.equal(model.write('/providerId', 'PRV-7'), true);
      render();
      await until(() => carried().length === 2);
      const second = when(() => (render().verdict as { name?: unknown } | undefined)?.name === 'Provider 7');
      release();
      await second;
      // (The server keeps the last 20 requests: these two runs are the last ones.)
      const [first, next] = callRuns().slice(-2).map((run) => run as { state: unknown; forwardedProps: { a2uiCallAgentFunction: { callAgentFunction: { functionCallId: string } } } });
      const idOf = (run: typeof first) => run?.forwardedProps.a2uiCallAgentFunction.callAgentFunction.functionCallId;
      assert.deepEqual(next?.state, { answered: idOf(first) });
      await reply(session, 'hello');
      assert.deepEqual(peer.server.agUiRequests.at(-1)?.body['state'], { answered: idOf(next) });
    } finally {
      restore();
    }
  });

  test('over AG-UI, a v1.0 catalog definition of the page’s own is advertised under "v1.0" in each run’s context', { timeout: 20_000 }, async () => {
    const { session } = turnSession('ag-ui', `${peer.server.origin}${AG_UI_PATH}`);
    sessions.push(session);
    const own = { ...V1_BASIC_CATALOG, catalogId: 'https://example.com/v1/own.json' };
    session.configureProtocol('a2ui', await readCatalogs([BASIC_CATALOG, own]));
    await reply(session, 'hello');
    const context = peer.server.agUiRequests.at(-1)?.body['context'] as { description: string; value: string }[];
    const advertised = context.find((entry) => entry.description === A2UI_CAPABILITIES_CONTEXT)?.value ?? '';
    assert.deepEqual(JSON.parse(advertised), { 'v0.9': { supportedCatalogIds: [BASIC_CATALOG.catalogId] }, 'v1.0': { supportedCatalogIds: [own.catalogId] } });
  });
});

