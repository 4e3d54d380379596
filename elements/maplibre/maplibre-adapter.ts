/*
 * agent-ui@1 (001_996c0b4640eee42b.txt): a MapAdapter for a MapLibre map the host created. It only drives the map
 * through the few methods of `MapLibreMapLike` and never imports maplibre-gl, which stays an optional peer dependency.
 */
import type { BBox, JunctionCollection, LayerStyle, LngLat, MapActionParams } from '../../src/protocols/agent-ui/types.js';

import type { MapLibrePointFeature, MapLibreGeoJsonSourceInput, MapLibreMapLike, MapLibreAdapterOptions, MapLibreAdapter } from './maplibre-types.js';

export type * from './maplibre-types.js';

/**
 * The feature property the adapter writes each junction's ID to and promotes to the feature ID, so feature state
 * (the highlight) works for string IDs too. Features queried from the source carry it.
 */
export const MAPLIBRE_FEATURE_ID_PROPERTY = 'mantis_feature_id';

/** The LayerStyle keys each layer type takes, and the paint property each one sets. `visible` applies to every type. */
const PAINT_PROPERTIES: Readonly<Record<string, Partial<Record<Exclude<keyof LayerStyle, 'visible'>, string>>>> = {
  circle: { color: 'circle-color', opacity: 'circle-opacity', radius: 'circle-radius', width: 'circle-stroke-width' },
  line: { color: 'line-color', opacity: 'line-opacity', width: 'line-width' },
  fill: { color: 'fill-color', opacity: 'fill-opacity' },
};

const DEFAULT_ID = 'mantis-junctions';
const DEFAULT_RADIUS = 6;
/** How much bigger a highlighted junction is than the others, in pixels. */
const HIGHLIGHT_GROWTH = 3;
const HIGHLIGHTED = ['boolean', ['feature-state', 'highlighted'], false];

class AdapterError extends Error {
  override name = 'MapLibreAdapterError';
}

/**
 * Creates a `MapAdapter` that shows agent-ui@1 map actions on a MapLibre map the host created and keeps.
 *
 * - `renderJunctions` puts the junctions in a GeoJSON source with a circle layer (replacing what it drew before) and
 *   fits the map to them, once the style has loaded.
 * - `locateFeatures` highlights the junctions with those IDs (feature state `highlighted`, a larger circle in the
 *   highlight color), clears earlier highlights and fits the map to them. Unknown IDs are ignored; when none is
 *   known it rejects.
 * - `zoomToMap` fits the map to a [west, south, east, north] bounding box.
 * - `applyLayerStyle` maps a `LayerStyle` to the paint and layout properties of an allowlisted layer's type; keys
 *   the type has no property for are skipped, a layer outside `styleableLayers` or not on the map rejects.
 *
 * Every action returns a promise and reports a failure by rejecting it with a message for people, never by
 * throwing. The adapter imports nothing from maplibre-gl.
 *
 * @param map The host's map (`new maplibregl.Map(…)`), loaded or not.
 * @param options Source and layer IDs, camera padding and animation, the styleable layers, colors.
 * @returns The adapter, with `dispose()` to remove what it added.
 */
