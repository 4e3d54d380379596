/**
 * Shared pieces of the <agent-envelope> browser tests: the reference server's chart, two tiny business panels the
 * tests register, mounting an element with its status events recorded from the start, and the inertness check.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { registerEnvelopeComponent, type AgentEnvelope, type EnvelopeStatusDetail } from '../../../elements/agent-envelope/agent-envelope.js';
import { HistoryPanelProps, ScadaPanelProps } from '../../../src/protocols/agent-ui/history-panel.js';
import type { AgentUiStreamEvent } from '../../../src/protocols/agent-ui/stream.js';
import { AgentUiStream } from '../../../src/protocols/agent-ui/stream.js';
import type { UiEnvelopeEvent } from '../../../src/index.js';
import { agentOrigin } from '../../helpers/agent.js';
import { serverChart } from '../../src/agent-ui/fixtures.js';
import { deepElements } from '../../helpers/sinks.js';

/** The agent-ui@1 base of the reference server the runner started. */
export const AGENT_UI_URL = `${agentOrigin}/api/v1/agent/chat/`;

/** The chart of demo/server/agent-ui.ts script(), as the server streams it (one copy for every test: fixtures.ts). */
export const CHART = serverChart();

/** A fresh, mutable copy of the chart with another title and first series name. */
export function chartWith(changes: { title?: string; seriesName?: string; fallbackText?: string } = {}): Record<string, unknown> {
  const chart = structuredClone(CHART) as unknown as { spec: { title: { text: string }; series: Array<{ name: string }> }; fallbackText: string };
  if (changes.title !== undefined) chart.spec.title.text = changes.title;
  if (changes.seriesName !== undefined) chart.spec.series[0]!.name = changes.seriesName;
  if (changes.fallbackText !== undefined) chart.fallbackText = changes.fallbackText;
  return chart;
}

export const historyEnvelope = (start_time: string, end_time: string, fallbackText?: string) => ({
  kind: 'registered_component',
  schemaVersion: 'agent-ui@1',
  component: 'HistoryPanel',
  surface: 'chat_inline',
  props: { start_time, end_time },
  ...(fallbackText === undefined ? {} : { fallbackText }),
});

/** A panel that shows its checked props as text, and keeps them for the test to read. */
class TestPanel extends HTMLElement {
  #props: unknown = null;
  data: unknown;
  get props(): unknown {
    return this.#props;
  }
  set props(value: unknown) {
    this.#props = value;
    const record = (value ?? {}) as Record<string, unknown>;
    this.textContent = 'start_time' in record ? `History from ${String(record.start_time)}` : `Station ${String(record.station_id)}`;
  }
}

export const PANEL_TAGS = ['test-history-panel', 'test-scada-panel'] as const;

/** Defines the two panels and registers them as HistoryPanel and ScadaPanel for every envelope of the page. */
export function registerTestPanels(): void {
  for (const tag of PANEL_TAGS) if (!customElements.get(tag)) customElements.define(tag, class extends TestPanel {});
  registerEnvelopeComponent({ name: 'HistoryPanel', tagName: 'test-history-panel', props: HistoryPanelProps });
  registerEnvelopeComponent({ name: 'ScadaPanel', tagName: 'test-scada-panel', props: ScadaPanelProps });
}

export interface Mounted {
  readonly el: AgentEnvelope;
  /** Every `mantis-envelope-status` detail, in order, from before the element was connected. */
  readonly statuses: EnvelopeStatusDetail[];
}

type Settable = Partial<Pick<AgentEnvelope, 'envelope' | 'envelopeId' | 'agentUiUrl' | 'sessionId' | 'mapAdapter' | 'registryLoader'>>;

/** Creates an <agent-envelope> with these properties and attributes, listening to it, and appends it to `parent`. */
export function mountIn(parent: Element, properties: Settable = {}, attributes: Record<string, string> = {}): Mounted {
  const el = document.createElement('agent-envelope');
  const statuses: EnvelopeStatusDetail[] = [];
  el.addEventListener('mantis-envelope-status', (event) => statuses.push(event.detail));
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  Object.assign(el, properties);
  parent.append(el);
  return { el, statuses };
}

/** mountIn a fresh fixture (removed after the test). */
export async function mount(properties: Settable = {}, attributes: Record<string, string> = {}): Promise<Mounted> {
  return mountIn(await fixture(html`<div></div>`), properties, attributes);
}

/**
 * The first status from index `from` on that `accept`s (by default the first final one: not `pending`), once the
 * element has rendered it. Event-driven (a sweep renders thousands); rejects, saying what came, after `within` ms.
 */
