import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { CheckedChart } from '../../src/protocols/agent-ui/types.js';

/*
 * The chart runtime, loaded lazily (elements/internal/lazy.ts) the first time a chart appears: ECharts with only
 * what the echarts-safe-subset grammar allows (line, bar, pie, scatter; title, legend, tooltip, grid, dataset) and
 * the SVG renderer, and the figure around a chart the agent-ui runtime checked (its title, the chart/table toggle and the
 * data table), so the IIFE carries none of it. The figure is built from text nodes only; <agent-envelope> styles it.
 */
use([LineChart, BarChart, PieChart, ScatterChart, TitleComponent, LegendComponent, TooltipComponent, GridComponent, DatasetComponent, SVGRenderer]);

/** Rows of the data table drawn; the rest is counted in a note. */
export const TABLE_ROWS = 200;

/** The theme tokens a chart is colored with, in series order after the text and border colors. */
const PALETTE = ['--_accent', '--_info', '--_success', '--_warning', '--_danger'];

interface ChartColors {
  readonly text: string;
  readonly muted: string;
  readonly border: string;
  readonly surface: string;
  readonly palette: readonly string[];
}

/** The element's theme tokens as colors ECharts understands: light-dark() pairs resolved by a probe's computed color. */
function colorsAt(root: Node & ParentNode): ChartColors {
  const probe = document.createElement('span');
  root.append(probe);
  const resolve = (name: string): string => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  const colors = { text: resolve('--_text'), muted: resolve('--_muted'), border: resolve('--_border'), surface: resolve('--_surface'), palette: PALETTE.map(resolve) };
  probe.remove();
  return colors;
}

function theme(colors: ChartColors): Record<string, unknown> {
  const axis = {
    axisLine: { lineStyle: { color: colors.border } },
    axisTick: { lineStyle: { color: colors.border } },
    axisLabel: { color: colors.muted },
    splitLine: { lineStyle: { color: colors.border, opacity: 0.5 } },
    nameTextStyle: { color: colors.muted },
  };
  return {
    color: [...colors.palette],
    backgroundColor: 'transparent',
    textStyle: { color: colors.text },
    title: { textStyle: { color: colors.text }, subtextStyle: { color: colors.muted } },
    legend: { textStyle: { color: colors.text } },
    tooltip: { backgroundColor: colors.surface, borderColor: colors.border, textStyle: { color: colors.text } },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    logAxis: axis,
  };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function dataTable(chart: CheckedChart): HTMLElement {
  const { columns, rows } = chart.table;
  const head = element('tr', {}, ...columns.map((c) => element('th', { scope: 'col' }, c)));
  const body = rows.slice(0, TABLE_ROWS).map((row) => element('tr', {}, ...row.map((cell) => element('td', {}, cell === null ? '' : String(cell)))));
  const table = element('table', { part: 'table' }, element('caption', { class: 'visually-hidden' }, chart.title), element('thead', {}, head), element('tbody', {}, ...body));
  const wrap = element('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': `Data of ${chart.title}` }, table);
  if (rows.length > TABLE_ROWS) wrap.append(element('p', { class: 'note' }, `Showing ${TABLE_ROWS} of ${rows.length} rows.`));
  return wrap;
}

/** A drawn chart: removing it disposes ECharts and everything it observes. */
export interface ChartFigure {
  dispose(): void;
}

/**
 * Draws a checked chart into `root` (the element's shadow root part for it): a figure with the title, a Table
 * toggle, the ECharts SVG (role img) and, when toggled, the data table. The chart resizes with its area and is
 * recolored when the theme changes (a `transitionend` on the area's `color`, which the element's styles animate).
 * The option is copied: ECharts never holds the caller's objects. Animation is off: a chart in a conversation reads
 * at once, and tests see its final SVG.
 */
export function mountChart(root: HTMLElement, chart: CheckedChart): ChartFigure {
  const area = element('div', { part: 'chart', class: 'chart', role: 'img', 'aria-label': `Chart: ${chart.title}. Press Table for its data.` });
  const toggle = element('button', { part: 'chart-toggle', type: 'button', 'aria-pressed': 'false' }, 'Table');
  // The toggle sits beside the caption, not in it: "Table" is no part of the figure's name.
  const subtext = (chart.option['title'] as { subtext?: unknown } | undefined)?.subtext;
  const caption = element('figcaption', { class: 'chart-title' }, chart.title);
  if (typeof subtext === 'string' && subtext) caption.append(element('span', { class: 'chart-subtext' }, subtext));
  const figure = element('figure', { class: 'chart-figure' }, caption, toggle, area);
  root.replaceChildren(figure);
  const instance = init(area, theme(colorsAt(root)), { renderer: 'svg' });
  const option = structuredClone(chart.option) as Record<string, unknown> & { title?: Record<string, unknown> };
  // The figure's caption says the title (and its subtext): ECharts does not draw it a second time.
  if (option.title) option.title = { ...option.title, show: false };
  // Tooltips drawn in the SVG, not as an HTML overlay: ECharts writes that overlay with innerHTML and inline styles,
  // which a page with Trusted Types and a strict style policy refuses (docs/strict-pages.md).
  const tooltip = option['tooltip'];
  if (tooltip && typeof tooltip === 'object' && !Array.isArray(tooltip)) option['tooltip'] = { ...tooltip, renderMode: 'richText' };
  instance.setOption({ ...option, animation: false });
  let table: HTMLElement | null = null;
  toggle.addEventListener('click', () => {
    const showTable = table === null;
    toggle.setAttribute('aria-pressed', String(showTable));
    area.hidden = showTable;
    if (showTable) figure.append((table = dataTable(chart)));
    else {
      table?.remove();
      table = null;
      instance.resize();
    }
  });
  // Not while the table shows: a hidden area would be drawn at a fallback width.
  const resize = new ResizeObserver(() => {
    if (!area.hidden) instance.resize();
  });
  resize.observe(area);
  area.addEventListener('transitionend', (event) => {
    if (event.target === area && event.propertyName === 'color') instance.setTheme(theme(colorsAt(root)));
  });
  return {
    dispose() {
      resize.disconnect();
      // zrender empties its container and its SVG by assigning innerHTML, a Trusted Types sink: here they are emptied
      // with DOM calls instead (both are thrown away).
      for (const node of [area, ...area.querySelectorAll('svg')]) {
        Object.defineProperty(node, 'innerHTML', { configurable: true, set: () => node.replaceChildren() });
      }
      instance.dispose();
      root.replaceChildren();
    },
  };
}