export function createMapLibreAdapter(map: MapLibreMapLike, options: MapLibreAdapterOptions = {}): MapLibreAdapter {
  const sourceId = options.sourceId ?? DEFAULT_ID;
  const layerId = options.layerId ?? DEFAULT_ID;
  const labelLayerId = `${layerId}-labels`;
  const padding = options.padding ?? 40;
  const maxZoom = options.maxZoom ?? 17;
  const animate = options.animate === true;
  const highlightColor = options.highlightColor ?? '#e8590c';
  const loadTimeoutMs = options.loadTimeoutMs ?? 15_000;
  const styleable = new Set(options.styleableLayers ?? [layerId, labelLayerId]);

  /** The junction layer's base color and radius: apply_layer_style changes them, the highlight is drawn around them. */
  let color = options.color ?? '#1c7ed6';
  let radius = DEFAULT_RADIUS;
  /** Rendered junctions by ID (as a string), for locate_features. */
  let positions = new Map<string, LngLat>();
  /** The IDs locate_features highlighted last. */
  let highlighted = new Set<string>();
  let disposed = false;
  /** The layers and the source this adapter added (and so may replace and remove); the host's stay untouched. */
  const addedLayers = new Set<string>();
  let addedSource = false;
  /** Pending waits for the style, so dispose can end them. */
  const waiting = new Set<(error: Error) => void>();

  const colorValue = (): unknown => ['case', HIGHLIGHTED, highlightColor, color];
  const radiusValue = (): unknown => ['case', HIGHLIGHTED, radius + HIGHLIGHT_GROWTH, radius];

  /** The style is loaded far enough to add sources and layers (getStyle() is undefined before). */
  const styleReady = (): boolean => map.isStyleLoaded() === true || map.getStyle() !== undefined;

  function whenStyleReady(): Promise<void> {
    if (disposed) return Promise.reject(new AdapterError('The map adapter was disposed.'));
    if (styleReady()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const finish = (error?: Error): void => {
        clearTimeout(timer);
        map.off('load', check);
        map.off('styledata', check);
        waiting.delete(finish);
        if (error) reject(error);
        else resolve();
      };
      const check = (): void => {
        if (styleReady()) finish();
      };
      const timer = setTimeout(() => finish(new AdapterError(`The map's style did not load within ${loadTimeoutMs} ms.`)), loadTimeoutMs);
      waiting.add(finish);
      map.on('load', check);
      map.on('styledata', check);
    });
  }

  function fit(points: readonly LngLat[]): void {
    const [first] = points;
    if (!first) return;
    let [west, south] = first;
    let [east, north] = first;
    for (const [lng, lat] of points) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
    fitBox([west, south, east, north]);
  }

  function fitBox([west, south, east, north]: BBox): void {
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      animate ? { padding, maxZoom, animate: true } : { padding, maxZoom, animate: false, duration: 0 },
    );
  }

  /** A fresh, mutable copy of the junctions, each carrying its ID in MAPLIBRE_FEATURE_ID_PROPERTY. */
  function toSourceData(junctions: JunctionCollection): MapLibreGeoJsonSourceInput['data'] {
    const features = junctions.features.map((feature): MapLibrePointFeature => {
      const own = feature.properties['id'];
      const id = feature.id ?? (typeof own === 'string' || typeof own === 'number' ? own : undefined);
      const [lng, lat] = feature.geometry.coordinates;
      return {
        type: 'Feature',
        ...(feature.id !== undefined ? { id: feature.id } : {}),
        geometry: { type: 'Point', coordinates: [lng, lat] },
        properties: { ...feature.properties, ...(id !== undefined ? { [MAPLIBRE_FEATURE_ID_PROPERTY]: String(id) } : {}) },
      };
    });
    return { type: 'FeatureCollection', features };
  }

  /**
   * Removes the highlight key feature by feature. (Removing a whole source's state and then setting one feature's,
   * before MapLibre applies the changes in a frame, leaves the state set earlier in that frame: MapLibre 6.17.)
   */
  function clearHighlights(keep: ReadonlySet<string> = new Set()): void {
    for (const id of highlighted) if (!keep.has(id)) map.removeFeatureState({ source: sourceId, id }, 'highlighted');
    highlighted = new Set();
  }

  function addLayers(): void {
    if (!map.getLayer(layerId)) {
      addedLayers.add(layerId);
      map.addLayer({
        id: layerId,
        type: 'circle',
        source: sourceId,
        paint: {
          'circle-color': colorValue(),
          'circle-radius': radiusValue(),
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        },
      });
      if (!map.getLayer(layerId)) throw new AdapterError(`The map did not accept the junction layer "${layerId}".`);
    }
    if (options.labels !== true || map.getLayer(labelLayerId)) return;
    const glyphs = map.getStyle()?.glyphs;
    if (typeof glyphs === 'string' && glyphs !== '') {
      addedLayers.add(labelLayerId);
      map.addLayer({
        id: labelLayerId,
        type: 'symbol',
        source: sourceId,
        layout: {
          'text-field': ['get', MAPLIBRE_FEATURE_ID_PROPERTY],
          'text-size': 12,
          'text-offset': [0, 1.2],
          'text-anchor': 'top',
        },
        paint: { 'text-color': '#1f2933', 'text-halo-color': '#ffffff', 'text-halo-width': 1 },
      });
    }
  }

  /** Runs an action after the style is ready; anything it throws becomes a rejection with a readable message. */
  async function run(action: string, body: () => void): Promise<void> {
    await whenStyleReady();
    if (disposed) throw new AdapterError('The map adapter was disposed.');
    try {
      body();
    } catch (error) {
      if (error instanceof AdapterError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new AdapterError(`The map could not ${action}: ${detail}`);
    }
  }

  const adapter: MapLibreAdapter = {
    renderJunctions({ junctions }: MapActionParams['render_junctions']) {
      return run('show the junctions', () => {
        const data = toSourceData(junctions);
        const existing = map.getSource(sourceId);
        if (existing && addedSource && typeof existing.setData === 'function') {
          clearHighlights();
          existing.setData(data);
        } else if (existing) {
          throw new AdapterError(`The map already has a source "${sourceId}" of its own: give the adapter another sourceId.`);
        } else {
          map.addSource(sourceId, { type: 'geojson', data, promoteId: MAPLIBRE_FEATURE_ID_PROPERTY });
          if (!map.getSource(sourceId)) throw new AdapterError(`The map did not accept the junction source "${sourceId}".`);
          addedSource = true;
        }
        addLayers();
        const next = new Map<string, LngLat>();
        for (const feature of data.features) {
          const id = feature.properties[MAPLIBRE_FEATURE_ID_PROPERTY];
          if (typeof id === 'string') next.set(id, feature.geometry.coordinates);
        }
        positions = next;
        fit(data.features.map((feature) => feature.geometry.coordinates));
      });
    },

    locateFeatures({ featureIds }: MapActionParams['locate_features']) {
      return run('locate the features', () => {
        const known = [...new Set(featureIds)].filter((id) => positions.has(id));
        if (known.length === 0 || !map.getSource(sourceId)) {
          const shown = featureIds.slice(0, 5).join(', ') + (featureIds.length > 5 ? ', …' : '');
          throw new AdapterError(
            positions.size === 0
              ? `No junctions are on the map to locate ${shown} among.`
              : `None of the features ${shown} is on the map.`,
          );
        }
        const next = new Set(known);
        clearHighlights(next);
        for (const id of known) map.setFeatureState({ source: sourceId, id }, { highlighted: true });
        highlighted = next;
        if (addedLayers.has(layerId) && map.getLayer(layerId)?.type === 'circle') {
          map.setPaintProperty(layerId, 'circle-color', colorValue());
          map.setPaintProperty(layerId, 'circle-radius', radiusValue());
        }
        fit(known.map((id) => positions.get(id) as LngLat));
      });
    },

    zoomToMap({ bbox }: MapActionParams['zoom_to_map']) {
      return run('zoom to the area', () => fitBox(bbox));
    },

    applyLayerStyle({ layerId: target, style }: MapActionParams['apply_layer_style']) {
      return run(`style the layer "${target}"`, () => {
        if (!styleable.has(target)) throw new AdapterError(`The layer "${target}" is not one the agent may style.`);
        const layer = map.getLayer(target);
        if (!layer) throw new AdapterError(`The layer "${target}" is not on the map.`);
        const own = target === layerId && addedLayers.has(target) && layer.type === 'circle';
        const names = PAINT_PROPERTIES[layer.type] ?? {};
        for (const key of ['color', 'opacity', 'width', 'radius'] as const) {
          const value = style[key];
          const name = names[key];
          if (value === undefined || name === undefined) continue;
          // The junction layer keeps its highlight: its color and radius are the base of the highlight expression.
          if (own && key === 'color' && typeof value === 'string') {
            color = value;
            map.setPaintProperty(target, name, colorValue());
          } else if (own && key === 'radius' && typeof value === 'number') {
            radius = value;
            map.setPaintProperty(target, name, radiusValue());
          } else {
            map.setPaintProperty(target, name, value);
          }
        }
        if (style.visible !== undefined) map.setLayoutProperty(target, 'visibility', style.visible ? 'visible' : 'none');
      });
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      for (const finish of [...waiting]) finish(new AdapterError('The map adapter was disposed.'));
      positions = new Map();
      highlighted = new Set();
      try {
        for (const id of [labelLayerId, layerId]) if (addedLayers.has(id) && map.getLayer(id)) map.removeLayer(id);
        if (addedSource && map.getSource(sourceId)) map.removeSource(sourceId);
      } catch {
        // The map was removed or its style replaced: nothing of the adapter's is left to remove.
      }
    },
  };
  return adapter;
}