export function nextStatus(
  mounted: Mounted,
  from = 0,
  accept: (status: EnvelopeStatusDetail) => boolean = (status) => status.status !== 'pending',
  within = 15_000,
): Promise<EnvelopeStatusDetail> {
  const find = () => mounted.statuses.slice(from).find(accept);
  return new Promise((resolve, reject) => {
    const finish = (status: EnvelopeStatusDetail) => {
      clearTimeout(timer);
      mounted.el.removeEventListener('mantis-envelope-status', check);
      void mounted.el.updateComplete.then(() => resolve(status));
    };
    const check = () => {
      const found = find();
      if (found) finish(found);
    };
    const timer = setTimeout(() => {
      mounted.el.removeEventListener('mantis-envelope-status', check);
      reject(new Error(`no matching mantis-envelope-status after #${from}: ${JSON.stringify(mounted.statuses)}`));
    }, within);
    // Added after mountIn's listener: the status is recorded when this runs.
    mounted.el.addEventListener('mantis-envelope-status', check);
    check();
  });
}

export const shadow = (el: AgentEnvelope): ShadowRoot => el.shadowRoot as ShadowRoot;

/** The fallback paragraph, its text trimmed, and how many elements it holds. */
export function fallbackOf(el: AgentEnvelope): { text: string; reason: string | null; elements: number } {
  const p = shadow(el).querySelector('[part="fallback"]');
  expect(p, 'a [part="fallback"]').to.not.equal(null);
  return { text: (p?.textContent ?? '').trim(), reason: p?.getAttribute('data-reason') ?? null, elements: p?.querySelectorAll('*').length ?? -1 };
}

const HTML_TAGS = new Set(['div', 'p', 'span', 'figure', 'figcaption', 'button', 'table', 'caption', 'thead', 'tbody', 'tr', 'th', 'td']);
/** What ECharts' SVG renderer draws: shapes and text, never images, links, foreign objects or scripts. */
const SVG_TAGS = new Set(['svg', 'g', 'path', 'text', 'tspan', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'defs', 'clipPath', 'linearGradient', 'radialGradient', 'stop', 'title']);
const SVG = 'http://www.w3.org/2000/svg';

/**
 * Fails when the element's shadow root holds anything its renderers do not create themselves: an element outside
 * the figure/fallback/table/ECharts-SVG allowlist (`extra` adds the registered panels), an event-handler attribute
 * or a URL attribute. Also fails when an injected script set `window.__pwned`.
 */
export function assertInert(el: AgentEnvelope, context: string, extra: readonly string[] = []): void {
  for (const element of deepElements(shadow(el))) {
    const tag = element.localName;
    const allowed = element.namespaceURI === SVG ? SVG_TAGS.has(tag) : HTML_TAGS.has(tag) || extra.includes(tag);
    expect(allowed, `${context}: <${tag}> in the shadow root`).to.equal(true);
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${context}: <${tag} ${attribute.name}>`).to.equal(false);
      expect(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'srcdoc'], `${context}: <${tag} ${attribute.name}>`).not.to.include(attribute.name);
    }
  }
  expect((window as { __pwned?: unknown }).__pwned, `${context}: injected script ran`).to.equal(undefined);
}

/** Records alert/confirm/prompt instead of opening them (a payload's onerror would call one); `restore` after. */
export function trapDialogs(): { readonly calls: string[]; restore(): void } {
  const names = ['alert', 'confirm', 'prompt'] as const;
  const saved = names.map((name) => [name, window[name]] as const);
  const calls: string[] = [];
  for (const name of names) (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => void calls.push(`${name}(${args.join(',')})`);
  delete (window as { __pwned?: unknown }).__pwned;
  return {
    calls,
    restore: () => {
      for (const [name, fn] of saved) (window as unknown as Record<string, unknown>)[name] = fn;
    },
  };
}

let sessions = 0;
/** A session_id of its own for each test: the server keeps scripted logs and render_refs per session. */
export const newSession = (): string => `envelope-${Date.now().toString(36)}-${++sessions}`;

export function streamUrl(params: Record<string, string> = {}): string {
  const url = new URL('/api/v1/agent/chat/stream', agentOrigin);
  for (const [key, value] of Object.entries({ delay: '0', ...params })) url.searchParams.set(key, value);
  return url.href;
}

/**
 * Streams a scenario for real and calls `onEnvelope` for each envelope as it arrives; resolves with the stream's
 * events once it ended, and how many requests it made.
 */
export async function streamEnvelopes(
  sessionId: string,
  params: Record<string, string>,
  onEnvelope: (event: UiEnvelopeEvent) => void = () => undefined,
): Promise<{ events: AgentUiStreamEvent[]; envelopes: UiEnvelopeEvent[]; requests: number }> {
  let requests = 0;
  const stream = new AgentUiStream({
    url: streamUrl(params),
    sessionId,
    minDelay: 5,
    maxDelay: 40,
    maxAttempts: 5,
    fetch: (input, init) => {
      requests += 1;
      return fetch(input, init);
    },
  });
  const events: AgentUiStreamEvent[] = [];
  await new Promise<void>((resolve) => {
    stream.subscribe((event) => {
      events.push(event);
      if (event.type === 'envelope') onEnvelope(event.event);
      if (event.type === 'done' || event.type === 'error') resolve();
    });
    stream.connect();
  });
  return { events, envelopes: events.flatMap((e) => (e.type === 'envelope' ? [e.event] : [])), requests };
}
