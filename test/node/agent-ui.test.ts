// agent-ui@1 on the reference server (demo/server/agent-ui.ts): the registry, the SSE stream read over a real fetch
// with eventsource-parser, resumption, every fault, and the render-ref endpoint.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { createAgentUiHandler } from '../../demo/server/agent-ui.js';
import { UiEnvelopeEvent } from '../../src/index.js';

let server: Server;
let origin: string;

before(async () => {
  const handle = createAgentUiHandler();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    void handle(req, res, url).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

let sessions = 0;
const newSession = () => `s-${process.pid}-${++sessions}`;

interface Envelope {
  kind?: string;
  schemaVersion?: string;
  component?: string;
  surface?: string;
  grammar?: string;
  action?: string;
  props?: { start_time?: string; end_time?: string };
  params?: { render_ref?: string };
  spec?: { series?: Array<{ type: string }> };
  data?: unknown;
}

interface Streamed {
  status: number;
  headers: Headers;
  raw: string;
  events: EventSourceMessage[];
  retries: number[];
}

/** Reads one SSE response to its end through eventsource-parser. */
async function read(query: string, headers: Record<string, string> = {}): Promise<Streamed> {
  const response = await fetch(`${origin}/api/v1/agent/chat/stream?delay=0&${query}`, { headers });
  const events: EventSourceMessage[] = [];
  const retries: number[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
  let raw = '';
  const decoder = new TextDecoder();
  if (response.body) {
    for await (const chunk of response.body) {
      const text = decoder.decode(chunk, { stream: true });
      raw += text;
      parser.feed(text);
    }
  }
  return { status: response.status, headers: response.headers, raw, events, retries };
}

const payload = (event: EventSourceMessage) => JSON.parse(event.data) as UiEnvelopeEvent & { envelope: Envelope };

test('the registry lists the chart grammar, components, map actions and tool mappings', async () => {
  const response = await fetch(`${origin}/api/v1/agent/chat/ui-registry`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const registry = (await response.json()) as {
    schemaVersion: string;
    chart: { grammar: string };
    components: Array<{ name: string; props: Record<string, string>; description: string }>;
    mapActions: Array<{ name: string; surface: string }>;
    tools: Array<{ tool: string; kind: string; component?: string; action?: string }>;
  };
  assert.equal(registry.schemaVersion, 'agent-ui@1');
  assert.equal(registry.chart.grammar, 'echarts-safe-subset');
  assert.deepEqual(registry.components.map((c) => c.name), ['HistoryPanel', 'ScadaPanel']);
  assert.ok(registry.components.every((c) => c.description.length > 0 && Object.keys(c.props).length > 0));
  assert.deepEqual(Object.keys(registry.components[0]?.props ?? {}), ['start_time', 'end_time']);
  assert.deepEqual(
    registry.mapActions.map((a) => a.name),
    ['locate_features', 'zoom_to_map', 'render_junctions', 'apply_layer_style'],
  );
  assert.ok(registry.mapActions.every((a) => a.surface === 'map_overlay'));
  const tools = Object.fromEntries(registry.tools.map((t) => [t.tool, t]));
  assert.deepEqual(tools.show_chart, { tool: 'show_chart', kind: 'chart' });
  assert.deepEqual(tools.view_history, { tool: 'view_history', kind: 'registered_component', component: 'HistoryPanel' });
  assert.deepEqual(tools.view_scada, { tool: 'view_scada', kind: 'registered_component', component: 'ScadaPanel' });
  for (const action of ['locate_features', 'zoom_to_map', 'render_junctions', 'apply_layer_style']) {
    assert.deepEqual(tools[action], { tool: action, kind: 'map_action', action });
  }
  const post = await fetch(`${origin}/api/v1/agent/chat/ui-registry`, { method: 'POST' });
  assert.equal(post.status, 405);
});

test('the default stream: retry line, then three ui_envelope events with ids and the spec data shape', async () => {
  const session = newSession();
  const result = await read(`session_id=${session}`);
  assert.equal(result.status, 200);
  assert.match(result.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.equal(result.headers.get('cache-control'), 'no-cache');
  assert.ok(result.raw.startsWith('retry: 1000\n'), result.raw.slice(0, 40));
  assert.deepEqual(result.retries, [1000]);
  assert.equal(result.events.length, 3);
  const ids = new Set<string>();
  for (const event of result.events) {
    assert.equal(event.event, 'ui_envelope');
    const data = payload(event);
    assert.deepEqual(Object.keys(data), ['session_id', 'envelope_id', 'created_at', 'envelope']);
    assert.ok(UiEnvelopeEvent.safeParse(data).success);
    assert.equal(data.session_id, session);
    assert.equal(event.id, data.envelope_id);
    assert.equal(data.envelope.schemaVersion, 'agent-ui@1');
    ids.add(data.envelope_id);
  }
  assert.equal(ids.size, 3);
  const [history, chart, map] = result.events.map((e) => payload(e).envelope);
  assert.equal(history?.kind, 'registered_component');
  assert.equal(history?.component, 'HistoryPanel');
  assert.equal(history?.surface, 'chat_inline');
  const { start_time, end_time } = history?.props ?? {};
  assert.ok(start_time && end_time && Date.parse(start_time) < Date.parse(end_time));
  assert.equal(chart?.kind, 'chart');
  assert.equal(chart?.grammar, 'echarts-safe-subset');
  assert.ok(chart?.spec?.series?.every((s) => ['line', 'bar'].includes(s.type)));
  assert.ok(chart?.data);
  assert.equal(map?.kind, 'map_action');
  assert.equal(map?.action, 'render_junctions');
  assert.equal(map?.surface, 'map_overlay');
  assert.match(map?.params?.render_ref ?? '', /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(Object.keys(map?.params ?? {}), ['render_ref']);
});

test('the invalid scenario: envelopes a frontend must reject, and one valid chart', async () => {
  const result = await read(`session_id=${newSession()}&scenario=invalid`);
  const envelopes = result.events.map((e) => payload(e).envelope);
  const kinds = new Set(['registered_component', 'chart', 'map_action']);
  assert.ok(envelopes.some((e) => !kinds.has(e.kind ?? '')), 'an unknown kind');
  assert.ok(envelopes.some((e) => e.kind === 'map_action' && e.surface !== 'map_overlay'), 'a map action off map_overlay');
  assert.ok(
    envelopes.some(
      (e) => e.component === 'HistoryPanel' && Date.parse(e.props?.start_time ?? '') >= Date.parse(e.props?.end_time ?? ''),
    ),
    'view_history with start_time >= end_time',
  );
  assert.ok(envelopes.some((e) => e.kind === 'registered_component' && !['HistoryPanel', 'ScadaPanel'].includes(e.component ?? '')));
  assert.equal(envelopes.filter((e) => e.kind === 'chart' && e.grammar === 'echarts-safe-subset').length, 1);
});

test('resumes after Last-Event-ID (header or query) with exactly the remaining envelopes', async () => {
  const session = newSession();
  const first = await read(`session_id=${session}`);
  const ids = first.events.map((e) => e.id);
  const resumed = await read(`session_id=${session}`, { 'last-event-id': ids[0] as string });
  assert.deepEqual(resumed.events.map((e) => e.id), ids.slice(1));
  assert.deepEqual(resumed.events.map((e) => e.data), first.events.slice(1).map((e) => e.data));
  const byQuery = await read(`session_id=${session}&last_event_id=${ids[1]}`);
  assert.deepEqual(byQuery.events.map((e) => e.id), ids.slice(2));
  // Everything delivered: 204, which stops an EventSource from reconnecting.
  const done = await read(`session_id=${session}`, { 'last-event-id': ids[2] as string });
  assert.equal(done.status, 204);
  assert.equal(done.events.length, 0);
  // An ID the session never handed out replays from the start.
  const unknown = await read(`session_id=${session}`, { 'last-event-id': 'env_nope' });
  assert.deepEqual(unknown.events.map((e) => e.id), ids);
});

test('fault=drop:N closes the response after N events; resuming delivers the rest', async () => {
  const session = newSession();
  const dropped = await read(`session_id=${session}&fault=drop:1`);
  assert.equal(dropped.events.length, 1);
  const rest = await read(`session_id=${session}`, { 'last-event-id': dropped.events[0]?.id as string });
  assert.equal(rest.events.length, 2);
  const none = await read(`session_id=${newSession()}&fault=drop:0`);
  assert.equal(none.events.length, 0);
  assert.deepEqual(none.retries, [1000]);
});

test('fault=malformed:N sends one non-JSON data line after N events, then goes on', async () => {
  const result = await read(`session_id=${newSession()}&fault=malformed:2`);
  assert.equal(result.events.length, 4);
  const bad = result.events.filter((e) => {
    try {
      JSON.parse(e.data);
      return false;
    } catch {
      return true;
    }
  });
  assert.equal(bad.length, 1);
  assert.equal(result.events.indexOf(bad[0] as EventSourceMessage), 2);
  assert.equal(bad[0]?.event, 'ui_envelope');
  assert.equal(bad[0]?.id, undefined);
  assert.equal(result.events.filter((e) => e.id !== undefined).length, 3);
});

test('fault=duplicate sends every event twice', async () => {
  const result = await read(`session_id=${newSession()}&fault=duplicate`);
  const ids = result.events.map((e) => e.id);
  assert.equal(ids.length, 6);
  assert.deepEqual(ids, [ids[0], ids[0], ids[2], ids[2], ids[4], ids[4]]);
  assert.equal(new Set(ids).size, 3);
  assert.equal(result.events[0]?.data, result.events[1]?.data);
});

test('fault=stall:MS holds the next event back while the stream stays open', async () => {
  const response = await fetch(`${origin}/api/v1/agent/chat/stream?delay=0&session_id=${newSession()}&fault=stall:1000`);
  assert.equal(response.status, 200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  // The retry line arrives at once; no event until the stall is over.
  const first = await reader.read();
  parser.feed(decoder.decode(first.value, { stream: true }));
  assert.equal(events.length, 0);
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    parser.feed(decoder.decode(chunk.value, { stream: true }));
  }
  assert.equal(events.length, 3);
  assert.ok(events.every((e) => e.event === 'ui_envelope'));
});

test('fault=stall:N:MS holds back the event after the Nth', async () => {
  const response = await fetch(`${origin}/api/v1/agent/chat/stream?delay=0&session_id=${newSession()}&fault=stall:1:1000`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  let chunk = await reader.read();
  while (!chunk.done && events.length === 0) {
    parser.feed(decoder.decode(chunk.value, { stream: true }));
    if (events.length === 0) chunk = await reader.read();
  }
  assert.equal(events.length, 1);
  for (chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(decoder.decode(chunk.value, { stream: true }));
  assert.equal(events.length, 3);
});

test('rejects a stream without session_id, with an unknown scenario or fault', async () => {
  assert.equal((await read('')).status, 400);
  assert.equal((await read(`session_id=${newSession()}&scenario=nope`)).status, 400);
  assert.equal((await read(`session_id=${newSession()}&fault=explode`)).status, 400);
  assert.equal((await read(`session_id=${newSession()}&fault=drop:x`)).status, 400);
  assert.equal((await read(`session_id=${newSession()}&fault=stall:1:2:3`)).status, 400);
});

async function renderRefOf(session: string): Promise<string> {
  const result = await read(`session_id=${session}`);
  const map = result.events.map((e) => payload(e).envelope).find((e) => e.action === 'render_junctions');
  return map?.params?.render_ref as string;
}

test('render-ref returns the junction payload to the session it was handed to', async () => {
  const session = newSession();
  const ref = await renderRefOf(session);
  const response = await fetch(`${origin}/api/v1/agent/chat/render-ref/${ref}?session_id=${session}`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /json/);
  const body = (await response.json()) as { type: string; features: Array<{ type: string; geometry: { type: string; coordinates: number[] } }> };
  assert.equal(body.type, 'FeatureCollection');
  assert.ok(body.features.length > 0);
  for (const feature of body.features) {
    assert.equal(feature.type, 'Feature');
    assert.equal(feature.geometry.type, 'Point');
    assert.equal(feature.geometry.coordinates.length, 2);
  }
});

test('render-ref: 404 for an unknown ref or another session, 400 without session_id', async () => {
  const session = newSession();
  const ref = await renderRefOf(session);
  const other = newSession();
  await read(`session_id=${other}`);
  assert.equal((await fetch(`${origin}/api/v1/agent/chat/render-ref/rr_unknown?session_id=${session}`)).status, 404);
  assert.equal((await fetch(`${origin}/api/v1/agent/chat/render-ref/${ref}?session_id=${other}`)).status, 404);
  assert.equal((await fetch(`${origin}/api/v1/agent/chat/render-ref/${ref}?session_id=never-seen`)).status, 404);
  assert.equal((await fetch(`${origin}/api/v1/agent/chat/render-ref/${ref}`)).status, 400);
});

test('render-ref: a ref whose envelope was dropped resolves once the resumed stream hands it out', async () => {
  const session = newSession();
  const dropped = await read(`session_id=${session}&fault=drop:2`);
  assert.equal(dropped.events.length, 2);
  const rest = await read(`session_id=${session}`, { 'last-event-id': dropped.events[1]?.id as string });
  const ref = payload(rest.events[0] as EventSourceMessage).envelope.params?.render_ref as string;
  assert.equal((await fetch(`${origin}/api/v1/agent/chat/render-ref/${ref}?session_id=${session}`)).status, 200);
});

test('sessions are bounded: the least recently used is forgotten', async () => {
  const handle = createAgentUiHandler({ maxSessions: 2 });
  const small = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((done) => small.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(small.address() as AddressInfo).port}`;
  try {
    const refs: string[] = [];
    for (const session of ['a', 'b', 'c']) {
      const response = await fetch(`${base}/api/v1/agent/chat/stream?delay=0&session_id=${session}`);
      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (event) => events.push(event) });
      parser.feed(await response.text());
      refs.push(payload(events[2] as EventSourceMessage).envelope.params?.render_ref as string);
    }
    const status = (i: number, s: string) => fetch(`${base}/api/v1/agent/chat/render-ref/${refs[i]}?session_id=${s}`).then((r) => r.status);
    assert.equal(await status(0, 'a'), 404);
    assert.equal(await status(1, 'b'), 200);
    assert.equal(await status(2, 'c'), 200);
  } finally {
    small.closeAllConnections();
    await new Promise<void>((done) => small.close(() => done()));
  }
});
