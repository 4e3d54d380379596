// agent-ui@1 envelopes (001_996c0b4640eee42b.txt) in <mantis-chat>, end to end against the reference server over
// the Composer SSE transport: the `envelopes` scenario sends four `ui_envelope` events a third of the way into the
// reply (a HistoryPanel and a chart inline, a ScadaPanel for the side panel, render_junctions for the map). Each
// surface shows them where it should (in place, in the artifact panel, in the page's canvas, on the page's map or as
// a notice), their render statuses are persisted with the message, and a persisted conversation renders the same
// envelopes again without asking the agent-ui stream for them.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import { registerEnvelopeComponent } from '../../../elements/agent-envelope/agent-envelope.js';
import type { EnvelopeStatusDetail } from '../../../elements/events.js';
import { loadAgentUi } from '../../../elements/internal/lazy.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { HistoryPanelProps, ScadaPanelProps } from '../../../src/protocols/agent-ui/history-panel.js';
import type { MapActionParams, MapAdapter, RenderStatus } from '../../../src/protocols/agent-ui/types.js';
import type { AssistantMessage, PersistedMessage, UiEnvelopeEvent } from '../../../src/index.js';
import { agentOrigin, composerSseUrl } from '../../helpers/agent.js';
import { recordFetch } from '../../helpers/fetch-log.js';
import { historyOf, reply as replyTo } from '../../helpers/chat-replies.js';

/** The two business panels of the reference server, as a host registers them: tiny elements that print their props. */
class TestHistoryPanel extends HTMLElement {
  props: { start_time: string; end_time: string } | undefined;
  connectedCallback(): void {
    this.textContent = `History from ${this.props?.start_time} to ${this.props?.end_time}`;
  }
}
class TestScadaPanel extends HTMLElement {
  props: { station_id: string; metrics?: string[] } | undefined;
  connectedCallback(): void {
    this.textContent = `SCADA ${this.props?.station_id}: ${this.props?.metrics?.join(', ') ?? 'all'}`;
  }
}
customElements.define('test-history-panel', TestHistoryPanel);
customElements.define('test-scada-panel', TestScadaPanel);
registerEnvelopeComponent({ name: 'HistoryPanel', tagName: 'test-history-panel', props: HistoryPanelProps });
registerEnvelopeComponent({ name: 'ScadaPanel', tagName: 'test-scada-panel', props: ScadaPanelProps });

const shadow = (el: Element) => el.shadowRoot as ShadowRoot;
const AGENT_UI = `${agentOrigin}/api/v1/agent/chat/`;
type Envelope = HTMLElement & { envelope: unknown; updateComplete: Promise<unknown> };

/** A fake map: it records what it was asked (the real MapLibre adapter is tested in test/elements/maplibre/). */
class RecordingMap implements MapAdapter {
  readonly junctions: Array<MapActionParams['render_junctions']> = [];
  readonly other: string[] = [];
  locateFeatures(): void {
    this.other.push('locate_features');
  }
  zoomToMap(): void {
    this.other.push('zoom_to_map');
  }
  renderJunctions(params: MapActionParams['render_junctions']): void {
    this.junctions.push(params);
  }
  applyLayerStyle(): void {
    this.other.push('apply_layer_style');
  }
}

