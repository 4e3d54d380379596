import { expect, fixture, html } from '@open-wc/testing';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';

/*
 * Citation lists, tables, task cards, media galleries and artifacts are drawn by a module of their own
 * (elements/mantis-ui-view/nodes/more.ts), loaded with the first view that has one: a page whose replies never show
 * one does not fetch it (the script tag's first-page budget counts on this). Each test file runs in a page of its
 * own, so the module is not here when this file starts. The case where it cannot be loaded is in test/iife.test.ts
 * (a CDN that fails the file).
 */

// The dev server serves modules one by one, hundreds of them: past the browser's default of 250 timing entries, later
// requests would not be listed.
performance.setResourceTimingBufferSize(100_000);
const requested = (): boolean => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/elements/mantis-ui-view/nodes/more.'));
const view = (children: unknown[]) => ({ version: 1, id: 'quarter', root: { id: 'body', type: 'stack', children } });
const HEADING = { id: 'title', type: 'heading', text: 'Quarter' };
const TABLE = {
  id: 'sales',
  type: 'data-table',
  caption: 'Sales by region',
  columns: [{ id: 'region', label: 'Region' }, { id: 'units', label: 'Units', format: 'number' }],
  rows: [{ id: 'north', cells: ['North', 1200] }, { id: 'south', cells: ['South', 800] }],
};

describe('<mantis-ui-view> components that load with the first view that has one', () => {
  it('a view without them fetches nothing more; the first with a table draws it, styled, once updateComplete settles; later views draw it too', async () => {
    const plain = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view([HEADING])}></mantis-ui-view>`);
    expect(plain.shadowRoot?.querySelector('[part="heading"]')?.textContent).to.contain('Quarter');
    expect(requested(), 'a view without a lazily drawn component fetched their module').to.equal(false);

    // The first view with a table: until its code is here the table's place says it is loading, quietly (no live
    // region of its own); then the table replaces it.
    const first = document.createElement('mantis-ui-view');
    first.view = view([HEADING, TABLE]);
    const seen = { loading: 0, live: 0 };
    const observer = new MutationObserver(() => {
      const root = first.shadowRoot;
      const loading = root?.querySelector('[part="loading"]');
      if (loading) seen.loading += 1;
      if (loading?.closest('[role="status"], [aria-live]')) seen.live += 1;
    });
    document.body.append(first);
    observer.observe(first.shadowRoot as ShadowRoot, { subtree: true, childList: true, attributes: true, characterData: true });
    await first.updateComplete;
    observer.disconnect();
    expect(seen.loading, 'the table’s place never said it was loading').to.be.above(0);
    expect(seen.live, 'a placeholder was a live region').to.equal(0);
    expect(first.shadowRoot?.querySelector('[part="loading"]')).to.equal(null);
    expect(requested()).to.equal(true);
    const table = first.shadowRoot?.querySelector('[part="data-table"] table');
    expect(table?.querySelector('caption')?.textContent).to.equal('Sales by region');
    expect([...(table?.querySelectorAll('td') ?? [])].map((td) => td.textContent?.replace(/\D/g, '') || td.textContent)).to.deep.equal(['North', '1200', 'South', '800']);
    expect(first.shadowRoot?.querySelector('[part="loading"]'), 'the table stayed a loading note').to.equal(null);
    // The table's styles came with it: adopted beside the view's own, which still apply.
    expect(getComputedStyle(table as Element).borderCollapse).to.equal('collapse');
    expect(getComputedStyle(first).display).to.equal('block');

    // A view made once the module is here draws the table with its styles too.
    const later = document.createElement('mantis-ui-view');
    later.view = view([TABLE]);
    document.body.append(later);
    try {
      await (later as unknown as { updateComplete: Promise<boolean> }).updateComplete;
      expect(later.shadowRoot?.querySelector('[part="data-table"] td')?.textContent).to.equal('North');
      expect(getComputedStyle(later.shadowRoot?.querySelector('table') as Element).borderCollapse).to.equal('collapse');
    } finally {
      later.remove();
      first.remove();
    }
    // The view without one was not drawn again with styles it does not need.
    expect(plain.shadowRoot?.adoptedStyleSheets.length).to.be.below(first.shadowRoot?.adoptedStyleSheets.length ?? 0);
  });
});
