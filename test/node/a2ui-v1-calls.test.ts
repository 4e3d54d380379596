// A2UI v1.0 function calls over the wire (issue 31, item 3; a2ui-v1.0/docs/a2ui_protocol.md "callRendererFunction"):
// the renderer answers every call of the agent's, by its ID: a rendererFunctionResponse when the catalog lets the
// agent call the function, else INVALID_FUNCTION_CALL; errors and actions of v1.0 are told as v1.0 messages. In the
// surface group, in a ChatSession, and against the reference server over a real WebSocket.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { ChatSession, type ClientFrame, type ServerEvent, type SocketLike } from '../../src/index.js';
import { BASIC_CATALOG, SurfaceGroup, a2uiOf, loadA2uiVersion, type A2uiCallAnswer, type A2uiError, type CatalogDefinition } from '../../src/protocols/a2ui/index.js';
import { readCatalogs } from '../../src/protocols/a2ui/catalog-input.js';
import { V1_BASIC_CATALOG, V1_BASIC_CATALOG_ID, parseA2uiV1RendererMessage } from '../../src/protocols/a2ui/v1/index.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';
import { COMPOSER_SSE_PATH } from '../../demo/server/agent-server.js';
import { InPageTransport } from '../helpers/in-page-transport.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import { useAgentServer } from './agent.js';
import { reply, turnSession } from './turn-session.js';

/** The v1.0 basic catalog with formatString and openUrl callable by the agent too. */
const CALLABLE: CatalogDefinition = { ...V1_BASIC_CATALOG, callers: { formatString: 'rendererOrAgent', openUrl: 'rendererOrAgent' } };
const call = (functionCallId: string, name: string, args: unknown = { value: 'Hello' }) => ({
  version: 'v1.0',
  callRendererFunction: { functionCallId, callFunction: { call: name, catalogId: V1_BASIC_CATALOG_ID, args } },
});

/** A surface group that loads v1.0's rules, with what it reported and answered (`carries`: which answers could go). */
function group(catalogs: readonly CatalogDefinition[], carries: (answer: A2uiCallAnswer) => boolean = () => true) {
  const reported: [A2uiError, string][] = [];
  const answers: A2uiCallAnswer[] = [];
  let waited: () => void = () => undefined;
  const ready = new Promise<void>((done) => (waited = done));
  const respond = (answer: A2uiCallAnswer): boolean => carries(answer) && answers.push(answer) > 0;
  const g = new SurfaceGroup({ catalogs, loadVersion: loadA2uiVersion, waited: () => waited(), report: (error, _owner, version) => reported.push([error, version]), respond });
  return { g, reported, answers, ready };
}

