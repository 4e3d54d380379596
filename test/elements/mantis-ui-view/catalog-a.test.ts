/*
 * Catalog A: metric-group, entity-card, citation-list and data-table, rendered by <mantis-ui-view>. For each:
 * acceptance, rejection (validateView), streaming (createMessageParser), dark mode, keyboard and fallback.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';
import { citationList } from '../../../elements/mantis-ui-view/nodes/citation-list.js';
import { LIMITS, createMessageParser, validateView, type StackNode } from '../../../src/index.js';

type Json = Record<string, unknown>;

const shadow = (el: MantisUiView): ShadowRoot => el.shadowRoot as ShadowRoot;
const view = (root: unknown, id = 'catalog-a'): Json => ({ version: 1, id, root });
const stackOf = (...children: unknown[]): Json => ({ id: 'stack', type: 'stack', children });
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** Text a screen reader gets: the text content without `aria-hidden` subtrees. */
function spokenText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  return [...node.childNodes].map(spokenText).join('');
}
const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

const render = (value: unknown, theme?: 'light' | 'dark') =>
  fixture<MantisUiView>(html`<mantis-ui-view theme=${theme ?? 'light'} .view=${value}></mantis-ui-view>`);

/** validateView with the node as the root: a rejected node fails the whole view with `invalid-root`. */
function expectAccepted(node: unknown): void {
  const result = validateView(view(node));
  expect(result.ok, JSON.stringify(result.ok ? result.issues : result)).to.equal(true);
  if (result.ok) expect(result.issues).to.deep.equal([]);
}
function expectRejected(node: unknown, pathStart = '/root'): void {
  const result = validateView(view(node));
  expect(result.ok, 'the node was accepted').to.equal(false);
  if (result.ok) return;
  expect(result.reason).to.equal('invalid-root');
  expect(result.issues.length).to.be.greaterThan(0);
  expect(result.issues.some((issue) => issue.path.startsWith(pathStart)), JSON.stringify(result.issues)).to.equal(true);
}

