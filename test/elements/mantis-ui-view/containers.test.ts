import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';
import { LIMITS, createMessageParser, utf8Length, validateView } from '../../../src/index.js';
import { buildMaximalView, countNodes } from '../../../bench/maximal-view.js';

const shadow = (el: MantisUiView) => el.shadowRoot as ShadowRoot;
const card = (id: string) => ({
  id,
  type: 'entity-card',
  title: `Card ${id}`,
  actions: [{ id: `${id}-go`, type: 'navigate', label: `Open ${id}`, target: { uri: `mantis://map/m/point/${id}` } }],
});
const gridView = (columns: number, count: number) => ({
  version: 1,
  id: 'v',
  root: { id: 'g', type: 'grid', columns, children: Array.from({ length: count }, (_, i) => card(`c${i}`)) },
});

/** Distinct left offsets of the grid's items: the number of columns actually laid out. */
const laidOutColumns = (el: MantisUiView) =>
  new Set([...shadow(el).querySelectorAll('[part="grid"] > *')].map((item) => Math.round(item.getBoundingClientRect().left))).size;

describe('stack and grid', () => {
  it('render children in source order, vertically or horizontally', async () => {
    const view = {
      version: 1,
      id: 'v',
      root: { id: 's', type: 'stack', direction: 'horizontal', gap: 'large', children: [{ id: 'a', type: 'heading', text: 'A' }, { id: 'b', type: 'heading', text: 'B' }] },
    };
    const el = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view}></mantis-ui-view>`);
    const stack = shadow(el).querySelector('[part="stack"]') as HTMLElement;
    expect(getComputedStyle(stack).flexDirection).to.equal('row');
    expect([...stack.querySelectorAll('[role="heading"]')].map((h) => h.textContent?.trim())).to.deep.equal(['A', 'B']);
  });

  it('lay a grid out in its columns when wide, and in fewer when narrow (responsive)', async () => {
    const wide = await fixture<HTMLDivElement>(html`<div style="width: 1200px"><mantis-ui-view .view=${gridView(3, 6)}></mantis-ui-view></div>`);
    expect(laidOutColumns(wide.querySelector('mantis-ui-view') as MantisUiView)).to.equal(3);
    const narrow = await fixture<HTMLDivElement>(html`<div style="width: 300px"><mantis-ui-view .view=${gridView(3, 6)}></mantis-ui-view></div>`);
    expect(laidOutColumns(narrow.querySelector('mantis-ui-view') as MantisUiView)).to.equal(1);
  });

  it('reject a container beyond the fan-out limit, and unknown keys', () => {
    const children = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `h${i}`, type: 'heading', text: 'x' }));
    expect(validateView({ version: 1, id: 'v', root: { id: 'g', type: 'grid', children: children(LIMITS.fanOut) } }).ok).to.equal(true);
    expect(validateView({ version: 1, id: 'v', root: { id: 'g', type: 'grid', children: children(LIMITS.fanOut + 1) } }).ok).to.equal(false);
    expect(validateView({ version: 1, id: 'v', root: { id: 'g', type: 'grid', columns: 5, children: children(1) } }).ok).to.equal(false);
    expect(validateView({ version: 1, id: 'v', root: { id: 'g', type: 'grid', style: 'x', children: children(1) } }).ok).to.equal(false);
    expect(validateView({ version: 1, id: 'v', root: { id: 'g', type: 'grid', children: [] } }).ok).to.equal(false);
  });

  it('stream as a placeholder until the fence closes', () => {
    const parser = createMessageParser({ inlineUiVersion: 1, mode: 'orchestrator' });
    const body = JSON.stringify(gridView(2, 2));
    expect(parser.push(`\`\`\`mantis-ui\n${body}`).map((p) => p.type)).to.deep.equal(['data-mantis-ui-pending']);
    expect(parser.push('\n```\n').map((p) => p.type)).to.deep.equal(['data-mantis-ui']);
  });

  it('are keyboard reachable in source order, and accessible in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><button>before</button><mantis-ui-view theme=${theme} .view=${gridView(2, 3)}></mantis-ui-view></div>`,
      );
      const el = wrapper.querySelector('mantis-ui-view') as MantisUiView;
      await el.updateComplete;
      await expect(el).to.be.accessible();
      (wrapper.querySelector('button') as HTMLButtonElement).focus();
      const reached: string[] = [];
      for (let i = 0; i < 3; i++) {
        await sendKeys({ press: 'Tab' });
        reached.push(shadow(el).activeElement?.textContent?.trim() ?? '');
      }
      expect(reached).to.deep.equal(['Open c0', 'Open c1', 'Open c2']);
    }
  });

  it('replace an invalid child with a warning and keep the valid ones', async () => {
    const view = gridView(2, 2) as { root: { children: unknown[] } };
    view.root.children.splice(1, 0, { id: 'bad', type: 'grid', children: [{ id: 'x', type: 'iframe' }], onclick: 'x' });
    const el = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view}></mantis-ui-view>`);
    expect(shadow(el).querySelectorAll('[part="entity-card"]')).to.have.length(2);
    expect(shadow(el).querySelectorAll('[part="invalid"]')).to.have.length(1);
  });

  it('replace a child that breaks a limit on its own (too deep, too many children, too much media) with a warning, and keep its siblings', async () => {
    // A chain of stacks whose innermost card sits one level below the depth limit; its action is discarded with it.
    const deep = (depth: number): unknown => (depth === 0 ? card('deep') : { id: `d${depth}`, type: 'stack', children: [deep(depth - 1)] });
    const wide = { id: 'wide', type: 'grid', children: Array.from({ length: LIMITS.fanOut + 1 }, (_, i) => card(`w${i}`)) };
    const items = (id: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${id}-${i}`, key: `agent_files/${id}/${i}.png`, alt: 'A picture' }));
    const view = {
      version: 1,
      id: 'v',
      root: {
        id: 'g',
        type: 'stack',
        children: [
          { id: 'title', type: 'heading', text: 'Results' },
          { id: 'metrics', type: 'metric-group', metrics: [{ id: 'm1', label: 'Points', value: '128' }] },
          deep(LIMITS.depth - 1),
          wide,
          { id: 'first', type: 'media-gallery', items: items('first', 5) },
          { id: 'second', type: 'media-gallery', items: items('second', 4) },
          card('kept'),
        ],
      },
    };
    const el = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view}></mantis-ui-view>`);
    const root = shadow(el);
    expect(el.validation?.ok).to.equal(true);
    expect(root.querySelector('[role="heading"]')?.textContent?.trim()).to.equal('Results');
    expect(root.querySelectorAll('[part="metric"]')).to.have.length(1);
    expect(root.querySelectorAll('[part="media-gallery"]')).to.have.length(1);
    expect([...root.querySelectorAll('[part="invalid"]')].map((w) => w.textContent?.trim())).to.deep.equal([
      'This part of the view could not be shown (too deep).',
      'This part of the view could not be shown (too many children).',
      'This part of the view could not be shown (too many media items).',
    ]);
    // Only the kept card's action is offered: nothing of the replaced children survives.
    expect([...root.querySelectorAll('[part~="action"]')].map((b) => b.textContent?.trim())).to.deep.equal(['Open kept']);
    expect(root.innerHTML).not.to.contain('agent_files/second');
    await expect(el).to.be.accessible();
  });

  it('validate and render a maximal view: exactly 16 KiB and 32 nodes', async () => {
    const { view, json } = buildMaximalView();
    expect(utf8Length(json)).to.equal(LIMITS.viewBytes);
    expect(countNodes(view.root as Record<string, unknown>)).to.equal(LIMITS.nodesPerView);
    const el = await fixture<MantisUiView>(html`<mantis-ui-view spec=${json}></mantis-ui-view>`);
    expect(el.validation?.ok).to.equal(true);
    expect(shadow(el).querySelector('[part="fallback"], [part="invalid"]')).to.equal(null);
    expect(shadow(el).querySelector('[part="data-table"] tbody')?.children).to.have.length(LIMITS.tableRows);
    await expect(el).to.be.accessible();
  });
});
