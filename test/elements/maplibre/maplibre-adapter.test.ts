import { expect } from '@open-wc/testing';
import { Map as MapLibreMap, addProtocol, removeProtocol, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import {
  MAPLIBRE_FEATURE_ID_PROPERTY,
  createMapLibreAdapter,
  type MapLibreAdapter,
  type MapLibreAdapterOptions,
} from '../../../elements/maplibre/maplibre-adapter.js';
import type { BBox, JunctionCollection } from '../../../src/protocols/agent-ui/types.js';

// The runner serves node_modules at /node_modules/ (nodeResolve); MapLibre would derive the same URL from its own
// module URL, but a host sets it explicitly, as a bundled build must.
setWorkerUrl('/node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs');

/** What the reference server's render_ref resolves to (demo/server/agent-ui.ts, junctions()). */
const JUNCTIONS: JunctionCollection = {
  type: 'FeatureCollection',
  features: (
    [
      ['J-101', 121.4705, 31.2304, 312, 4.2],
      ['J-102', 121.4731, 31.2318, 298, 4.8],
      ['J-103', 121.4768, 31.2297, 305, 3.9],
      ['J-104', 121.4689, 31.2276, 287, 5.1],
      ['J-105', 121.4742, 31.2262, 276, 5.6],
    ] as const
  ).map(([id, lon, lat, pressure, elevation]) => ({
    type: 'Feature' as const,
    id,
    geometry: { type: 'Point' as const, coordinates: [lon, lat] as const },
    properties: { id, pressure_kpa: pressure, elevation_m: elevation },
  })),
};
const IDS = JUNCTIONS.features.map((f) => String(f.id));
const at = (id: string): [number, number] => {
  const feature = JUNCTIONS.features.find((f) => f.id === id);
  if (!feature) throw new Error(id);
  return [feature.geometry.coordinates[0], feature.geometry.coordinates[1]];
};

/** Inline only: no tiles, glyphs or sprites from the network. */
const STYLE: StyleSpecification = {
  version: 8,
  sources: {
    area: {
      type: 'geojson',
      data: {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [121.48, 31.22],
              [121.486, 31.22],
              [121.486, 31.236],
              [121.48, 31.236],
              [121.48, 31.22],
            ],
          ],
        },
      },
    },
  },
  layers: [
    { id: 'bg', type: 'background', paint: { 'background-color': '#eef' } },
    { id: 'water', type: 'fill', source: 'area', paint: { 'fill-color': '#a5d8ff' } },
    { id: 'shore', type: 'line', source: 'area', paint: { 'line-color': '#339af0', 'line-width': 1 } },
  ],
};

const RENDER = { renderRef: 'rr_test', junctions: JUNCTIONS };
const JUNCTION_COLOR = '#1c7ed6';

let container: HTMLDivElement;
let map: MapLibreMap;
const adapters: MapLibreAdapter[] = [];

/** A real MapLibre map in a 400×300 container; resolves once it has loaded unless `loaded` is false. */
async function createMap(loaded = true, style: StyleSpecification | string = STYLE): Promise<MapLibreMap> {
  container = document.createElement('div');
  container.style.cssText = 'position: relative; width: 400px; height: 300px';
  document.body.append(container);
  map = new MapLibreMap({
    container,
    style,
    center: [0, 0],
    zoom: 1,
    attributionControl: false,
    fadeDuration: 0,
    canvasContextAttributes: { preserveDrawingBuffer: true },
  });
  if (loaded) await map.once('load');
  return map;
}

function adapt(options?: MapLibreAdapterOptions): MapLibreAdapter {
  const adapter = createMapLibreAdapter(map, options);
  adapters.push(adapter);
  return adapter;
}

async function rejection(promise: void | Promise<void>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(Error);
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const contains = (point: [number, number]): boolean => map.getBounds().contains(point);

/** The canvas pixel at a map position, as [r, g, b]. */
function pixelAt(point: [number, number]): [number, number, number] {
  const canvas = map.getCanvas();
  const scale = canvas.width / canvas.clientWidth;
  const { x, y } = map.project(point);
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(canvas, 0, 0);
  const [r = 0, g = 0, b = 0] = context.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
  return [r, g, b];
}

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const close = (a: readonly number[], b: readonly number[]): boolean => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= 12);

