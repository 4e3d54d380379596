import { expect } from '@open-wc/testing';
import { CHART_SERIES_TYPES, checkChart } from '../../../src/protocols/agent-ui/chart.js';
import { AGENT_UI_LIMITS } from '../../../src/protocols/agent-ui/limits.js';
import { OWN_ATTACKS, sharedCorpusOrSkip } from '../../helpers/corpus.js';
import { serverChart } from './fixtures.js';

type Spec = Record<string, unknown>;
const base = () => serverChart();
/** The server's chart with `change` applied to a copy of its spec. */
const withSpec = (change: (spec: Spec & ReturnType<typeof serverChart>['spec']) => void) => {
  const { spec, data } = base();
  change(spec);
  return checkChart(spec, data);
};
const reasonOf = (result: ReturnType<typeof checkChart>) => (result.ok ? 'ok' : result.reason);
const series = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'line', name: `S${i}`, encode: { x: 'time', y: 'pressure_kpa' } }));
const DANGEROUS = /[<>]|javascript:|data:\S|https?:|\/\/|url\(|=>|\{[^{}]*\}/i;

describe('checkChart', () => {
  it("accepts the reference server's chart, with the dataset from its data and a table", () => {
    const { spec, data } = base();
    const result = checkChart(spec, data);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.title).to.equal('Pressure at J-101 (kPa)');
    expect(result.value.option.dataset).to.deep.equal({ dimensions: data.dimensions, source: data.source });
    expect(result.value.option.series).to.deep.equal(spec.series);
    expect(result.value.table).to.deep.equal({ columns: data.dimensions, rows: data.source });
    expect(CHART_SERIES_TYPES).to.deep.equal(['line', 'bar', 'pie', 'scatter']);
  });

  it('returns a fresh tree: never the input objects, and the table apart from the option', () => {
    const { spec, data } = base();
    const result = checkChart(spec, data);
    if (!result.ok) throw new Error(result.message);
    const { option, table } = result.value;
    const dataset = option.dataset as { dimensions: unknown[]; source: unknown[][] };
    expect(option.series).not.to.equal(spec.series);
    expect((option.series as unknown[])[0]).not.to.equal(spec.series[0]);
    expect(option.title).not.to.equal(spec.title);
    expect(dataset.source).not.to.equal(data.source);
    expect(dataset.source[0]).not.to.equal(data.source[0]);
    expect(table.rows[0]).not.to.equal(dataset.source[0]);
    spec.series[0]!.name = 'changed';
    (data.source[0] as unknown[])[1] = 0;
    expect((option.series as Array<{ name: string }>)[0]!.name).to.equal('Pressure');
    expect(dataset.source[0]![1]).to.equal(318);
  });

  it('accepts rows as flat objects keyed by dimension (missing cells are null) and JSON text', () => {
    const result = checkChart(base().spec, { dimensions: ['time', 'pressure_kpa', 'demand_m3h'], source: [{ time: '06:00', pressure_kpa: 318 }, { demand_m3h: 1 }] });
    expect(result.ok && result.value.table.rows).to.deep.equal([['06:00', 318, null], [null, null, 1]]);
    expect(checkChart(JSON.stringify(base().spec), JSON.stringify(base().data)).ok).to.equal(true);
  });

  it('accepts inline series data without a dataset, and tabulates it by series, name and value', () => {
    const pie = checkChart(
      { title: { text: 'Demand by zone' }, legend: { orient: 'vertical', left: 'left' }, series: [{ type: 'pie', name: 'Demand', radius: ['40%', '70%'], data: [{ name: 'North', value: 42 }, { name: 'South', value: 58 }] }] },
      null,
    );
    if (!pie.ok) throw new Error(pie.message);
    expect(pie.value.option).not.to.have.property('dataset');
    expect(pie.value.table).to.deep.equal({ columns: ['Series', 'Name', 'Value'], rows: [['Demand', 'North', 42], ['Demand', 'South', 58]] });
    const bars = checkChart({ xAxis: { type: 'category', data: ['Mon', 'Tue'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [3, null] }, { type: 'scatter', name: 'Points', data: [[1, 2]] }] }, undefined);
    expect(bars.ok && bars.value.table.rows).to.deep.equal([['Series 1', 'Mon', 3], ['Series 1', 'Tue', null], ['Points', 1, 2]]);
    expect(bars.ok && bars.value.title).to.equal('Chart');
  });

  it('accepts the options of the subset: legend, tooltip, grid, two axes, styles, hex colors, symbols', () => {
    const result = withSpec((spec) => {
      Object.assign(spec, {
        legend: { show: true, top: 10, left: 'center', type: 'scroll' },
        tooltip: { show: true, trigger: 'item' },
        grid: { left: '10%', right: 20, containLabel: true },
        yAxis: [{ type: 'value', name: 'kPa', min: 0, max: 400 }, { type: 'log', name: 'm³/h', axisLabel: { show: true, rotate: 45 } }],
        color: ['#5470c6', '#fff'],
        backgroundColor: '#ffffff',
      });
      Object.assign(spec.series[0]!, { smooth: true, symbol: 'diamond', symbolSize: 6, lineStyle: { color: '#123', width: 2, type: 'dashed' }, areaStyle: { opacity: 0.2 }, label: { show: true, position: 'top' } });
      Object.assign(spec.series[1]!, { yAxisIndex: 1, stack: 'total', itemStyle: { color: '#abcdef' }, encode: { x: 'time', y: ['demand_m3h'], tooltip: ['pressure_kpa', 'demand_m3h'] } });
    });
    expect(result.ok ? 'ok' : result.message).to.equal('ok');
  });

  const rejects: Array<[string, (spec: Spec & ReturnType<typeof serverChart>['spec']) => void]> = [
    ['a function-like title', (s) => (s.title.text = 'function(){}')],
    ['an arrow function as a series name', (s) => (s.series[0]!.name = '() => 1')],
    ['a Function constructor call', (s) => (s.series[0]!.name = 'Function("alert(1)")')],
    ['a tagged template', (s) => (s.title.text = 'Set.constructor`alert(1)`')],
    ['HTML in a title', (s) => (s.title.text = '<b>x</b>')],
    ['an image tag in an axis name', (s) => (s.xAxis.name = '<img src=x onerror=alert(1)>')],
    ['HTML in axis categories', (s) => (s.xAxis.data = ['06:00', '<svg onload=alert(1)>'])],
    ['an image symbol', (s) => (s.series[0]!.symbol = 'image://http://x/a.png')],
    ['a path symbol', (s) => (s.series[0]!.symbol = 'path://M0,0L10,10')],
    ['a URL in a title', (s) => (s.title.text = 'https://evil.example/x.png')],
    ['a protocol-relative URL', (s) => (s.title.text = '//evil.example/x.png')],
    ['a javascript: URL broken by whitespace', (s) => (s.title.subtext = 'java\nscript:alert(1)')],
    ['a data: URL', (s) => (s.title.subtext = 'data:image/png;base64,AAAA')],
    ['url(', (s) => (s.title.subtext = 'url(x.png)')],
    ['a background image', (s) => (s.backgroundColor = { image: 'https://evil.example/x.png', repeat: 'repeat' })],
    ['a named color', (s) => (s.backgroundColor = 'red')],
    ['a gradient color object', (s) => (s.series[0]!.itemStyle = { color: { type: 'linear', colorStops: [] } })],
    ['a formatter template in a title', (s) => (s.title.text = '{b}: {c}')],
    ['a formatter template as a series name', (s) => (s.series[0]!.name = '{a}')],
    ['a dimension template', (s) => (s.title.text = 'Value {@pressure_kpa}')],
    ['an axis-label template', (s) => (s.yAxis.name = '{value} kPa')],
    ['rich-text syntax', (s) => (s.title.text = '{big|Pressure}')],
    ['a rich key', (s) => (s.title.textStyle = { rich: { big: { fontSize: 20 } } })],
    ['a formatter key on the tooltip', (s) => (s.tooltip.formatter = 'x')],
    ['a formatter key on a label', (s) => (s.series[0]!.label = { show: true, formatter: 'x' })],
    ['a formatter key on an axis label', (s) => (s.xAxis.axisLabel = { formatter: 'x' })],
    ['a graphic key', (s) => (s.graphic = [{ type: 'image', style: { image: 'x.png' } }])],
    ['a dataset in the spec', (s) => (s.dataset = { source: [] })],
    ['an unknown series type', (s) => (s.series[0]!.type = 'custom')],
    ['a map series', (s) => (s.series[0]!.type = 'map')],
    ['a series renderItem', (s) => (s.series[0]!.renderItem = 'x')],
    ['no series', (s) => (s.series = [])],
    ['too many series', (s) => (s.series = series(AGENT_UI_LIMITS.series + 1))],
    ['three x axes', (s) => Object.assign(s, { xAxis: [{ type: 'category' }, { type: 'category' }, { type: 'category' }] })],
    ['a string over the limit', (s) => (s.title.text = 'x'.repeat(AGENT_UI_LIMITS.chartString + 1))],
    ['a symbol size over the limit', (s) => (s.series[0]!.symbolSize = AGENT_UI_LIMITS.chartPixels + 1)],
    ['an encode naming a missing dimension', (s) => (s.series[0]!.encode = { x: 'time', y: 'flow' })],
    ['inline data beside the dataset', (s) => (s.series[0]!.data = [1, 2])],
    ['a __proto__ series name', (s) => (s.series[0]!.name = '__proto__')],
  ];
  for (const [name, change] of rejects) {
    it(`rejects ${name} as invalid-chart`, () => {
      expect(reasonOf(withSpec(change))).to.equal('invalid-chart');
    });
  }

  it('rejects data outside {dimensions, source} and its limits', () => {
    const { spec } = base();
    const dimensions = ['time', 'pressure_kpa', 'demand_m3h'];
    const row = ['06:00', 1, 2];
    const rows = (n: number) => Array.from({ length: n }, () => row);
    expect(reasonOf(checkChart(spec, { dimensions, source: rows(AGENT_UI_LIMITS.rows) }))).to.equal('ok');
    for (const data of [
      { dimensions, source: rows(AGENT_UI_LIMITS.rows + 1) },
      { dimensions: Array.from({ length: AGENT_UI_LIMITS.columns + 1 }, (_, i) => `d${i}`), source: [] },
      { dimensions, source: [['06:00', 1]] },
      { dimensions, source: [{ time: '06:00', flow: 1 }] },
      { dimensions, source: [['06:00', { n: 1 }, 2]] },
      { dimensions, source: [['<b>06:00</b>', 1, 2]] },
      { dimensions, source: [['javascript:alert(1)', 1, 2]] },
      { dimensions: ['time', 'time', 'demand_m3h'], source: [] },
      { dimensions: ['time', '', 'demand_m3h'], source: [] },
      { dimensions, source: [], extra: 1 },
      { dimensions },
      [['06:00', 1, 2]],
      'not json',
    ]) {
      expect(reasonOf(checkChart(spec, data)), JSON.stringify(data).slice(0, 60)).to.equal('invalid-chart');
    }
    expect(reasonOf(checkChart({ series: [{ type: 'bar' }] }, null)), 'no data anywhere').to.equal('invalid-chart');
    expect(reasonOf(checkChart({ series: [{ type: 'bar', data: [NaN] }] }, null)), 'NaN').to.equal('invalid-chart');
    expect(reasonOf(checkChart({ series: [{ type: 'bar', data: [1], formatter: () => 'x' }] }, null)), 'a function').to.equal('invalid-chart');
  });

  it('keeps ordinary text: units, percentages, times and colons', () => {
    const result = withSpec((s) => {
      s.title.text = 'Pressure: 10% below normal (kPa), 06:00–14:00';
      s.yAxis.name = 'm³/h';
    });
    expect(result.ok ? 'ok' : result.message).to.equal('ok');
  });

  it('never throws, and names where a problem is without echoing it', () => {
    const result = withSpec((s) => (s.series[1]!.name = '<img src=x onerror=alert(1)>'));
    expect(result.ok).to.equal(false);
    if (!result.ok) {
      expect(result.message).to.contain('spec.series.1.name');
      expect(result.message).not.to.contain('<img');
    }
    for (const value of [undefined, null, 0, '', [], {}, () => 1, new Proxy({}, { ownKeys: () => { throw new Error('trap'); } })]) {
      expect(() => checkChart(value, value)).not.to.throw();
    }
  });
});

