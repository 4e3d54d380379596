// The demo's map, for agent-ui@1 map actions. maplibre-gl 6 ships ES modules only (dist/maplibre-gl.mjs, no UMD
// script with a `maplibregl` global), so this is a module script:
//   <script type="module" src="map.mjs"></script>   beside an element <div id="map"></div>
// The reference server serves node_modules/maplibre-gl/dist at /vendor/maplibre-gl/; a server of the project's root
// (the browser test runner, which serves this page for test/demo/demo-page.test.ts) has it at its own path, tried next.
// Everything the style needs is inline: no tiles, glyphs or sprites from the network. It sets window.maplibregl and
// window.demoMap, and dispatches `demo-map-ready` on window (detail: { map }) for scripts that ran before it (classic
// deferred scripts run in document order with module scripts).
const FOLDERS = ['/vendor/maplibre-gl/', '/node_modules/maplibre-gl/dist/'];

/** MapLibre's module and the folder it came from (its worker and CSS are beside it). */
async function loadMapLibre() {
  let failure;
  for (const folder of FOLDERS) {
    try {
      return { maplibregl: await import(`${folder}maplibre-gl.mjs`), VENDOR: folder };
    } catch (error) {
      failure = error;
    }
  }
  const box = document.getElementById('map');
  if (box) box.textContent = 'MapLibre could not be loaded: the map actions fall back to their text.';
  throw failure;
}

const { maplibregl, VENDOR } = await loadMapLibre();

// Explicit, as a bundled build must do; MapLibre would derive the same URL (with ?v=) from its module URL.
maplibregl.setWorkerUrl(`${VENDOR}maplibre-gl-worker.mjs`);
window.maplibregl = maplibregl;

if (!document.querySelector(`link[href="${VENDOR}maplibre-gl.css"]`)) {
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = `${VENDOR}maplibre-gl.css`;
  document.head.append(css);
}

/** A polygon from [lng, lat] corners (closed here). */
const polygon = (corners) => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'Polygon', coordinates: [[...corners, corners[0]]] },
});

/** The junctions of the reference server's render_ref (demo/server/agent-ui.ts), joined by water mains. */
const J = {
  101: [121.4705, 31.2304],
  102: [121.4731, 31.2318],
  103: [121.4768, 31.2297],
  104: [121.4689, 31.2276],
  105: [121.4742, 31.2262],
};

/**
 * Host layers an adapter may allowlist for apply_layer_style: `river` (fill), `river-bank` and `mains` (line),
 * `park` (fill). The adapter adds its own `mantis-junctions` circle layer on top.
 */
const STYLE = {
  version: 8,
  name: 'mantis-ui demo',
  sources: {
    river: {
      type: 'geojson',
      data: polygon([
        [121.4779, 31.2205],
        [121.4832, 31.2212],
        [121.4846, 31.2268],
        [121.4835, 31.2335],
        [121.4796, 31.2372],
        [121.4772, 31.2338],
        [121.4791, 31.2281],
      ]),
    },
    park: {
      type: 'geojson',
      data: polygon([
        [121.4648, 31.2312],
        [121.4684, 31.2316],
        [121.4688, 31.2338],
        [121.4651, 31.2341],
      ]),
    },
    mains: {
      type: 'geojson',
      data: {
        type: 'Feature',
        properties: {},
        geometry: { type: 'LineString', coordinates: [J[104], J[101], J[102], J[103], J[105], J[104]] },
      },
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
    { id: 'park', type: 'fill', source: 'park', paint: { 'fill-color': '#d3ecc4' } },
    { id: 'river', type: 'fill', source: 'river', paint: { 'fill-color': '#a5d8ff' } },
    { id: 'river-bank', type: 'line', source: 'river', paint: { 'line-color': '#74c0fc', 'line-width': 1 } },
    { id: 'mains', type: 'line', source: 'mains', paint: { 'line-color': '#868e96', 'line-width': 2 } },
  ],
};

const container = document.getElementById('map');
if (container) {
  if (container.clientHeight === 0) container.style.minHeight = '320px';
  try {
    const map = new maplibregl.Map({
      container,
      style: STYLE,
      center: [121.4728, 31.229],
      zoom: 14.2,
      attributionControl: false,
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    window.demoMap = map;
    window.dispatchEvent(new CustomEvent('demo-map-ready', { detail: { map } }));
  } catch (error) {
    // No WebGL (MapLibre needs WebGL2): the map actions fall back to their text.
    container.textContent = `The map could not start: ${error instanceof Error ? error.message : String(error)}`;
    console.warn('demo map:', error);
  }
}
