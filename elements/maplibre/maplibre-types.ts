/*
 * The few parts of a MapLibre map the adapter uses (maplibre-adapter.ts), as structural types: maplibre-gl 5 and 6
 * maps fit them, and this package never imports maplibre-gl.
 */
import type { MapAdapter } from '../../src/protocols/agent-ui/types.js';

/** Insets in pixels, as MapLibre's `PaddingOptions`. */
export interface MapLibrePadding {
  /** Pixels kept free at the top. */
  readonly top: number;
  /** Pixels kept free at the bottom. */
  readonly bottom: number;
  /** Pixels kept free on the left. */
  readonly left: number;
  /** Pixels kept free on the right. */
  readonly right: number;
}

/** The options the adapter passes to `fitBounds` (a subset of MapLibre's `FitBoundsOptions`). */
export interface MapLibreFitOptions {
  /** Pixels kept free around the bounds. */
  padding?: number | MapLibrePadding;
  /** The highest zoom the fit may reach. */
  maxZoom?: number;
  /** False: jump, ending the move before `fitBounds` returns. */
  animate?: boolean;
  /** The move's duration in milliseconds (0 with `animate: false`). */
  duration?: number;
}

/** A GeoJSON point feature as the adapter hands it to MapLibre (a fresh, mutable copy of the validated data). */
export interface MapLibrePointFeature {
  /** Always `'Feature'`. */
  type: 'Feature';
  /** The feature's own ID, copied when it has one. */
  id?: string | number;
  /** The junction's position, [longitude, latitude]. */
  geometry: { type: 'Point'; coordinates: [number, number] };
  /** The junction's properties, plus its ID as a string in `MAPLIBRE_FEATURE_ID_PROPERTY`. */
  properties: Record<string, string | number | boolean | null>;
}

/** The GeoJSON source the adapter adds (a subset of MapLibre's `GeoJSONSourceSpecification`). */
export interface MapLibreGeoJsonSourceInput {
  /** Always `'geojson'`. */
  type: 'geojson';
  /** The junctions. */
  data: { type: 'FeatureCollection'; features: MapLibrePointFeature[] };
  /** The property promoted to the feature ID, for feature state: `MAPLIBRE_FEATURE_ID_PROPERTY`. */
  promoteId: string;
}

/**
 * A layer as `addLayer` takes it. The adapter adds a `circle` layer (and a `symbol` layer for labels) on its own
 * source; the type is as wide as MapLibre's `AddLayerObject` so that a `maplibregl.Map` fits `MapLibreMapLike`.
 */
export interface MapLibreLayerInput {
  /** The layer ID. */
  id: string;
  /** The layer type: `circle` or `symbol` from the adapter. */
  type: string;
  /** The source ID. */
  source?: unknown;
  /** Paint properties by name (values or expressions). */
  paint?: Readonly<Record<string, unknown>>;
  /** Layout properties by name (values or expressions). */
  layout?: Readonly<Record<string, unknown>>;
}

/** Identifies one feature, or with no `id` every feature, of a GeoJSON source for feature state. */
export interface MapLibreFeatureTarget {
  /** The source ID. */
  source: string;
  /** The feature ID (the promoted property's value). */
  id?: string | number;
}

/**
 * The part of a MapLibre GL JS `Map` the adapter calls: a `maplibregl.Map` satisfies it. The adapter needs nothing
 * else, so the host keeps creating, sizing and removing the map.
 */
export interface MapLibreMapLike {
  /** Adds a source to the style. */
  addSource(id: string, source: MapLibreGeoJsonSourceInput): unknown;
  /** The source with that ID, or undefined. */
  getSource(id: string): MapLibreSourceLike | undefined;
  /** Removes a source (its layers first). */
  removeSource(id: string): unknown;
  /** Adds a layer on top of the others, or below `beforeId`. */
  addLayer(layer: MapLibreLayerInput, beforeId?: string): unknown;
  /** The layer's type (`circle`, `line`, `fill`, `symbol`…), or undefined when the style has no such layer. */
  getLayer(id: string): { readonly type: string } | undefined;
  /** Removes a layer. */
  removeLayer(id: string): unknown;
  /** Sets one paint property of a layer. */
  setPaintProperty(layerId: string, name: string, value: unknown): unknown;
  /** Sets one layout property of a layer. */
  setLayoutProperty(layerId: string, name: string, value: unknown): unknown;
  /** Merges state into a feature's state. */
  setFeatureState(target: MapLibreFeatureTarget & { id: string | number }, state: Record<string, unknown>): unknown;
  /** Removes one key of a feature's state, a feature's whole state, or (no `id`) the source's. */
  removeFeatureState(target: MapLibreFeatureTarget, key?: string): unknown;
  /** Moves the camera so the bounds, [[west, south], [east, north]], fill the map. */
  fitBounds(bounds: [[number, number], [number, number]], options?: MapLibreFitOptions): unknown;
  /** True once the style and its sources are loaded. */
  isStyleLoaded(): boolean | void;
  /** The style, or undefined (whatever the type says) while it is still loading. */
  getStyle(): { readonly glyphs?: string } | undefined;
  /** Listens to a map event. */
  on(type: 'load' | 'styledata', listener: () => void): unknown;
  /** Stops listening to a map event. */
  off(type: 'load' | 'styledata', listener: () => void): unknown;
}

/** A source of the map, as `getSource` returns it: a GeoJSON source has `setData`. */
export interface MapLibreSourceLike {
  /** The source type (`geojson`, `vector`…). */
  readonly type?: string;
  /** Replaces a GeoJSON source's data. */
  setData?(data: MapLibreGeoJsonSourceInput['data']): unknown;
}

/** How `createMapLibreAdapter` draws junctions and moves the camera. Every option has a default. */
export interface MapLibreAdapterOptions {
  /** The GeoJSON source that holds the rendered junctions. Default `'mantis-junctions'`. */
  readonly sourceId?: string;
  /** The circle layer that draws them; a label layer, when on, is `${layerId}-labels`. Default `'mantis-junctions'`. */
  readonly layerId?: string;
  /** Pixels kept free around fitted features and bounding boxes. Default 40. */
  readonly padding?: number | MapLibrePadding;
  /** Animate camera moves. Default false: every move ends before the action resolves (deterministic for tests). */
  readonly animate?: boolean;
  /**
   * The layers `apply_layer_style` may change; any other layer is refused. Default: the adapter's own junction
   * layers (the circle layer and, when on, its label layer).
   */
  readonly styleableLayers?: readonly string[];
  /** The highest zoom a fit goes to (one junction, a tiny bounding box). Default 17. */
  readonly maxZoom?: number;
  /** The junctions' color. Default `'#1c7ed6'`. */
  readonly color?: string;
  /** The color of junctions `locate_features` highlights. Default `'#e8590c'`. */
  readonly highlightColor?: string;
  /**
   * Label each junction with its ID in a symbol layer. Only when the style names a glyphs URL (labels need fonts);
   * without one no label layer is added. Default false.
   */
  readonly labels?: boolean;
  /** How long an action waits for the map's style to load before it rejects, in milliseconds. Default 15000. */
  readonly loadTimeoutMs?: number;
}

/** The map adapter `createMapLibreAdapter` returns: the four map actions and `dispose`. */
export interface MapLibreAdapter extends MapAdapter {
  /** Removes the layers and the source the adapter added; later actions reject. Safe to call more than once. */
  dispose(): void;
}