/** Validates `[sibling, node]` in a stack: returns whether the node (second child) survived. */
function survivesBeside(sibling: unknown, node: unknown): boolean {
  const result = validateView(view(stackOf(sibling, node)));
  expect(result.ok, 'the stack itself must stay valid').to.equal(true);
  if (!result.ok) return false;
  const children = (result.view.root as StackNode).children;
  expect(children[0]?.type).to.not.equal('invalid');
  if (children[1]?.type === 'invalid') {
    expect(result.issues.map((issue) => issue.message)).to.include('duplicate ID');
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Realistic nodes, every optional field set.

const metric = (i: number): Json => ({ id: `metric-${i}`, label: `Metric ${i}`, value: String(i) });

const METRIC_GROUP: Json = {
  id: 'health',
  type: 'metric-group',
  title: 'Cluster health',
  metrics: [
    {
      id: 'density',
      label: 'Density',
      value: '0.82',
      change: { value: '+4%', direction: 'up', sentiment: 'positive' },
      description: 'Points per unit of map area',
    },
    { id: 'latency', label: 'Median latency', value: '120', unit: 'ms', change: { value: '+15 ms', direction: 'up', sentiment: 'negative' } },
    { id: 'errors', label: 'Errors', value: '3', change: { value: '−2', direction: 'down', sentiment: 'positive' } },
    { id: 'points', label: 'Points', value: '128', change: { value: '0', direction: 'flat', sentiment: 'neutral' } },
    { id: 'outliers', label: 'Outliers <b>', value: '7' },
  ],
};

const CLUSTER = 'mantis://map/map-id/cluster/cluster-id';

const ENTITY_ACTIONS: Json[] = [
  { id: 'go', type: 'navigate', label: 'Show on map', target: { uri: CLUSTER } },
  { id: 'sum', type: 'summarize', label: 'Summarize', target: { uri: CLUSTER } },
  { id: 'ask', type: 'prefill-composer', label: 'Ask about it', text: 'What is in the memory systems cluster?' },
  { id: 'bag', type: 'add-to-bag', label: 'Add to bag', targets: [{ uri: 'mantis://map/map-id/point/p-1' }], bagName: 'Reading list' },
];

const ENTITY_CARD: Json = {
  id: 'summary',
  type: 'entity-card',
  title: 'Memory systems',
  description: 'The **densest** result cluster.',
  target: { uri: CLUSTER },
  attributes: [
    { label: 'Points', value: '128' },
    { label: 'Density', value: '0.82' },
    { label: 'Markup', value: '<img src=x onerror=alert(1)>' },
  ],
  actions: ENTITY_ACTIONS,
};

const attribute = (i: number): Json => ({ label: `Attribute ${i}`, value: `Value ${i}` });
const navigate = (i: number): Json => ({ id: `act-${i}`, type: 'navigate', label: `Go ${i}`, target: { uri: `mantis://map/m/point/p${i}` } });

const citation = (i: number): Json => ({ id: `cite-${i}`, title: `Source ${i}` });

const CITATION_LIST: Json = {
  id: 'sources',
  type: 'citation-list',
  title: 'Sources',
  citations: [
    {
      id: 'baddeley',
      title: 'Working memory: looking back and looking forward',
      source: 'Nature Reviews Neuroscience',
      excerpt: 'Working memory is a limited-capacity system.',
      target: { uri: 'mantis://map/map-id/point/baddeley-2003' },
    },
    { id: 'notes', title: 'Team notes <script>', source: 'notes.md' },
    { id: 'survey', title: 'A survey of memory systems' },
  ],
};

const column = (i: number): Json => ({ id: `col-${i}`, label: `Column ${i}` });
const row = (i: number, cells: unknown[]): Json => ({ id: `row-${i}`, cells });

const DATA_TABLE: Json = {
  id: 'clusters',
  type: 'data-table',
  caption: 'Largest clusters',
  columns: [
    { id: 'name', label: 'Cluster' },
    { id: 'count', label: 'Points', format: 'number' },
    { id: 'share', label: 'Share', format: 'number' },
    { id: 'code', label: 'Code', format: 'text' },
  ],
  rows: [
    { id: 'memory', cells: ['Memory systems', 1234567.891, 0.5, 1234567] },
    { id: 'attention', cells: ['Attention <i>', 98, null, null] },
  ],
};

/** A table of `rows` rows and `columns` columns; `wide` adds long cells. */
function bigTable(rows: number, columns = 2, id = 'big'): Json {
  return {
    id,
    type: 'data-table',
    caption: `A table of ${rows} rows`,
    columns: range(columns).map((c) => ({ ...column(c), ...(c > 0 ? { format: 'number' } : {}) })),
    rows: range(rows).map((r) => row(r, range(columns).map((c) => (c === 0 ? `Cluster number ${r}` : r * 1000 + c)))),
  };
}

// ---------------------------------------------------------------------------------------------------------------

describe('<mantis-ui-view> catalog A', () => {
  describe('metric-group', () => {
    it('is a named group, not a landmark: two untitled groups on a page name no two landmarks alike (axe)', async () => {
      const { metrics } = METRIC_GROUP as { metrics: Json[] };
      const untitled = { id: 'g', type: 'metric-group', metrics };
      const wrapper = await fixture<HTMLElement>(
        html`<div><mantis-ui-view theme="light" .view=${view(untitled)}></mantis-ui-view><mantis-ui-view theme="light" .view=${view(untitled)}></mantis-ui-view></div>`,
      );
      const views = [...wrapper.querySelectorAll<MantisUiView>('mantis-ui-view')];
      await Promise.all(views.map((el) => el.updateComplete));
      for (const el of views) expect(shadow(el).querySelector('[part="metric-group"]')?.getAttribute('role')).to.equal('group');
      await expect(wrapper).to.be.accessible();
    });

    it('renders every metric with its label, value, unit, change and description', async () => {
      const el = await render(view(METRIC_GROUP));
      const group = shadow(el).querySelector('[part="metric-group"]') as HTMLElement;
      expect(group).to.not.equal(null);
      expect(group.getAttribute('aria-label')).to.equal('Cluster health');
      expect(group.textContent).to.contain('Cluster health');
      const tiles = [...group.querySelectorAll('[part="metric"]')];
      expect(tiles.map((tile) => squash(tile.querySelector('dt')?.textContent))).to.deep.equal([
        'Density',
        'Median latency',
        'Errors',
        'Points',
        'Outliers <b>',
      ]);
      expect(squash(tiles[0]?.querySelector('.metric-value')?.textContent)).to.equal('0.82');
      expect(squash(tiles[1]?.querySelector('.metric-value')?.textContent)).to.equal('120 ms');
      expect(tiles[0]?.textContent).to.contain('Points per unit of map area');
      expect(tiles[0]?.textContent).to.contain('+4%');
      // Markup in a label is text, never an element.
      expect(group.querySelector('b')).to.equal(null);
      expect(tiles[4]?.querySelector('.change')).to.equal(null);
    });

    it('says the change direction and sentiment in words, and shows the sentiment without relying on colour', async () => {
      const el = await render(view(METRIC_GROUP));
      const changes = [...shadow(el).querySelectorAll('[part="metric"] .change')] as HTMLElement[];
      expect(changes).to.have.length(4);
      const spoken = changes.map((change) => squash(spokenText(change)));
      expect(spoken[0]).to.match(/\bup\b/);
      expect(spoken[0]).to.contain('+4%');
      expect(spoken[0]).to.match(/\bfavorable\b/);
      expect(spoken[1]).to.match(/\bup\b/);
      expect(spoken[1]).to.match(/\bunfavorable\b/);
      expect(spoken[2]).to.match(/\bdown\b/);
      expect(spoken[2]).to.match(/\bfavorable\b/);
      expect(spoken[3]).to.match(/\bunchanged\b/);
      expect(spoken[3]).to.not.match(/favorable/);
      // Sighted readers who cannot tell the colours apart read the sentiment too: it is laid out, not clipped.
      for (const [index, word] of [
        [0, 'favorable'],
        [1, 'unfavorable'],
      ] as const) {
        const holder = [...(changes[index] as HTMLElement).querySelectorAll('span')].find((span) => span.textContent?.includes(word));
        expect(holder, `a span saying ${word}`).to.not.equal(undefined);
        expect(holder?.closest('.visually-hidden, [aria-hidden="true"]')).to.equal(null);
        expect((holder as HTMLElement).getBoundingClientRect().width).to.be.greaterThan(4);
      }
      // Good and bad news look different (the colour is a second cue, not the only one).
      expect(getComputedStyle(changes[0] as HTMLElement).color).to.not.equal(getComputedStyle(changes[1] as HTMLElement).color);
    });

    it('accepts 8 metrics and rejects 9', () => {
      expectAccepted({ id: 'g', type: 'metric-group', metrics: range(LIMITS.metrics).map(metric) });
      expectRejected({ id: 'g', type: 'metric-group', metrics: range(LIMITS.metrics + 1).map(metric) }, '/root/metrics');
      expect(LIMITS.metrics).to.equal(8);
    });

    it('rejects unknown keys, markup or URLs where data is expected, and bad enums', () => {
      expectAccepted(METRIC_GROUP);
      expectRejected({ ...METRIC_GROUP, html: '<b>x</b>' });
      expectRejected({ ...METRIC_GROUP, className: 'evil' });
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), icon: 'https://evil.invalid/x.png' }] }, '/root/metrics/0');
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), value: { html: '<b>1</b>' } }] }, '/root/metrics/0/value');
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), id: '<img src=x onerror=alert(1)>' }] }, '/root/metrics/0/id');
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), id: 'https://evil.invalid/' }] }, '/root/metrics/0/id');
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), change: { value: '+1', direction: 'sideways' } }] });
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), change: { value: '+1', direction: 'up', color: 'red' } }] });
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), unit: 'x'.repeat(17) }] });
      expectRejected({ ...METRIC_GROUP, metrics: [] });
      expectRejected({ ...METRIC_GROUP, metrics: [{ ...metric(0), value: '' }] });
    });

    it('rejects duplicate metric IDs, within the group and across the view', () => {
      expectRejected({ id: 'g', type: 'metric-group', metrics: [metric(1), metric(1)] });
      expectRejected({ id: 'metric-1', type: 'metric-group', metrics: [metric(1)] });
      const group = { id: 'g', type: 'metric-group', metrics: [metric(1), metric(2)] };
      expect(survivesBeside({ id: 'metric-3', type: 'heading', text: 'Hi' }, group)).to.equal(true);
      expect(survivesBeside({ id: 'metric-2', type: 'heading', text: 'Hi' }, group)).to.equal(false);
    });
  });

  describe('entity-card', () => {
    it('renders its title as a heading, Markdown description, attributes and action buttons', async () => {
      const el = await render(view(ENTITY_CARD));
      const card = shadow(el).querySelector('[part="entity-card"]') as HTMLElement;
      expect(card.getAttribute('aria-label')).to.equal('Memory systems');
      const title = card.querySelector('[role="heading"]');
      expect(squash(title?.textContent)).to.equal('Memory systems');
      expect(title?.getAttribute('aria-level')).to.equal('4');
      expect(card.querySelector('.card-description strong')?.textContent).to.equal('densest');
      const pairs = [...card.querySelectorAll('dl .attribute')].map((a) => [squash(a.querySelector('dt')?.textContent), squash(a.querySelector('dd')?.textContent)]);
      expect(pairs).to.deep.equal([
        ['Points', '128'],
        ['Density', '0.82'],
        ['Markup', '<img src=x onerror=alert(1)>'],
      ]);
      expect(card.querySelector('img')).to.equal(null);
      const buttons = [...card.querySelectorAll('button[part="action"]')];
      expect(buttons.map((b) => squash(b.textContent))).to.deep.equal(['Show on map', 'Summarize', 'Ask about it', 'Add to bag']);
      // The target is data for actions, never an address in the DOM.
      expect(shadow(el).innerHTML).to.not.contain('mantis://');
      expect(card.querySelector('a')).to.equal(null);
    });

    it('renders a minimal card without attributes or actions', async () => {
      const el = await render(view({ id: 'c', type: 'entity-card', title: 'Lonely' }));
      const card = shadow(el).querySelector('[part="entity-card"]') as HTMLElement;
      expect(squash(card.querySelector('[role="heading"]')?.textContent)).to.equal('Lonely');
      expect(card.querySelector('dl, button, [part="actions"]')).to.equal(null);
    });

    it('fires a bubbling, composed mantis-action with viewId, nodeId and action when a navigate button is clicked', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`<div><mantis-ui-view .view=${view(ENTITY_CARD, 'cluster-summary')}></mantis-ui-view></div>`);
      const el = wrapper.querySelector('mantis-ui-view') as MantisUiView;
      await el.updateComplete;
      const button = shadow(el).querySelector('button[data-action="go"]') as HTMLButtonElement;
      const fired = oneEvent(wrapper, 'mantis-action');
      button.click();
      const event = (await fired) as CustomEvent;
      expect(event.bubbles).to.equal(true);
      expect(event.composed).to.equal(true);
      expect(event.detail).to.deep.equal({ viewId: 'cluster-summary', nodeId: 'summary', action: ENTITY_ACTIONS[0] });
    });

    it('accepts 12 attributes and rejects 13; accepts 4 actions and rejects 5', () => {
      const card = { id: 'c', type: 'entity-card', title: 'T' };
      expectAccepted({ ...card, attributes: range(LIMITS.cardAttributes).map(attribute) });
      expectRejected({ ...card, attributes: range(LIMITS.cardAttributes + 1).map(attribute) }, '/root/attributes');
      expectAccepted({ ...card, actions: range(LIMITS.actions).map(navigate) });
      expectRejected({ ...card, actions: range(LIMITS.actions + 1).map(navigate) }, '/root/actions');
      expect([LIMITS.cardAttributes, LIMITS.actions]).to.deep.equal([12, 4]);
    });

    it('rejects unknown keys, URLs where a target is expected, markup in IDs and unknown actions', () => {
      expectAccepted(ENTITY_CARD);
      expectRejected({ ...ENTITY_CARD, href: 'https://evil.invalid/' });
      expectRejected({ ...ENTITY_CARD, style: 'color:red' });
      expectRejected({ ...ENTITY_CARD, image: 'https://evil.invalid/x.png' });
      expectRejected({ ...ENTITY_CARD, target: { uri: 'https://evil.invalid/cluster' } }, '/root/target/uri');
      expectRejected({ ...ENTITY_CARD, target: { uri: 'javascript:alert(1)' } }, '/root/target/uri');
      expectRejected({ ...ENTITY_CARD, target: CLUSTER }, '/root/target');
      expectRejected({ ...ENTITY_CARD, attributes: [{ label: 'A', value: 'v', html: '<b>v</b>' }] }, '/root/attributes/0');
      expectRejected({ ...ENTITY_CARD, attributes: [{ label: 'A', value: { html: '<b>v</b>' } }] }, '/root/attributes/0/value');
      expectRejected({ ...ENTITY_CARD, id: '<b>id</b>' }, '/root/id');
      expectRejected({ ...ENTITY_CARD, actions: [{ id: 'x', type: 'open-url', label: 'Open', url: 'https://evil.invalid/' }] }, '/root/actions/0');
      expectRejected({ ...ENTITY_CARD, actions: [{ ...navigate(0), target: { uri: 'https://evil.invalid/' } }] }, '/root/actions/0/target');
      expectRejected({ ...ENTITY_CARD, actions: [{ ...navigate(0), onclick: 'alert(1)' }] }, '/root/actions/0');
      expectRejected({ ...ENTITY_CARD, title: '' }, '/root/title');
    });

    it('rejects duplicate action IDs, within the card and across the view', () => {
      const card = { id: 'c', type: 'entity-card', title: 'T', actions: [navigate(1), navigate(2)] };
      expectAccepted(card);
      expectRejected({ ...card, actions: [navigate(1), navigate(1)] });
      expectRejected({ ...card, id: 'act-1' });
      expect(survivesBeside({ id: 'act-3', type: 'heading', text: 'Hi' }, card)).to.equal(true);
      expect(survivesBeside({ id: 'act-2', type: 'heading', text: 'Hi' }, card)).to.equal(false);
      expect(survivesBeside({ id: 'other', type: 'action-row', actions: [navigate(1)] }, card)).to.equal(false);
    });

    it('reaches its action buttons in order with Tab, and Enter on a navigate button fires mantis-action', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><button id="before">Before</button><mantis-ui-view .view=${view(ENTITY_CARD)}></mantis-ui-view></div>`,
      );
      const el = wrapper.querySelector('mantis-ui-view') as MantisUiView;
      await el.updateComplete;
      (wrapper.querySelector('#before') as HTMLButtonElement).focus();
      const reached: string[] = [];
      for (let i = 0; i < ENTITY_ACTIONS.length; i++) {
        await sendKeys({ press: 'Tab' });
        reached.push(shadow(el).activeElement?.getAttribute('data-action') ?? `(focus on ${document.activeElement?.localName})`);
      }
      expect(reached).to.deep.equal(['go', 'sum', 'ask', 'bag']);
      // Back to the first one with Shift+Tab, then activate it from the keyboard.
      await sendKeys({ down: 'Shift' });
      for (let i = 0; i < ENTITY_ACTIONS.length - 1; i++) await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(shadow(el).activeElement?.getAttribute('data-action')).to.equal('go');
      const fired = oneEvent(el, 'mantis-action');
      await sendKeys({ press: 'Enter' });
      expect(((await fired) as CustomEvent).detail.action.id).to.equal('go');
    });
  });

  describe('citation-list', () => {
    it('renders an ordered list of citations with title, source and excerpt', async () => {
      const el = await render(view(CITATION_LIST));
      const list = shadow(el).querySelector('[part="citation-list"]') as HTMLElement;
      expect(list.getAttribute('aria-label')).to.equal('Sources');
      const items = [...list.querySelectorAll('ol > li[part="citation"]')];
      expect(items).to.have.length(3);
      expect(items.map((item) => squash(item.querySelector('.citation-title')?.textContent))).to.deep.equal([
        'Working memory: looking back and looking forward',
        'Team notes <script>',
        'A survey of memory systems',
      ]);
      expect(items[0]?.textContent).to.contain('Nature Reviews Neuroscience');
      expect(squash(items[0]?.querySelector('blockquote')?.textContent)).to.equal('Working memory is a limited-capacity system.');
      expect(items[1]?.textContent).to.contain('notes.md');
      expect(items[1]?.querySelector('blockquote')).to.equal(null);
      expect(items[2]?.querySelector('.citation-source')).to.equal(null);
      expect(list.querySelector('script, a')).to.equal(null);
      expect(shadow(el).innerHTML).to.not.contain('mantis://');
    });

    it('continues the message’s numbering from the context’s citation start', async () => {
      const node = validateView(view(CITATION_LIST));
      if (!node.ok || node.view.root.type !== 'citation-list') throw new Error('the citation list must be valid');
      const continued = await fixture<HTMLDivElement>(html`<div>${citationList(node.view.root, { citationStart: () => 4 })}</div>`);
      const items = continued.querySelectorAll('ol > li');
      expect(continued.querySelector('ol')?.start).to.equal(4);
      expect(items).to.have.length(3);
      const first = await fixture<HTMLDivElement>(html`<div>${citationList(node.view.root)}</div>`);
      expect(first.querySelector('ol')?.start).to.equal(1);
      expect(first.querySelector('ol')?.hasAttribute('start')).to.equal(false);
    });

    it('accepts 20 citations and rejects 21', () => {
      expectAccepted({ id: 'l', type: 'citation-list', citations: range(LIMITS.citations).map(citation) });
      expectRejected({ id: 'l', type: 'citation-list', citations: range(LIMITS.citations + 1).map(citation) }, '/root/citations');
      expect(LIMITS.citations).to.equal(20);
    });

    it('rejects unknown keys, URLs instead of data, and markup in IDs', () => {
      expectAccepted(CITATION_LIST);
      expectRejected({ ...CITATION_LIST, html: '<ol></ol>' });
      expectRejected({ ...CITATION_LIST, citations: [{ ...citation(0), url: 'https://example.com/paper' }] }, '/root/citations/0');
      expectRejected({ ...CITATION_LIST, citations: [{ ...citation(0), href: 'javascript:alert(1)' }] }, '/root/citations/0');
      expectRejected({ ...CITATION_LIST, citations: [{ ...citation(0), target: { uri: 'https://example.com/paper' } }] }, '/root/citations/0/target/uri');
      expectRejected({ ...CITATION_LIST, citations: [{ ...citation(0), target: { uri: 'mantis://map/m/point/../x' } }] }, '/root/citations/0/target/uri');
      expectRejected({ ...CITATION_LIST, citations: [{ ...citation(0), id: '"><img src=x>' }] }, '/root/citations/0/id');
      expectRejected({ ...CITATION_LIST, citations: [{ ...citation(0), excerpt: 'x'.repeat(1001) }] }, '/root/citations/0/excerpt');
      expectRejected({ ...CITATION_LIST, citations: [] });
    });

    it('rejects duplicate citation IDs, within the list and across the view', () => {
      expectRejected({ id: 'l', type: 'citation-list', citations: [citation(1), citation(1)] });
      expectRejected({ id: 'cite-1', type: 'citation-list', citations: [citation(1)] });
      const list = { id: 'l', type: 'citation-list', citations: [citation(1), citation(2)] };
      expect(survivesBeside({ id: 'cite-3', type: 'heading', text: 'Hi' }, list)).to.equal(true);
      expect(survivesBeside({ id: 'cite-2', type: 'heading', text: 'Hi' }, list)).to.equal(false);
    });
  });

  describe('data-table', () => {
    it('renders caption, column headers and cells; formats number columns and shows null as an em dash', async () => {
      const el = await render(view(DATA_TABLE));
      const region = shadow(el).querySelector('[part="data-table"]') as HTMLElement;
      expect(region.getAttribute('role')).to.equal('region');
      expect(region.getAttribute('aria-label')).to.equal('Largest clusters');
      const table = region.querySelector('table') as HTMLTableElement;
      expect(squash(table.caption?.textContent)).to.equal('Largest clusters');
      const headers = [...table.querySelectorAll('thead th')];
      expect(headers.map((th) => squash(th.textContent))).to.deep.equal(['Cluster', 'Points', 'Share', 'Code']);
      expect(headers.every((th) => th.getAttribute('scope') === 'col')).to.equal(true);
      const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => squash(td.textContent)));
      const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });
      expect(number.format(1234567.891)).to.not.equal('1234567.891');
      expect(rows).to.deep.equal([
        // A number in a text column is shown as it is; in a number column, for the reader's locale.
        ['Memory systems', number.format(1234567.891), number.format(0.5), '1234567'],
        ['Attention <i>', number.format(98), '—', '—'],
      ]);
      expect(table.querySelector('i')).to.equal(null);
      const countCell = table.querySelector('tbody tr td:nth-child(2)') as HTMLElement;
      const nameCell = table.querySelector('tbody tr td:nth-child(1)') as HTMLElement;
      expect(getComputedStyle(countCell).textAlign).to.equal('end');
      expect(getComputedStyle(nameCell).textAlign).to.not.equal('end');
    });

    it('renders a table without rows with a note instead of an empty body', async () => {
      const el = await render(view({ ...DATA_TABLE, rows: [] }));
      const body = shadow(el).querySelector('[part="data-table"] tbody') as HTMLElement;
      expect(squash(body.textContent)).to.equal('No rows.');
      expect(body.querySelector('td')?.getAttribute('colspan')).to.equal('4');
    });

    it('accepts 8 columns and rejects 9; accepts 25 rows and rejects 26', () => {
      expectAccepted(bigTable(2, LIMITS.tableColumns));
      expectRejected(bigTable(2, LIMITS.tableColumns + 1), '/root/columns');
      expectAccepted(bigTable(LIMITS.tableRows));
      expectRejected(bigTable(LIMITS.tableRows + 1), '/root/rows');
      expectAccepted(bigTable(LIMITS.tableRows, LIMITS.tableColumns));
      expect([LIMITS.tableColumns, LIMITS.tableRows]).to.deep.equal([8, 25]);
    });

    it('rejects a row with fewer or more cells than columns', () => {
      const table = { id: 't', type: 'data-table', caption: 'C', columns: range(3).map(column) };
      expectAccepted({ ...table, rows: [row(0, ['a', 1, null])] });
      expectRejected({ ...table, rows: [row(0, ['a', 1, null]), row(1, ['a', 1])] }, '/root/rows/1/cells');
      expectRejected({ ...table, rows: [row(0, ['a', 1, null, 'extra'])] }, '/root/rows/0/cells');
    });

    it('rejects unknown keys, markup or URLs in place of cells, and unknown formats', () => {
      expectAccepted(DATA_TABLE);
      const table = { id: 't', type: 'data-table', caption: 'C', columns: [column(0)] };
      expectRejected({ ...table, rows: [], html: '<table></table>' });
      expectRejected({ ...table, rows: [row(0, [{ html: '<b>1</b>' }])] }, '/root/rows/0/cells/0');
      expectRejected({ ...table, rows: [row(0, [{ href: 'https://evil.invalid/' }])] }, '/root/rows/0/cells/0');
      expectRejected({ ...table, rows: [row(0, [['nested']])] }, '/root/rows/0/cells/0');
      expectRejected({ ...table, rows: [row(0, [Infinity])] }, '/root/rows/0/cells/0');
      expectRejected({ ...table, rows: [{ ...row(0, ['x']), className: 'evil' }] }, '/root/rows/0');
      expectRejected({ ...table, columns: [{ ...column(0), format: 'html' }], rows: [] }, '/root/columns/0/format');
      expectRejected({ ...table, columns: [{ ...column(0), link: 'https://evil.invalid/' }], rows: [] }, '/root/columns/0');
      expectRejected({ ...table, columns: [{ ...column(0), id: '<th>' }], rows: [] }, '/root/columns/0/id');
      expectRejected({ ...table, columns: [], rows: [] }, '/root/columns');
    });

    it('rejects duplicate row and column IDs, within the table and across the view', () => {
      const table = { id: 't', type: 'data-table', caption: 'C', columns: [column(0), column(1)], rows: [row(0, ['a', 1]), row(1, ['b', 2])] };
      expectAccepted(table);
      expectRejected({ ...table, rows: [row(0, ['a', 1]), row(0, ['b', 2])] });
      expectRejected({ ...table, columns: [column(0), column(0)] });
      expectRejected({ ...table, rows: [{ id: 'col-0', cells: ['a', 1] }] });
      expect(survivesBeside({ id: 'row-2', type: 'heading', text: 'Hi' }, table)).to.equal(true);
      expect(survivesBeside({ id: 'row-1', type: 'heading', text: 'Hi' }, table)).to.equal(false);
      expect(survivesBeside({ id: 'col-1', type: 'heading', text: 'Hi' }, table)).to.equal(false);
    });

    it('is a focusable scroll region: a long table scrolls inside itself, and the keyboard scrolls it', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div style="width: 240px">
          <button id="before">Before</button>
          <mantis-ui-view .view=${view(bigTable(LIMITS.tableRows, LIMITS.tableColumns))}></mantis-ui-view>
        </div>`,
      );
      const el = wrapper.querySelector('mantis-ui-view') as MantisUiView;
      await el.updateComplete;
      const region = shadow(el).querySelector('[part="data-table"]') as HTMLElement;
      const table = region.querySelector('table') as HTMLTableElement;

      // It scrolls inside itself, both ways, instead of growing the page.
      expect(region.scrollHeight).to.be.greaterThan(region.clientHeight);
      expect(region.scrollWidth).to.be.greaterThan(region.clientWidth);
      expect(el.getBoundingClientRect().height).to.be.lessThan(table.getBoundingClientRect().height);
      expect(el.getBoundingClientRect().width).to.be.at.most(240);
      expect(document.documentElement.scrollWidth).to.be.at.most(document.documentElement.clientWidth);
      // The page ends at the view (plus the body's margin), not at the table's far edge.
      const hostBottom = el.getBoundingClientRect().bottom + window.scrollY;
      const tableBottom = table.getBoundingClientRect().bottom + window.scrollY;
      const cellLines = (cell: Element | null | undefined): number => {
        const r = document.createRange();
        r.selectNodeContents(cell as Element);
        return new Set([...r.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      // Narrow, it scrolls sideways rather than breaking words: a cell wraps between words only.
      const lastRow = [...table.querySelectorAll('tbody tr:last-child td')];
      expect(squash(lastRow[0]?.textContent)).to.equal('Cluster number 24');
      expect(cellLines(lastRow[0])).to.be.at.most(3);
      for (const cell of lastRow.slice(1)) expect(cellLines(cell), squash(cell.textContent)).to.equal(1);
      expect(tableBottom).to.be.greaterThan(window.innerHeight);
      expect(document.documentElement.scrollHeight).to.be.at.most(Math.max(window.innerHeight, hostBottom + 16));
      // Focusable in every browser, not only where overflowing scrollers are focusable on their own.
      expect(region.getAttribute('tabindex')).to.equal('0');

      (wrapper.querySelector('#before') as HTMLButtonElement).focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal(region);

      expect(region.scrollTop).to.equal(0);
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => region.scrollTop > 0, 'ArrowDown did not scroll the table');

      region.scrollTop = 0;
      await waitUntil(() => region.scrollTop === 0);
      await sendKeys({ press: 'PageDown' });
      await waitUntil(() => region.scrollTop > 0, 'PageDown did not scroll the table');
      expect(shadow(el).activeElement).to.equal(region);
    });
  });

  // -------------------------------------------------------------------------------------------------------------
  // Per component: streaming, dark mode and fallback.

  const COMPONENTS: ReadonlyArray<{ type: string; node: Json; invalid: Json; secrets: readonly string[] }> = [
    {
      type: 'metric-group',
      node: METRIC_GROUP,
      invalid: {
        id: 'bad-metrics',
        type: 'metric-group',
        title: 'SECRET-GROUP-TITLE',
        metrics: range(LIMITS.metrics + 1).map((i) => ({ id: `bad-m-${i}`, label: `SECRET-METRIC-${i}`, value: 'SECRET-VALUE' })),
      },
      secrets: ['SECRET-GROUP-TITLE', 'SECRET-METRIC', 'SECRET-VALUE', 'bad-m-'],
    },
    {
      type: 'entity-card',
      node: ENTITY_CARD,
      invalid: {
        id: 'bad-card',
        type: 'entity-card',
        title: 'SECRET-CARD-TITLE',
        description: 'SECRET-DESCRIPTION',
        attributes: [{ label: 'SECRET-ATTRIBUTE', value: 'SECRET-ATTRIBUTE-VALUE' }],
        actions: [
          { id: 'bad-go', type: 'navigate', label: 'SECRET-ACTION', target: { uri: 'mantis://map/m/point/p1' } },
          { id: 'bad-open', type: 'navigate', label: 'SECRET-URL-ACTION', target: { uri: 'https://evil.invalid/' } },
        ],
      },
      secrets: ['SECRET-CARD-TITLE', 'SECRET-DESCRIPTION', 'SECRET-ATTRIBUTE', 'SECRET-ACTION', 'SECRET-URL-ACTION', 'evil.invalid', 'bad-go'],
    },
    {
      type: 'citation-list',
      node: CITATION_LIST,
      invalid: {
        id: 'bad-sources',
        type: 'citation-list',
        title: 'SECRET-LIST-TITLE',
        citations: [{ id: 'bad-c', title: 'SECRET-CITATION', excerpt: 'SECRET-EXCERPT', url: 'https://evil.invalid/paper' }],
      },
      secrets: ['SECRET-LIST-TITLE', 'SECRET-CITATION', 'SECRET-EXCERPT', 'evil.invalid', 'bad-c'],
    },
    {
      type: 'data-table',
      node: DATA_TABLE,
      invalid: {
        id: 'bad-table',
        type: 'data-table',
        caption: 'SECRET-CAPTION',
        columns: [{ id: 'bad-col', label: 'SECRET-COLUMN' }, { id: 'bad-col-2', label: 'SECRET-COLUMN-2' }],
        rows: [{ id: 'bad-row', cells: ['SECRET-CELL'] }],
      },
      secrets: ['SECRET-CAPTION', 'SECRET-COLUMN', 'SECRET-CELL', 'bad-col', 'bad-row'],
    },
  ];

  for (const { type, node, invalid, secrets } of COMPONENTS) {
    describe(`${type}: streaming, themes and fallback`, () => {
      it('streams as a pending part, never a view, until the closing fence arrives', async () => {
        const json = JSON.stringify(view(node, 'streamed'));
        const before = `Here is what I found.\n\n\`\`\`mantis-ui\n`;
        const message = `${before}${json}\n\`\`\`\nThat is all.`;
        const opened = before.length;
        const closed = message.indexOf('\n```\n', opened) + '\n```\n'.length;
        for (const size of [1, 7, 64]) {
          const parser = createMessageParser({ inlineUiVersion: 1, mode: 'orchestrator' });
          let seenPending = false;
          for (let at = 0; at < message.length; at += size) {
            const parts = parser.push(message.slice(at, at + size));
            const received = Math.min(at + size, message.length);
            const views = parts.filter((part) => part.type.startsWith('data-mantis-ui'));
            expect(parts.some((part) => part.type === 'data-mantis-ui-error'), `error part after ${received} characters`).to.equal(false);
            if (received < opened) {
              expect(views, `no view part before the fence opens (${received})`).to.have.length(0);
            } else if (received < closed) {
              expect(views.map((part) => part.type), `pending after ${received} of ${message.length} characters, chunks of ${size}`).to.deep.equal([
                'data-mantis-ui-pending',
              ]);
              // The placeholder carries only a byte count: none of the model's data reaches it.
              expect(JSON.stringify(views[0])).to.not.contain(String(node.id));
              seenPending = true;
            } else {
              expect(views.map((part) => part.type), `complete after ${received} characters`).to.deep.equal(['data-mantis-ui']);
            }
          }
          expect(seenPending).to.equal(true);
          const parts = parser.end();
          const done = parts.find((part) => part.type === 'data-mantis-ui');
          expect(done?.type === 'data-mantis-ui' && done.data.root.type).to.equal(type);
          expect(parts.map((part) => part.type)).to.deep.equal(['text', 'data-mantis-ui', 'text']);
        }
        // The completed part renders the component.
        const parts = createMessageParser({ inlineUiVersion: 1, mode: 'orchestrator' }).push(message);
        const done = parts.find((part) => part.type === 'data-mantis-ui');
        const el = await render(done?.data);
        expect(shadow(el).querySelector(`[part~="${type}"]`)).to.not.equal(null);
      });

      it('is accessible in the dark theme and in the light theme', async () => {
        const dark = await render(view(node), 'dark');
        expect(getComputedStyle(dark).colorScheme).to.equal('dark');
        expect(shadow(dark).querySelector(`[part~="${type}"]`)).to.not.equal(null);
        await expect(dark).to.be.accessible();
        const light = await render(view(node), 'light');
        expect(getComputedStyle(light).colorScheme).to.equal('light');
        expect(getComputedStyle(light).color).to.not.equal(getComputedStyle(dark).color);
        await expect(light).to.be.accessible();
      });

      it('becomes an inert warning in a stack, without its data or actions, while a valid sibling renders', async () => {
        const result = validateView(view(stackOf(node, invalid)));
        expect(result.ok).to.equal(true);
        const errors: CustomEvent[] = [];
        const el = document.createElement('mantis-ui-view');
        el.addEventListener('mantis-view-error', (event) => errors.push(event));
        el.view = view(stackOf(node, invalid));
        document.body.append(el);
        try {
          await el.updateComplete;
          const root = shadow(el);
          expect(root.querySelectorAll(`[part~="${type}"]`)).to.have.length(1);
          const warnings = [...root.querySelectorAll('[part="invalid"]')];
          expect(warnings).to.have.length(1);
          expect(warnings[0]?.textContent).to.contain('could not be shown');
          expect(warnings[0]?.querySelector('*')).to.equal(null);
          for (const secret of secrets) {
            expect(root.innerHTML, secret).to.not.contain(secret);
            expect(root.textContent, secret).to.not.contain(secret);
          }
          const buttons = [...root.querySelectorAll('button')].map((button) => squash(button.textContent));
          expect(buttons).to.deep.equal(type === 'entity-card' ? ['Show on map', 'Summarize', 'Ask about it', 'Add to bag'] : []);
          expect(errors).to.have.length(1);
          expect(errors[0]?.detail.reason).to.equal(undefined);
          expect(errors[0]?.detail.issues.every((issue: { path: string }) => issue.path.startsWith('/root/children/1'))).to.equal(true);
          await expect(el).to.be.accessible();
        } finally {
          el.remove();
        }
      });
    });
  }
});
