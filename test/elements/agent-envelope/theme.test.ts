import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/agent-envelope/agent-envelope.js';
import type { AgentEnvelope } from '../../../elements/agent-envelope/agent-envelope.js';
import { CHART } from './helpers.js';

/*
 * A chart takes its colors from the element's theme tokens: light and dark draw it differently, and switching the
 * theme of the element or of where it is placed recolors a chart already drawn.
 */

/** The fill of the chart's first category label (an axis label: the muted text token). */
const titleFill = (el: AgentEnvelope): string | null => {
  const texts = [...(el.shadowRoot?.querySelectorAll('[part="chart"] svg text') ?? [])];
  return texts.find((t) => t.textContent === CHART.data.source[0]?.[0])?.getAttribute('fill') ?? null;
};

describe('<agent-envelope> chart themes', () => {
  before(async function () {
    // The first unbundled load of ECharts takes a while on this machine.
    this.timeout(60_000);
    await import('../../../elements/agent-envelope/chart-runtime.js');
  });

  it('draws light and dark charts in their own colors, and recolors one when the theme changes', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div style="color-scheme: light">
      <agent-envelope .envelope=${CHART}></agent-envelope>
    </div>`);
    const el = wrap.querySelector('agent-envelope') as AgentEnvelope;
    await waitUntil(() => titleFill(el), 'no axis label', { timeout: 8000 });
    const light = titleFill(el);

    const dark = await fixture<AgentEnvelope>(html`<agent-envelope theme="dark" .envelope=${CHART}></agent-envelope>`);
    await waitUntil(() => titleFill(dark), 'no dark axis label', { timeout: 8000 });
    expect(titleFill(dark)).to.not.equal(light);

    // The page switches where the light chart sits to dark: the drawn chart follows.
    wrap.style.colorScheme = 'dark';
    await waitUntil(() => titleFill(el) === titleFill(dark), `not recolored: ${titleFill(el)} vs ${titleFill(dark)}`, { timeout: 4000 });
  });
});
