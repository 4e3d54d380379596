import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { registerEnvelopeComponent, type AgentEnvelope } from '../../../elements/agent-envelope/agent-envelope.js';
import { HistoryPanelProps } from '../../../src/protocols/agent-ui/history-panel.js';
import type { MapAdapter, MapActionParams } from '../../../src/protocols/agent-ui/types.js';
import { mount, nextStatus } from './helpers.js';

/*
 * A map action changes the page's map: it runs once per envelope and map, whatever makes its element render again
 * (a registration, a move in the page, a new headers function), in the order asked, and a replay that draws the
 * newest messages first does not put an older action over a newer one. A fake adapter records calls (the real
 * MapLibre path is in agent-envelope-map.test.ts).
 */

const zoom = (west: number) => ({
  kind: 'map_action',
  schemaVersion: 'agent-ui@1',
  action: 'zoom_to_map',
  surface: 'map_overlay',
  params: { bbox: [west, 31.22, west + 0.02, 31.24] },
  fallbackText: 'A zoom the map could not show.',
});

function recorder(): { adapter: MapAdapter; calls: Array<MapActionParams['zoom_to_map']> } {
  const calls: Array<MapActionParams['zoom_to_map']> = [];
  const adapter: MapAdapter = {
    zoomToMap: (params) => void calls.push(params),
    locateFeatures: () => undefined,
    renderJunctions: () => undefined,
    applyLayerStyle: () => undefined,
  };
  return { adapter, calls };
}

describe('<agent-envelope> map actions run once, in order', () => {
  it('does not run again when the element renders again: a registration, a move, a new headers function', async () => {
    const { adapter, calls } = recorder();
    const mounted = await mount({ envelope: zoom(121.46), mapAdapter: adapter, envelopeId: 'z1' });
    expect((await nextStatus(mounted)).status).to.equal('rendered');
    expect(calls).to.have.length(1);

    // A registration renders every envelope on the page again.
    registerEnvelopeComponent({ name: 'HistoryPanel', tagName: 'queue-history-panel', props: HistoryPanelProps });
    mounted.el.agentUiHeaders = () => ({ authorization: 'Bearer new' });
    const parent = mounted.el.parentElement as HTMLElement;
    mounted.el.remove();
    parent.append(mounted.el);
    await waitUntil(() => mounted.el.shadowRoot?.querySelector('[part="map-status"]'), 'no map status after the move');
    expect(calls).to.have.length(1);
    // The status was reported once: nothing changed.
    expect(mounted.statuses.map((s) => s.status)).to.deep.equal(['rendered']);

    // Another map is another map: the action runs there too.
    const other = recorder();
    mounted.el.mapAdapter = other.adapter;
    await waitUntil(() => other.calls.length === 1, 'not run on the new map');
  });

  it('never applies an older action over a newer one on the same map (a replay draws newest first)', async () => {
    const { adapter, calls } = recorder();
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const newer = document.createElement('agent-envelope') as AgentEnvelope;
    Object.assign(newer, { envelope: zoom(121.5), mapAdapter: adapter, createdAt: 2000 });
    wrap.append(newer);
    await waitUntil(() => calls.length === 1, 'the newer action did not run');
    const older = document.createElement('agent-envelope') as AgentEnvelope;
    Object.assign(older, { envelope: zoom(121.4), mapAdapter: adapter, createdAt: 1000 });
    wrap.prepend(older);
    await waitUntil(() => older.shadowRoot?.querySelector('[part="map-status"]'), 'the older one shows no status');
    expect(calls.map((c) => c.bbox[0])).to.deep.equal([121.5]);
  });

  it('runs the actions asked for one after another, in that order', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((done) => (release = done));
    const adapter: MapAdapter = {
      zoomToMap: async ({ bbox }) => {
        if (bbox[0] === 121.3) await slow;
        order.push(String(bbox[0]));
      },
      locateFeatures: () => undefined,
      renderJunctions: () => undefined,
      applyLayerStyle: () => undefined,
    };
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    for (const west of [121.3, 121.35]) {
      const el = document.createElement('agent-envelope') as AgentEnvelope;
      Object.assign(el, { envelope: zoom(west), mapAdapter: adapter });
      wrap.append(el);
    }
    // The second waits for the first, however long the first takes.
    await new Promise((done) => setTimeout(done, 50));
    expect(order).to.deep.equal([]);
    release();
    await waitUntil(() => order.length === 2, 'not both ran');
    expect(order).to.deep.equal(['121.3', '121.35']);
  });
});
