import { expect } from '@open-wc/testing';
import * as z from 'zod/mini';
import { parseEnvelope } from '../../../src/protocols/agent-ui/envelope.js';
import { HistoryPanelProps, ScadaPanelProps } from '../../../src/protocols/agent-ui/history-panel.js';
import { AGENT_UI_LIMITS } from '../../../src/protocols/agent-ui/limits.js';
import { AgentUiRegistry, parseServerRegistry, type ServerRegistryInfo } from '../../../src/protocols/agent-ui/registry.js';
import type { HostComponent, UIEnvelope } from '../../../src/protocols/agent-ui/types.js';
import { validateEnvelope } from '../../../src/protocols/agent-ui/validate.js';
import { HOST_COMPONENTS, serverChart, serverRegistry, serverRegistryJson } from './fixtures.js';

const [HISTORY, SCADA] = HOST_COMPONENTS as [HostComponent, HostComponent];
const envelope = (value: unknown): UIEnvelope => {
  const parsed = parseEnvelope(value);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};
const panel = (component: string, surface = 'chat_inline', props: unknown = { station_id: 'PS-7' }) =>
  envelope({ kind: 'registered_component', schemaVersion: 'agent-ui@1', component, surface, props });
const history = (start_time: string, end_time: string, surface = 'chat_inline') => panel('HistoryPanel', surface, { start_time, end_time });
const chart = (surface = 'chat_inline') => envelope({ ...serverChart(), surface });
const mapAction = (action: string, params: unknown) => envelope({ kind: 'map_action', schemaVersion: 'agent-ui@1', action, surface: 'map_overlay', params });
const reason = (registry: AgentUiRegistry, value: UIEnvelope) => {
  const result = registry.check(value);
  return result.ok ? 'ok' : result.reason;
};
const server = (change: (info: { -readonly [K in keyof ServerRegistryInfo]: ServerRegistryInfo[K] }) => void, base: ServerRegistryInfo) => {
  const info = structuredClone(base) as { -readonly [K in keyof ServerRegistryInfo]: ServerRegistryInfo[K] };
  change(info);
  return info;
};

describe('parseServerRegistry', () => {
  it("normalizes the reference server's registry", async () => {
    const result = parseServerRegistry(await serverRegistryJson());
    expect(result).to.deep.equal({
      ok: true,
      value: {
        schemaVersion: 'agent-ui@1',
        surfaces: ['chat_inline', 'side_panel', 'canvas', 'map_overlay'],
        chart: { grammar: 'echarts-safe-subset', surfaces: ['chat_inline', 'side_panel', 'canvas'], seriesTypes: ['line', 'bar', 'pie', 'scatter'] },
        components: [
          { name: 'HistoryPanel', surfaces: ['chat_inline', 'side_panel', 'canvas'] },
          { name: 'ScadaPanel', surfaces: ['chat_inline', 'side_panel', 'canvas'] },
        ],
        mapActions: [
          { name: 'locate_features', surface: 'map_overlay' },
          { name: 'zoom_to_map', surface: 'map_overlay' },
          { name: 'render_junctions', surface: 'map_overlay' },
          { name: 'apply_layer_style', surface: 'map_overlay' },
        ],
      },
    });
    expect(parseServerRegistry(JSON.stringify(await serverRegistryJson())).ok).to.equal(true);
  });

  it('ignores extra descriptive keys and surfaces it does not know; a missing chart allows none', () => {
    const result = parseServerRegistry({
      schemaVersion: 'agent-ui@1',
      surfaces: ['chat_inline', 'fullscreen'],
      version: '2024.3',
      components: [{ name: 'HistoryPanel', surfaces: ['chat_inline', 'side_panel', 'fullscreen'], icon: 'clock', props: {} }],
      mapActions: [{ name: 'zoom_to_map', surface: 'map_overlay', params: {} }],
    });
    expect(result).to.deep.equal({
      ok: true,
      value: { schemaVersion: 'agent-ui@1', surfaces: ['chat_inline'], chart: null, components: [{ name: 'HistoryPanel', surfaces: ['chat_inline'] }], mapActions: [] },
    });
  });

  it('refuses another version, bad shapes, and lists or strings over their bounds', async () => {
    const json = (await serverRegistryJson()) as Record<string, unknown> & { components: Array<Record<string, unknown>> };
    const many = Array.from({ length: AGENT_UI_LIMITS.registryEntries + 1 }, (_, i) => ({ name: `P${i}`, surfaces: [] }));
    for (const value of [
      { ...json, schemaVersion: 'agent-ui@2' },
      { ...json, surfaces: 'chat_inline' },
      { ...json, components: many },
      { ...json, components: [{ ...json.components[0], description: 'x'.repeat(AGENT_UI_LIMITS.registryText + 1) }] },
      { ...json, components: [{ surfaces: [] }] },
      JSON.parse(`{"schemaVersion":"agent-ui@1","surfaces":[],"__proto__":{"polluted":1}}`),
      null,
      'not json',
      [],
    ]) {
      const result = parseServerRegistry(value);
      expect(result.ok ? 'ok' : result.reason).to.equal('registry-unavailable');
    }
    expect(({} as { polluted?: number }).polluted).to.equal(undefined);
  });
});