describe('createMapLibreAdapter on a real MapLibre map', () => {
  afterEach(() => {
    for (const adapter of adapters.splice(0)) adapter.dispose();
    map.remove();
    container.remove();
  });

  it('renders the junctions in a GeoJSON source and a circle layer, and fits the map to them', async () => {
    await createMap();
    await adapt().renderJunctions(RENDER);
    expect(map.getSource('mantis-junctions')?.type).to.equal('geojson');
    expect(map.getLayer('mantis-junctions')?.type).to.equal('circle');
    for (const id of IDS) expect(contains(at(id)), id).to.equal(true);
    expect(map.getZoom()).to.be.greaterThan(12);

    // The data went through MapLibre's worker, with the IDs promoted for feature state, and was drawn with WebGL.
    await map.once('idle');
    const features = map.querySourceFeatures('mantis-junctions');
    expect(new Set(features.map((f) => f.properties[MAPLIBRE_FEATURE_ID_PROPERTY]))).to.deep.equal(new Set(IDS));
    expect(new Set(features.map((f) => f.id))).to.deep.equal(new Set(IDS));
    expect(map.queryRenderedFeatures({ layers: ['mantis-junctions'] }).length).to.be.at.least(5);
    // From the URL set above (MapLibre's own default would carry ?v=6.x).
    const workers = performance.getEntriesByType('resource').map((e) => new URL(e.name)).filter((u) => u.pathname.includes('worker'));
    expect(workers.map((u) => u.pathname + u.search)).to.include('/node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs');
    expect(close(pixelAt(at('J-101')), rgb(JUNCTION_COLOR)), `pixel ${pixelAt(at('J-101'))}`).to.equal(true);
  });

  it('waits for the style to load before it renders', async () => {
    await createMap(false);
    expect(map.isStyleLoaded()).to.equal(false);
    await adapt().renderJunctions(RENDER);
    expect(map.getLayer('mantis-junctions')?.type).to.equal('circle');
    for (const id of IDS) expect(contains(at(id)), id).to.equal(true);
  });

  it('replaces what it rendered before and clears the highlights', async () => {
    await createMap();
    const adapter = adapt();
    await adapter.renderJunctions(RENDER);
    await adapter.locateFeatures({ featureIds: ['J-101'] });
    const two: JunctionCollection = { type: 'FeatureCollection', features: JUNCTIONS.features.slice(3) };
    await adapter.renderJunctions({ renderRef: 'rr_two', junctions: two });
    expect(map.getFeatureState({ source: 'mantis-junctions', id: 'J-101' })).to.deep.equal({});
    await map.once('idle');
    const ids = new Set(map.querySourceFeatures('mantis-junctions').map((f) => f.id));
    expect(ids).to.deep.equal(new Set(['J-104', 'J-105']));
    expect((await rejection(adapter.locateFeatures({ featureIds: ['J-101'] }))).message).to.contain('J-101');

    // Highlight, replace and highlight again within one frame: only the last highlight stays.
    await adapter.locateFeatures({ featureIds: ['J-104'] });
    await adapter.renderJunctions(RENDER);
    await adapter.locateFeatures({ featureIds: ['J-105'] });
    const states = IDS.map((id) => map.getFeatureState({ source: 'mantis-junctions', id }));
    expect(states).to.deep.equal([{}, {}, {}, {}, { highlighted: true }]);
  });

  it('labels only when the style has glyphs', async () => {
    await createMap();
    await adapt({ labels: true }).renderJunctions(RENDER);
    expect(map.getLayer('mantis-junctions')).to.not.equal(undefined);
    expect(map.getLayer('mantis-junctions-labels')).to.equal(undefined);
  });

  it('locates features: highlights them through feature state, clears earlier highlights, and fits to them', async () => {
    await createMap();
    const adapter = adapt();
    await adapter.renderJunctions(RENDER);
    const overview = map.getZoom();

    await adapter.locateFeatures({ featureIds: ['J-103'] });
    expect(map.getFeatureState({ source: 'mantis-junctions', id: 'J-103' })).to.deep.equal({ highlighted: true });

    await adapter.locateFeatures({ featureIds: ['J-102', 'J-999', 'J-104'] });
    for (const id of IDS) {
      const expected = id === 'J-102' || id === 'J-104' ? { highlighted: true } : {};
      expect(map.getFeatureState({ source: 'mantis-junctions', id }), id).to.deep.equal(expected);
    }
    expect(contains(at('J-102')) && contains(at('J-104'))).to.equal(true);
    expect(map.getZoom()).to.be.greaterThan(overview);
    const [lng, lat] = [(at('J-102')[0] + at('J-104')[0]) / 2, (at('J-102')[1] + at('J-104')[1]) / 2];
    expect(map.getCenter().lng).to.be.closeTo(lng, 0.001);
    expect(map.getCenter().lat).to.be.closeTo(lat, 0.001);

    // The circle color and radius depend on the state: a highlighted junction is drawn in the highlight color.
    expect(JSON.stringify(map.getPaintProperty('mantis-junctions', 'circle-color'))).to.contain('feature-state');
    expect(JSON.stringify(map.getPaintProperty('mantis-junctions', 'circle-radius'))).to.contain('feature-state');
    await map.once('idle');
    expect(close(pixelAt(at('J-102')), rgb('#e8590c')), `pixel ${pixelAt(at('J-102'))}`).to.equal(true);
  });

  it('rejects a locate when none of the IDs is on the map, and leaves the highlights', async () => {
    await createMap();
    const adapter = adapt();
    expect((await rejection(adapter.locateFeatures({ featureIds: ['J-101'] }))).message).to.match(/No junctions are on the map/);
    await adapter.renderJunctions(RENDER);
    await adapter.locateFeatures({ featureIds: ['J-105'] });
    const zoom = map.getZoom();
    const error = await rejection(adapter.locateFeatures({ featureIds: ['J-998', 'J-999'] }));
    expect(error.message).to.equal('None of the features J-998, J-999 is on the map.');
    expect(map.getFeatureState({ source: 'mantis-junctions', id: 'J-105' })).to.deep.equal({ highlighted: true });
    expect(map.getZoom()).to.equal(zoom);
  });

  it('zooms to a bounding box', async () => {
    await createMap();
    const bbox: BBox = [121.46, 31.22, 121.48, 31.24];
    await adapt({ padding: 0 }).zoomToMap({ bbox });
    const bounds = map.getBounds();
    const eps = 1e-6;
    expect(bounds.getWest()).to.be.at.most(bbox[0] + eps);
    expect(bounds.getSouth()).to.be.at.most(bbox[1] + eps);
    expect(bounds.getEast()).to.be.at.least(bbox[2] - eps);
    expect(bounds.getNorth()).to.be.at.least(bbox[3] - eps);
    // Fitted, not merely contained: the box fills the map in one direction (400×300 px, so north to south here).
    expect(bounds.getNorth() - bounds.getSouth()).to.be.closeTo(bbox[3] - bbox[1], 0.001);
    expect(map.getCenter().lng).to.be.closeTo(121.47, 0.0005);
    expect(map.getCenter().lat).to.be.closeTo(31.23, 0.0005);
  });

  it('keeps the padding and stops at maxZoom', async () => {
    await createMap();
    await adapt({ padding: 50, maxZoom: 15 }).zoomToMap({ bbox: [121.47, 31.23, 121.4701, 31.2301] });
    expect(map.getZoom()).to.equal(15);
    await adapt({ padding: 50 }).zoomToMap({ bbox: [121.46, 31.22, 121.48, 31.24] });
    const sw = map.project([121.46, 31.22]);
    const ne = map.project([121.48, 31.24]);
    expect(Math.min(sw.x, 400 - ne.x, ne.y, 300 - sw.y)).to.be.closeTo(50, 1);
  });

  it('applies a style to its own circle layer and keeps the highlight', async () => {
    await createMap();
    const adapter = adapt();
    await adapter.renderJunctions(RENDER);
    await adapter.applyLayerStyle({ layerId: 'mantis-junctions', style: { color: '#2f9e44', opacity: 0.5, width: 3, radius: 10 } });
    const color = JSON.stringify(map.getPaintProperty('mantis-junctions', 'circle-color'));
    expect(color).to.contain('#2f9e44').and.to.contain('feature-state');
    const radius = JSON.stringify(map.getPaintProperty('mantis-junctions', 'circle-radius'));
    expect(radius).to.contain('10').and.to.contain('feature-state');
    expect(map.getPaintProperty('mantis-junctions', 'circle-opacity')).to.equal(0.5);
    expect(map.getPaintProperty('mantis-junctions', 'circle-stroke-width')).to.equal(3);
    await map.once('idle');
    // #2f9e44 at half opacity over the #eeeeff background.
    expect(close(pixelAt(at('J-101')), [143, 198, 162]), `pixel ${pixelAt(at('J-101'))}`).to.equal(true);

    await adapter.applyLayerStyle({ layerId: 'mantis-junctions', style: { visible: false } });
    expect(map.getLayoutProperty('mantis-junctions', 'visibility')).to.equal('none');
    await adapter.applyLayerStyle({ layerId: 'mantis-junctions', style: { visible: true } });
    expect(map.getLayoutProperty('mantis-junctions', 'visibility')).to.equal('visible');
  });

  it('styles the host layers it is allowed to, by their type, skipping keys the type has no property for', async () => {
    await createMap();
    const adapter = adapt({ styleableLayers: ['water', 'shore'] });
    await adapter.applyLayerStyle({ layerId: 'shore', style: { color: '#ff0000', opacity: 0.25, width: 4, radius: 9 } });
    expect(map.getPaintProperty('shore', 'line-color')).to.equal('#ff0000');
    expect(map.getPaintProperty('shore', 'line-opacity')).to.equal(0.25);
    expect(map.getPaintProperty('shore', 'line-width')).to.equal(4);
    await adapter.applyLayerStyle({ layerId: 'water', style: { color: '#00ff00', opacity: 0.75, width: 4, radius: 9, visible: false } });
    expect(map.getPaintProperty('water', 'fill-color')).to.equal('#00ff00');
    expect(map.getPaintProperty('water', 'fill-opacity')).to.equal(0.75);
    expect(map.getPaintProperty('water', 'fill-outline-color')).to.equal(undefined);
    expect(map.getLayoutProperty('water', 'visibility')).to.equal('none');
  });

  it('refuses a layer outside the allowlist, and an allowlisted layer that is not on the map', async () => {
    await createMap();
    const adapter = adapt();
    expect((await rejection(adapter.applyLayerStyle({ layerId: 'water', style: { color: '#000000' } }))).message).to.equal(
      'The layer "water" is not one the agent may style.',
    );
    expect(map.getPaintProperty('water', 'fill-color')).to.equal('#a5d8ff');
    // Its own layer is allowlisted by default, but is not on the map before the junctions are rendered.
    expect((await rejection(adapter.applyLayerStyle({ layerId: 'mantis-junctions', style: { color: '#000000' } }))).message).to.equal(
      'The layer "mantis-junctions" is not on the map.',
    );
    const other = adapt({ styleableLayers: ['nowhere'] });
    expect((await rejection(other.applyLayerStyle({ layerId: 'nowhere', style: { opacity: 1 } }))).message).to.contain('not on the map');
  });

  it('does not take over a source of the host with the same ID', async () => {
    await createMap();
    map.addSource('mantis-junctions', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const error = await rejection(adapt().renderJunctions(RENDER));
    expect(error.message).to.contain('already has a source "mantis-junctions"');
    await adapt({ sourceId: 'agent-junctions', layerId: 'agent-junctions' }).renderJunctions(RENDER);
    expect(map.getLayer('agent-junctions')?.type).to.equal('circle');
  });

  it('removes what it added on dispose, leaves the host layers, and rejects later actions', async () => {
    await createMap();
    const adapter = adapt();
    await adapter.renderJunctions(RENDER);
    adapter.dispose();
    adapter.dispose();
    expect(map.getLayer('mantis-junctions')).to.equal(undefined);
    expect(map.getSource('mantis-junctions')).to.equal(undefined);
    expect(map.getLayer('water')?.type).to.equal('fill');
    expect((await rejection(adapter.zoomToMap({ bbox: [121.46, 31.22, 121.48, 31.24] }))).message).to.match(/disposed/);
  });

  it('rejects when the style does not load in time', async () => {
    // A style that never arrives, so the outcome does not depend on timing.
    addProtocol('pending', () => new Promise(() => undefined));
    try {
      await createMap(false, 'pending://style.json');
      const error = await rejection(adapt({ loadTimeoutMs: 50 }).renderJunctions(RENDER));
      expect(error.message).to.equal("The map's style did not load within 50 ms.");
      expect(map.getStyle()).to.equal(undefined);
    } finally {
      removeProtocol('pending');
    }
  });

  it('ends a wait for the style on dispose', async () => {
    await createMap(false);
    const adapter = adapt();
    const pending = rejection(adapter.renderJunctions(RENDER));
    adapter.dispose();
    expect((await pending).message).to.match(/disposed/);
    await map.once('load');
    expect(map.getSource('mantis-junctions')).to.equal(undefined);
  });
});
