// Media in a <mantis-ui-view>: the view hands its media service to each gallery item, items of one key share one
// request, a key the schema refuses never reaches an item (nothing is requested), and galleries are axe-clean in
// both themes.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisMediaItem } from '../../../elements/mantis-media-item/mantis-media-item.js';
import type { MediaService } from '../../../src/index.js';
import { cleanup, countedKey, heldKey, loaded, media, partOf, peerStats, place, placeholder, release, serverSees, settle, shadow } from './fixtures.js';

const gallery = (items: readonly { key: string; alt: string; caption?: string }[], id = 'gallery') => ({
  id,
  type: 'media-gallery',
  title: 'Site photos',
  items: items.map((item, i) => ({ id: `${id}-${i}`, ...item })),
});

async function view(root: unknown, service: MediaService | null, theme?: 'light' | 'dark'): Promise<MantisUiView> {
  const el = document.createElement('mantis-ui-view');
  el.view = { version: 1, id: `v-${Math.random().toString(36).slice(2)}`, root };
  el.media = service;
  if (theme) el.theme = theme;
  place(el);
  await el.updateComplete;
  return el;
}

const itemsOf = (el: MantisUiView) => [...shadow(el).querySelectorAll('mantis-media-item')] as MantisMediaItem[];

describe('<mantis-ui-view> media through <mantis-media-item>', () => {
  afterEach(cleanup);

  it('passes its media service to each item, inside the gallery’s figures', async () => {
    const service = media();
    const el = await view(gallery([{ key: 'agent_files/demo/pressure-map.png', alt: 'Pressure map', caption: 'Pressure, 06:00' }]), service);
    const figure = shadow(el).querySelector('[part="media-item"]') as HTMLElement;
    expect(figure.tagName).to.equal('FIGURE');
    expect(figure.querySelector('figcaption')?.textContent).to.equal('Pressure, 06:00');
    const [item] = itemsOf(el);
    expect(item?.media === service).to.equal(true);
    expect(item?.key).to.equal('agent_files/demo/pressure-map.png');
    const img = await loaded(item as MantisMediaItem);
    expect(img.alt).to.equal('Pressure map');
    expect(service.stats.requests).to.equal(1);
  });

  it('two views showing one key, both loading at once, make one request', async () => {
    const service = media();
    const key = heldKey('shared');
    // The server holds the response: both views mount and ask before either has an answer (nothing is cached yet).
    const first = await view(gallery([{ key, alt: 'Shared' }], 'g1'), service);
    const second = await view(gallery([{ key, alt: 'Shared again' }], 'g2'), service);
    const items = [...itemsOf(first), ...itemsOf(second)];
    expect(items.length).to.equal(2);
    await serverSees(key, (s) => s.inFlight === 1, 'the request open');
    await waitUntil(() => items.every((item) => partOf(item, 'skeleton')?.getAttribute('aria-busy') === 'true'), 'both items loading');
    await settle();
    expect((await peerStats(key)).requests[key]).to.equal(1);
    expect(service.stats.cached).to.equal(0);
    await release(key);
    const imgs = await Promise.all(items.map((item) => loaded(item)));
    expect(imgs.every((img) => img.src.startsWith('blob:'))).to.equal(true);
    expect(imgs[0]?.src === imgs[1]?.src).to.equal(true);
    expect(service.stats.requests).to.equal(1);
    expect((await peerStats(key)).requests[key]).to.equal(1);
  });

  it('an attack key never reaches an item, and nothing is requested', async () => {
    const service = media();
    performance.clearResourceTimings();
    const attacks = ['javascript:alert(1)', 'https://evil.example/a.png', 'agent_files/../../etc/passwd', '//evil.example/a.png', 'agent_files/%2e%2e/x.png'];
    const control = countedKey('control');
    const children = [...attacks.map((key, i) => gallery([{ key, alt: `Attack ${i}` }], `bad${i}`)), gallery([{ key: control, alt: 'Control' }], 'good')];
    const el = await view({ id: 'stack', type: 'stack', children }, service);
    // The valid sibling loading shows that the view rendered and its items ran.
    const items = itemsOf(el);
    expect(items.map((item) => item.key)).to.deep.equal([control]);
    await loaded(items[0] as MantisMediaItem);
    expect(shadow(el).querySelectorAll('[part="invalid"]').length).to.equal(attacks.length);
    await settle();
    expect(service.stats.requests).to.equal(1);
    const requested = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(requested.filter((name) => name.includes('evil.example') || name.includes('etc/passwd') || name.startsWith('javascript:'))).to.deep.equal([]);
    expect(shadow(el).innerHTML).not.to.contain('evil.example');
  });

  it('a view without a service requests nothing; with one its items load', async () => {
    const key = countedKey('later');
    const el = await view(gallery([{ key, alt: 'Later' }]), null);
    const [item] = itemsOf(el);
    await placeholder(item as MantisMediaItem, 'unconfigured');
    const service = media();
    el.media = service;
    await el.updateComplete;
    await loaded(item as MantisMediaItem);
    expect((await peerStats(key)).requests[key]).to.equal(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`a gallery of an image, a failure and a download is axe-clean in the ${theme} theme`, async () => {
      const service = media();
      const el = await view(
        gallery([
          { key: 'agent_files/demo/overview.png', alt: 'Network overview', caption: 'Overview' },
          { key: 'agent_files/demo/missing.png', alt: 'Missing photo' },
          { key: 'agent_files/demo/readings.csv', alt: 'Pressure readings' },
        ]),
        service,
        theme,
      );
      const [image, missing, file] = itemsOf(el) as MantisMediaItem[];
      await loaded(image as MantisMediaItem);
      await placeholder(missing as MantisMediaItem, 'not-found');
      await waitUntil(() => partOf(file as MantisMediaItem, 'download-button') !== null, 'no download button');
      // The item follows the view's scheme: its text colour is the dark or light token.
      const color = getComputedStyle(partOf(file as MantisMediaItem, 'download') as HTMLElement).color;
      expect(color).to.equal(theme === 'dark' ? 'rgb(231, 227, 234)' : 'rgb(28, 27, 31)');
      await expect(el).to.be.accessible();
    });
  }
});
