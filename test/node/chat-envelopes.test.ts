// agent-ui@1 envelopes (001_996c0b4640eee42b.txt) in the DOM-free core: how a Thread attaches them to the assistant
// message of their turn, keeps each once, bounds them and records their render status, how they persist in the
// specification's "State Persistence" shape and come back from a persisted history; and how a ChatSession passes
// them on, from an in-page transport and from the reference server's Composer SSE stream.
import assert from 'node:assert/strict';
import { ThreadDriver } from '../helpers/thread-driver.js';
import { after, before, describe, test } from 'node:test';
import { startAgentServer, COMPOSER_SSE_PATH, type AgentServer } from '../../demo/server/agent-server.js';
import { InPageTransport } from '../helpers/in-page-transport.js';
import { ENVELOPE_THREAD_LIMITS } from '../../src/limits.js';
import { ChatSession, checkPersistedHistory, type AssistantMessage, type PersistedMessage, type ServerEvent, type SessionEvent, type UiEnvelopeEvent } from '../../src/index.js';
import { SseTransport } from '../../src/protocols/composer/transports.js';
import { restore } from '../helpers/restore.js';

const marker = { inline_ui_version: 1, mode: 'orchestrator' } as const;
const start = (id: string, sequence = 0): ServerEvent => ({ type: 'message_start', message_id: id, sequence, marker });
const end = (id: string, sequence: number): ServerEvent => ({ type: 'message_end', message_id: id, sequence });
const delta = (id: string, sequence: number, text: string): ServerEvent => ({ type: 'text_delta', message_id: id, sequence, delta: text });

const chart = {
  kind: 'chart',
  schemaVersion: 'agent-ui@1',
  grammar: 'echarts-safe-subset',
  surface: 'chat_inline',
  spec: { title: { text: 'Pressure' }, xAxis: { type: 'category' }, yAxis: { type: 'value' }, series: [{ type: 'line', encode: { x: 't', y: 'p' } }] },
  data: { dimensions: ['t', 'p'], source: [['06:00', 318]] },
  fallbackText: 'Pressure fell.',
};
let created = 1_710_000_000_000;
const envelope = (id: string, body: unknown = chart, sessionId = 'ui-session'): UiEnvelopeEvent => ({
  session_id: sessionId,
  envelope_id: id,
  created_at: created++,
  envelope: body,
});

const assistant = (thread: ThreadDriver, id: string): AssistantMessage => {
  const message = thread.assistant(id);
  assert.ok(message, `no assistant message ${id}`);
  return message;
};
const ids = (message: AssistantMessage | undefined) => message?.uiEnvelopes.map((e) => e.envelopeId) ?? [];

