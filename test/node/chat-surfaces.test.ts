// A2UI surfaces in the DOM-free chat core (004_655f119d9cdaeeed.txt): `a2ui` events become trusted records of their
// assistant message, each surface is owned by the latest assistant message that touched it, messages carry the IDs
// of the surfaces they touched, a persisted history places surfaces the same way, and a ChatSession sends actions
// back as `client_action` frames or `[a2ui_action]` turns as the server's capabilities say, and errors as frames.
import assert from 'node:assert/strict';
import { ThreadDriver } from '../helpers/thread-driver.js';
import { a2uiOf, type SurfaceGroup } from '../../src/protocols/a2ui/index.js';

/** The session's surface group (its A2UI state exists once a surface was touched). */
const group = (thread: ThreadDriver): SurfaceGroup => {
  const state = a2uiOf(thread.session);
  assert.ok(state, 'no A2UI state');
  return state.group;
};
import { afterEach, describe, test } from 'node:test';
import { InPageTransport } from '../helpers/in-page-transport.js';
import { ChatSession, checkPersistedHistory, type ClientFrame, type ServerEvent } from '../../src/index.js';
import { parseActionTurn } from '../../src/protocols/a2ui/action.js';
import type { A2uiAction } from '../../src/protocols/a2ui/types.js';

const marker = { inline_ui_version: 1, mode: 'orchestrator' } as const;
const start = (id: string, sequence = 0): ServerEvent => ({ type: 'message_start', message_id: id, sequence, marker });
const end = (id: string, sequence: number): ServerEvent => ({ type: 'message_end', message_id: id, sequence });
const delta = (id: string, sequence: number, text: string): ServerEvent => ({ type: 'text_delta', message_id: id, sequence, delta: text });
const a2ui = (id: string, sequence: number, messages: unknown[]): ServerEvent => ({ type: 'a2ui', message_id: id, sequence, messages });

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const create = (surfaceId: string) => ({ version: 'v0.9', createSurface: { surfaceId, catalogId: BASIC } });
const components = (surfaceId: string, text: string) => ({
  version: 'v0.9',
  updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text }] },
});
const data = (surfaceId: string, value: unknown) => ({ version: 'v0.9', updateDataModel: { surfaceId, path: '/status', value } });
const remove = (surfaceId: string) => ({ version: 'v0.9', deleteSurface: { surfaceId } });

/** A turn: text, then one `a2ui` event, then the end. */
function turn(thread: ThreadDriver, id: string, messages: unknown[]): void {
  thread.apply(start(id));
  thread.apply(delta(id, 1, `Turn ${id}.`));
  thread.apply(a2ui(id, 2, messages));
  thread.apply(end(id, 3));
}

