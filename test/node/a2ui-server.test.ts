// The reference server's side of A2UI surfaces (docs/protocol.md "A2UI surfaces", 004_655f119d9cdaeeed.txt): the
// `capabilities` greeting, scripted `a2ui` events, the `[a2ui_action]` turn, `client_action` frames, `a2ui_error`
// reports and resumption, over the Composer WebSocket and SSE.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, test } from 'node:test';
import { WebSocket } from 'ws';
import { COMPOSER_PATH, COMPOSER_SSE_PATH } from '../../demo/server/agent-server.js';
import { BASIC_CATALOG_ID, V1_BASIC_CATALOG_ID } from '../../demo/server/a2ui-script.js';
import { AGENT_CATALOGS } from '../../demo/server/a2ui-composer.js';
import { A2UI_CATALOGS, MINIMAL_CATALOG_ID } from '../../src/protocols/a2ui/types.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/validate-stream.js';
import { formatActionTurn } from '../../src/protocols/a2ui/action.js';
import { ServerEvent } from '../../src/index.js';
import { AgentFunctionResponseMessage } from '../../src/protocols/a2ui/v1/index.js';
import { useAgentServer } from './agent.js';
import { EventLog } from './event-log.js';

const peer = useAgentServer();
const BASIC = `&a2ui_catalog=${encodeURIComponent(BASIC_CATALOG_ID)}`;
const session = (name: string) => `${name}-${randomUUID()}`;

/** Every `a2ui` event's messages, with the surfaces its connection had seen created before it (surfaceId → catalogId). */
const sent: Array<{ messages: unknown[]; known: Map<string, string> }> = [];
/** Events that fail the client's own frame schema: none may. */
const invalid: unknown[] = [];

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

type Of<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;
const is =
  <T extends ServerEvent['type']>(type: T, also: (e: Of<T>) => boolean = () => true) =>
  (e: ServerEvent): e is Of<T> =>
    e.type === type && also(e as Of<T>);

/** One Composer connection: every event it received, and how to send frames. */
class Client extends EventLog<ServerEvent> {
  readonly #surfaces = new Map<string, string>();

  constructor(
    readonly send: (frame: unknown) => void,
    readonly close: () => Promise<void>,
  ) {
    super();
    clients.push(this);
  }

