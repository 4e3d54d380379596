/*
 * agent-ui@1 (001_996c0b4640eee42b.txt) gives no sizes: these bounds are ours, named once. The envelope's byte and
 * depth limits bind first for most payloads; the others bound what one chart, map action or panel may ask for.
 */
import { ENVELOPE_THREAD_LIMITS } from '../../limits.js';

export const AGENT_UI_LIMITS = {
  /** UTF-8 bytes of one envelope as JSON (its text as received, or `JSON.stringify` of a parsed value). */
  envelopeBytes: ENVELOPE_THREAD_LIMITS.envelopeBytes,
  /** Nesting depth of any value an envelope carries; the envelope object itself is depth 1. */
  depth: 12,
  /** Characters of `fallbackText`; `fallbackTextOf` cuts a longer one to this. */
  fallbackText: ENVELOPE_THREAD_LIMITS.fallbackText,
  /** Characters of a component name, map action name, layer ID, feature ID, station ID or render_ref. */
  name: 64,
  /** Characters of any string in a chart spec or its data: titles, names, categories, cells. */
  chartString: 200,
  /** Series in one chart (and colors in its palette, names in its legend). */
  series: 16,
  /** Rows of a chart's data (the dataset's `source`, a series' inline `data`, an axis' categories). */
  rows: 2000,
  /** Columns of a chart's data (its `dimensions`), and cells of one inline data item. */
  columns: 32,
  /** Axes on each side of a chart: `xAxis` and `yAxis` are one axis or an array of at most this many. */
  axes: 2,
  /** Pixels: the largest size or position a chart may give (font size, symbol size, line width, grid offset). */
  chartPixels: 4096,
  /** Feature IDs one `locate_features` may name. */
  featureIds: 200,
  /** Features in one render_ref payload. */
  features: 5000,
  /** Property keys of one feature of a render_ref payload. */
  featureProperties: 32,
  /** Characters of one string property of a feature. */
  propertyString: 500,
  /** UTF-8 bytes of one render_ref payload as JSON. */
  renderRefBytes: 4 * 1024 * 1024,
  /** Line width `apply_layer_style` may set, in pixels. */
  layerWidth: 20,
  /** Circle radius `apply_layer_style` may set, in pixels. */
  layerRadius: 50,
  /** Entries of each list in the server's UI registry (surfaces, components, map actions, series types). */
  registryEntries: 64,
  /** Characters of each string in the server's UI registry (names and descriptions). */
  registryText: 1000,
  /**
   * Failed reads of the registry in a row after which envelopes waiting for it fall back (with why) instead of staying
   * pending; they still render if a later read succeeds.
   */
  registryReads: 3,
} as const;

/**
 * What names and IDs look like. Their length is `AGENT_UI_LIMITS.name`, checked beside the pattern, so no
 * pattern repeats a number.
 */
export const AGENT_UI_PATTERNS = {
  /** A registered component's name: `HistoryPanel`. */
  component: /^[A-Za-z][A-Za-z0-9_]*$/,
  /** A map action's name: `zoom_to_map`. */
  mapAction: /^[a-z][a-z0-9_]*$/,
  /** A feature, layer or station ID: `J-101`, `junctions-fill`, `PS-7`, `sensor:12.a`. */
  id: /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/,
  /** A render_ref: `rr_3f2a…`. */
  renderRef: /^[A-Za-z0-9_-]+$/,
  /** The only colors anything may set: `#rgb` or `#rrggbb`. */
  hexColor: /^#(?:[0-9A-Fa-f]{3}){1,2}$/,
} as const;