describe('parseServerRegistry, registries of other shapes (lenient at the wire)', () => {
  it('reads lists of names, maps from names to entries, a chart given as its grammar, and no version or surfaces', () => {
    const shapes = [
      { components: ['HistoryPanel', 'ScadaPanel'], mapActions: ['zoom_to_map'], chart: 'echarts-safe-subset' },
      { schemaVersion: 'agent-ui@1.0', components: { HistoryPanel: {}, ScadaPanel: true }, mapActions: { zoom_to_map: { params: { bbox: 'x' } } }, chart: true },
      { schema_version: 'agent-ui@1', components: [{ component: 'HistoryPanel' }, { id: 'ScadaPanel' }], map_actions: [{ action: 'zoom_to_map' }], charts: { grammar: 'echarts-safe-subset' }, owner: 'ops' },
    ];
    for (const shape of shapes) {
      const result = parseServerRegistry(shape);
      expect(result, JSON.stringify(shape)).to.deep.equal({
        ok: true,
        value: {
          schemaVersion: 'agent-ui@1',
          surfaces: ['chat_inline', 'side_panel', 'canvas', 'map_overlay'],
          chart: { grammar: 'echarts-safe-subset', surfaces: ['chat_inline', 'side_panel', 'canvas'], seriesTypes: ['line', 'bar', 'pie', 'scatter'] },
          components: [
            { name: 'HistoryPanel', surfaces: ['chat_inline', 'side_panel', 'canvas'] },
            { name: 'ScadaPanel', surfaces: ['chat_inline', 'side_panel', 'canvas'] },
          ],
          mapActions: [{ name: 'zoom_to_map', surface: 'map_overlay' }],
        },
      });
    }
  });

  it('never allows more than it says: an entry without surfaces gets the registry’s, a chart without a grammar allows none', () => {
    const result = parseServerRegistry({ surfaces: [{ name: 'chat_inline' }], components: [{ name: 'HistoryPanel' }], chart: { surfaces: ['chat_inline'] } });
    expect(result).to.deep.equal({
      ok: true,
      value: { schemaVersion: 'agent-ui@1', surfaces: ['chat_inline'], chart: null, components: [{ name: 'HistoryPanel', surfaces: ['chat_inline'] }], mapActions: [] },
    });
    const registry = new AgentUiRegistry({ server: result.ok ? result.value : null, components: HOST_COMPONENTS });
    expect(reason(registry, history('2024-03-09T00:00:00Z', '2024-03-10T00:00:00Z'))).to.equal('ok');
    expect(reason(registry, history('2024-03-09T00:00:00Z', '2024-03-10T00:00:00Z', 'side_panel'))).to.equal('invalid-surface');
    expect(reason(registry, chart())).to.equal('unknown-grammar');
  });
});

