// <agent-envelope> map actions against the reference agent server: the default scenario streamed through a dropped
// connection onto a real MapLibre map (createMapLibreAdapter), and render_refs that do not resolve.
import { expect, fixture, html } from '@open-wc/testing';
import { Map as MapLibreMap, setWorkerUrl, type GeoJSONSource, type StyleSpecification } from 'maplibre-gl';
import { createMapLibreAdapter, type MapLibreAdapter } from '../../../elements/maplibre/index.js';
import type { MapActionParams, MapAdapter } from '../../../src/protocols/agent-ui/types.js';
import {
  AGENT_UI_URL,
  PANEL_TAGS,
  assertInert,
  fallbackOf,
  mount,
  mountIn,
  newSession,
  nextStatus,
  registerTestPanels,
  shadow,
  streamEnvelopes,
  type Mounted,
} from './helpers.js';

registerTestPanels();
// As test/elements/maplibre/maplibre-adapter.test.ts: the runner serves node_modules at /node_modules/.
setWorkerUrl('/node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs');

const JUNCTION_IDS = ['J-101', 'J-102', 'J-103', 'J-104', 'J-105'];
const FIVE = 'Shown on the map: 5 junctions.';
/** Inline only: no tiles, glyphs or sprites from the network. */
const STYLE: StyleSpecification = { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eef' } }] };

const junctionsEnvelope = (renderRef: string) => ({
  kind: 'map_action',
  schemaVersion: 'agent-ui@1',
  action: 'render_junctions',
  surface: 'map_overlay',
  params: { render_ref: renderRef },
  fallbackText: 'Five junctions with their pressures; the map could not show them.',
});

/** A MapAdapter that records what reached it. */
function recordingAdapter(): MapAdapter & { calls: Array<{ action: string; params: unknown }> } {
  const calls: Array<{ action: string; params: unknown }> = [];
  const record = (action: string) => (params: unknown) => void calls.push({ action, params });
  return {
    calls,
    locateFeatures: record('locate_features'),
    zoomToMap: record('zoom_to_map'),
    renderJunctions: record('render_junctions'),
    applyLayerStyle: record('apply_layer_style'),
  };
}

before(async function () {
  this.timeout(120_000);
  await import('../../../elements/agent-envelope/chart-runtime.js');
});

describe('<agent-envelope> with the streamed default scenario and a real MapLibre map', () => {
  let container: HTMLDivElement;
  let map: MapLibreMap;
  let adapter: MapLibreAdapter;

  beforeEach(async () => {
    container = document.createElement('div');
    container.style.cssText = 'position: relative; width: 400px; height: 300px';
    document.body.append(container);
    map = new MapLibreMap({ container, style: STYLE, center: [0, 0], zoom: 1, attributionControl: false, fadeDuration: 0 });
    await map.once('load');
    adapter = createMapLibreAdapter(map);
  });

  afterEach(() => {
    adapter.dispose();
    map.remove();
    container.remove();
  });

  it('renders each envelope of a dropped and resumed stream once: the panel, the chart, and the junctions on the map', async function () {
    this.timeout(60_000);
    const sessionId = newSession();
    const list = await fixture(html`<div></div>`);
    const mounted: Mounted[] = [];
    const { events, envelopes, requests } = await streamEnvelopes(sessionId, { fault: 'drop:1' }, (event) => {
      mounted.push(mountIn(list, { envelope: event.envelope, envelopeId: event.envelope_id, mapAdapter: adapter }, { 'agent-ui-url': AGENT_UI_URL, 'session-id': sessionId }));
    });
    expect(events.at(-1)).to.deep.equal({ type: 'done' });
    // drop:1 ends every response after one envelope: the stream resumed with Last-Event-ID each time.
    expect(requests).to.be.greaterThan(2);
    expect(events.filter((e) => e.type === 'backoff').length).to.be.greaterThan(1);
    const ids = envelopes.map((e) => e.envelope_id);
    expect(new Set(ids).size).to.equal(3);
    expect(envelopes.map((e) => (e.envelope as { kind: string }).kind)).to.deep.equal(['registered_component', 'chart', 'map_action']);
    expect(list.querySelectorAll('agent-envelope')).to.have.length(3);

    const statuses = await Promise.all(mounted.map((m) => nextStatus(m)));
    expect(statuses).to.deep.equal(ids.map((envelopeId) => ({ envelopeId, status: 'rendered' })));
    const [history, chart, junctions] = mounted as [Mounted, Mounted, Mounted];

    const panel = shadow(history.el).querySelector<HTMLElement & { props: unknown }>('[part="component"] test-history-panel');
    expect(panel?.props).to.deep.equal({ start_time: '2024-03-09T00:00:00Z', end_time: '2024-03-10T00:00:00Z' });
    expect(panel?.textContent).to.equal('History from 2024-03-09T00:00:00Z');

    expect(shadow(chart.el).querySelector('[part="chart"] svg'), 'the chart SVG').to.not.equal(null);

    expect(shadow(junctions.el).querySelector('[part="map-status"]')?.textContent).to.equal(FIVE);
    const source = map.getSource<GeoJSONSource>('mantis-junctions');
    expect(source?.type).to.equal('geojson');
    const data = (await source?.getData()) as { features: Array<{ geometry: { coordinates: number[] }; properties: Record<string, unknown> | null }> };
    expect(data.features.map((f) => f.properties?.id)).to.deep.equal(JUNCTION_IDS);
    expect(map.getLayer('mantis-junctions')?.type).to.equal('circle');
    for (const feature of data.features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      expect(map.getBounds().contains([lng, lat]), String(feature.properties?.id)).to.equal(true);
    }
    for (const m of mounted) assertInert(m.el, m.el.envelopeId, PANEL_TAGS);
  });
});

describe('<agent-envelope> map actions that cannot run', () => {
  it('falls back with render-ref-failed for an unknown render_ref, and without a session or agent-ui-url', async () => {
    const cases: Array<{ name: string; agentUiUrl: string; sessionId: string }> = [
      { name: 'unknown ref', agentUiUrl: AGENT_UI_URL, sessionId: newSession() },
      { name: 'no session-id', agentUiUrl: AGENT_UI_URL, sessionId: '' },
      { name: 'no agent-ui-url', agentUiUrl: '', sessionId: newSession() },
    ];
    for (const { name, agentUiUrl, sessionId } of cases) {
      const adapter = recordingAdapter();
      const envelope = junctionsEnvelope('rr_0123456789abcdef01234567');
      const mounted = await mount({ envelope, agentUiUrl, sessionId, mapAdapter: adapter });
      expect(await nextStatus(mounted), name).to.deep.include({ status: 'fallback', reason: 'render-ref-failed' });
      expect(fallbackOf(mounted.el), name).to.deep.equal({ text: envelope.fallbackText, reason: 'render-ref-failed', elements: 0 });
      expect(adapter.calls, name).to.deep.equal([]);
    }
  });

  it("falls back with render-ref-failed for another session's render_ref, which resolves in its own session", async function () {
    this.timeout(30_000);
    const owner = newSession();
    const { envelopes } = await streamEnvelopes(owner, {});
    const envelope = envelopes.find((e) => (e.envelope as { kind: string }).kind === 'map_action')?.envelope as ReturnType<typeof junctionsEnvelope>;
    expect(envelope.params.render_ref).to.match(/^rr_/);

    const stranger = recordingAdapter();
    const elsewhere = await mount({ envelope, agentUiUrl: AGENT_UI_URL, sessionId: newSession(), mapAdapter: stranger });
    expect(await nextStatus(elsewhere)).to.deep.include({ status: 'fallback', reason: 'render-ref-failed' });
    expect(fallbackOf(elsewhere.el).text).to.equal(envelope.fallbackText);
    expect(stranger.calls).to.deep.equal([]);

    const own = recordingAdapter();
    const home = await mount({ envelope, agentUiUrl: AGENT_UI_URL, sessionId: owner, mapAdapter: own });
    expect(await nextStatus(home)).to.deep.include({ status: 'rendered' });
    expect(shadow(home.el).querySelector('[part="map-status"]')?.textContent).to.equal(FIVE);
    expect(own.calls.map((c) => c.action)).to.deep.equal(['render_junctions']);
    const params = own.calls[0]?.params as MapActionParams['render_junctions'];
    expect(params.renderRef).to.equal(envelope.params.render_ref);
    expect(params.junctions.features.map((f) => f.id)).to.deep.equal(JUNCTION_IDS);
  });

  it('falls back with no-surface for a map action without a mapAdapter', async () => {
    const actions = [
      junctionsEnvelope('rr_0123456789abcdef01234567'),
      { kind: 'map_action', schemaVersion: 'agent-ui@1', action: 'zoom_to_map', surface: 'map_overlay', params: { bbox: [121.46, 31.22, 121.48, 31.24] }, fallbackText: 'The network around J-101.' },
    ];
    for (const envelope of actions) {
      const mounted = await mount({ envelope, agentUiUrl: AGENT_UI_URL, sessionId: newSession() });
      expect(await nextStatus(mounted), envelope.action).to.deep.include({ status: 'fallback', reason: 'no-surface' });
      const p = shadow(mounted.el).querySelector('[part="fallback"]');
      expect(p?.getAttribute('data-reason')).to.equal('no-surface');
      // The sentence saying where it would have gone, then the envelope's text.
      expect(p?.querySelector('.where')?.textContent).to.equal('Meant for a map, which this page does not show.');
      expect(p?.textContent?.trim().endsWith(envelope.fallbackText), envelope.action).to.equal(true);
      expect(shadow(mounted.el).querySelector('[part="map-status"]')).to.equal(null);
    }
  });
});
