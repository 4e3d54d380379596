/*
 * The echarts-safe-subset grammar of agent-ui@1 (001_996c0b4640eee42b.txt): a strict schema over the few ECharts
 * options a chart in a conversation needs, data as a `{dimensions, source}` dataset, and a scan of every string for
 * code, markup, templates and URLs. Keys that could run or fetch something (formatter, rich, graphic, image symbols,
 * background images) are not in the schema; the scan is a second net under it.
 */
import * as z from 'zod/mini';
import { CHART_SERIES_TYPES, CONTROL_CHARS, HexColor, between, fail, isForbiddenKey, issueAt, ok, optionalShape, part, pathAt, readJson, some } from './envelope.js';
import { keyedBy, tupleOf } from '../../schema/json-shapes.js';
import { AGENT_UI_LIMITS as L } from './limits.js';
import { CHART_GRAMMAR, type Checked, type CheckedChart } from './types.js';
import { integer } from '../../schema/integer.js';

export { CHART_SERIES_TYPES, type ChartSeriesType } from './envelope.js';

/** Built-in ECharts symbols: never `image://` or `path://`. */
export const CHART_SYMBOLS = ['circle', 'rect', 'roundRect', 'triangle', 'diamond', 'pin', 'arrow', 'none'] as const;

const Text = z.string().check(z.maxLength(L.chartString));
const Num = z.number();
const Bool = z.boolean();
const Cell = z.union([Text, Num, z.literal(null)]);
const Values = z.union([Cell, some(Cell, L.columns)]);
const Pixels = between(0, L.chartPixels);
const Unit = between(0, 1);
const Length = z.union([Pixels, z.string().check(z.regex(/^(?:100|\d\d?(?:\.\d+)?)%$/))]);
const Place = z.union([Length, z.literal(['left', 'center', 'right', 'top', 'middle', 'bottom', 'auto'])]);
const Dimensions = z.union([Text, some(Text, L.columns)]);
const show = { show: Bool };
const sides = { left: Place, top: Place, right: Place, bottom: Place };
const TextStyle = part({ color: HexColor, fontSize: Pixels, fontWeight: z.literal(['normal', 'bold', 'bolder', 'lighter']) });
const ItemStyle = part({ color: HexColor, opacity: Unit, borderColor: HexColor, borderWidth: Pixels });
const AxisIndex = integer().check(z.gte(0), z.lt(L.axes));

const Axis = part({
  ...show,
  type: z.literal(['category', 'value', 'time', 'log']),
  name: Text,
  nameLocation: z.literal(['start', 'middle', 'center', 'end']),
  position: z.literal(['top', 'bottom', 'left', 'right']),
  min: Num,
  max: Num,
  inverse: Bool,
  scale: Bool,
  boundaryGap: Bool,
  data: some(z.union([Text, Num]), L.rows),
  axisLabel: part({ ...show, rotate: between(-90, 90), color: HexColor }),
  splitLine: part(show),
});
const Axes = z.union([Axis, some(Axis, L.axes)]);

const Series = z.strictObject({
  type: z.literal(CHART_SERIES_TYPES),
  ...optionalShape({
    name: Text,
    /** Dimension names of the data, checked against its `dimensions`. */
    encode: part({ x: Dimensions, y: Dimensions, itemName: Dimensions, value: Dimensions, tooltip: Dimensions }),
    /** Inline data, only when the envelope has no dataset: numbers, `[x, y]`, or `{name, value}` (pie). */
    data: some(z.union([Values, part({ name: Text, value: Values, itemStyle: ItemStyle })]), L.rows),
    xAxisIndex: AxisIndex,
    yAxisIndex: AxisIndex,
    smooth: Bool,
    stack: Text,
    showSymbol: Bool,
    symbol: z.literal(CHART_SYMBOLS),
    symbolSize: Pixels,
    barWidth: Length,
    radius: z.union([Length, tupleOf([Length, Length])]),
    center: tupleOf([Length, Length]),
    label: part({
      ...show,
      position: z.literal(['top', 'bottom', 'left', 'right', 'inside', 'outside', 'center', 'insideTop', 'insideBottom', 'insideLeft', 'insideRight']),
    }),
    itemStyle: ItemStyle,
    lineStyle: part({ color: HexColor, width: Pixels, opacity: Unit, type: z.literal(['solid', 'dashed', 'dotted']) }),
    areaStyle: part({ color: HexColor, opacity: Unit }),
  }),
});

/** The ECharts option of the echarts-safe-subset grammar: no dataset (it comes from the envelope's `data`). */
export const ChartSpec = z.strictObject({
  ...optionalShape({
    title: part({ ...show, ...sides, text: Text, subtext: Text, textAlign: z.literal(['left', 'center', 'right']), textStyle: TextStyle, subtextStyle: TextStyle }),
    legend: part({ ...show, ...sides, type: z.literal(['plain', 'scroll']), orient: z.literal(['horizontal', 'vertical']), data: some(Text, L.series), textStyle: TextStyle }),
    tooltip: part({ ...show, trigger: z.literal(['item', 'axis', 'none']) }),
    grid: part({ ...show, left: Length, top: Length, right: Length, bottom: Length, containLabel: Bool }),
    xAxis: Axes,
    yAxis: Axes,
    color: some(HexColor, L.series),
    backgroundColor: HexColor,
    textStyle: TextStyle,
    animation: Bool,
  }),
  series: some(Series, L.series).check(z.minLength(1)),
});