describe('an agent’s function call, in the surface group', () => {
  test('a rendererOnly function is refused by the call’s ID, an allowed one answered with its value, openUrl never run', async () => {
    const only = group([V1_BASIC_CATALOG]);
    only.g.apply(call('c1', 'formatString'), 'a1');
    await only.ready;
    assert.equal(only.answers.length, 1);
    const [refused] = only.answers;
    assert.ok(refused && 'error' in refused);
    assert.equal(refused.version, 'v1.0');
    assert.equal(refused.error.code, 'INVALID_FUNCTION_CALL');
    assert.equal(refused.error.functionCallId, 'c1');
    assert.equal(parseA2uiV1RendererMessage(refused).ok, true, 'renderer_to_agent.json accepts the answer');
    assert.deepEqual(only.reported, []);

    const callable = group([CALLABLE]);
    callable.g.apply(call('c2', 'formatString', { value: 'Hello ${/name}' }), 'a1');
    await callable.ready;
    callable.g.apply(call('c3', 'openUrl', { url: 'https://example.com/' }), 'a1');
    callable.g.apply(call('c4', 'formatString', { value: 7 }), 'a1');
    // Arguments are plain values: a nested call would run a function the catalog keeps from the agent.
    callable.g.apply(call('c5', 'formatString', { value: { call: 'regex', args: { value: 'a', pattern: 'a' } } }), 'a1');
    callable.g.apply(call('c6', 'formatString', { value: { path: '/secret' } }), 'a1');
    // A field no call has: refused by the call's ID, which is readable.
    callable.g.apply({ version: 'v1.0', callRendererFunction: { ...call('c7', 'formatString').callRendererFunction, extra: 1 } }, 'a1');
    callable.g.apply({ version: 'v1.0', agentFunctionResponse: { functionCallId: 'never-asked', value: 1 } }, 'a1');
    const [answered, openUrl, badArgs, nested, bound, extra, ...rest] = callable.answers;
    for (const [answer, id] of [[nested, 'c5'], [bound, 'c6'], [extra, 'c7']] as const) {
      assert.ok(answer && 'error' in answer, id);
      assert.deepEqual([answer.error.code, answer.error.functionCallId], ['INVALID_FUNCTION_CALL', id]);
    }
    assert.match(nested && 'error' in nested ? nested.error.message : '', /plain values/);
    // No data model: a call names no surface, so a path reads nothing.
    assert.deepEqual(answered, { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c2', value: 'Hello ' } });
    assert.equal(parseA2uiV1RendererMessage(answered).ok, true);
    assert.ok(openUrl && 'error' in openUrl && openUrl.error.functionCallId === 'c3' && openUrl.error.code === 'INVALID_FUNCTION_CALL');
    assert.match(openUrl.error.message, /click/);
    assert.ok(badArgs && 'error' in badArgs && badArgs.error.functionCallId === 'c4' && badArgs.error.code === 'INVALID_FUNCTION_CALL');
    assert.deepEqual(rest, [], 'an agentFunctionResponse for no call of ours is read and answered with nothing');
    assert.deepEqual(callable.reported, []);
  });

  test('only agentOnly and rendererOrAgent admit the agent: any other value of a hand-made definition is rendererOnly', async () => {
    const bogus = group([{ ...V1_BASIC_CATALOG, callers: { formatString: 'anyone' } as unknown as CatalogDefinition['callers'] }]);
    bogus.g.apply(call('c1', 'formatString'), 'a1');
    await bogus.ready;
    const [refused] = bogus.answers;
    assert.ok(refused && 'error' in refused);
    assert.deepEqual([refused.error.code, refused.error.functionCallId], ['INVALID_FUNCTION_CALL', 'c1']);
    assert.match(refused.error.message, /rendererOnly/);
    const agentOnly = group([{ ...V1_BASIC_CATALOG, callers: { formatString: 'agentOnly' } }]);
    agentOnly.g.apply(call('c2', 'formatString'), 'a1');
    await agentOnly.ready;
    assert.deepEqual(agentOnly.answers, [{ version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c2', value: 'Hello' } }]);
  });

  test('a wire that cannot carry a function’s value gets the error that says so, by the call’s ID', async () => {
    const { g, answers, ready } = group([CALLABLE], (answer) => !('rendererFunctionResponse' in answer));
    g.apply(call('c1', 'formatString'), 'a1');
    await ready;
    assert.deepEqual(answers, [{ version: 'v1.0', error: { code: 'INVALID_FUNCTION_CALL', functionCallId: 'c1', message: 'This connection cannot carry the answer.' } }]);
    assert.equal(parseA2uiV1RendererMessage(answers[0]).ok, true);
  });

  test('errors are told in the version of what they are about', async () => {
    const { g, reported, ready } = group([BASIC_CATALOG, V1_BASIC_CATALOG]);
    g.apply({ version: 'v1.0', createSurface: { surfaceId: 'one', catalogId: 'https://example.test/none.json' } }, 'a1');
    await ready;
    g.apply({ version: 'v0.9', createSurface: { surfaceId: 'nine', catalogId: 'https://example.test/none.json' } }, 'a1');
    g.apply({ version: 'v1.0', callRendererFunction: { callFunction: { call: 'formatString' } } }, 'a1');
    // A catalog the renderer does not have, in each version; then a v1.0 call that is no valid message.
    assert.deepEqual(reported.map(([error, version]) => [error.code, 'path' in error ? error.path : '', version]), [
      ['VALIDATION_FAILED', '/catalogId', 'v1.0'],
      ['VALIDATION_FAILED', '/catalogId', 'v0.9'],
      ['VALIDATION_FAILED', '/functionCallId', 'v1.0'],
    ]);
  });
});

/** An in-page transport that keeps what the session sends. */
class RecordingTransport extends InPageTransport {
  readonly sent: ClientFrame[] = [];
  override send(frame: ClientFrame): void {
    this.sent.push(frame);
  }
}

const sessions: ChatSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) {
    session.disconnect();
    session.transport?.close();
  }
});

/** Resolves once `frames` holds a frame `pred` accepts (each frame is checked as it is sent). */
function sentFrame(frames: ClientFrame[], pred: (frame: ClientFrame) => boolean): Promise<ClientFrame> {
  return new Promise((resolve) => {
    const push = frames.push.bind(frames);
    frames.push = (...items: ClientFrame[]) => {
      const found = items.find(pred);
      if (found) resolve(found);
      return push(...items);
    };
    const already = frames.find(pred);
    if (already) resolve(already);
  });
}

/** Resolves once `ready()` holds, checked after each turn of the event loop (what it waits for loads modules). */
const until = (ready: () => boolean): Promise<void> => new Promise((done) => (function check() { if (ready()) done(); else setImmediate(check); })());

const start = (id: string): ServerEvent => ({ type: 'message_start', message_id: id, sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
const a2ui = (id: string, sequence: number, messages: unknown[]): ServerEvent => ({ type: 'a2ui', message_id: id, sequence, messages });

describe('an agent’s function call, in a ChatSession', () => {
  async function connected(catalogs: readonly CatalogDefinition[]) {
    const transport = new RecordingTransport();
    const session = new ChatSession({ transport });
    sessions.push(session);
    session.configureProtocol('a2ui', await readCatalogs(catalogs));
    session.connect();
    transport.deliver({ type: 'capabilities', client_action: true });
    return { transport, session };
  }

  test('the answer goes as an a2ui_function frame, a refusal as an a2ui_error frame', async () => {
    const { transport } = await connected([CALLABLE]);
    const answered = sentFrame(transport.sent, (f) => f.type === 'a2ui_function');
    transport.deliver(start('a1'));
    transport.deliver(a2ui('a1', 1, [call('c1', 'formatString')]));
    assert.deepEqual(await answered, { type: 'a2ui_function', message_id: 'a1', a2ui: { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c1', value: 'Hello' } } });
    const refused = sentFrame(transport.sent, (f) => f.type === 'a2ui_error');
    transport.deliver(a2ui('a1', 2, [call('c2', 'formatDate', { value: '2026-12-07', format: 'yyyy' })]));
    const frame = await refused;
    assert.ok(frame.type === 'a2ui_error');
    assert.equal((frame.a2ui as { error: { functionCallId: string } }).error.functionCallId, 'c2');
  });

  test('an action on a v1.0 surface is a v1.0 message', async () => {
    const { transport, session } = await connected([V1_BASIC_CATALOG]);
    transport.deliver(start('a1'));
    const components = [{ id: 'root', component: 'Button', child: 'label', action: { event: { name: 'go' } } }, { id: 'label', component: 'Text', text: 'Go' }];
    transport.deliver(a2ui('a1', 1, [{ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: V1_BASIC_CATALOG_ID, components } }]));
    // A2UI's code, then v1.0's rules, load on the first message that needs them: the surface exists once they did.
    await until(() => a2uiOf(session)?.group.store.get('s')?.version === 'v1.0');
    const sent = sentFrame(transport.sent, (f) => f.type === 'client_action');
    const result = session.sendA2uiAction({ name: 'go', surfaceId: 's', sourceComponentId: 'root', timestamp: '2026-12-07T10:00:00Z', context: {} }, 'a1');
    assert.equal(result.ok, true);
    const frame = await sent;
    assert.ok(frame.type === 'client_action');
    assert.equal((frame.a2ui as { version: string }).version, 'v1.0');
    assert.equal(parseA2uiV1RendererMessage(frame.a2ui).ok, true);
  });
});

describe('an agent’s function call, against the reference server', () => {
  const peer = useAgentServer();
  const wsFactory = (url: string) => new WebSocket(url) as unknown as SocketLike;

  /** A real WebSocket transport whose frames are also kept. */
  class Kept extends WebSocketTransport {
    readonly frames: ClientFrame[] = [];
    override send(frame: ClientFrame): void {
      this.frames.push(frame);
      super.send(frame);
    }
  }

  async function run(catalogs: readonly CatalogDefinition[], query: string, expected: ClientFrame['type']) {
    const sessionId = `calls-${Math.random().toString(36).slice(2)}`;
    const transport = peer.track(new Kept(peer.socketUrl(`&session_id=${sessionId}${query}`), { socketFactory: wsFactory }));
    const session = new ChatSession({ transport });
    sessions.push(session);
    session.configureProtocol('a2ui', await readCatalogs(catalogs));
    session.connect();
    const answered = sentFrame(transport.frames, (f) => f.type === expected);
    assert.equal(session.send('a2ui call').ok, true);
    await answered;
    // Frames are handled in order: once the next turn is answered, the answer before it was kept.
    const complete = new Promise<void>((done) => session.subscribe((e) => e.type === 'message-complete' && e.message.parts.some((p) => p.type === 'text' && /hello/i.test(JSON.stringify(p))) && done()));
    session.send('hello');
    await complete;
    const res = await fetch(`${peer.server.origin}${COMPOSER_SSE_PATH}?session_id=${sessionId}&inspect=a2ui_errors`);
    return (await res.json()) as { errors: { error: Record<string, unknown> }[]; function_answers: { answer: Record<string, unknown> }[] };
  }

  test('a rendererOnly call is refused, and the server keeps the v1.0 error', async () => {
    const kept = await run([BASIC_CATALOG, V1_BASIC_CATALOG], '', 'a2ui_error');
    assert.equal(kept.errors.length, 1);
    assert.equal(kept.errors[0]?.error['code'], 'INVALID_FUNCTION_CALL');
    assert.match(String(kept.errors[0]?.error['functionCallId']), /^call-\d+$/);
    assert.deepEqual(kept.function_answers, []);
  });

  test('an action on a v1.0 surface reaches the server as a v1.0 message, which it takes', async () => {
    const transport = peer.track(new Kept(peer.socketUrl(`&session_id=v1-action-${Math.random().toString(36).slice(2)}`), { socketFactory: wsFactory }));
    const session = new ChatSession({ transport });
    sessions.push(session);
    session.configureProtocol('a2ui', await readCatalogs([BASIC_CATALOG, V1_BASIC_CATALOG]));
    session.connect();
    const shown = new Promise<string>((done) => session.subscribe((e) => e.type === 'message-complete' && e.message.surfaceIds?.includes('checklist') && done(e.message.id)));
    assert.equal(session.send('a2ui v1').ok, true);
    const owner = await shown;
    await until(() => a2uiOf(session)?.group.store.get('checklist')?.version === 'v1.0');
    const noted = new Promise<void>((done) => session.subscribe((e) => e.type === 'message-complete' && JSON.stringify(e.message.parts).includes('Noted the packed action on the checklist surface') && done()));
    const sent = session.sendA2uiAction({ name: 'packed', surfaceId: 'checklist', sourceComponentId: 'status', timestamp: '2026-12-07T10:00:00Z', context: {} }, owner);
    assert.ok(sent.ok && sent.via === 'client_action');
    const frame = transport.frames.find((f) => f.type === 'client_action');
    assert.equal((frame?.type === 'client_action' && (frame.a2ui as { version: string }).version), 'v1.0');
    await noted;
  });

  test('an agent-callable function is answered over a2ui_function, which the server keeps', async () => {
    const kept = await run([BASIC_CATALOG, CALLABLE], '', 'a2ui_function');
    assert.deepEqual(kept.errors, []);
    assert.equal(kept.function_answers.length, 1);
    assert.equal(kept.function_answers[0]?.answer['value'], 'Hello');
  });
});

describe('an agent’s function call, over AG-UI', () => {
  const peer = useAgentServer();

  /** The forwardedProps of the run after the one that asked `text`, in a chat with `catalogs` (then of the run after it). */
  async function forwardedAfter(text: string, catalogs?: readonly CatalogDefinition[], again = false): Promise<Record<string, unknown>> {
    const { session } = turnSession('ag-ui', `${peer.server.origin}${AG_UI_PATH}`);
    sessions.push(session);
    if (catalogs) session.configureProtocol('a2ui', await readCatalogs(catalogs));
    await reply(session, text);
    // The v1.0 rules load with the call (the renderer's file, loadA2uiVersion's), and the chat answers in the handler
    // of that load, which ran before the macrotask after it (run alone, this file once sent 'hello' before that).
    await import('../../src/protocols/a2ui/v1/renderer.js');
    await new Promise((done) => setImmediate(done));
    await reply(session, 'hello');
    if (again) await reply(session, 'hello again');
    return (peer.server.agUiRequests.at(-1)?.body['forwardedProps'] ?? {}) as Record<string, unknown>;
  }

  test('a rendererOnly call is answered INVALID_FUNCTION_CALL, as a v1.0 message in forwardedProps.a2uiErrors of the next run', async () => {
    const forwarded = await forwardedAfter('surface call');
    const errors = forwarded['a2uiErrors'] as { version: string; error: { code: string; functionCallId: string } }[];
    assert.equal(errors.length, 1);
    assert.equal(errors[0]?.version, 'v1.0');
    assert.equal(errors[0]?.error.code, 'INVALID_FUNCTION_CALL');
    assert.match(errors[0]?.error.functionCallId ?? '', /^call-/);
    assert.deepEqual(forwarded['a2uiError'], errors[0]?.error, 'the last error, as before');
    assert.equal(parseA2uiV1RendererMessage(errors[0]).ok, true);
  });

  test('a call the chat runs is answered with a rendererFunctionResponse in forwardedProps.a2uiRendererFunctionResponses of the next run', async () => {
    const forwarded = await forwardedAfter('surface call', [BASIC_CATALOG, CALLABLE]);
    assert.equal(forwarded['a2uiErrors'], undefined);
    const answers = forwarded['a2uiRendererFunctionResponses'] as { version: string; rendererFunctionResponse: { functionCallId: string; value: unknown } }[];
    assert.equal(answers.length, 1);
    assert.equal(parseA2uiV1RendererMessage(answers[0]).ok, true, 'renderer_to_agent.json accepts it');
    assert.match(answers[0]?.rendererFunctionResponse.functionCallId ?? '', /^call-/);
    assert.deepEqual({ ...answers[0], rendererFunctionResponse: { ...answers[0]?.rendererFunctionResponse, functionCallId: 'x' } }, { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'x', value: 'Hello' } });
    // Told once: the run after that one carries none.
    assert.equal((await forwardedAfter('surface call', [BASIC_CATALOG, CALLABLE], true))['a2uiRendererFunctionResponses'], undefined);
  });
});