describe('Thread surfaces', () => {
  test('a surface is owned by the latest assistant message that touched it, with all its messages applied in order', () => {
    const thread = new ThreadDriver();
    const created = [create('trip'), components('trip', 'Trip')];
    turn(thread, 'a2', created);
    thread.addUserMessage('next');
    turn(thread, 'a3', [create('other')]);
    const generation = thread.surfaces.get('trip')?.generation;
    thread.addUserMessage('update it');
    const update = data('trip', 'updated');
    turn(thread, 'a5', [update]);
    const trip = thread.surfaces.get('trip');
    assert.equal(trip?.owner, 'a5');
    assert.equal(trip?.generation, generation, 'the same surface, moved');
    // Every message applied, in order, by the session's surface group: its components, and the update's data.
    const state = group(thread).surface('trip')?.state;
    assert.deepEqual([...(state?.components.keys() ?? [])], ['root']);
    assert.deepEqual(state?.data, { status: 'updated' });
    assert.equal(thread.surfaces.get('other')?.owner, 'a3');
    assert.deepEqual(thread.assistant('a2')?.surfaceIds, ['trip']);
    assert.deepEqual(thread.assistant('a5')?.surfaceIds, ['trip']);
    // Each message that touched a surface has its part, where it was touched; only the placement says who shows it.
    const part = thread.assistant('a2')?.parts.find((p) => p.type === 'data-mantis-surface');
    assert.deepEqual(part, { type: 'data-mantis-surface', id: 'trip', data: { surfaceId: 'trip' } });
  });

  test('text deltas leave the placement as it was', () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    thread.apply(a2ui('a', 1, [create('s')]));
    const placed = thread.surfaces.get('s');
    let changes = 0;
    group(thread).subscribe(() => changes++);
    thread.apply(delta('a', 2, 'more text'));
    assert.equal(thread.surfaces.get('s'), placed);
    assert.equal(changes, 0);
  });

  test('deleteSurface removes a surface; created again, it is a new generation', () => {
    const thread = new ThreadDriver();
    turn(thread, 'a', [create('s'), components('s', 'one')]);
    const first = thread.surfaces.get('s')?.generation;
    turn(thread, 'b', [remove('s')]);
    assert.equal(thread.surfaces.has('s'), false);
    turn(thread, 'c', [create('s')]);
    const again = thread.surfaces.get('s');
    assert.equal(again?.owner, 'c');
    assert.notEqual(again?.generation, first);
    // A new life: nothing of the deleted surface's components is there.
    assert.deepEqual([...(group(thread).surface('s')?.state?.components.keys() ?? [])], []);
  });

  test('messages that name no surface are kept in the record but place nothing', () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    thread.apply(a2ui('a', 1, [{ version: 'v0.9' }, 'junk', { createSurface: { surfaceId: 'x'.repeat(500) } }]));
    assert.equal(thread.surfaces.size, 0);
    assert.equal(thread.assistant('a')?.events.filter((e) => e.event.type === 'a2ui').length, 1);
    assert.deepEqual(thread.assistant('a')?.surfaceIds, []);
  });

  test('only a v0.9 message with one payload places a surface: a malformed delete deletes nothing', () => {
    const thread = new ThreadDriver();
    turn(thread, 'a', [create('s')]);
    turn(thread, 'b', [
      { version: 'v0.8', deleteSurface: { surfaceId: 's' } },
      { version: 'v0.9', deleteSurface: { surfaceId: 's', extra: true } },
      { version: 'v0.9', deleteSurface: { surfaceId: 's' }, meta: 1 },
    ]);
    assert.equal(thread.surfaces.get('s')?.owner, 'a');
  });

  test('a persisted history replays to the same placement, parts and surface IDs', async () => {
    const thread = new ThreadDriver();
    turn(thread, 'a2', [create('trip'), components('trip', 'Trip')]);
    thread.addUserMessage('hi');
    turn(thread, 'a4', [data('trip', 'x')]);
    const persisted = thread.toPersisted();
    assert.deepEqual((persisted[2] as { surfaceIds?: unknown }).surfaceIds, ['trip']);
    const json = JSON.parse(JSON.stringify(persisted)) as unknown;
    const checked = checkPersistedHistory(json);
    assert.deepEqual(checked?.dropped, []);
    const replayed = new ThreadDriver();
    await replayed.load(checked?.messages ?? []);
    const placement = (t: ThreadDriver) => [...t.surfaces.values()].map((p) => ({ id: p.surfaceId, owner: p.owner, state: group(t).surface(p.surfaceId)?.state?.data }));
    assert.deepEqual(placement(replayed), placement(thread));
    assert.deepEqual(replayed.assistant('a2')?.parts, thread.assistant('a2')?.parts);
    assert.deepEqual(replayed.assistant('a4')?.surfaceIds, ['trip']);
    // What a replay shows was not sent here: the chat does not report its errors to the agent again.
    assert.equal(thread.arrivedLive('a2'), true);
    assert.equal(replayed.arrivedLive('a2'), false);
  });

  test('a persisted a2ui record of the wrong shape is left out, its message kept and said to be downgraded', () => {
    const bad = {
      id: 'a',
      role: 'assistant',
      text: '',
      marker: { inlineUiVersion: 1, mode: 'orchestrator' },
      sequence: 1,
      events: [{ at: 0, receivedAt: 1, event: { type: 'a2ui', message_id: 'a', sequence: 1, messages: [] } }],
    };
    const checked = checkPersistedHistory([bad]);
    assert.deepEqual(checked?.dropped, []);
    assert.deepEqual(checked?.messages[0]?.role === 'assistant' && checked.messages[0].events, []);
    assert.deepEqual(checked?.downgraded, [{ index: 0, what: '1 record(s) that could not be read' }]);
  });
});

/** An in-page transport that keeps what the session sends. */
class RecordingTransport extends InPageTransport {
  readonly sent: ClientFrame[] = [];
  override send(frame: ClientFrame): void {
    this.sent.push(frame);
  }
}

const action: A2uiAction = {
  name: 'submit',
  surfaceId: 'booking',
  sourceComponentId: 'book',
  timestamp: '2026-12-01T10:00:00.000Z',
  context: { name: 'Ada', seats: ['2'] },
};

/** Sessions connected by a test, let go after it: a reply left streaming would hold its silence timer (two minutes). */
const connected: ChatSession[] = [];
afterEach(() => {
  for (const session of connected.splice(0)) session.disconnect();
});

/** A session on `transport`, connected, and let go after the test. */
function connect(transport: RecordingTransport): ChatSession {
  const session = new ChatSession({ transport });
  session.connect();
  connected.push(session);
  return session;
}