/**
 * The envelope's `data`: named dimensions and rows of cells, each row an array in dimension order or a flat object
 * keyed by dimension names (missing keys are null). Null or absent when every series carries its own `data`.
 */
export const ChartData = z.strictObject({
  dimensions: some(Text.check(z.minLength(1)), L.columns).check(z.minLength(1)),
  source: some(z.union([some(Cell, L.columns), keyedBy(Cell, L.chartString)]), L.rows),
});

type Row = Array<string | number | null>;
type Item = z.output<typeof Series>;

/**
 * Markup and character references, code (arrows, `function(`, backticks), templates (`{b}`, `{@x}`, `{a|rich}`)
 * and `data:` URLs.
 */
const UNSAFE = /[<>`]|&#?\w+;|=>|\bfunction\b\s*[\w$]*\s*\(|\{[^{}]*\}|data:(?!\s)/i;
/** Schemes, `//` (`image://`, `path://`, protocol-relative) and `url(`, after dropping what a URL parser skips. */
const UNSAFE_URL = /(?:java|vb)script:|https?:|file:|blob:|\/\/|url\(/i;
const unsafe = (text: string): boolean =>
  isForbiddenKey(text) || CONTROL_CHARS.test(text) || UNSAFE.test(text) || UNSAFE_URL.test(text.replace(/\s+/g, ''));

/** Where the first unsafe string (or key) is, if any. */
function findUnsafe(value: unknown, path: PropertyKey[]): PropertyKey[] | undefined {
  if (typeof value === 'string') return unsafe(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (unsafe(key)) return at;
    const found = findUnsafe(item, at);
    if (found) return found;
  }
  return undefined;
}

const invalid = (message: string): Checked<never> => fail('invalid-chart', message);
const list = <T>(value: T | readonly T[] | undefined): readonly T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value as T]);

/**
 * Checks a chart envelope's `spec` and `data` against the echarts-safe-subset grammar. Never throws. The option
 * returned is a fresh plain tree (never the input objects) with `dataset` built from `data`; the table is the same
 * data for people and screen readers: the dataset, or, for series with inline data, one row per point
 * (series, name, value). `seriesTypes`: the types a server registry allows (all four when absent).
 */
export function checkChart(spec: unknown, data: unknown, seriesTypes?: readonly string[]): Checked<CheckedChart> {
  const plainSpec = readJson(spec, L.envelopeBytes);
  const plainData = data === undefined || data === null ? { value: null } : readJson(data, L.envelopeBytes);
  if (!plainSpec || !plainData) return invalid(`The chart is not plain JSON within ${L.envelopeBytes} bytes and depth ${L.depth}.`);
  const found = findUnsafe(plainSpec.value, ['spec']) ?? findUnsafe(plainData.value, ['data']);
  if (found) return invalid(`A chart string looks like code, markup, a template or a URL${pathAt(found)}.`);
  const parsed = ChartSpec.safeParse(plainSpec.value);
  if (!parsed.success) return invalid(`The chart spec is outside the ${CHART_GRAMMAR} grammar${issueAt(parsed.error.issues)}.`);
  const option = parsed.data;
  const series: readonly Item[] = option.series;
  if (seriesTypes && series.some((item) => !seriesTypes.includes(item.type))) return invalid('The chart uses a series type the server does not allow.');
  const title = option.title?.text?.trim() || 'Chart';

  if (plainData.value === null) {
    if (series.some((item) => !item.data || item.encode)) return invalid('Without chart data, every series needs its own data and no encode.');
    const axis = [...list(option.xAxis), ...list(option.yAxis)].find((a) => a.type === 'category' && a.data);
    const name = (i: number) => axis?.data?.[i] ?? i + 1;
    const rows = series.flatMap((item, s) =>
      (item.data ?? []).map((point, i): Row => {
        const label = item.name ?? `Series ${s + 1}`;
        if (Array.isArray(point)) return [label, point[0] ?? null, point[1] ?? null];
        if (point === null || typeof point !== 'object') return [label, name(i), point];
        const value = point.value ?? null;
        return Array.isArray(value) ? [label, point.name ?? value[0] ?? null, value[1] ?? null] : [label, point.name ?? name(i), value];
      }),
    );
    return ok({ option, title, table: { columns: ['Series', 'Name', 'Value'], rows } });
  }

  const dataset = ChartData.safeParse(plainData.value);
  if (!dataset.success) return invalid(`The chart data is not {dimensions, source} within the limits${issueAt(dataset.error.issues)}.`);
  const { dimensions, source } = dataset.data;
  if (new Set(dimensions).size !== dimensions.length) return invalid('The chart data names a dimension twice.');
  const rows: Row[] = [];
  for (const row of source) {
    if (Array.isArray(row) ? row.length !== dimensions.length : Object.keys(row).some((key) => !dimensions.includes(key))) {
      return invalid(`Row ${rows.length} of the chart data does not match its dimensions.`);
    }
    rows.push(Array.isArray(row) ? row : dimensions.map((d) => (Object.hasOwn(row, d) ? (row[d] ?? null) : null)));
  }
  for (const [s, item] of series.entries()) {
    if (item.data) return invalid(`Series ${s} has inline data beside the chart data.`);
    if (Object.values(item.encode ?? {}).some((names) => list(names).some((n) => !dimensions.includes(n)))) {
      return invalid(`Series ${s} encodes a dimension the chart data does not have.`);
    }
  }
  return ok({
    option: { ...option, dataset: { dimensions: [...dimensions], source: rows } },
    title,
    table: { columns: [...dimensions], rows: rows.map((row) => [...row]) },
  });
}