describe('Thread envelopes', () => {
  test('an envelope attaches to the newest streaming assistant message, else to the newest one', () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    thread.apply(start('b'));
    thread.apply(end('b', 1));
    // b is newer but finished: a streams, so the envelope is a's.
    const changed = thread.addEnvelope(envelope('e1'));
    assert.equal(changed?.id, 'a');
    assert.deepEqual(ids(assistant(thread, 'a')), ['e1']);
    assert.deepEqual(ids(assistant(thread, 'b')), []);
    thread.apply(end('a', 1));
    // Nothing streams: the newest message takes it.
    assert.equal(thread.addEnvelope(envelope('e2'))?.id, 'b');
    assert.deepEqual(ids(assistant(thread, 'b')), ['e2']);
    // A new reply streaming takes the next one, and the text keeps streaming around it.
    thread.apply(start('c'));
    thread.apply(delta('c', 1, 'Before. '));
    assert.equal(thread.addEnvelope(envelope('e3'))?.id, 'c');
    thread.apply(delta('c', 2, 'After.'));
    thread.apply(end('c', 3));
    const c = assistant(thread, 'c');
    assert.equal(c.text, 'Before. After.');
    assert.equal(c.status, 'done');
    assert.deepEqual(ids(c), ['e3']);
  });

  test('an envelope is kept once per envelope_id: one delivered again after a resume is ignored', () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    const first = envelope('dup', chart);
    assert.ok(thread.addEnvelope(first));
    const before = assistant(thread, 'a');
    // The same ID again (even with another body, even once the message is over, or for another message): ignored.
    assert.equal(thread.addEnvelope({ ...first }), null);
    assert.equal(thread.addEnvelope({ ...first, envelope: { kind: 'other' } }), null);
    thread.apply(end('a', 1));
    thread.apply(start('b'));
    assert.equal(thread.addEnvelope(first), null);
    assert.deepEqual(ids(assistant(thread, 'a')), ['dup']);
    assert.deepEqual(ids(assistant(thread, 'b')), []);
    assert.equal(assistant(thread, 'a').uiEnvelopes[0]?.envelope, before.uiEnvelopes[0]?.envelope);
  });

  test('each entry starts pending, as received, with the agent-ui session of its message', () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    const event = envelope('p1', chart, 'S-1');
    thread.addEnvelope(event);
    thread.addEnvelope(envelope('p2', { kind: 'registered_component' }, 'S-2'));
    const message = assistant(thread, 'a');
    assert.deepEqual(message.uiEnvelopes[0], { envelopeId: 'p1', createdAt: event.created_at, envelope: chart, renderStatus: 'pending' });
    assert.equal(message.uiEnvelopes[1]?.renderStatus, 'pending');
    // The envelope is kept as it came, never validated or rewritten here.
    assert.equal(message.uiEnvelopes[0]?.envelope, chart);
    // The first envelope's session is the message's.
    assert.equal(message.uiSessionId, 'S-1');
  });

  test('envelopes before any assistant message wait for the next message_start, at most waitingEnvelopes of them', () => {
    const thread = new ThreadDriver();
    thread.apply({ type: 'text_delta', message_id: 'nobody', sequence: 1, delta: 'x' });
    assert.equal(thread.addEnvelope(envelope('early-1')), null);
    // Waiting ones are kept once each too.
    assert.equal(thread.addEnvelope(envelope('early-1')), null);
    assert.equal(thread.messages.length, 0);
    const started = thread.apply(start('a'));
    assert.deepEqual(ids(started ?? undefined), ['early-1']);
    assert.deepEqual(ids(assistant(thread, 'a')), ['early-1']);
    // Taken once: the next message does not get them again.
    thread.apply(end('a', 1));
    thread.apply(start('b'));
    assert.deepEqual(ids(assistant(thread, 'b')), []);

    // Bounded: past the limit, the oldest waiting envelopes go first.
    const bounded = new ThreadDriver();
    const count = ENVELOPE_THREAD_LIMITS.waitingEnvelopes + 3;
    for (let i = 0; i < count; i++) bounded.addEnvelope(envelope(`w${i}`));
    bounded.apply(start('m'));
    const kept = ids(assistant(bounded, 'm'));
    assert.equal(kept.length, ENVELOPE_THREAD_LIMITS.waitingEnvelopes);
    assert.deepEqual(kept, Array.from({ length: ENVELOPE_THREAD_LIMITS.waitingEnvelopes }, (_, i) => `w${i + 3}`));
  });

  test('a message keeps at most envelopesPerMessage envelopes; later ones are dropped', () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    const limit = ENVELOPE_THREAD_LIMITS.envelopesPerMessage;
    for (let i = 0; i < limit; i++) assert.ok(thread.addEnvelope(envelope(`cap-${i}`)), `envelope ${i}`);
    const full = assistant(thread, 'a');
    assert.equal(thread.addEnvelope(envelope('cap-over')), null);
    assert.equal(assistant(thread, 'a'), full);
    assert.equal(full.uiEnvelopes.length, limit);
    const stored = thread.toPersisted()[0];
    assert.equal(stored?.role === 'assistant' && stored.uiEnvelopes?.length, limit);
    // The next message has room of its own.
    thread.apply(end('a', 1));
    thread.apply(start('b'));
    assert.equal(thread.addEnvelope(envelope('cap-next'))?.id, 'b');
  });

  test('setEnvelopeStatus moves pending to rendered, fallback or error, with a capped error text', () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    for (const id of ['r', 'f', 'x']) thread.addEnvelope(envelope(id));
    assert.equal(thread.setEnvelopeStatus('r', 'rendered')?.id, 'a');
    assert.equal(thread.setEnvelopeStatus('f', 'fallback', 'Meant for a map, which this page does not show.')?.id, 'a');
    const long = 'The renderer failed. '.repeat(40);
    assert.ok(long.length > ENVELOPE_THREAD_LIMITS.statusErrorChars);
    assert.ok(thread.setEnvelopeStatus('x', 'error', long));
    const [r, f, x] = assistant(thread, 'a').uiEnvelopes;
    assert.deepEqual([r?.renderStatus, f?.renderStatus, x?.renderStatus], ['rendered', 'fallback', 'error']);
    assert.equal('error' in (r ?? {}), false);
    assert.equal(f?.error, 'Meant for a map, which this page does not show.');
    assert.equal(x?.error, long.slice(0, ENVELOPE_THREAD_LIMITS.statusErrorChars));
    // The same status again changes nothing; an unknown envelope changes nothing.
    assert.equal(thread.setEnvelopeStatus('r', 'rendered'), null);
    assert.equal(thread.setEnvelopeStatus('f', 'fallback', 'Meant for a map, which this page does not show.'), null);
    assert.equal(thread.setEnvelopeStatus('nope', 'rendered'), null);
    // The same long error again is no change either (it is compared as it was kept, capped): a renderer that
    // reports it twice must not persist the message twice.
    assert.equal(thread.setEnvelopeStatus('x', 'error', long), null);
    // Rendered after an error: the error text goes.
    assert.ok(thread.setEnvelopeStatus('x', 'rendered'));
    const again = assistant(thread, 'a').uiEnvelopes[2];
    assert.deepEqual(again && Object.keys(again).sort(), ['createdAt', 'envelope', 'envelopeId', 'renderStatus']);
  });

  test('toPersisted carries uiEnvelopes exactly in the specification shape and uiSessionId; load() restores them', async () => {
    const thread = new ThreadDriver();
    thread.apply(start('plain'));
    thread.apply(end('plain', 1));
    thread.apply(start('a'));
    const one = envelope('s1', chart, 'S-9');
    const two = envelope('s2', { kind: 'map_action', action: 'render_junctions', surface: 'map_overlay', params: { render_ref: 'rr_1' } }, 'S-9');
    thread.addEnvelope(one);
    thread.addEnvelope(two);
    thread.apply(end('a', 1));
    thread.setEnvelopeStatus('s1', 'rendered');
    thread.setEnvelopeStatus('s2', 'fallback', 'no map');
    const persisted = thread.toPersisted();
    const plain = persisted[0];
    assert.equal(plain?.role === 'assistant' && 'uiEnvelopes' in plain, false);
    assert.equal(plain?.role === 'assistant' && 'uiSessionId' in plain, false);
    const stored = persisted[1];
    assert.ok(stored?.role === 'assistant');
    assert.equal(stored.uiSessionId, 'S-9');
    assert.deepEqual(stored.uiEnvelopes, [
      { envelopeId: 's1', createdAt: one.created_at, envelope: chart, renderStatus: 'rendered' },
      { envelopeId: 's2', createdAt: two.created_at, envelope: two.envelope, renderStatus: 'fallback', error: 'no map' },
    ]);
    for (const entry of stored.uiEnvelopes ?? []) {
      for (const key of Object.keys(entry)) assert.ok(['envelopeId', 'createdAt', 'envelope', 'renderStatus', 'error'].includes(key), key);
    }
    // It is a valid persisted history, and survives JSON.
    const json = JSON.parse(JSON.stringify(persisted)) as PersistedMessage[];
    assert.deepEqual(checkPersistedHistory(json)?.dropped, []);

    const loaded = new ThreadDriver();
    await loaded.load(json);
    const message = assistant(loaded, 'a');
    assert.deepEqual(message.uiEnvelopes, stored.uiEnvelopes);
    assert.equal(message.uiSessionId, 'S-9');
    assert.deepEqual(assistant(loaded, 'plain').uiEnvelopes, []);
    assert.deepEqual(loaded.toPersisted(), json);
    // Known after load: a replayed envelope is ignored, and a status can still change.
    assert.equal(loaded.addEnvelope(one), null);
    assert.ok(loaded.setEnvelopeStatus('s2', 'rendered'));
    assert.equal(assistant(loaded, 'a').uiEnvelopes[1]?.renderStatus, 'rendered');
  });

  test('checkPersistedHistory keeps a message whose uiEnvelopes entry is not of the persisted shape, and says what it left out', async () => {
    const good = { envelopeId: 'e', createdAt: 1, envelope: chart, renderStatus: 'rendered' };
    const message = (uiEnvelopes: unknown[], extra: Record<string, unknown> = {}) => ({
      id: `m${Math.random()}`,
      role: 'assistant',
      text: '',
      marker: { inlineUiVersion: 1, mode: 'orchestrator' },
      sequence: 1,
      events: [],
      uiEnvelopes,
      ...extra,
    });
    const history = [
      { id: 'u', role: 'user', text: 'hi' },
      message([good], { uiSessionId: 'S' }),
      message([{ ...good, renderStatus: 'done' }]),
      message([{ ...good, renderStatus: undefined }]),
      message([{ ...good, envelopeId: '' }]),
      message([{ ...good, createdAt: -1 }]),
      message([{ ...good, error: 42 }]),
      message(Array.from({ length: ENVELOPE_THREAD_LIMITS.envelopesPerMessage + 1 }, (_, i) => ({ ...good, envelopeId: `e${i}` }))),
      message([good], { uiSessionId: '' }),
      message([{ ...good, renderStatus: 'error', error: 'boom' }]),
    ];
    const checked = checkPersistedHistory(history);
    assert.deepEqual(checked?.dropped, []);
    assert.equal(checked?.messages.length, 10);
    // An unlisted status reads as pending; an entry missing or with a wrong required field is left out, and so is one
    // past the cap; a bad optional error text, or an empty session, is left behind without costing the entry.
    assert.deepEqual(checked?.downgraded.map((d) => d.index), [2, 3, 4, 5, 7]);
    // A session given that history shows every message, each envelope it could read, and says what it left out.
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const session = await restore({ messages: history as PersistedMessage[] });
      assert.equal(session.messages.length, 10);
      const kept = session.messages.map((m) => (m.role === 'assistant' ? m.uiEnvelopes.map((e) => e.renderStatus) : null));
      assert.deepEqual(kept, [null, ['rendered'], ['pending'], [], [], [], ['rendered'], Array(ENVELOPE_THREAD_LIMITS.envelopesPerMessage).fill('rendered'), ['rendered'], ['error']]);
      assert.match(String(warnings[0]), /5 message\(s\) were read with less than they held/);
    } finally {
      console.warn = warn;
    }
  });
});

