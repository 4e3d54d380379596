// <agent-envelope> against the reference agent server: the `invalid` scenario streamed for real, and the registry
// read under `agent-ui-url` (fetched, narrowing the page's panels; unavailable, the envelope waiting with its text).
import { expect, fixture, html } from '@open-wc/testing';
import { registerEnvelopeComponent } from '../../../elements/agent-envelope/agent-envelope.js';
import { RegistryLoader } from '../../../src/protocols/agent-ui/registry-loader.js';
import { agentOrigin } from '../../helpers/agent.js';
import {
  AGENT_UI_URL,
  PANEL_TAGS,
  assertInert,
  fallbackOf,
  historyEnvelope,
  mount,
  mountIn,
  newSession,
  nextStatus,
  registerTestPanels,
  shadow,
  streamEnvelopes,
  trapDialogs,
  type Mounted,
} from './helpers.js';

registerTestPanels();
// A panel the page registers but the server's registry does not list.
registerEnvelopeComponent({ name: 'LocalPanel', tagName: 'test-scada-panel', props: { safeParse: (value: unknown) => ({ success: true, data: value }) } });

const HISTORY = historyEnvelope('2024-03-09T00:00:00Z', '2024-03-10T00:00:00Z', 'Monitoring history of 9 March.');
const LOCAL = { kind: 'registered_component', schemaVersion: 'agent-ui@1', component: 'LocalPanel', surface: 'chat_inline', props: { station_id: 'PS-7' }, fallbackText: 'A local panel.' };
const REGISTRY_WAIT_NOTICE = 'This content will show once the list of allowed components has loaded.';

before(async function () {
  this.timeout(120_000);
  await import('../../../elements/agent-envelope/chart-runtime.js');
});

describe('<agent-envelope> with the streamed invalid scenario', () => {
  it('falls back for every envelope but the chart, which renders its SVG', async function () {
    this.timeout(60_000);
    const dialogs = trapDialogs();
    try {
      const list = await fixture(html`<div></div>`);
      const mounted: Mounted[] = [];
      const { events, envelopes } = await streamEnvelopes(newSession(), { scenario: 'invalid' }, (event) => {
        mounted.push(mountIn(list, { envelope: event.envelope, envelopeId: event.envelope_id }, { 'agent-ui-url': AGENT_UI_URL }));
      });
      expect(events.at(-1)).to.deep.equal({ type: 'done' });
      expect(list.querySelectorAll('agent-envelope')).to.have.length(6);

      const statuses = await Promise.all(mounted.map((m) => nextStatus(m)));
      expect(statuses.map((s) => s.envelopeId)).to.deep.equal(envelopes.map((e) => e.envelope_id));
      expect(statuses.map((s) => s.reason ?? s.status)).to.deep.equal([
        'invalid-envelope', // kind: html
        'invalid-surface', // zoom_to_map on chat_inline
        'rendered', // the chart
        'invalid-props', // start_time == end_time
        'invalid-props', // start_time > end_time
        'unknown-component', // ShellPanel
      ]);
      for (const [i, m] of mounted.entries()) {
        const envelope = envelopes[i]?.envelope as { kind: string; fallbackText: string };
        if (envelope.kind === 'chart') {
          expect(shadow(m.el).querySelector('[part="chart"] svg'), 'the chart SVG').to.not.equal(null);
        } else {
          expect(statuses[i]?.status).to.equal('fallback');
          expect(fallbackOf(m.el), `envelope ${i}`).to.deep.include({ text: envelope.fallbackText, elements: 0 });
          expect(shadow(m.el).querySelector('[part="component"], [part="chart"]')).to.equal(null);
        }
        expect(shadow(m.el).querySelector('img')).to.equal(null);
        assertInert(m.el, `envelope ${i}`, PANEL_TAGS);
      }
      expect(dialogs.calls).to.deep.equal([]);
    } finally {
      dialogs.restore();
    }
  });
});