describe('AgentUiRegistry without a server registry', () => {
  const registry = new AgentUiRegistry({ components: [SCADA] });

  it("allows the host's components, the built-in chart grammar and the four map actions", () => {
    expect(reason(registry, panel('ScadaPanel'))).to.equal('ok');
    expect(reason(registry, panel('ScadaPanel', 'canvas'))).to.equal('ok');
    expect(reason(registry, chart())).to.equal('ok');
    expect(reason(registry, mapAction('zoom_to_map', { bbox: [1, 2, 3, 4] }))).to.equal('ok');
    expect(reason(registry, mapAction('locate_features', { feature_ids: ['J-1'] }))).to.equal('ok');
  });

  it('refuses components the host did not register, and map_overlay unless the host allows it', () => {
    expect(reason(registry, panel('HistoryPanel'))).to.equal('unknown-component');
    expect(reason(registry, panel('toString'))).to.equal('unknown-component');
    expect(reason(registry, panel('ScadaPanel', 'map_overlay'))).to.equal('invalid-surface');
    const sideOnly = new AgentUiRegistry({ components: [{ ...SCADA, surfaces: ['side_panel'] }] });
    expect(reason(sideOnly, panel('ScadaPanel', 'side_panel'))).to.equal('ok');
    expect(reason(sideOnly, panel('ScadaPanel', 'chat_inline'))).to.equal('invalid-surface');
  });

  it('refuses map actions it does not implement and checks their parameters', () => {
    expect(reason(registry, mapAction('delete_layer', {}))).to.equal('unknown-map-action');
    expect(reason(registry, mapAction('zoom_to_map', { bbox: [3, 2, 1, 4] }))).to.equal('invalid-map-params');
  });

  it('returns checked props (the schema output), data only through its own schema, and the map request', () => {
    const withData = envelope({ ...panel('ScadaPanel'), data: { readings: [1, 2] } });
    const result = registry.check(withData);
    if (!result.ok || result.value.kind !== 'registered_component') throw new Error('expected a component');
    expect(result.value.component).to.equal(SCADA);
    expect(result.value.props).to.deep.equal({ station_id: 'PS-7' });
    // Data reaches the panel only through a schema of its own: without one it is left out.
    expect('data' in result.value).to.equal(false);
    const withSchema = new AgentUiRegistry({ components: [{ ...SCADA, data: z.object({ readings: z.array(z.number()) }) }] });
    const checked = withSchema.check(withData);
    expect(checked.ok && checked.value.kind === 'registered_component' && checked.value.data).to.deep.equal({ readings: [1, 2] });
    const refused = withSchema.check(envelope({ ...panel('ScadaPanel'), data: { readings: ['<b>'] } }));
    expect(refused).to.deep.include({ ok: false, reason: 'invalid-props' });
    const trimmed = new AgentUiRegistry({ components: [{ ...SCADA, props: z.object({ station_id: z.string() }) }] });
    const stripped = trimmed.check(panel('ScadaPanel', 'chat_inline', { station_id: 'PS-7', extra: 1 }));
    expect(stripped.ok && stripped.value.kind === 'registered_component' && stripped.value.props).to.deep.equal({ station_id: 'PS-7' });
    const map = registry.check(mapAction('render_junctions', { render_ref: 'rr_1' }));
    expect(map.ok && map.value.kind === 'map_action' && map.value.request).to.deep.equal({ action: 'render_junctions', params: { renderRef: 'rr_1' } });
  });

  it('refuses props the schema refuses, naming the path and not the value', () => {
    const bad = registry.check(panel('ScadaPanel', 'chat_inline', { station_id: '<img src=x onerror=alert(1)>' }));
    expect(bad).to.deep.include({ ok: false, reason: 'invalid-props' });
    if (!bad.ok) {
      expect(bad.message).to.contain('station_id');
      expect(bad.message).not.to.contain('<img');
    }
    const throwing = new AgentUiRegistry({
      components: [{ name: 'Boom', tagName: 'x-boom', props: { safeParse: () => { throw new Error('schema bug'); } } }],
    });
    expect(reason(throwing, panel('Boom'))).to.equal('invalid-props');
  });
});