const Pipe = InPageTransport;

const record = (session: ChatSession): SessionEvent[] => {
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  return events;
};
const ofType = <T extends SessionEvent['type']>(events: SessionEvent[], type: T) =>
  events.filter((e): e is Extract<SessionEvent, { type: T }> => e.type === type);

describe('ChatSession envelopes', () => {
  test('an envelope from the transport is attached to its message as a part and persisted pending at once; a duplicate changes nothing', () => {
    const pipe = new Pipe();
    const session = new ChatSession({ transport: pipe });
    session.connect();
    pipe.deliver(start('a'));
    const events = record(session);
    const event = envelope('t1', chart, 'S');
    pipe.envelope(event);
    assert.deepEqual(
      events.map((e) => e.type),
      ['messages', 'history-change'],
    );
    const part = session.thread.assistant('a')?.parts.find((p) => p.type === 'data-mantis-envelope');
    assert.equal(part?.id, 't1');
    assert.deepEqual(part?.type === 'data-mantis-envelope' && part.data.check, { ok: true, kind: 'chart', surface: 'chat_inline', title: 'Pressure' });
    const [history] = ofType(events, 'history-change');
    const stored = history?.messages.at(-1);
    assert.deepEqual(stored?.role === 'assistant' && stored.uiEnvelopes, [
      { envelopeId: 't1', createdAt: event.created_at, envelope: chart, renderStatus: 'pending' },
    ]);
    assert.equal(stored?.role === 'assistant' && stored.uiSessionId, 'S');

    // Again (a resume): nothing changes, nothing is persisted.
    events.length = 0;
    pipe.envelope(event);
    assert.deepEqual(events, []);
    session.disconnect();
  });

  test('addEnvelope from the host works the same; setEnvelopeStatus persists a change once', () => {
    const pipe = new Pipe();
    const session = new ChatSession({ transport: pipe });
    session.connect();
    pipe.deliver(start('a'));
    pipe.deliver(end('a', 1));
    const events = record(session);
    session.addEnvelope(envelope('h1'));
    assert.deepEqual(ids(session.thread.assistant('a')), ['h1']);
    assert.deepEqual(
      events.map((e) => e.type),
      ['messages', 'history-change'],
    );
    events.length = 0;
    session.setEnvelopeStatus('h1', 'fallback', 'Meant for a map.');
    assert.deepEqual(
      events.map((e) => e.type),
      ['messages', 'history-change'],
    );
    const stored = ofType(events, 'history-change')[0]?.messages.at(-1);
    assert.deepEqual(stored?.role === 'assistant' && stored.uiEnvelopes?.[0]?.renderStatus, 'fallback');
    assert.deepEqual(stored?.role === 'assistant' && stored.uiEnvelopes?.[0]?.error, 'Meant for a map.');
    // The same status again, or an unknown envelope: nothing is emitted.
    events.length = 0;
    session.setEnvelopeStatus('h1', 'fallback', 'Meant for a map.');
    session.setEnvelopeStatus('unknown', 'rendered');
    assert.deepEqual(events, []);
    session.disconnect();
  });

  test('an envelope before the reply waits for it, then is persisted with the reply', () => {
    const pipe = new Pipe();
    const session = new ChatSession({ transport: pipe });
    session.connect();
    const events = record(session);
    pipe.envelope(envelope('early'));
    assert.deepEqual(events, []);
    assert.equal(session.messages.length, 0);
    pipe.deliver(start('a'));
    // Attached once the reply starts (a side_panel envelope opens then), and persisted at once.
    assert.deepEqual(ids(session.thread.assistant('a')), ['early']);
    const atStart = ofType(events, 'history-change').at(-1)?.messages.at(-1);
    assert.deepEqual(atStart?.role === 'assistant' && atStart.uiEnvelopes?.map((e) => e.envelopeId), ['early']);
    pipe.deliver(delta('a', 1, 'Hello.'));
    pipe.deliver(end('a', 2));
    const stored = session.persisted.at(-1);
    assert.deepEqual(stored?.role === 'assistant' && stored.uiEnvelopes?.map((e) => e.envelopeId), ['early']);
    const last = ofType(events, 'history-change').at(-1)?.messages.at(-1);
    assert.deepEqual(last?.role === 'assistant' && last.uiEnvelopes?.map((e) => e.envelopeId), ['early']);
    session.disconnect();
  });

  test('a session given a persisted history with envelopes replays them as they were, statuses and all', async () => {
    const thread = new ThreadDriver();
    thread.apply(start('a'));
    thread.addEnvelope(envelope('r1', chart, 'S'));
    thread.apply(end('a', 1));
    thread.setEnvelopeStatus('r1', 'rendered');
    const session = await restore({ messages: thread.toPersisted() });
    const message = session.messages[0];
    assert.ok(message?.role === 'assistant');
    assert.deepEqual(message.uiEnvelopes, [{ envelopeId: 'r1', createdAt: message.uiEnvelopes[0]?.createdAt, envelope: chart, renderStatus: 'rendered' }]);
    assert.equal(message.uiSessionId, 'S');
    assert.deepEqual(session.persisted, thread.toPersisted());
  });
});

