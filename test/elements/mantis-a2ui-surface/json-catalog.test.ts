// Catalogs given as JSON (issue 31, item 4) to a <mantis-a2ui-surface> on its own: a document in the specification's
// catalog format (test/fixtures/a2ui/tiles-catalog.ts) is read by mantis-ui/a2ui-json, loaded for it, while the
// messages wait; its higher-order component, written in JSON, renders through our renderers; what it narrows is
// refused and reported; a document the page gives that cannot be honoured is left out with mantis-config-error.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { A2uiErrorDetail, ConfigErrorDetail } from '../../../elements/events.js';
import type { MantisA2uiSurface } from '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { BASIC_CATALOG_ID } from '../../../src/protocols/a2ui/types.js';
import { TILES, TILES_ID } from '../../fixtures/a2ui/tiles-catalog.js';
import { $, $$, errorsOf, textOf } from './fixtures.js';

const tileMessages = (tile: Record<string, unknown>) => [
  { version: 'v0.9', createSurface: { surfaceId: 'tiles', catalogId: TILES_ID } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'tiles',
      components: [{ id: 'root', component: 'Column', children: ['tile'] }, { id: 'tile', component: 'Tile', ...tile }],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'tiles', value: { name: 'Ada Lovelace' } } },
];

/** A surface given catalogs and messages, and the errors it reports from the start. */
async function surfaceWith(catalogs: readonly unknown[], messages: readonly unknown[]): Promise<{ el: MantisA2uiSurface; errors: A2uiErrorDetail[] }> {
  const el = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface></mantis-a2ui-surface>`);
  const errors = errorsOf(el);
  el.catalogs = catalogs as MantisA2uiSurface['catalogs'];
  el.messages = messages;
  await el.updateComplete;
  return { el, errors };
}

describe('<mantis-a2ui-surface> with a catalog given as JSON', () => {
  it('reads the document, then draws its higher-order component (bound title, optional note, default badge) with our renderers', async () => {
    const requested: string[] = [];
    const observer = new PerformanceObserver((list) => requested.push(...list.getEntries().map((e) => e.name)));
    observer.observe({ type: 'resource' });
    const before = new Set(performance.getEntriesByType('resource').map((e) => e.name));
    const { el, errors } = await surfaceWith([TILES], tileMessages({ title: { path: '/name' }, note: 'First programmer.' }));
    await waitUntil(() => textOf(el).includes('Ada Lovelace'), `the tile never rendered: ${textOf(el)}`, { timeout: 8000 });
    expect(textOf(el)).to.contain('First programmer.');
    expect($(el, '[role="heading"]')?.textContent?.trim(), 'the title is the h4 the composition asks for').to.equal('Ada Lovelace');
    expect(textOf(el), 'the badge took its default').to.contain('New');
    expect($$(el, '[part="card"]').length, 'drawn as a Card').to.equal(1);
    expect(errors).to.deep.equal([]);
    observer.disconnect();
    // Only the page's own code was loaded for it (the catalog reader): no address from the catalog or a message.
    const fetched = [...requested, ...performance.getEntriesByType('resource').map((e) => e.name)].filter((name) => !before.has(name));
    expect(fetched.filter((name) => new URL(name).origin !== location.origin)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('refuses what the catalog narrows, where the agent wrote it, and says so in place', async () => {
    const { el, errors } = await surfaceWith([TILES], [
      { version: 'v0.9', createSurface: { surfaceId: 'tiles', catalogId: TILES_ID } },
      { version: 'v0.9', updateComponents: { surfaceId: 'tiles', components: [{ id: 'root', component: 'Text', text: 'Big', variant: 'h1' }] } },
    ]);
    await waitUntil(() => errors.length > 0, 'the narrowed variant was not reported', { timeout: 8000 });
    expect(errors.map((e) => 'path' in e.error && e.error.path)).to.deep.equal(['/components/0/variant']);
    expect(textOf(el)).not.to.contain('Big');
    expect($(el, '[part="fallback"]')?.textContent).to.match(/nothing to show/);
  });

  it('leaves out a document it cannot honour, with mantis-config-error naming it, and uses the others', async () => {
    const gauge = { catalogId: 'https://example.test/gauges.json', components: { Gauge: { type: 'object' } } };
    const el = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface></mantis-a2ui-surface>`);
    const refused = oneEvent(el, 'mantis-config-error') as Promise<CustomEvent<ConfigErrorDetail>>;
    el.catalogs = [TILES, gauge] as unknown as MantisA2uiSurface['catalogs'];
    el.messages = tileMessages({ title: 'Grace Hopper' });
    const { detail } = await refused;
    expect(detail.property).to.equal('catalogs');
    expect(detail.reason).to.match(/^catalogs\[1\] cannot be used: \/components\/Gauge: No renderer draws "Gauge"/);
    await waitUntil(() => textOf(el).includes('Grace Hopper'), 'the usable catalog was not used', { timeout: 8000 });
  });

  it('draws a surface on the spec’s basic catalog given as the JSON itself, and starts over when the catalogs change', async () => {
    const basic = (await (await fetch('/test/fixtures/a2ui-spec/v0.9/catalogs/basic/catalog.json')).json()) as Record<string, unknown>;
    const messages = [
      { version: 'v0.9', createSurface: { surfaceId: 'b', catalogId: basic['catalogId'] } },
      { version: 'v0.9', updateComponents: { surfaceId: 'b', components: [{ id: 'root', component: 'Text', text: 'From catalog.json' }] } },
    ];
    const { el } = await surfaceWith([basic], messages);
    await waitUntil(() => textOf(el).includes('From catalog.json'), 'the basic catalog as JSON did not render', { timeout: 8000 });
    el.catalogs = [TILES] as unknown as MantisA2uiSurface['catalogs'];
    await waitUntil(() => /not supported here/.test(textOf(el)), `its catalog is gone now: ${textOf(el)}`, { timeout: 8000 });
  });

  it('draws a catalog the page gave no render functions for with ours; a component its entry lacks shows a placeholder', async () => {
    const messages = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'x' }] } },
    ];
    const ours = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface .renderers=${{}} .messages=${messages}></mantis-a2ui-surface>`);
    expect(textOf(ours)).to.equal('x');
    const el = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface .renderers=${{ [BASIC_CATALOG_ID]: {} }} .messages=${messages}></mantis-a2ui-surface>`);
    expect($(el, '[part="placeholder"]')?.textContent).to.equal('A part of this surface (Text) cannot be shown here.');
  });

  it('keeps what it read when the messages start over, reads a null item as refused, and a new list of the same items as no change', async () => {
    const el = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface></mantis-a2ui-surface>`);
    const reasons: string[] = [];
    el.addEventListener('mantis-config-error', (event) => reasons.push((event as CustomEvent<ConfigErrorDetail>).detail.reason));
    const given = [null, TILES] as unknown as MantisA2uiSurface['catalogs'];
    const first = oneEvent(el, 'mantis-config-error');
    el.catalogs = given;
    el.messages = tileMessages({ title: 'Grace Hopper' });
    await first;
    await waitUntil(() => textOf(el).includes('Grace Hopper'), 'the tile never rendered', { timeout: 8000 });
    // Another conversation (not an extension of the last one): drawn on the catalogs read, not on the documents.
    el.messages = structuredClone(tileMessages({ title: 'Katherine Johnson' }));
    await el.updateComplete;
    expect(textOf(el)).to.contain('Katherine Johnson');
    el.catalogs = [...(given ?? [])];
    const last = oneEvent(el, 'mantis-config-error');
    el.catalogs = [undefined, TILES] as unknown as MantisA2uiSurface['catalogs'];
    await last;
    expect(reasons.map((r) => r.slice(0, 24))).to.deep.equal(['catalogs[0] cannot be us', 'catalogs[0] cannot be us']);
  });
});

