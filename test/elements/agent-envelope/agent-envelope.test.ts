// <agent-envelope> in real Chromium: a valid chart (property and attribute), its table toggle, disposal when removed,
// the fallbacks of invalid envelopes, and the attack corpus through every text an envelope carries.
// The server-backed parts (stream, registry, render_ref, MapLibre) are in agent-envelope-stream/-map.test.ts.
import { expect, waitUntil } from '@open-wc/testing';
import { getInstanceByDom } from 'echarts/core';
import '../../../elements/agent-envelope/agent-envelope.js';
import { fallbackTextOf } from '../../../src/protocols/agent-ui/envelope.js';
import { OWN_ATTACKS, sharedCorpusOrSkip } from '../../helpers/corpus.js';
import { watchSinks } from '../../helpers/sinks.js';
import { CHART, assertInert, chartWith, fallbackOf, historyEnvelope, mount, nextStatus, registerTestPanels, shadow, type Mounted } from './helpers.js';

registerTestPanels();

// The chart runtime (ECharts, served unbundled here) is imported the first time a chart renders: warm it once, so
// the first test's own timeout does not pay for the module graph.
before(async function () {
  this.timeout(120_000);
  await import('../../../elements/agent-envelope/chart-runtime.js');
});

const GENERIC_NOTICE = 'This content from the assistant cannot be shown.';

/** The drawn chart: its area, ECharts' SVG, the toggle. */
function chartParts({ el }: Mounted) {
  const root = shadow(el);
  const area = root.querySelector<HTMLElement>('[part="chart"]');
  const toggle = root.querySelector<HTMLButtonElement>('[part="chart-toggle"]');
  return { area, svg: root.querySelector('[part="chart"] svg'), toggle, table: root.querySelector('[part="table"]') };
}

async function expectChartDrawn(mounted: Mounted): Promise<void> {
  const { area, svg, toggle, table } = chartParts(mounted);
  expect(svg, 'ECharts SVG').to.not.equal(null);
  expect(area?.hidden).to.equal(false);
  expect(toggle?.getAttribute('aria-pressed')).to.equal('false');
  expect(table).to.equal(null);
  // The data reached ECharts: the categories are the axis labels. (Shown again after the table, the category
  // labels come back with the resize observer's callback, a frame later: see the report on chart-runtime.ts.)
  const labels = () => [...(svg?.querySelectorAll('text') ?? [])].map((t) => t.textContent ?? '');
  await waitUntil(() => ['06:00', '10:00', '14:00'].every((l) => labels().includes(l)), `category labels: ${labels().join('|')}`);
  expect(shadow(mounted.el).querySelector('.chart-title')?.textContent).to.equal('Pressure at J-101 (kPa)');
}

