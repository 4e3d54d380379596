/*
 * agent-ui@1 (001_996c0b4640eee42b.txt): the types every part of the protocol shares. The schemas that produce
 * them live beside this file (envelope.ts, chart.ts, map.ts, registry.ts); the elements render them.
 */

export const AGENT_UI_SCHEMA_VERSION = 'agent-ui@1';
export const CHART_GRAMMAR = 'echarts-safe-subset';

/** Where an envelope asks to be shown. */
export const UI_SURFACES = ['chat_inline', 'side_panel', 'canvas', 'map_overlay'] as const;
export type UiSurface = (typeof UI_SURFACES)[number];

/** The four map actions this client implements (the registry may allow fewer). */
export const MAP_ACTIONS = ['locate_features', 'zoom_to_map', 'render_junctions', 'apply_layer_style'] as const;
export type MapActionName = (typeof MAP_ACTIONS)[number];

/** A registered business panel: the host maps `component` to a custom element and checks `props` with its schema. */
export interface RegisteredComponentEnvelope {
  readonly kind: 'registered_component';
  readonly schemaVersion: typeof AGENT_UI_SCHEMA_VERSION;
  readonly component: string;
  readonly surface: UiSurface;
  readonly props: unknown;
  readonly data?: unknown;
  readonly fallbackText?: string;
}

/** A chart in the echarts-safe-subset grammar; `spec` and `data` are checked by chart.ts before anything draws. */
export interface ChartEnvelope {
  readonly kind: 'chart';
  readonly schemaVersion: typeof AGENT_UI_SCHEMA_VERSION;
  readonly grammar: typeof CHART_GRAMMAR;
  readonly surface: Exclude<UiSurface, 'map_overlay'>;
  readonly spec: unknown;
  readonly data: unknown;
  readonly fallbackText?: string;
}

/** A WebGIS map action: valid only on `map_overlay`; `params` are checked per action by map.ts. */
export interface MapActionEnvelope {
  readonly kind: 'map_action';
  readonly schemaVersion: typeof AGENT_UI_SCHEMA_VERSION;
  readonly action: string;
  readonly surface: 'map_overlay';
  readonly params: unknown;
  readonly fallbackText?: string;
}

export type UIEnvelope = RegisteredComponentEnvelope | ChartEnvelope | MapActionEnvelope;

/** Why an envelope was not rendered as asked (its fallback shows instead). */
export type EnvelopeRejection =
  /** Not a UIEnvelope: bad JSON, unknown kind or version, missing or extra fields, over a size limit. */
  | 'invalid-envelope'
  /** A surface the kind does not allow (a map_action off map_overlay, a chart on map_overlay). */
  | 'invalid-surface'
  /** A component the registry (server or host) does not list. */
  | 'unknown-component'
  /** Props (or data) that the component's schema refuses. */
  | 'invalid-props'
  /** A chart grammar other than echarts-safe-subset, or one the registry does not allow. */
  | 'unknown-grammar'
  /** A chart spec or data outside the safe subset. */
  | 'invalid-chart'
  /** A map action the registry or this client does not know. */
  | 'unknown-map-action'
  /** Map action parameters that fail their schema. */
  | 'invalid-map-params'
  /** A surface the page provides nothing for (no canvas, no map adapter). */
  | 'no-surface'
  /** The render_ref payload could not be fetched (404, network) or is not valid GeoJSON of the allowed shape. */
  | 'render-ref-failed'
  /** The registry could not be loaded (yet): the envelope stays pending and renders when it arrives. */
  | 'registry-unavailable'
  /** The renderer itself failed (a chart library that did not load, a map adapter that threw). */
  | 'render-failed';

/** A failed check: a reason from the list above and one sentence for people (never a stack trace). */
export interface EnvelopeProblem {
  readonly reason: EnvelopeRejection;
  readonly message: string;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | ({ readonly ok: false } & EnvelopeProblem);

/** The render status persisted with each envelope, and the entry of a message (001 "State Persistence", exactly). */
export { RENDER_STATUSES, type RenderStatus, type UiEnvelopeEntry } from '../../message/messages.js';

/** Something with Zod's `safeParse` (zod and zod/mini schemas both fit): a host component's props schema. */
export interface PropsSchema<T = unknown> {
  safeParse(value: unknown): { readonly success: true; readonly data: T } | { readonly success: false; readonly error: { readonly issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }> } };
}

/** A business panel the host registers in code. */
export interface HostComponent {
  /** The name envelopes use (`HistoryPanel`). */
  readonly name: string;
  /**
   * The custom element that renders it (a valid custom element name); it receives the checked props as its `props`
   * property and the checked data as `data`.
   */
  readonly tagName: string;
  /** Checks the envelope's `props`; only its output reaches the element. */
  readonly props: PropsSchema;
  /** Checks the envelope's `data`; only its output reaches the element. Without it, `data` is left out. */
  readonly data?: PropsSchema;
  /** Surfaces it may appear on; all but map_overlay by default. */
  readonly surfaces?: readonly Exclude<UiSurface, 'map_overlay'>[];
}

/** A GeoJSON position: [longitude, latitude] in WGS 84 degrees. */
export type LngLat = readonly [number, number];
/** [west, south, east, north] in WGS 84 degrees. */
export type BBox = readonly [number, number, number, number];

/** The GeoJSON a render_ref resolves to, after validation: points with flat, bounded properties. */
export interface JunctionFeature {
  readonly type: 'Feature';
  readonly id?: string | number;
  readonly geometry: { readonly type: 'Point'; readonly coordinates: LngLat };
  readonly properties: Readonly<Record<string, string | number | boolean | null>>;
}
export interface JunctionCollection {
  readonly type: 'FeatureCollection';
  readonly features: readonly JunctionFeature[];
}

/** Paint properties apply_layer_style may set; each bounded (map.ts). */
export interface LayerStyle {
  readonly color?: string;
  readonly opacity?: number;
  readonly width?: number;
  readonly radius?: number;
  readonly visible?: boolean;
}

/** Validated parameters of each map action, as a MapAdapter receives them. */
export interface MapActionParams {
  readonly locate_features: { readonly featureIds: readonly string[] };
  readonly zoom_to_map: { readonly bbox: BBox };
  readonly render_junctions: { readonly renderRef: string; readonly junctions: JunctionCollection };
  readonly apply_layer_style: { readonly layerId: string; readonly style: LayerStyle };
}

/** A checked map action, ready for a MapAdapter. */
export type MapCommand = { [K in MapActionName]: { readonly action: K; readonly params: MapActionParams[K] } }[MapActionName];

/**
 * The map the host provides. Every call gets parameters that already passed their schema; an adapter that throws
 * or rejects marks the envelope `error` and shows its fallback. `createMapLibreAdapter` implements it for MapLibre.
 */
export interface MapAdapter {
  locateFeatures(params: MapActionParams['locate_features']): void | Promise<void>;
  zoomToMap(params: MapActionParams['zoom_to_map']): void | Promise<void>;
  renderJunctions(params: MapActionParams['render_junctions']): void | Promise<void>;
  applyLayerStyle(params: MapActionParams['apply_layer_style']): void | Promise<void>;
}

/** A chart after the safe-subset check: the ECharts option to draw and the same data as a table. */
export interface CheckedChart {
  /** Plain data only (no functions, no URLs, no templates), with `dataset` filled from the envelope's `data`. */
  readonly option: Readonly<Record<string, unknown>>;
  readonly title: string;
  readonly table: { readonly columns: readonly string[]; readonly rows: ReadonlyArray<ReadonlyArray<string | number | null>> };
}