describe('checkChart: attack inputs', () => {
  function check(payloads: readonly string[]) {
    let accepted = 0;
    for (const payload of payloads) {
      const results = [
        withSpec((s) => (s.title.text = payload)),
        withSpec((s) => (s.series[0]!.name = payload)),
        withSpec((s) => (s.xAxis.data = [payload])),
        checkChart(base().spec, { dimensions: ['time', 'pressure_kpa', 'demand_m3h'], source: [[payload, 1, 2]] }),
      ];
      for (const result of results) {
        expect(result.ok || result.reason === 'invalid-chart').to.equal(true);
        if (result.ok) {
          accepted += 1;
          expect(payload, 'an accepted chart string').not.to.match(DANGEROUS);
        }
      }
    }
    return accepted;
  }

  it("refuses the suite's own attack inputs in every chart string", () => {
    expect(check(OWN_ATTACKS.filter((payload) => payload.length <= AGENT_UI_LIMITS.chartString))).to.equal(0);
  });

  it('runs the shared attack corpus through chart strings (skipped, saying so, when ../shared is absent)', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'its chart checks');
    this.timeout(60_000);
    check(corpus.xss.map((entry) => entry.payload));
    check([...corpus.markdown, ...corpus.uri, ...corpus.json].map((entry) => entry.payload));
  });
});