describe('ChatSession envelopes over the reference server’s Composer SSE stream', () => {
  let server: AgentServer | undefined;
  before(async () => {
    server = await startAgentServer({ port: 0 });
  });
  after(() => void server?.close());

  test('scenario envelopes: four envelopes reach the reply, pending, under the Composer session', async () => {
    const url = `${server?.origin}${COMPOSER_SSE_PATH}?delay=0&scenario=envelopes&session_id=node-env-${Date.now().toString(36)}`;
    const transport = new SseTransport(url);
    const session = new ChatSession({ transport });
    const done = new Promise<AssistantMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply')), 8000);
      session.subscribe((event) => {
        if (event.type === 'message-complete') {
          clearTimeout(timer);
          resolve(event.message);
        }
      });
    });
    session.connect();
    await new Promise<void>((resolve) => {
      const off = session.subscribe((event) => {
        if (event.type === 'state' && event.state === 'open') {
          off();
          resolve();
        }
      });
      if (session.state === 'open') resolve();
    });
    assert.equal(session.send('Show me the history').ok, true);
    try {
      const reply = await done;
      const message = session.thread.assistant(reply.id);
      assert.ok(message);
      assert.equal(message.uiEnvelopes.length, 4);
      assert.deepEqual(
        message.uiEnvelopes.map((e) => e.renderStatus),
        ['pending', 'pending', 'pending', 'pending'],
      );
      const kinds = message.uiEnvelopes.map((e) => {
        const body = e.envelope as { kind: string; component?: string; action?: string; surface: string };
        return `${body.component ?? body.action ?? body.kind}@${body.surface}`;
      });
      assert.deepEqual(kinds, ['HistoryPanel@chat_inline', 'chart@chat_inline', 'ScadaPanel@side_panel', 'render_junctions@map_overlay']);
      assert.equal(new Set(message.uiEnvelopes.map((e) => e.envelopeId)).size, 4);
      assert.ok(message.uiSessionId?.startsWith('node-env-'), message.uiSessionId);
      assert.deepEqual(
        message.parts.filter((p) => p.type === 'data-mantis-envelope').map((p) => p.id),
        message.uiEnvelopes.map((e) => e.envelopeId),
      );
      // The text around them streamed whole.
      assert.ok(message.text.length > 0);
      const stored = session.persisted.at(-1);
      assert.equal(stored?.role === 'assistant' && stored.uiEnvelopes?.length, 4);
    } finally {
      session.disconnect();
      transport.close();
    }
  });
});

describe('deprecated tool_call and artifacts (001 "State Persistence")', () => {
  test('a persisted message keeps them as they were, through load and toPersisted, as debug data only', async () => {
    const thread = new ThreadDriver();
    const tool_call = { name: 'view_history', arguments: { start_time: '2024-03-09T00:00:00Z' } };
    const artifacts = [{ id: 'a1', html: '<img src=x onerror=alert(1)>' }];
    await thread.load([
      { id: 'm1', role: 'assistant', text: 'Done.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 3, events: [], tool_call, artifacts },
      { id: 'm2', role: 'assistant', text: 'Plain.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 1, events: [] },
    ]);
    const [first, second] = thread.messages as AssistantMessage[];
    assert.deepEqual(first?.debug, { tool_call, artifacts });
    assert.equal(second?.debug, undefined);
    // Never parts: the text alone is parsed.
    assert.deepEqual(first?.parts.map((p) => p.type), ['text']);
    const [stored, plain] = thread.toPersisted();
    assert.deepEqual(stored?.role === 'assistant' && [stored.tool_call, stored.artifacts], [tool_call, artifacts]);
    assert.equal(plain && 'tool_call' in plain, false);
  });
});