describe('ChatSession A2UI round trip', () => {
  test('without the server capability an action is a synthesized [a2ui_action] user turn', () => {
    const transport = new RecordingTransport();
    const session = connect(transport);
    const result = session.sendA2uiAction(action, 'a1');
    assert.equal(result.ok && result.via, 'turn');
    const frame = transport.sent.at(-1);
    assert.equal(frame?.type, 'user_message');
    const text = frame?.type === 'user_message' ? frame.text : '';
    assert.match(text, /^\[a2ui_action\] surface=booking source=book name=submit\ncontext:\n/);
    assert.deepEqual(parseActionTurn(text)?.context, action.context);
    assert.equal(session.messages.at(-1)?.role, 'user');
  });

  test('with `client_action` offered, it is a client_action frame, and a refusal of it is told to the page', () => {
    const transport = new RecordingTransport();
    const session = connect(transport);
    const events: string[] = [];
    session.subscribe((e) => events.push(e.type === 'protocol-event' ? `${e.protocol}:${e.event.type}:${String(e.event['message'])}` : e.type));
    transport.deliver({ type: 'capabilities', client_action: true, a2ui_catalogs: [BASIC] });
    assert.deepEqual(session.serverCapabilities, { clientAction: true, a2uiCatalogs: [BASIC] });
    const result = session.sendA2uiAction(action, 'a1');
    assert.ok(result.ok && result.via === 'client_action');
    const frame = transport.sent.at(-1);
    assert.deepEqual(frame, { type: 'client_action', client_action_id: result.clientActionId, message_id: 'a1', a2ui: { version: 'v0.9', action } });
    assert.equal(session.messages.length, 0, 'no user turn');
    transport.deliver({ type: 'action_result', client_action_id: result.clientActionId, status: 'accepted' });
    assert.deepEqual(events.filter((e) => e.startsWith('a2ui:')), []);
    const again = session.sendA2uiAction(action, 'a1');
    assert.ok(again.ok && again.via === 'client_action');
    transport.deliver({ type: 'action_result', client_action_id: again.clientActionId, status: 'rejected', reason: 'the form is closed' });
    assert.deepEqual(events.filter((e) => e.startsWith('a2ui:')), ['a2ui:refused:The agent did not take the action: the form is closed']);
  });

  test('a new transport forgets the previous server capabilities', () => {
    const first = new RecordingTransport();
    const session = connect(first);
    first.deliver({ type: 'capabilities', client_action: true });
    session.useTransport(new RecordingTransport());
    assert.deepEqual(session.serverCapabilities, {});
  });

  test('an error goes back as an a2ui_error frame in the specification format', () => {
    const transport = new RecordingTransport();
    const session = connect(transport);
    const error = { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/0/child', message: 'The component graph has a cycle.' } as const;
    session.reportA2uiError(error, 'a1');
    assert.deepEqual(transport.sent.at(-1), { type: 'a2ui_error', message_id: 'a1', a2ui: { version: 'v0.9', error } });
  });

  test('an error the page reports about a v1.0 surface goes in v1.0, the version of that surface', async () => {
    const transport = new RecordingTransport();
    const session = connect(transport);
    transport.deliver(start('a1'));
    const text = { id: 'root', component: 'Text', text: 'Hi' };
    transport.deliver(a2ui('a1', 1, [{ version: 'v1.0', createSurface: { surfaceId: 'v', catalogId: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json', components: [text] } }]));
    // v1.0's rules load first (a lazy part): the surface exists once they did.
    await new Promise<void>((done) => (function check() { if (a2uiOf(session)?.group.store.get('v')) done(); else setImmediate(check); })());
    const error = { code: 'VALIDATION_FAILED', surfaceId: 'v', path: '/components/0/text', message: 'Not in our words.' } as const;
    session.reportA2uiError(error, 'a1');
    assert.deepEqual(transport.sent.at(-1), { type: 'a2ui_error', message_id: 'a1', a2ui: { version: 'v1.0', error } });
  });

  test('A2UI messages of a live reply that name no surface are reported to the agent', () => {
    const transport = new RecordingTransport();
    connect(transport);
    transport.deliver(start('a1'));
    transport.deliver(a2ui('a1', 1, [create('s'), { version: 'v0.8', createSurface: { surfaceId: 't' } }]));
    const errors = transport.sent.filter((f) => f.type === 'a2ui_error');
    assert.equal(errors.length, 1);
    assert.deepEqual(errors[0]?.type === 'a2ui_error' && { id: errors[0].message_id, code: (errors[0].a2ui as { error: { code: string } }).error.code }, { id: 'a1', code: 'VALIDATION_FAILED' });
  });

  test('without a transport an action is refused with a message', () => {
    const session = new ChatSession();
    const result = session.sendA2uiAction(action, 'a1');
    assert.equal(result.ok, false);
  });
});