describe('AgentUiRegistry with a server registry', () => {
  it('needs a component both registered by the host and listed by the server, on a surface both allow', async () => {
    const info = await serverRegistry();
    const hostOnly = new AgentUiRegistry({ server: info, components: [HISTORY, SCADA, { name: 'ShellPanel', tagName: 'x-shell', props: z.unknown() }] });
    expect(reason(hostOnly, history('2024-03-09T00:00:00Z', '2024-03-10T00:00:00Z'))).to.equal('ok');
    expect(reason(hostOnly, panel('ShellPanel'))).to.equal('unknown-component');
    const serverOnly = new AgentUiRegistry({ server: info, components: [HISTORY] });
    expect(reason(serverOnly, panel('ScadaPanel'))).to.equal('unknown-component');

    const sideOnServer = new AgentUiRegistry({
      server: server((s) => (s.components = [{ name: 'ScadaPanel', surfaces: ['side_panel'] }]), info),
      components: [SCADA],
    });
    expect(reason(sideOnServer, panel('ScadaPanel', 'side_panel'))).to.equal('ok');
    expect(reason(sideOnServer, panel('ScadaPanel', 'canvas'))).to.equal('invalid-surface');
    const canvasOnHost = new AgentUiRegistry({ server: info, components: [{ ...SCADA, surfaces: ['canvas'] }] });
    expect(reason(canvasOnHost, panel('ScadaPanel', 'canvas'))).to.equal('ok');
    expect(reason(canvasOnHost, panel('ScadaPanel', 'side_panel'))).to.equal('invalid-surface');
    const mapOnServer = new AgentUiRegistry({ server: server((s) => (s.components = [{ name: 'ScadaPanel', surfaces: ['map_overlay'] }]), info), components: [SCADA] });
    expect(reason(mapOnServer, panel('ScadaPanel', 'map_overlay'))).to.equal('invalid-surface');
  });

  it("needs the server's chart grammar and one of its chart surfaces", async () => {
    const info = await serverRegistry();
    expect(reason(new AgentUiRegistry({ server: info }), chart('canvas'))).to.equal('ok');
    expect(reason(new AgentUiRegistry({ server: server((s) => (s.chart = null), info) }), chart())).to.equal('unknown-grammar');
    const other = server((s) => (s.chart = { grammar: 'vega-lite', surfaces: ['chat_inline'], seriesTypes: ['line'] }), info);
    expect(reason(new AgentUiRegistry({ server: other }), chart())).to.equal('unknown-grammar');
    const inlineOnly = server((s) => (s.chart = { grammar: 'echarts-safe-subset', surfaces: ['chat_inline'], seriesTypes: ['line', 'bar'] }), info);
    expect(reason(new AgentUiRegistry({ server: inlineOnly }), chart('canvas'))).to.equal('invalid-surface');
    expect(reason(new AgentUiRegistry({ server: inlineOnly }), chart())).to.equal('ok');
  });

  it("needs a map action both this client and the server allow, and a chart's series types the server lists", async () => {
    const info = await serverRegistry();
    const noZoom = new AgentUiRegistry({ server: server((s) => (s.mapActions = s.mapActions.filter((a) => a.name !== 'zoom_to_map')), info) });
    expect(reason(noZoom, mapAction('zoom_to_map', { bbox: [1, 2, 3, 4] }))).to.equal('unknown-map-action');
    expect(reason(noZoom, mapAction('locate_features', { feature_ids: ['J-1'] }))).to.equal('ok');
    const extra = new AgentUiRegistry({ server: server((s) => (s.mapActions = [...s.mapActions, { name: 'run_script', surface: 'map_overlay' }]), info) });
    expect(reason(extra, mapAction('run_script', {}))).to.equal('unknown-map-action');

    const lineOnly = new AgentUiRegistry({ server: server((s) => (s.chart = { grammar: 'echarts-safe-subset', surfaces: ['chat_inline'], seriesTypes: ['line'] }), info) });
    const result = validateEnvelope(serverChart(), lineOnly);
    expect(result.ok ? 'ok' : result.reason).to.equal('invalid-chart');
    expect(validateEnvelope(serverChart(), new AgentUiRegistry({ server: info })).ok).to.equal(true);
  });
});