describe('<agent-envelope> charts', () => {
  it('renders a valid chart set as the envelope property, toggles to its data table and back, accessibly', async () => {
    const mounted = await mount({ envelope: structuredClone(CHART) }, { 'envelope-id': 'env-chart-property' });
    expect(await nextStatus(mounted)).to.deep.equal({ envelopeId: 'env-chart-property', status: 'rendered' });
    expect(mounted.statuses.map((s) => s.status)).to.deep.equal(['rendered']);
    await expectChartDrawn(mounted);
    await expect(mounted.el).to.be.accessible();

    chartParts(mounted).toggle?.click();
    const shown = chartParts(mounted);
    expect(shown.toggle?.getAttribute('aria-pressed')).to.equal('true');
    expect(shown.area?.hidden).to.equal(true);
    expect(shown.table, 'the data table').to.not.equal(null);
    const heads = [...(shown.table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);
    expect(heads).to.deep.equal(['time', 'pressure_kpa', 'demand_m3h']);
    const rows = [...(shown.table?.querySelectorAll('tbody tr') ?? [])].map((tr) => [...tr.children].map((td) => td.textContent));
    expect(rows).to.deep.equal(CHART.data.source.map((row) => row.map(String)));
    await expect(mounted.el).to.be.accessible();

    chartParts(mounted).toggle?.click();
    await expectChartDrawn(mounted);
    await expect(mounted.el).to.be.accessible();
  });

  it('renders a chart given as JSON text in the envelope attribute, and re-validates when the attribute changes', async () => {
    const mounted = await mount({}, { envelope: JSON.stringify(CHART), 'envelope-id': 'env-chart-attribute' });
    expect(await nextStatus(mounted)).to.deep.equal({ envelopeId: 'env-chart-attribute', status: 'rendered' });
    await expectChartDrawn(mounted);

    // Text that is not JSON is an invalid envelope: no fallbackText to take, the generic notice shows.
    const before = mounted.statuses.length;
    mounted.el.setAttribute('envelope', '<img src=x onerror="window.__pwned=1">');
    const status = await nextStatus(mounted, before);
    expect(status).to.include({ envelopeId: 'env-chart-attribute', status: 'fallback', reason: 'invalid-envelope' });
    expect(fallbackOf(mounted.el)).to.deep.equal({ text: GENERIC_NOTICE, reason: 'invalid-envelope', elements: 0 });
    expect(chartParts(mounted).svg).to.equal(null);
    assertInert(mounted.el, 'attribute');
  });

  it('disposes the chart when removed, and draws it again when put back without reporting its status twice', async () => {
    const mounted = await mount({ envelope: structuredClone(CHART) });
    await nextStatus(mounted);
    const root = shadow(mounted.el).querySelector('.chart-root');
    const area = chartParts(mounted).area as HTMLElement;
    expect(getInstanceByDom(area), 'an ECharts instance on the area').to.not.equal(undefined);
    expect(root?.childElementCount).to.equal(1);

    const parent = mounted.el.parentElement as HTMLElement;
    mounted.el.remove();
    expect(root?.childElementCount, 'the chart root emptied').to.equal(0);
    expect(chartParts(mounted).svg).to.equal(null);
    expect(getInstanceByDom(area), 'the ECharts instance disposed').to.equal(undefined);

    const before = mounted.statuses.length;
    parent.append(mounted.el);
    await waitUntil(() => chartParts(mounted).svg, 'not drawn again', { timeout: 8000 });
    await expectChartDrawn(mounted);
    expect(getInstanceByDom(chartParts(mounted).area as HTMLElement)).to.not.equal(undefined);
    // Drawn again, the same status: nothing new is reported.
    expect(mounted.statuses.slice(before)).to.deep.equal([]);
  });
});

describe('<agent-envelope> fallbacks', () => {
  const markup = (what: string) => `${what} <img src=x onerror="window.__pwned=1"> <b>as text</b>.`;
  const CASES: ReadonlyArray<{ name: string; reason: string; envelope: Record<string, unknown> }> = [
    { name: 'a chart title with markup', reason: 'invalid-chart', envelope: chartWith({ title: '<img src=x onerror=alert(1)>', fallbackText: markup('Chart') }) },
    {
      name: 'a chart title like a function',
      reason: 'invalid-chart',
      envelope: chartWith({ title: 'function () { window.__pwned = 1 }', fallbackText: markup('Function') }),
    },
    { name: 'a series name like an arrow function', reason: 'invalid-chart', envelope: chartWith({ seriesName: '(p) => p.value', fallbackText: markup('Arrow') }) },
    {
      name: 'a map_action on chat_inline',
      reason: 'invalid-surface',
      envelope: {
        kind: 'map_action',
        schemaVersion: 'agent-ui@1',
        action: 'zoom_to_map',
        surface: 'chat_inline',
        params: { bbox: [121.46, 31.22, 121.48, 31.24] },
        fallbackText: markup('Map'),
      },
    },
    {
      name: 'an unknown kind carrying html',
      reason: 'invalid-envelope',
      envelope: { kind: 'html', schemaVersion: 'agent-ui@1', surface: 'chat_inline', html: '<img src=x onerror="alert(1)">', fallbackText: markup('Html') },
    },
    {
      name: 'an unregistered component',
      reason: 'unknown-component',
      envelope: { kind: 'registered_component', schemaVersion: 'agent-ui@1', component: 'ShellPanel', surface: 'side_panel', props: { command: 'rm -rf /' }, fallbackText: markup('Shell') },
    },
    {
      name: 'a HistoryPanel with start_time == end_time',
      reason: 'invalid-props',
      envelope: historyEnvelope('2024-03-10T00:00:00Z', '2024-03-10T00:00:00Z', markup('History')),
    },
  ];

  for (const { name, reason, envelope } of CASES) {
    it(`shows the fallbackText as plain text for ${name} (${reason})`, async () => {
      const sinks = watchSinks();
      try {
        const mounted = await mount({ envelope, envelopeId: `env-${reason}` });
        expect(await nextStatus(mounted)).to.deep.include({ envelopeId: `env-${reason}`, status: 'fallback', reason });
        expect(mounted.statuses.at(-1)?.message).to.be.a('string').and.not.equal('');
        const shown = fallbackOf(mounted.el);
        expect(shown).to.deep.equal({ text: envelope.fallbackText, reason, elements: 0 });
        expect(shadow(mounted.el).querySelector('img')).to.equal(null);
        expect(shadow(mounted.el).querySelector('[part="chart"], [part="component"]')).to.equal(null);
        assertInert(mounted.el, name);
        sinks.assertClean(name);
      } finally {
        sinks.restore();
      }
    });
  }

  it('shows a generic notice for an invalid envelope without fallbackText', async () => {
    const { fallbackText: _, ...envelope } = CASES.find((c) => c.reason === 'invalid-envelope')?.envelope ?? {};
    const mounted = await mount({ envelope });
    expect(await nextStatus(mounted)).to.deep.include({ status: 'fallback', reason: 'invalid-envelope' });
    expect(fallbackOf(mounted.el)).to.deep.equal({ text: GENERIC_NOTICE, reason: 'invalid-envelope', elements: 0 });
  });
});

describe('<agent-envelope> attack inputs', () => {
  /**
   * Each input as fallbackText, chart title, series name and component name, through one element: it never throws,
   * shows only plain text (or the chart it passed as), creates no element and runs no script.
   */
  async function sweep(inputs: readonly string[]): Promise<{ checked: number; rendered: number }> {
    const mounted = await mount();
    const errors: string[] = [];
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => errors.push('reason' in event ? String(event.reason) : event.message);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    const sinks = watchSinks();
    let checked = 0;
    let rendered = 0;
    try {
      for (const [n, input] of inputs.entries()) {
        const envelopes = {
          fallbackText: { kind: 'registered_component', schemaVersion: 'agent-ui@1', component: 'ShellPanel', surface: 'chat_inline', props: {}, fallbackText: input },
          title: chartWith({ title: input }),
          series: chartWith({ seriesName: input }),
          component: { kind: 'registered_component', schemaVersion: 'agent-ui@1', component: input, surface: 'chat_inline', props: {}, fallbackText: 'A panel.' },
        };
        for (const [where, envelope] of Object.entries(envelopes)) {
          const context = `${where} #${n} ${JSON.stringify(input.slice(0, 60))}`;
          const before = mounted.statuses.length;
          mounted.el.envelope = envelope;
          const status = await nextStatus(mounted, before);
          if (status.status === 'rendered') {
            // Only a chart can pass, and then the input is its title or series name, as text.
            expect(where, context).to.be.oneOf(['title', 'series']);
            const title = shadow(mounted.el).querySelector('.chart-title');
            expect(title?.children.length, context).to.equal(0);
            if (where === 'title') expect(title?.textContent, context).to.equal(input.trim() || 'Chart');
            rendered += 1;
          } else {
            expect(status.status, context).to.equal('fallback');
            const expected = fallbackTextOf(envelope) ?? GENERIC_NOTICE;
            const shown = fallbackOf(mounted.el);
            expect(shown.text, context).to.equal(expected);
            expect(shown.elements, context).to.equal(0);
          }
          assertInert(mounted.el, context);
          checked += 1;
        }
      }
      sinks.assertClean('agent-envelope');
      expect(errors, 'uncaught errors').to.deep.equal([]);
    } finally {
      sinks.restore();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    }
    return { checked, rendered };
  }

  it('the suite’s own inputs stay inert in every text of an envelope', async function () {
    this.timeout(60_000);
    // A plain title among them: the sweep also sees charts that pass, with the input drawn as their text.
    const inputs = [...OWN_ATTACKS, 'Pressure at J-101 (kPa)'];
    const { checked, rendered } = await sweep(inputs);
    expect(checked).to.equal(inputs.length * 4);
    expect(rendered).to.equal(2);
  });

  it('the shared corpus stays inert in every text of an envelope', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'it for <agent-envelope>');
    this.timeout(240_000);
    const inputs = Object.values(corpus).flatMap((entries) => entries.map((e) => e.payload));
    expect((await sweep(inputs)).checked).to.equal(inputs.length * 4);
  });
});