  receive(event: ServerEvent): void {
    if (!ServerEvent.safeParse(event).success) invalid.push(event);
    if (event.type === 'a2ui') {
      sent.push({ messages: event.messages, known: new Map(this.#surfaces) });
      for (const m of event.messages as Msg[]) {
        if (m.createSurface) this.#surfaces.set(m.createSurface.surfaceId, String(m.createSurface.catalogId));
        if (m.deleteSurface) this.#surfaces.delete(m.deleteSurface.surfaceId);
      }
    }
    this.record(event);
  }

  /** Sends a user message; answers the events of its reply, message_start to message_end. */
  async say(text: string, mode = 'orchestrator'): Promise<ServerEvent[]> {
    const id = `u-${randomUUID()}`;
    this.send({ type: 'user_message', client_message_id: id, text, mode });
    const [start] = await this.next(is('message_start', (e) => e.in_reply_to === id));
    return this.#message(start?.message_id ?? '');
  }

  /** The events of a message, once it ended. */
  async #message(messageId: string): Promise<ServerEvent[]> {
    await this.next(is('message_end', (e) => e.message_id === messageId));
    return this.seen.filter((e) => 'message_id' in e && e.message_id === messageId && 'sequence' in e);
  }

  /** The events of the assistant message started by the server itself (no in_reply_to) after `index` events. */
  async unprompted(index: number): Promise<ServerEvent[]> {
    const [start] = await this.next(is('message_start', (e) => e.in_reply_to === undefined && this.seen.indexOf(e) >= index));
    return this.#message(start?.message_id ?? '');
  }
}

/** A Composer WebSocket connection of a session; `resume` is its first frame unless told otherwise. */
async function socketClient(id: string, query = BASIC, resume: unknown = { type: 'resume' }): Promise<Client> {
  const socket = new WebSocket(`ws${peer.server.origin.slice(4)}${COMPOSER_PATH}?delay=0&session_id=${id}${query}`);
  const c = new Client(
    (frame) => socket.send(JSON.stringify(frame)),
    async () => {
      if (socket.readyState === socket.CLOSED) return;
      const closed = new Promise((done) => socket.once('close', done));
      socket.close();
      await closed;
    },
  );
  socket.on('message', (data) => c.receive(JSON.parse(String(data)) as ServerEvent));
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  if (resume) socket.send(JSON.stringify(resume));
  return c;
}

/** A Composer SSE stream of a session (with `Last-Event-ID` when given); frames are POSTed in order. */
async function sseClient(id: string, query = BASIC, lastEventId?: string): Promise<Client & { ids: string[] }> {
  const url = `${peer.server.origin}${COMPOSER_SSE_PATH}?delay=0&session_id=${id}${query}`;
  const abort = new AbortController();
  const stream = await fetch(url, { headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) }, signal: abort.signal });
  let posted: Promise<unknown> = Promise.resolve();
  const c = Object.assign(
    new Client(
      (frame) => {
        posted = posted.then(async () => assert.equal((await fetch(url, { method: 'POST', body: JSON.stringify(frame) })).status, 202));
      },
      async () => {
        await posted.catch(() => undefined);
        abort.abort();
      },
    ),
    { ids: [] as string[] },
  );
  void (async () => {
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const data = lines.find((line) => line.startsWith('data: '));
          const eventId = lines.find((line) => line.startsWith('id: '));
          if (eventId) c.ids.push(eventId.slice(4));
          if (data) c.receive(JSON.parse(data.slice(6)) as ServerEvent);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return c;
}

const a2uiOf = (events: ServerEvent[]): unknown[][] => events.filter(is('a2ui')).map((e) => e.messages);
const textOf = (events: ServerEvent[]): string => events.map((e) => (e.type === 'text_delta' ? e.delta : '')).join('');
const startOf = (events: ServerEvent[]): Of<'message_start'> => {
  const start = events.find(is('message_start'));
  assert.ok(start);
  return start;
};
type Msg = Record<string, { surfaceId: string; [key: string]: unknown }>;
const surfaceIds = (messages: unknown[]): string[] => (messages as Msg[]).map((m) => Object.values(m).find((v) => typeof v === 'object')?.surfaceId ?? '');
const kinds = (messages: unknown[]): string[] => (messages as Msg[]).map((m) => Object.keys(m).find((k) => k !== 'version') ?? '');

test('a client that advertised A2UI catalogs is greeted with capabilities; client_action=0 leaves client_action out', async () => {
  const ws = await socketClient(session('caps'));
  const [caps] = await ws.next(is('capabilities'));
  assert.deepEqual(caps, { type: 'capabilities', client_action: true, a2ui_catalogs: AGENT_CATALOGS });
  assert.equal(ws.seen[0], caps);

  const off = await socketClient(session('caps-off'), `${BASIC}&client_action=0`);
  assert.deepEqual((await off.next(is('capabilities')))[0], { type: 'capabilities', a2ui_catalogs: AGENT_CATALOGS });

  // Every SSE stream starts with it too; it has no `id:` (it is not in the session's log).
  const id = session('caps-sse');
  for (let i = 0; i < 2; i++) {
    const sse = await sseClient(id);
    assert.deepEqual((await sse.next(is('capabilities')))[0], { type: 'capabilities', client_action: true, a2ui_catalogs: AGENT_CATALOGS });
    assert.deepEqual(sse.ids, []);
    await sse.close();
  }

  // A client that advertised no catalog is not greeted: its first event is its reply's message_start.
  const plain = await socketClient(session('caps-none'), '');
  await plain.say('hello');
  assert.equal(plain.seen[0]?.type, 'message_start');
  assert.equal(plain.seen.filter(is('capabilities')).length, 0);
});

test('a2ui form: text, then one a2ui event that creates the booking surface, then message_end', async () => {
  const c = await socketClient(session('form'));
  const events = await c.say('Show me the a2ui form please');
  assert.deepEqual(
    events.map((e) => ('sequence' in e ? e.sequence : -1)),
    events.map((_, i) => i),
  );
  assert.equal(events[0]?.type, 'message_start');
  assert.equal(events.at(-1)?.type, 'message_end');
  assert.equal(events.at(-2)?.type, 'a2ui');
  assert.equal(textOf(events), 'Here is a booking form.');
  const [messages = [], ...more] = a2uiOf(events);
  assert.equal(more.length, 0);
  assert.deepEqual(kinds(messages), ['createSurface', 'updateComponents', 'updateDataModel']);
  assert.deepEqual(new Set(surfaceIds(messages)), new Set(['booking']));
  const [create, update, data] = messages as Array<Record<string, Record<string, unknown>>>;
  assert.deepEqual(create, { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: BASIC_CATALOG_ID, sendDataModel: true } });
  const components = update?.updateComponents?.components as Array<Record<string, unknown>>;
  const byId = new Map(components.map((comp) => [comp.id, comp]));
  assert.deepEqual(byId.get('root'), { id: 'root', component: 'Column', children: ['heading', 'status', 'name', 'seats', 'book'] });
  assert.deepEqual(byId.get('status')?.text, { path: '/status' });
  assert.deepEqual(byId.get('name')?.value, { path: '/form/name' });
  assert.deepEqual(byId.get('seats')?.value, { path: '/form/seats' });
  assert.deepEqual(byId.get('book')?.action, { event: { name: 'submit', context: { name: { path: '/form/name' }, seats: { path: '/form/seats' } } } });
  assert.match(JSON.stringify(byId.get('book')?.checks), /"call":"required","args":\{"value":\{"path":"\/form\/name"\}\}/);
  assert.deepEqual(data?.updateDataModel, { surfaceId: 'booking', path: '/', value: { status: 'Fill in the form', form: { name: '', seats: ['1'] } } });
});

test('a2ui update targets the same surface a later turn; asking for the form again does not create it twice', async () => {
  const c = await socketClient(session('update'));
  const early = await c.say('a2ui update');
  assert.deepEqual(a2uiOf(early), []);
  assert.match(textOf(early), /no booking form/);
  await c.say('a2ui form');
  await c.say('hello');
  const events = await c.say('a2ui update');
  const [messages = []] = a2uiOf(events);
  assert.deepEqual(surfaceIds(messages), ['booking', 'booking']);
  assert.deepEqual(kinds(messages), ['updateComponents', 'updateDataModel']);
  assert.deepEqual((messages[1] as Msg).updateDataModel, { surfaceId: 'booking', path: '/status', value: 'Updated at turn 4' });
  assert.match(JSON.stringify(messages[0]), /"id":"heading".*turn 4/);
  const again = a2uiOf(await c.say('a2ui form'))[0] ?? [];
  assert.deepEqual(kinds(again), ['updateComponents', 'updateDataModel']);
});

test('the fallback surfaces: a cycle, a dangling child, images bound to input', async () => {
  const c = await socketClient(session('fallbacks'));
  const cycle = a2uiOf(await c.say('a2ui cycle'))[0] ?? [];
  assert.match(JSON.stringify(cycle), /"id":"root","component":"Column","children":\["a"\]\},\{"id":"a","component":"Column","children":\["root"\]/);
  const dangling = a2uiOf(await c.say('a2ui dangling'))[0] ?? [];
  assert.match(JSON.stringify(dangling), /"children":\["title","missing"\]/);
  assert.doesNotMatch(JSON.stringify(dangling), /"id":"missing"/);
  const image = JSON.stringify(a2uiOf(await c.say('a2ui image'))[0]);
  assert.match(image, /"component":"TextField","label":"Secret","value":\{"path":"\/secret"\}/);
  assert.match(image, /"component":"Image","url":\{"path":"\/secret"\}/);
  assert.match(image, /"url":"https:\/\/example.com\/remote.png"/);
  assert.match(image, /"functionCall":\{"call":"openUrl","args":\{"url":"https:\/\/example.com\/"\}/);
});

test('without the basic catalog, and in echo or Visual Tour, no a2ui event is sent', async () => {
  const other = await socketClient(session('other'), '&a2ui_catalog=https://example.com/other.json');
  const events = await other.say('a2ui form');
  assert.deepEqual(a2uiOf(events), []);
  assert.match(textOf(events), /cannot show this surface: it did not advertise the catalog https:\/\/a2ui.org\/specification\/v0_9\/catalogs\/basic\/catalog.json/);
  assert.deepEqual(a2uiOf(await (await socketClient(session('echo'), `${BASIC}&scenario=echo`)).say('a2ui form')), []);
  assert.deepEqual(a2uiOf(await (await socketClient(session('tour'))).say('a2ui form', 'visual-tour')), []);
});

test('a v1.0 surface goes only to a client that named v1.0’s basic catalog, as the chat does by default', async () => {
  const older = await socketClient(session('v09-only'));
  const refused = await older.say('a2ui v1');
  assert.deepEqual(a2uiOf(refused), []);
  assert.match(textOf(refused), new RegExp(`did not advertise the catalog ${V1_BASIC_CATALOG_ID.replace(/[./]/g, '\\$&')}`));
  const named = A2UI_CATALOGS.map((id) => `&a2ui_catalog=${encodeURIComponent(id)}`).join('');
  const newer = await socketClient(session('v1-named'), named);
  assert.deepEqual(kinds(a2uiOf(await newer.say('a2ui v1'))[0] ?? []), ['createSurface']);
});

test('a surface on the minimal catalog goes only to a client that named the minimal catalog, which the greeting names', async () => {
  const basicOnly = await socketClient(session('minimal-unnamed'));
  const refused = await basicOnly.say('a2ui minimal');
  assert.deepEqual(a2uiOf(refused), []);
  assert.match(textOf(refused), new RegExp(`did not advertise the catalog ${MINIMAL_CATALOG_ID.replace(/[./]/g, '\\$&')}`));
  const named = await socketClient(session('minimal-named'), `&a2ui_catalog=${encodeURIComponent(MINIMAL_CATALOG_ID)}`);
  assert.deepEqual(kinds(a2uiOf(await named.say('a2ui minimal'))[0] ?? []), ['createSurface', 'updateComponents', 'updateDataModel']);
  assert.ok(AGENT_CATALOGS.includes(MINIMAL_CATALOG_ID));
});

const turn = (context: unknown, head = '[a2ui_action] surface=booking source=book name=submit') => `${head}\ncontext:\n${JSON.stringify(context, null, 2)}`;

test('an [a2ui_action] turn is answered with text and an updateDataModel of the booking status', async () => {
  const c = await socketClient(session('turn'));
  await c.say('a2ui form');
  const events = await c.say(turn({ name: 'Ada', seats: ['2'] }));
  assert.equal(textOf(events), 'Booked for Ada.');
  assert.deepEqual(a2uiOf(events), [[{ version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/status', value: 'Booked: Ada (2)' } }]]);
  for (const bad of ['[a2ui_action] surface=booking\ncontext:\n{}', turn({}).replace('context:', 'ctx:'), `${turn({}).slice(0, -1)}`]) {
    const reply = await c.say(bad);
    assert.match(textOf(reply), /malformed/, bad);
    assert.deepEqual(a2uiOf(reply), []);
  }
  assert.match(textOf(await c.say(turn({ name: 'Ada' }), 'ask')), /read-only/);
  // What the client writes (the core's formatActionTurn) is what the server reads.
  const written = formatActionTurn({ name: 'submit', surfaceId: 'booking', sourceComponentId: 'book', timestamp: '2025-01-01T00:00:00Z', context: { name: 'Lin', seats: ['1', '2'] } });
  const reply = await c.say(written);
  assert.equal(textOf(reply), 'Booked for Lin.');
  assert.deepEqual(a2uiOf(reply), [[{ version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/status', value: 'Booked: Lin (1, 2)' } }]]);
});

const action = (context: unknown, surfaceId = 'booking') => ({
  version: 'v0.9',
  action: { name: 'submit', surfaceId, sourceComponentId: 'book', timestamp: '2025-01-01T00:00:00Z', context },
});

for (const transport of ['WebSocket', 'SSE'] as const) {
  test(`${transport}: a client_action gets action_result, then a new turn with the action as a tool result, once`, async () => {
    const c = transport === 'WebSocket' ? await socketClient(session('act')) : await sseClient(session('act-sse'));
    await c.next(is('capabilities'));
    const form = await c.say('a2ui form');
    const owner = startOf(form).message_id;
    const mark = c.seen.length;
    // The longest client_action_id there is: it is the tool_call_id of the answer too.
    const id = `ca-${'x'.repeat(125)}`;
    // The booking surface asked for its data model (sendDataModel): it comes with the frame, and goes on to the agent.
    const model = { version: 'v0.9', surfaces: { booking: { form: { name: 'Grace', seats: ['3'] } } } };
    const frame = { type: 'client_action', client_action_id: id, message_id: owner, a2ui: action({ name: 'Grace', seats: ['3'] }), a2ui_data_model: model };
    c.send(frame);
    const [result] = await c.next(is('action_result'));
    assert.deepEqual(result, { type: 'action_result', client_action_id: id, status: 'accepted' });
    const events = await c.unprompted(mark);
    assert.ok(c.seen.indexOf(result as ServerEvent) < c.seen.indexOf(events[0] as ServerEvent), 'action_result comes first');
    assert.equal(startOf(events).in_reply_to, undefined);
    assert.deepEqual(startOf(events).marker, { inline_ui_version: null, mode: 'orchestrator' });
    assert.deepEqual(events[1], {
      type: 'tool',
      message_id: events[0]?.type === 'message_start' ? events[0].message_id : '',
      sequence: 1,
      tool_call_id: id,
      tool_name: 'a2ui_action',
      state: 'completed',
      input: action({ name: 'Grace', seats: ['3'] }).action,
      output: { accepted: true, data_model: model },
    });
    assert.equal(textOf(events), 'Booked for Grace.');
    assert.deepEqual(a2uiOf(events), [[{ version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/status', value: 'Booked: Grace (3)' } }]]);

    // Sent again: the same answer, and no second turn.
    c.send(frame);
    const [, again] = await c.next(is('action_result'), 2);
    assert.deepEqual(again, result);
    await new Promise((done) => setTimeout(done, 100));
    assert.equal(c.seen.filter(is('message_start')).length, 2);
  });
}

test('client_action refusals: each rejected with a reason, and nothing answered', async () => {
  const id = session('refuse');
  const c = await socketClient(id);
  const owner = startOf(await c.say('a2ui form')).message_id;
  const plain = startOf(await c.say('hello')).message_id;
  const cases: Array<[string, unknown, RegExp]> = [
    ['bad-shape', { version: 'v0.9', action: { name: 'submit' } }, /invalid A2UI action at \/action\/surfaceId/],
    ['bad-version', { ...action({}), version: 'v0.8' }, /invalid A2UI action at \/version/],
    ['extra', { ...action({}), error: {} }, /invalid A2UI action/],
  ];
  for (const [name, a2ui, reason] of cases) {
    c.send({ type: 'client_action', client_action_id: name, message_id: owner, a2ui });
    const [result] = await c.next(is('action_result', (e) => e.client_action_id === name));
    assert.equal(result?.status, 'rejected');
    assert.match(result?.reason ?? '', reason);
  }
  const refused = async (clientActionId: string, messageId: string, reason: string, client = c) => {
    client.send({ type: 'client_action', client_action_id: clientActionId, message_id: messageId, a2ui: action({ name: 'x' }) });
    const [result] = await client.next(is('action_result', (e) => e.client_action_id === clientActionId));
    assert.deepEqual(result, { type: 'action_result', client_action_id: clientActionId, status: 'rejected', reason });
  };
  await refused('unknown', 'nope', 'unknown message');
  await refused('elsewhere', plain, 'surface "booking" is not in that message');
  const ask = await socketClient(session('refuse-ask'));
  const askOwner = startOf(await ask.say('a2ui form', 'ask')).message_id;
  await refused('ask', askOwner, 'not available in Ask mode', ask);
  const off = await socketClient(id, `${BASIC}&client_action=0`);
  await refused('off', owner, 'client actions are not offered: send the action as an [a2ui_action] turn', off);
  assert.equal(c.seen.filter(is('message_start')).length, 2);
});

test('a2ui_error reports are kept per session (the last 50) and readable; no reply turn', async () => {
  const id = session('errors');
  const c = await socketClient(id);
  const owner = startOf(await c.say('a2ui cycle')).message_id;
  const report = { version: 'v0.9', error: { code: 'VALIDATION_FAILED', surfaceId: 'cycle', path: '/components/0/children', message: 'The component tree has a cycle.' } };
  c.send({ type: 'a2ui_error', message_id: owner, a2ui: report });
  c.send({ type: 'a2ui_error', a2ui: { version: 'v0.9', error: { code: 'RENDER_FAILED', surfaceId: 'cycle', message: 'x', detail: 1 } } });
  c.send({ type: 'a2ui_error', a2ui: { version: 'v0.9', error: { code: 'VALIDATION_FAILED' } } });
  const [bad] = await c.next(is('error'));
  assert.equal(bad?.code, 'bad_a2ui_error');
  const read = async (sessionId = id) => {
    const res = await fetch(`${peer.server.origin}${COMPOSER_SSE_PATH}?session_id=${sessionId}&inspect=a2ui_errors`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    return (await res.json()) as { session_id: string; errors: Array<{ message_id: string | null; error: Record<string, unknown>; received_at: string }> };
  };
  const seen = await read();
  assert.equal(seen.session_id, id);
  assert.deepEqual(
    seen.errors.map(({ message_id, error }) => ({ message_id, error })),
    [
      { message_id: owner, error: report.error },
      { message_id: null, error: { code: 'RENDER_FAILED', surfaceId: 'cycle', message: 'x', detail: 1 } },
    ],
  );
  assert.ok(seen.errors.every((e) => !Number.isNaN(Date.parse(e.received_at))));
  assert.equal(c.seen.filter(is('message_start')).length, 1);
  assert.deepEqual((await read(session('nobody'))).errors, []);

  for (let i = 0; i < 60; i++) c.send({ type: 'a2ui_error', a2ui: { version: 'v0.9', error: { code: 'E', surfaceId: 's', message: `m${i}` } } });
  await c.say('hello');
  const last = (await read()).errors;
  assert.equal(last.length, 50);
  assert.equal(last.at(-1)?.error.message, 'm59');
  assert.equal(last[0]?.error.message, 'm10');
});

test('v1.0 frames are read as renderer_to_agent.json has them: an error, an action, a function answer; anything else is refused', async () => {
  const id = session('v1-frames');
  const c = await socketClient(id);
  const refusedAs = async (frame: unknown, code: string, reason: RegExp) => {
    const before = c.seen.filter(is('error')).length;
    c.send(frame);
    const errors = await c.next(is('error'), before + 1);
    assert.equal(errors.at(-1)?.code, code);
    assert.match(errors.at(-1)?.message ?? '', reason);
  };
  // A v1.0 error about a function call names the call; an error frame that holds an action is refused.
  c.send({ type: 'a2ui_error', a2ui: { version: 'v1.0', error: { code: 'INVALID_FUNCTION_CALL', functionCallId: 'c1', message: 'No.' } } });
  await refusedAs({ type: 'a2ui_error', a2ui: { version: 'v1.0', action: { name: 'x', surfaceId: 's', sourceComponentId: 'b', timestamp: '2026-12-07T10:00:00Z', context: {} } } }, 'bad_a2ui_error', /expected error, not action/);
  await refusedAs({ type: 'a2ui_error', a2ui: { version: 'v1.0', error: { code: 'E', message: 'Neither a surface nor a call.', surfaceId: 's', functionCallId: 'c' } } }, 'bad_a2ui_error', /invalid A2UI error at/);
  // A function answer must be a rendererFunctionResponse.
  c.send({ type: 'a2ui_function', a2ui: { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c2', value: 3 } } });
  await refusedAs({ type: 'a2ui_function', a2ui: { version: 'v1.0', error: { code: 'E', functionCallId: 'c3', message: 'x' } } }, 'bad_a2ui_function', /expected rendererFunctionResponse, not error/);
  await refusedAs({ type: 'a2ui_function', a2ui: { version: 'v1.0', rendererFunctionResponse: {} } }, 'bad_a2ui_function', /invalid A2UI function answer at/);
  await c.say('hello');
  const res = await fetch(`${peer.server.origin}${COMPOSER_SSE_PATH}?session_id=${id}&inspect=a2ui_errors`);
  const kept = (await res.json()) as { errors: { error: Record<string, unknown> }[]; function_answers: { answer: Record<string, unknown> }[] };
  assert.deepEqual(kept.errors.map((e) => e.error['functionCallId']), ['c1']);
  assert.deepEqual(kept.function_answers.map((a) => a.answer), [{ functionCallId: 'c2', value: 3 }]);
});

test('a renderer’s call to the agent’s functions is answered on the message it names, after its end; an unknown function, UNKNOWN_FUNCTION; a call with no message of the session, refused', async () => {
  const id = session('agent-calls');
  const c = await socketClient(id);
  const reply = await c.say('hello');
  const messageId = startOf(reply).message_id;
  const call = (functionCallId: string, name: string, message_id?: string) => ({
    type: 'a2ui_function',
    ...(message_id ? { message_id } : {}),
    a2ui: { version: 'v1.0', callAgentFunction: { surfaceId: 'provider', functionCallId, callFunction: { call: name, args: { providerId: 'PRV-5' } } } },
  });
  const answered = async (functionCallId: string) => {
    const [event] = await c.next(is('a2ui', (e) => e.message_id === messageId && JSON.stringify(e.messages).includes(functionCallId)));
    return { event, response: (event?.messages[0] as { agentFunctionResponse: Record<string, unknown> }).agentFunctionResponse };
  };
  c.send(call('k1', 'verifyProvider', messageId));
  const known = await answered('k1');
  assert.equal(AgentFunctionResponseMessage.safeParse(known.event?.messages[0]).success, true, 'agent_to_renderer.json accepts the answer');
  assert.deepEqual(known.response, { functionCallId: 'k1', value: { valid: true, name: 'Provider 5' } });
  const lastSequence = Math.max(...reply.map((e) => ('sequence' in e ? e.sequence : 0)));
  assert.equal(known.event && 'sequence' in known.event && known.event.sequence, lastSequence + 1, 'the message’s next sequence number, after its message_end');
  c.send(call('k2', 'teleport', messageId));
  assert.deepEqual((await answered('k2')).response, { functionCallId: 'k2', error: { code: 'UNKNOWN_FUNCTION', message: 'This agent has no function teleport.' } });
  for (const [frame, what] of [[call('k3', 'verifyProvider'), 'no message_id'], [call('k4', 'verifyProvider', 'not-a-message'), 'a message of no session']] as const) {
    const before = c.seen.filter(is('error')).length;
    c.send(frame);
    const errors = await c.next(is('error'), before + 1);
    assert.equal(errors.at(-1)?.code, 'bad_a2ui_function', what);
  }
  const res = await fetch(`${peer.server.origin}${COMPOSER_SSE_PATH}?session_id=${id}&inspect=a2ui_errors`);
  const kept = (await res.json()) as { agent_calls: { call: { functionCallId: string } }[] };
  assert.deepEqual(kept.agent_calls.map((a) => a.call.functionCallId), ['k1', 'k2', 'k3', 'k4']);
});

test('resumption replays a2ui events: WebSocket resume and SSE Last-Event-ID', async () => {
  const id = session('resume');
  const c = await socketClient(id);
  const form = await c.say('a2ui form');
  const start = startOf(form);
  const a2ui = form.find(is('a2ui'));
  assert.ok(a2ui);

  const ws = await socketClient(id, BASIC, { type: 'resume', after: { message_id: start.message_id, sequence: 0 } });
  const [replayed] = await ws.next(is('a2ui'));
  assert.deepEqual(replayed, a2ui);
  await ws.next(is('message_end'));
  assert.equal(ws.seen.filter(is('message_start')).length, 0);

  const sse = await sseClient(id, BASIC, `${start.message_id}:${a2ui.sequence - 1}`);
  const [again] = await sse.next(is('a2ui'));
  assert.deepEqual(again, a2ui);
  await sse.next(is('message_end'));
  assert.deepEqual(sse.ids, [`${start.message_id}:${a2ui.sequence}`, `${start.message_id}:${a2ui.sequence + 1}`]);
});

test('every event the server sent passes the client\'s frame schema', () => {
  assert.deepEqual(invalid, []);
});

test('every a2ui message list the server sent passes the core validator (validateA2uiMessages), except the deliberately broken ones', () => {
  assert.ok(sent.length > 10);
  for (const { messages, known } of sent) {
    // The answers to a renderer's calls are v1.0 (checked with agent_to_renderer.json by the test that makes them).
    if ((messages as { version?: unknown }[]).every((m) => m.version === 'v1.0')) continue;
    const result = validateA2uiMessages(messages, { knownSurfaces: known });
    // The cycle and the dangling child are there for the client's fallbacks: the validator must catch them.
    const broken = surfaceIds(messages).some((id) => id === 'cycle' || id === 'dangling');
    assert.equal(result.ok, !broken, `${JSON.stringify(messages)}: ${JSON.stringify(result)}`);
  }
});
