/*
 * What the reference agent server's agent-ui@1 endpoints say (001_996c0b4640eee42b.txt): the UI registry, the
 * GeoJSON a render_ref resolves to, and the scripted envelopes of each scenario. agent-ui.ts serves them.
 */

export const SCHEMA_VERSION = 'agent-ui@1';
export const CHART_GRAMMAR = 'echarts-safe-subset';
export const UI_SURFACES = ['chat_inline', 'side_panel', 'canvas', 'map_overlay'] as const;
export const SCENARIOS = ['default', 'invalid'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The registry: what a frontend may render. Anything not listed here is rejected by the frontend. */
export const UI_REGISTRY = {
  schemaVersion: SCHEMA_VERSION,
  surfaces: UI_SURFACES,
  chart: {
    grammar: CHART_GRAMMAR,
    surfaces: ['chat_inline', 'side_panel', 'canvas'],
    description:
      'Declarative ECharts options only: title, legend, tooltip (no formatter), xAxis, yAxis and series of type line, bar, scatter or pie, ' +
      'with data from the envelope `data` ({dimensions, source}). No functions, formatter strings, rich text, HTML or URLs.',
    seriesTypes: ['line', 'bar', 'scatter', 'pie'],
  },
  components: [
    {
      name: 'HistoryPanel',
      surfaces: ['chat_inline', 'side_panel', 'canvas'],
      description: 'Historical monitoring values for a time window.',
      props: {
        start_time: 'ISO 8601 timestamp, required',
        end_time: 'ISO 8601 timestamp, required, later than start_time',
      },
    },
    {
      name: 'ScadaPanel',
      surfaces: ['chat_inline', 'side_panel', 'canvas'],
      description: 'Live SCADA readings of one station.',
      props: {
        station_id: 'string, required: the station to show',
        metrics: 'optional array of metric names (e.g. "pressure", "flow"); all metrics when absent',
      },
    },
  ],
  mapActions: [
    { name: 'locate_features', surface: 'map_overlay', params: { feature_ids: 'array of feature IDs to highlight and fit in view' } },
    { name: 'zoom_to_map', surface: 'map_overlay', params: { bbox: '[west, south, east, north] in WGS 84 degrees' } },
    {
      name: 'render_junctions',
      surface: 'map_overlay',
      params: { render_ref: 'only this: resolve the payload with GET /api/v1/agent/chat/render-ref/:render_ref?session_id=:session_id' },
    },
    { name: 'apply_layer_style', surface: 'map_overlay', params: { layer_id: 'a known layer ID', style: 'an allowlisted style preset name' } },
  ],
  tools: [
    { tool: 'show_chart', kind: 'chart' },
    { tool: 'locate_features', kind: 'map_action', action: 'locate_features' },
    { tool: 'zoom_to_map', kind: 'map_action', action: 'zoom_to_map' },
    { tool: 'render_junctions', kind: 'map_action', action: 'render_junctions' },
    { tool: 'apply_layer_style', kind: 'map_action', action: 'apply_layer_style' },
    { tool: 'view_history', kind: 'registered_component', component: 'HistoryPanel' },
    { tool: 'view_scada', kind: 'registered_component', component: 'ScadaPanel' },
  ],
} as const;

/** A GeoJSON point feature of the render-ref payload. */
interface JunctionFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { id: string; pressure_kpa: number; elevation_m: number };
}
export interface JunctionCollection {
  type: 'FeatureCollection';
  features: JunctionFeature[];
}

export function junctions(): JunctionCollection {
  const rows: Array<[string, number, number, number, number]> = [
    ['J-101', 121.4705, 31.2304, 312, 4.2],
    ['J-102', 121.4731, 31.2318, 298, 4.8],
    ['J-103', 121.4768, 31.2297, 305, 3.9],
    ['J-104', 121.4689, 31.2276, 287, 5.1],
    ['J-105', 121.4742, 31.2262, 276, 5.6],
  ];
  return {
    type: 'FeatureCollection',
    features: rows.map(([id, lon, lat, pressure, elevation]) => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { id, pressure_kpa: pressure, elevation_m: elevation },
    })),
  };
}

/** The scripted envelopes of a scenario, before IDs and times are assigned. */
export function script(scenario: Scenario, renderRef: string): Array<{ envelope: unknown; renderRef?: string }> {
  const history = (start_time: string, end_time: string) => ({
    kind: 'registered_component',
    schemaVersion: SCHEMA_VERSION,
    component: 'HistoryPanel',
    surface: 'chat_inline',
    props: { start_time, end_time },
    fallbackText: `Monitoring history from ${start_time} to ${end_time}.`,
  });
  const chart = {
    kind: 'chart',
    schemaVersion: SCHEMA_VERSION,
    grammar: CHART_GRAMMAR,
    surface: 'chat_inline',
    spec: {
      title: { text: 'Pressure at J-101 (kPa)' },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', name: 'time' },
      yAxis: { type: 'value', name: 'kPa' },
      series: [
        { type: 'line', name: 'Pressure', encode: { x: 'time', y: 'pressure_kpa' } },
        { type: 'bar', name: 'Demand', encode: { x: 'time', y: 'demand_m3h' } },
      ],
    },
    data: {
      dimensions: ['time', 'pressure_kpa', 'demand_m3h'],
      source: [
        ['06:00', 318, 42],
        ['08:00', 301, 77],
        ['10:00', 296, 81],
        ['12:00', 305, 69],
        ['14:00', 309, 58],
      ],
    },
    fallbackText: 'Pressure at J-101 fell from 318 kPa at 06:00 to 296 kPa at 10:00, then recovered to 309 kPa by 14:00.',
  };
  if (scenario === 'default') {
    return [
      { envelope: history('2024-03-09T00:00:00Z', '2024-03-10T00:00:00Z') },
      { envelope: chart },
      {
        envelope: {
          kind: 'map_action',
          schemaVersion: SCHEMA_VERSION,
          action: 'render_junctions',
          surface: 'map_overlay',
          params: { render_ref: renderRef },
          fallbackText: 'Five junctions with their pressures; the map could not show them.',
        },
        renderRef,
      },
    ];
  }
  return [
    // An unknown kind: never rendered, whatever it carries.
    {
      envelope: {
        kind: 'html',
        schemaVersion: SCHEMA_VERSION,
        surface: 'chat_inline',
        html: '<img src=x onerror="alert(1)">',
        fallbackText: 'An envelope of an unknown kind.',
      },
    },
    // map_action is valid only on map_overlay.
    {
      envelope: {
        kind: 'map_action',
        schemaVersion: SCHEMA_VERSION,
        action: 'zoom_to_map',
        surface: 'chat_inline',
        params: { bbox: [121.46, 31.22, 121.48, 31.24] },
        fallbackText: 'A map action on the wrong surface.',
      },
    },
    // The one valid envelope: rendering must go on after rejected ones.
    { envelope: chart },
    // view_history needs start_time < end_time: equal, then reversed.
    { envelope: history('2024-03-10T00:00:00Z', '2024-03-10T00:00:00Z') },
    { envelope: history('2024-03-10T00:00:00Z', '2024-03-09T00:00:00Z') },
    // A component the registry does not list.
    {
      envelope: {
        kind: 'registered_component',
        schemaVersion: SCHEMA_VERSION,
        component: 'ShellPanel',
        surface: 'side_panel',
        props: { command: 'rm -rf /' },
        fallbackText: 'A component that is not registered.',
      },
    },
  ];
}