async function openChat(options: { scenario?: string; attributes?: Record<string, string> } = {}): Promise<{ chat: MantisChat; history: PersistedMessage[][] }> {
  const el = document.createElement('mantis-chat');
  el.setAttribute('transport', 'sse');
  el.setAttribute('url', composerSseUrl({ scenario: options.scenario ?? 'envelopes' }));
  el.style.setProperty('--mantis-chat-height', '40rem');
  for (const [name, value] of Object.entries(options.attributes ?? {})) el.setAttribute(name, value);
  const history = historyOf(el);
  const chat = await fixture<MantisChat>(el);
  await waitUntil(() => shadow(chat).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return { chat, history };
}

/** Sends a message (a question about the pressure history by default) and resolves with the reply. */
const reply = (chat: MantisChat, text = 'Show me the pressure history'): Promise<AssistantMessage> => replyTo(chat, text);

const articles = (chat: MantisChat) => [...shadow(chat).querySelectorAll<HTMLElement>('article.assistant')];
const envelopesIn = (root: ParentNode) => [...root.querySelectorAll<Envelope>('agent-envelope')];
const kindOf = (el: Envelope): string => {
  const envelope = el.envelope as { kind?: string; component?: string; action?: string } | null;
  return envelope?.component ?? envelope?.action ?? envelope?.kind ?? 'none';
};
const byKind = (root: ParentNode, kind: string): Envelope | undefined => envelopesIn(root).find((el) => kindOf(el) === kind);
const chartSvg = (el: Envelope | undefined) => (el ? shadow(el).querySelector('[part="chart"] svg') : null);
const panelOf = (chat: MantisChat) => shadow(chat).querySelector('mantis-artifact-panel') as HTMLElement & { updateComplete: Promise<unknown> };
const tabs = (panel: HTMLElement) => [...shadow(panel).querySelectorAll('[role="tab"]')].map((t) => t.textContent?.trim() ?? '');

/** The render statuses of the newest assistant message, by kind, as the newest history-change persisted them. */
function persistedStatuses(history: PersistedMessage[][]): Record<string, { status: RenderStatus; error?: string }> {
  const last = history.at(-1)?.findLast((m) => m.role === 'assistant');
  const statuses: Record<string, { status: RenderStatus; error?: string }> = {};
  for (const entry of (last?.role === 'assistant' && last.uiEnvelopes) || []) {
    const envelope = entry.envelope as { kind?: string; component?: string; action?: string };
    statuses[envelope.component ?? envelope.action ?? envelope.kind ?? '?'] = { status: entry.renderStatus, ...(entry.error ? { error: entry.error } : {}) };
  }
  return statuses;
}

async function settled(history: PersistedMessage[][], expected: Record<string, RenderStatus>): Promise<void> {
  await waitUntil(
    () => Object.entries(expected).every(([kind, status]) => persistedStatuses(history)[kind]?.status === status),
    `the statuses never became ${JSON.stringify(expected)}: ${JSON.stringify(persistedStatuses(history))}`,
    { timeout: 8000 },
  );
}

const chartEnvelope = (surface: string) => ({
  kind: 'chart',
  schemaVersion: 'agent-ui@1',
  grammar: 'echarts-safe-subset',
  surface,
  spec: {
    title: { text: 'Flow at PS-7' },
    xAxis: { type: 'category', name: 'time' },
    yAxis: { type: 'value', name: 'm3/h' },
    series: [{ type: 'bar', name: 'Flow', encode: { x: 'time', y: 'flow' } }],
  },
  data: { dimensions: ['time', 'flow'], source: [['06:00', 42], ['08:00', 77], ['10:00', 81]] },
  fallbackText: 'Flow at PS-7 rose from 42 to 81 m3/h.',
});

describe('<mantis-chat> agent-ui@1 envelopes over SSE', () => {
  before(async function () {
    this.timeout(120_000);
    await Promise.all([loadAgentUi(), import('../../../elements/agent-envelope/chart-runtime.js')]);
  });

  it('renders each surface where it belongs and persists every render status', async () => {
    const { chat, history } = await openChat();
    const statuses: EnvelopeStatusDetail[] = [];
    chat.addEventListener('mantis-envelope-status', (event) => statuses.push(event.detail));
    const message = await reply(chat);
    expect(message.uiEnvelopes.length).to.equal(4);
    expect(message.uiSessionId).to.be.a('string').and.not.equal('');
    const article = articles(chat).at(-1) as HTMLElement;

    // chat_inline: in the message's article, in place.
    const inline = [...article.querySelectorAll<Envelope>('agent-envelope[part="envelope"]')];
    expect(inline.map(kindOf)).to.deep.equal(['HistoryPanel', 'chart', 'render_junctions']);
    expect(inline.every((el) => el.getAttribute('agent-ui-url') === AGENT_UI)).to.equal(true);
    const historyPanel = byKind(article, 'HistoryPanel') as Envelope;
    await waitUntil(() => shadow(historyPanel).querySelector('test-history-panel'), 'the HistoryPanel did not render', { timeout: 5000 });
    expect(shadow(historyPanel).querySelector('[part="component"] test-history-panel')?.textContent).to.equal(
      'History from 2024-03-09T00:00:00Z to 2024-03-10T00:00:00Z',
    );
    const chart = byKind(article, 'chart');
    await waitUntil(() => chartSvg(chart), 'the chart did not draw', { timeout: 8000 });
    expect(shadow(chart as Envelope).querySelector('.chart-title')?.textContent).to.equal('Pressure at J-101 (kPa)');

    // map_overlay without a map: a notice that says it was meant for one, with its fallbackText.
    const map = byKind(article, 'render_junctions') as Envelope;
    await waitUntil(() => shadow(map).querySelector('[part="fallback"]'), 'no map notice', { timeout: 5000 });
    const notice = shadow(map).querySelector('[part="fallback"]') as HTMLElement;
    expect(notice.dataset.reason).to.equal('no-surface');
    expect(notice.textContent).to.match(/meant for a map/i);
    expect(notice.textContent).to.contain('Five junctions with their pressures');

    // side_panel: opened in the built-in artifact panel, with a line and a Show button in the transcript.
    const elsewhere = article.querySelector('[part="envelope-elsewhere"]') as HTMLElement;
    expect(elsewhere.textContent).to.match(/ScadaPanel: shown in the side panel\./);
    expect(byKind(article, 'ScadaPanel')).to.equal(undefined);
    const panel = panelOf(chat);
    await waitUntil(() => tabs(panel).some((t) => t.includes('ScadaPanel')), 'the ScadaPanel tab did not open', { timeout: 5000 });
    await panel.updateComplete;
    expect(panel.checkVisibility()).to.equal(true);
    const scada = () => byKind(shadow(panel), 'ScadaPanel');
    await waitUntil(() => scada() && shadow(scada() as Envelope).querySelector('test-scada-panel'), 'the ScadaPanel did not render', { timeout: 5000 });
    expect(shadow(scada() as Envelope).querySelector('test-scada-panel')?.textContent).to.equal('SCADA PS-7: pressure, flow');
    // Never shown as its JSON.
    expect(shadow(panel).textContent).not.to.contain('"kind"');

    // The Show button opens it again once closed.
    chat.session.artifacts.closeAll();
    await panel.updateComplete;
    expect(tabs(panel).length).to.equal(0);
    const show = elsewhere.querySelector('button') as HTMLButtonElement;
    expect(show.textContent?.trim()).to.equal('Show');
    show.click();
    await panel.updateComplete;
    expect(tabs(panel).filter((t) => t.includes('ScadaPanel')).length).to.equal(1);

    // Statuses: reported by the elements, persisted with the message.
    await settled(history, { HistoryPanel: 'rendered', chart: 'rendered', ScadaPanel: 'rendered', render_junctions: 'fallback' });
    const persisted = persistedStatuses(history);
    expect(persisted.render_junctions?.error).to.match(/meant for a map/i);
    expect(persisted.HistoryPanel?.error).to.equal(undefined);
    const stored = chat.messages.at(-1);
    expect(stored?.role === 'assistant' && stored.uiEnvelopes?.map((e) => e.renderStatus)).to.deep.equal(['rendered', 'rendered', 'rendered', 'fallback']);
    expect(stored?.role === 'assistant' && stored.uiSessionId).to.equal(message.uiSessionId);
    const mapStatus = statuses.find((s) => s.envelopeId === message.uiEnvelopes[3]?.envelopeId && s.status === 'fallback');
    expect(mapStatus?.reason).to.equal('no-surface');
  });

  it('a user text about charts or maps in the default scenario brings the envelopes too; one without does not', async () => {
    const { chat } = await openChat({ scenario: 'summary' });
    const plain = await reply(chat, 'hello there');
    expect(plain.uiEnvelopes.length).to.equal(0);
    expect(articles(chat).at(-1)?.querySelector('agent-envelope')).to.equal(null);
    const asked = await reply(chat, 'Draw a chart of it');
    expect(asked.uiEnvelopes.length).to.equal(4);
    // Each reply has envelopes of its own.
    expect(new Set(asked.uiEnvelopes.map((e) => e.envelopeId)).size).to.equal(4);
  });

  it('render_junctions reaches the page’s map adapter with the five junctions its render_ref resolves to', async () => {
    const { chat, history } = await openChat();
    const map = new RecordingMap();
    chat.mapAdapter = map;
    await chat.updateComplete;
    const message = await reply(chat);
    await waitUntil(() => map.junctions.length > 0, 'the map adapter was never called', { timeout: 8000 });
    const call = map.junctions[0] as MapActionParams['render_junctions'];
    const sent = message.uiEnvelopes[3]?.envelope as { params: { render_ref: string } };
    expect(call.renderRef).to.equal(sent.params.render_ref);
    expect(call.junctions.type).to.equal('FeatureCollection');
    expect(call.junctions.features.map((f) => f.id)).to.deep.equal(['J-101', 'J-102', 'J-103', 'J-104', 'J-105']);
    expect(call.junctions.features[0]?.properties).to.deep.equal({ id: 'J-101', pressure_kpa: 312, elevation_m: 4.2 });
    expect(map.other).to.deep.equal([]);
    await settled(history, { render_junctions: 'rendered' });
    const el = byKind(articles(chat).at(-1) as HTMLElement, 'render_junctions') as Envelope;
    await waitUntil(() => shadow(el).querySelector('[part="map-status"]'), 'no map status line', { timeout: 5000 });
    expect(shadow(el).querySelector('[part="map-status"]')?.textContent).to.equal('Shown on the map: 5 junctions.');
    // Every call was the same action with the same data.
    expect(map.junctions.every((c) => c.renderRef === call.renderRef && c.junctions.features.length === 5)).to.equal(true);
  });

  it('an envelope shown is not rendered again when its message changes: the map action runs once, the chart keeps its drawing', async () => {
    const { chat, history } = await openChat();
    const map = new RecordingMap();
    chat.mapAdapter = map;
    await chat.updateComplete;
    const message = await reply(chat);
    await settled(history, { HistoryPanel: 'rendered', chart: 'rendered', ScadaPanel: 'rendered', render_junctions: 'rendered' });
    const article = articles(chat).at(-1) as HTMLElement;
    const mapEl = byKind(article, 'render_junctions') as Envelope;
    const chartEl = byKind(article, 'chart') as Envelope;
    await waitUntil(() => chartSvg(chartEl) && shadow(mapEl).querySelector('[part="map-status"]'), 'not drawn', { timeout: 8000 });
    // One envelope, one map action (and one render_ref request), however many times its message re-rendered while
    // the reply streamed and its siblings reported their statuses.
    expect(map.junctions.length).to.equal(1);
    const svg = chartSvg(chartEl);
    // Its message changes (a sibling's status): the transcript re-renders it, and what is shown stays as it was.
    chat.session.setEnvelopeStatus(message.uiEnvelopes[0]?.envelopeId as string, 'error', 'A forced change of the message.');
    await chat.updateComplete;
    await Promise.all([mapEl.updateComplete, chartEl.updateComplete]);
    expect(byKind(articles(chat).at(-1) as HTMLElement, 'render_junctions')).to.equal(mapEl);
    expect(shadow(mapEl).querySelector('[part="map-status"]')?.textContent).to.equal('Shown on the map: 5 junctions.');
    expect(chartSvg(chartEl)).to.equal(svg);
    expect(map.junctions.length).to.equal(1);
  });

  it('a canvas envelope is drawn into the page’s canvas, not the transcript', async () => {
    const { chat, history } = await openChat();
    const canvas = await fixture<HTMLDivElement>(html`<div id="canvas" style="width: 40rem"></div>`);
    chat.canvas = canvas;
    await chat.updateComplete;
    const message = await reply(chat);
    const id = `canvas-${Math.random().toString(36).slice(2, 10)}`;
    chat.session.addEnvelope({ session_id: message.uiSessionId ?? 's', envelope_id: id, created_at: Date.now(), envelope: chartEnvelope('canvas') });
    await chat.updateComplete;
    const drawn = () => envelopesIn(canvas).find((el) => el.getAttribute('envelope-id') === id);
    await waitUntil(() => chartSvg(drawn()), 'the canvas chart did not draw', { timeout: 8000 });
    expect(shadow(drawn() as Envelope).querySelector('.chart-title')?.textContent).to.equal('Flow at PS-7');
    // The transcript has a line for it and no chart of its own.
    const article = articles(chat).at(-1) as HTMLElement;
    expect(envelopesIn(article).some((el) => el.getAttribute('envelope-id') === id)).to.equal(false);
    const lines = [...article.querySelectorAll('[part="envelope-elsewhere"]')].map((p) => p.textContent?.replace(/\s+/g, ' ').trim());
    // One line, titled by the chart (or generically), saying where it went; no Show button (the page's canvas shows it).
    const canvasLines = lines.filter((line) => line?.endsWith('shown in the canvas.'));
    expect(canvasLines.length).to.equal(1);
    expect(canvasLines[0]).to.match(/^(Flow at PS-7|Chart): shown in the canvas\.$/);
    // Its status comes back from the canvas and is persisted.
    await waitUntil(() => {
      const last = history.at(-1)?.at(-1);
      return last?.role === 'assistant' && last.uiEnvelopes?.find((e) => e.envelopeId === id)?.renderStatus === 'rendered';
    }, 'the canvas status was not persisted', { timeout: 5000 });
    // Without a canvas, the chat shows a notice in place instead.
    chat.canvas = null;
    await chat.updateComplete;
    expect(canvas.querySelector('agent-envelope')).to.equal(null);
    const inPlace = () => envelopesIn(articles(chat).at(-1) as HTMLElement).find((el) => el.getAttribute('envelope-id') === id);
    await waitUntil(() => inPlace() && shadow(inPlace() as Envelope).querySelector('[part="fallback"][data-reason="no-surface"]'), 'no canvas notice', {
      timeout: 5000,
    });
    expect(shadow(inPlace() as Envelope).textContent).to.match(/meant for a canvas/i);
  });

  it('a persisted conversation renders its envelopes again without the agent-ui stream; render_refs are fetched lazily, only for a map', async () => {
    const { chat, history } = await openChat();
    await reply(chat);
    await settled(history, { HistoryPanel: 'rendered', chart: 'rendered', ScadaPanel: 'rendered', render_junctions: 'fallback' });
    const saved = JSON.parse(JSON.stringify(chat.messages)) as PersistedMessage[];
    chat.remove();

    const { requested, restore } = recordFetch();
    try {
      const replayed = await fixture<MantisChat>(html`<mantis-chat agent-ui-url=${AGENT_UI} style="--mantis-chat-height: 40rem"></mantis-chat>`);
      const replayHistory = historyOf(replayed);
      replayed.messages = saved;
      await replayed.updateComplete;
      const article = articles(replayed).at(-1) as HTMLElement;
      const historyPanel = byKind(article, 'HistoryPanel') as Envelope;
      await waitUntil(() => shadow(historyPanel).querySelector('test-history-panel'), 'the HistoryPanel did not render again', { timeout: 5000 });
      await waitUntil(() => chartSvg(byKind(article, 'chart')), 'the chart did not draw again', { timeout: 8000 });
      const map = byKind(article, 'render_junctions') as Envelope;
      await waitUntil(() => shadow(map).querySelector('[part="fallback"][data-reason="no-surface"]'), 'no map notice', { timeout: 5000 });
      // A replayed side_panel envelope waits for its Show button.
      expect(replayed.session.artifacts.tabs.length).to.equal(0);
      expect(article.querySelector('[part="envelope-elsewhere"] button')).not.to.equal(null);

      const paths = () => requested.map((url) => new URL(url, location.href).pathname);
      expect(paths().filter((p) => p === '/api/v1/agent/chat/stream')).to.deep.equal([]);
      expect(paths().filter((p) => p.startsWith('/api/v1/composer/'))).to.deep.equal([]);
      expect(paths().filter((p) => p.startsWith('/api/v1/agent/chat/render-ref/'))).to.deep.equal([]);
      // The same statuses: nothing changed, so nothing was persisted again.
      expect(replayHistory.filter((h) => persistedStatuses([h]).render_junctions?.status !== 'fallback')).to.deep.equal([]);
      expect(replayed.messages.at(-1)).to.deep.equal(saved.at(-1));

      // A map now: only then is the render_ref resolved, under the message's agent-ui session.
      const mapAdapter = new RecordingMap();
      replayed.mapAdapter = mapAdapter;
      await replayed.updateComplete;
      await waitUntil(() => mapAdapter.junctions.length > 0, 'the map adapter was never called on replay', { timeout: 8000 });
      expect(mapAdapter.junctions[0]?.junctions.features.length).to.equal(5);
      const refs = requested.filter((url) => new URL(url).pathname.startsWith('/api/v1/agent/chat/render-ref/'));
      expect(refs.length).to.be.greaterThan(0);
      const stored = saved.at(-1);
      const sessionId = stored?.role === 'assistant' ? stored.uiSessionId : undefined;
      expect(refs.every((url) => new URL(url).searchParams.get('session_id') === sessionId)).to.equal(true);
      expect(paths().filter((p) => p === '/api/v1/agent/chat/stream')).to.deep.equal([]);
      await settled(replayHistory, { render_junctions: 'rendered' });
    } finally {
      restore();
    }
  });

  it('a persisted conversation replays without any network in a chat with no URL at all', async () => {
    const { chat, history } = await openChat();
    await reply(chat);
    await settled(history, { HistoryPanel: 'rendered', chart: 'rendered' });
    const saved = chat.messages;
    chat.remove();
    const { requested, restore } = recordFetch();
    try {
      const replayed = await fixture<MantisChat>(html`<mantis-chat style="--mantis-chat-height: 40rem"></mantis-chat>`);
      replayed.messages = saved;
      await replayed.updateComplete;
      const article = articles(replayed).at(-1) as HTMLElement;
      await waitUntil(() => shadow(byKind(article, 'HistoryPanel') as Envelope).querySelector('test-history-panel'), 'no HistoryPanel', { timeout: 5000 });
      await waitUntil(() => chartSvg(byKind(article, 'chart')), 'no chart', { timeout: 8000 });
      expect(requested).to.deep.equal([]);
    } finally {
      restore();
    }
  });

  it('a malformed envelope shows its fallback, and the chat keeps working', async () => {
    const { chat, history } = await openChat();
    const first = await reply(chat);
    const bad: UiEnvelopeEvent[] = [
      {
        session_id: first.uiSessionId ?? 's',
        envelope_id: 'bad-kind',
        created_at: Date.now(),
        envelope: {
          kind: 'html',
          schemaVersion: 'agent-ui@1',
          surface: 'chat_inline',
          html: '<img src=x onerror="window.__pwned = true">',
          fallbackText: 'An envelope of an unknown kind.',
        },
      },
      { session_id: first.uiSessionId ?? 's', envelope_id: 'bad-null', created_at: Date.now(), envelope: null },
      { session_id: first.uiSessionId ?? 's', envelope_id: 'bad-text', created_at: Date.now(), envelope: '<script>window.__pwned = true</script>' },
    ];
    for (const event of bad) chat.session.addEnvelope(event);
    await chat.updateComplete;
    const article = articles(chat).at(-1) as HTMLElement;
    const shown = (id: string) => envelopesIn(article).find((el) => el.getAttribute('envelope-id') === id) as Envelope;
    const fallbackOf = (id: string) => (shown(id) ? shadow(shown(id)).querySelector<HTMLElement>('[part="fallback"]') : null);
    await waitUntil(() => {
      const last = history.at(-1)?.findLast((m) => m.role === 'assistant');
      return last?.role === 'assistant' && bad.every((b) => last.uiEnvelopes?.find((e) => e.envelopeId === b.envelope_id)?.renderStatus === 'fallback');
    }, 'the fallback statuses were not persisted', { timeout: 5000 });
    await chat.updateComplete;
    for (const { envelope_id: id } of bad) {
      await waitUntil(() => fallbackOf(id)?.dataset.reason === 'invalid-envelope', `no invalid-envelope fallback for ${id}`, { timeout: 5000 });
      expect(shadow(shown(id)).querySelector('img, script')).to.equal(null);
    }
    expect(fallbackOf('bad-kind')?.textContent).to.contain('An envelope of an unknown kind.');
    expect(fallbackOf('bad-null')?.textContent).to.contain('cannot be shown');
    expect((window as { __pwned?: boolean }).__pwned).to.equal(undefined);
    // The reply's own envelopes are unaffected.
    await waitUntil(() => chartSvg(byKind(article, 'chart')), 'the chart of the first reply is gone', { timeout: 8000 });

    // The chat goes on: the next reply streams, and its envelopes render.
    const second = await reply(chat);
    expect(second.uiEnvelopes.length).to.equal(4);
    expect(second.text.length).to.be.greaterThan(0);
    const next = articles(chat).at(-1) as HTMLElement;
    await waitUntil(() => chartSvg(byKind(next, 'chart')), 'the next chart did not draw', { timeout: 8000 });
    await waitUntil(() => shadow(byKind(next, 'HistoryPanel') as Envelope).querySelector('test-history-panel'), 'the next HistoryPanel did not render', {
      timeout: 5000,
    });
  });

  it('is accessible with envelopes shown: inline panels, a chart, a map notice, a side-panel line and the panel', async () => {
    const { chat, history } = await openChat();
    await reply(chat);
    await settled(history, { HistoryPanel: 'rendered', chart: 'rendered', ScadaPanel: 'rendered', render_junctions: 'fallback' });
    await waitUntil(() => chartSvg(byKind(articles(chat).at(-1) as HTMLElement, 'chart')), 'no chart', { timeout: 8000 });
    await panelOf(chat).updateComplete;
    await expect(chat).to.be.accessible();
  });

  it('with a registry that cannot be read, every envelope falls back after three reads, says why, and the status is persisted', async () => {
    // A base URL with no registry under it: every read of `ui-registry` is a 404.
    const { chat, history } = await openChat({ attributes: { 'agent-ui-url': `${agentOrigin}/api/v1/agent/no-such-chat/` } });
    const message = await reply(chat);
    await settled(history, { HistoryPanel: 'fallback', chart: 'fallback', ScadaPanel: 'fallback', render_junctions: 'fallback' });
    const statuses = persistedStatuses(history);
    for (const kind of ['HistoryPanel', 'chart', 'ScadaPanel']) expect(statuses[kind]?.error, kind).to.match(/tried 3 times/);
    // Each shows its fallback text in place of a spinner that would never end.
    const article = articles(chat).at(-1) as HTMLElement;
    await waitUntil(() => envelopesIn(article).every((el) => !shadow(el).querySelector('[part="status"]')), 'an envelope still says it is loading');
    expect(envelopesIn(article).filter((el) => shadow(el).querySelector('[part~="fallback"]')).length).to.be.greaterThan(0);
    expect(chat.session.thread.assistant(message.id)?.uiEnvelopes.map((e) => e.renderStatus)).to.deep.equal(['fallback', 'fallback', 'fallback', 'fallback']);
  });
});