describe('<agent-envelope> and the server registry', () => {
  it('fetches the registry under agent-ui-url: HistoryPanel renders, a panel the server does not list is refused', async () => {
    // Without a server registry the page's own panels are the registry.
    const alone = await mount({ envelope: LOCAL });
    expect(await nextStatus(alone)).to.deep.include({ status: 'rendered' });
    expect(shadow(alone.el).querySelector('[part="component"] test-scada-panel')?.textContent).to.equal('Station PS-7');

    const history = await mount({ envelope: HISTORY }, { 'agent-ui-url': AGENT_UI_URL });
    expect(await nextStatus(history)).to.deep.include({ status: 'rendered' });
    const panel = shadow(history.el).querySelector<HTMLElement & { props: unknown }>('[part="component"] test-history-panel');
    expect(panel?.props).to.deep.equal(HISTORY.props);
    expect(panel?.textContent).to.equal('History from 2024-03-09T00:00:00Z');

    // The server's registry, once fetched (it is cached for the page), narrows the page's panels to those it lists.
    const local = await mount({ envelope: LOCAL }, { 'agent-ui-url': AGENT_UI_URL });
    expect(await nextStatus(local)).to.deep.include({ status: 'fallback', reason: 'unknown-component' });
    expect(fallbackOf(local.el)).to.deep.equal({ text: 'A local panel.', reason: 'unknown-component', elements: 0 });
  });

  it('stays pending with registry-unavailable and shows the fallback text while the registry 404s', async () => {
    const url = `${agentOrigin}/nope/`;
    const withText = await mount({ envelope: HISTORY, envelopeId: 'env-waiting' }, { 'agent-ui-url': url });
    const status = await nextStatus(withText, 0, (s) => s.status === 'pending');
    expect(status).to.deep.include({ envelopeId: 'env-waiting', status: 'pending', reason: 'registry-unavailable' });
    expect(fallbackOf(withText.el)).to.deep.equal({ text: HISTORY.fallbackText, reason: 'registry-unavailable', elements: 0 });
    expect(shadow(withText.el).querySelector('[part="component"]')).to.equal(null);
    expect(withText.statuses.map((s) => s.status)).to.deep.equal(['pending']);

    const { fallbackText: _, ...bare } = HISTORY;
    const withoutText = await mount({ envelope: bare }, { 'agent-ui-url': url });
    expect(await nextStatus(withoutText, 0, (s) => s.status === 'pending')).to.deep.include({ reason: 'registry-unavailable' });
    expect(fallbackOf(withoutText.el)).to.deep.equal({ text: REGISTRY_WAIT_NOTICE, reason: 'registry-unavailable', elements: 0 });
  });

  it('falls back, saying why, after three failed reads of the registry, and still renders once a later read succeeds', async () => {
    let up = false;
    const loader = new RegistryLoader({
      url: `${AGENT_UI_URL}ui-registry`,
      minDelay: 5,
      maxDelay: 20,
      fetch: (input, init) => (up ? fetch(input, init) : Promise.resolve(new Response('down', { status: 503 }))),
    });
    const mounted = await mount({ envelope: HISTORY, registryLoader: loader });
    const fell = await nextStatus(mounted, 0, (s) => s.status === 'fallback');
    expect(fell).to.deep.include({ status: 'fallback', reason: 'registry-unavailable' });
    expect(fell.message).to.match(/tried 3 times/);
    expect(loader.failures).to.be.at.least(3);
    expect(mounted.statuses.map((s) => s.status)).to.deep.equal(['pending', 'fallback']);
    expect(fallbackOf(mounted.el)).to.deep.equal({ text: HISTORY.fallbackText, reason: 'registry-unavailable', elements: 0 });
    up = true;
    expect(await nextStatus(mounted, 0, (s) => s.status === 'rendered')).to.deep.include({ status: 'rendered' });
    expect(shadow(mounted.el).querySelector('[part="component"] test-history-panel')).to.not.equal(null);
    loader.dispose();
  });

  it('renders a waiting envelope once its registry loads', async () => {
    let calls = 0;
    const loader = new RegistryLoader({
      url: `${AGENT_UI_URL}ui-registry`,
      minDelay: 5,
      maxDelay: 20,
      fetch: (input, init) => (++calls === 1 ? Promise.resolve(new Response('down', { status: 503 })) : fetch(input, init)),
    });
    const mounted = await mount({ envelope: HISTORY, registryLoader: loader });
    expect(await nextStatus(mounted)).to.deep.include({ status: 'rendered' });
    expect(mounted.statuses.map((s) => s.reason ?? s.status)).to.deep.equal(['registry-unavailable', 'rendered']);
    expect(shadow(mounted.el).querySelector('[part="component"] test-history-panel')).to.not.equal(null);
    expect(shadow(mounted.el).querySelector('[part="fallback"]')).to.equal(null);
    expect(calls).to.equal(2);
    loader.dispose();
  });
});