describe('AgentUiRegistry is immutable', () => {
  it('returns new registries from withServer and withComponent; a second registration replaces the first', async () => {
    const empty = new AgentUiRegistry();
    const one = empty.withComponent(SCADA);
    expect(empty.components).to.deep.equal([]);
    expect(one.components).to.deep.equal([SCADA]);
    const replaced = one.withComponent({ ...SCADA, tagName: 'x-scada-2' });
    expect(replaced.components.map((c) => c.tagName)).to.deep.equal(['x-scada-2']);
    expect(one.components.map((c) => c.tagName)).to.deep.equal(['demo-scada-panel']);
    const info = await serverRegistry();
    const withServer = one.withServer(info);
    expect(one.server).to.equal(null);
    expect(withServer.server).to.equal(info);
    expect(withServer.components).to.deep.equal([SCADA]);
    expect(withServer.withServer(null).server).to.equal(null);
    (one.components as HostComponent[]).push(HISTORY);
    expect(one.components).to.deep.equal([SCADA]);
  });
});

describe('the reference panels', () => {
  const ok = (schema: typeof HistoryPanelProps | typeof ScadaPanelProps, value: unknown) => schema.safeParse(value).success;

  it('HistoryPanel needs two zoned ISO 8601 times, start before end', () => {
    expect(ok(HistoryPanelProps, { start_time: '2024-03-09T00:00:00Z', end_time: '2024-03-10T00:00:00Z' })).to.equal(true);
    expect(ok(HistoryPanelProps, { start_time: '2024-03-09T08:00:00+08:00', end_time: '2024-03-09T00:00:01Z' })).to.equal(true);
    for (const [start_time, end_time] of [
      ['2024-03-10T00:00:00Z', '2024-03-10T00:00:00Z'],
      ['2024-03-10T00:00:00Z', '2024-03-09T00:00:00Z'],
      ['2024-03-09T08:00:00+08:00', '2024-03-09T00:00:00Z'],
      ['2024-03-09', '2024-03-10T00:00:00Z'],
      ['2024-03-09T00:00:00', '2024-03-10T00:00:00Z'],
      ['yesterday', 'today'],
      ['2024-02-30T00:00:00Z', '2024-03-10T00:00:00Z'],
      ['', '2024-03-10T00:00:00Z'],
    ]) {
      expect(ok(HistoryPanelProps, { start_time, end_time }), `${start_time} → ${end_time}`).to.equal(false);
    }
    expect(ok(HistoryPanelProps, { start_time: '2024-03-09T00:00:00Z', end_time: '2024-03-10T00:00:00Z', station: 'x' })).to.equal(false);
  });

  it("HistoryPanel's invalid times are invalid-props through the registry", async () => {
    const registry = new AgentUiRegistry({ server: await serverRegistry(), components: HOST_COMPONENTS });
    for (const [start, end] of [
      ['2024-03-10T00:00:00Z', '2024-03-10T00:00:00Z'],
      ['2024-03-10T00:00:00Z', '2024-03-09T00:00:00Z'],
      ['2024-03-09 00:00', '2024-03-10T00:00:00Z'],
    ]) {
      expect(reason(registry, history(start!, end!))).to.equal('invalid-props');
    }
  });

  it('ScadaPanel needs a station ID and takes some known metrics, each once', () => {
    expect(ok(ScadaPanelProps, { station_id: 'PS-7' })).to.equal(true);
    expect(ok(ScadaPanelProps, { station_id: 'PS-7', metrics: ['pressure', 'flow'] })).to.equal(true);
    for (const props of [
      {},
      { station_id: '' },
      { station_id: 'PS 7' },
      { station_id: 'x'.repeat(AGENT_UI_LIMITS.name + 1) },
      { station_id: 'PS-7', metrics: [] },
      { station_id: 'PS-7', metrics: ['voltage'] },
      { station_id: 'PS-7', metrics: ['flow', 'flow'] },
      { station_id: 'PS-7', command: 'rm -rf /' },
    ]) {
      expect(ok(ScadaPanelProps, props), JSON.stringify(props)).to.equal(false);
    }
  });
});
