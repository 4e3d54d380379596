// <mantis-media-item> and what its service keeps: images on screen are held in the cache (never blanked by an eviction)
// and let go off screen or when removed; a refused base URL shows "unavailable", not "invalid"; a stalled response
// fails as a network error with Retry.
import { expect, waitUntil } from '@open-wc/testing';
import type { MantisMediaItem } from '../../../elements/mantis-media-item/mantis-media-item.js';
import {
  cleanup,
  countedKey,
  fold,
  heldKey,
  imageOf,
  item,
  loaded,
  media,
  mediaErrors,
  partOf,
  peerStats,
  placeholder,
  release,
  serverSees,
  settle,
  text,
} from './fixtures.js';

describe('<mantis-media-item> and the media cache', () => {
  afterEach(cleanup);

  it('images on screen stay shown when the cache holds fewer; off screen they are let go, down to the cap', async () => {
    const service = media({ limits: { cacheEntries: 1 } });
    const keys = [countedKey('a'), countedKey('b'), countedKey('c')];
    const items: MantisMediaItem[] = [];
    for (const key of keys) items.push(await item(service, key));
    const srcs = (await Promise.all(items.map((el) => loaded(el)))).map((img) => img.src);
    await settle();
    // Three images on screen in a cache of one: none evicted, none blanked.
    expect(items.every((el, i) => imageOf(el)?.src === srcs[i])).to.equal(true);
    expect([service.stats.cached, service.stats.pinned, service.stats.revoked]).to.deep.equal([3, 3, 0]);
    // Scrolled away: nothing is held, so the cache comes back to its cap.
    fold();
    window.scrollTo(0, document.documentElement.scrollHeight);
    await waitUntil(() => service.stats.pinned === 0 && service.stats.cached === 1, 'the off-screen previews were not let go');
    expect(service.stats.revoked).to.equal(2);
    // Back in view, the evicted ones load again, and all three show at once.
    window.scrollTo(0, 0);
    await Promise.all(items.map((el) => loaded(el, 'not shown again in view')));
    await settle();
    expect(items.every((el) => imageOf(el) !== null)).to.equal(true);
    // Two were evicted and asked for again; the one kept was not.
    const stats = await peerStats('agent_files/test/count/');
    const counts = keys.map((key) => stats.requests[key] ?? 0).sort();
    expect(counts).to.deep.equal([1, 2, 2]);
  });

  it('a removed item lets go of its image, which the cache may then evict', async () => {
    const service = media({ limits: { cacheEntries: 1 } });
    const kept = await item(service, countedKey('kept'));
    const removed = await item(service, countedKey('removed'));
    await Promise.all([loaded(kept), loaded(removed)]);
    expect(service.stats.pinned).to.equal(2);
    const revoked: string[] = [];
    service.subscribe((event) => event.type === 'revoked' && revoked.push(event.key));
    removed.remove();
    expect([service.stats.pinned, service.stats.cached]).to.deep.equal([1, 1]);
    expect(revoked).to.deep.equal([removed.key]);
    await settle();
    expect(imageOf(kept) !== null).to.equal(true);
  });

  for (const [label, baseUrl] of [
    ['a base URL with a query', 'https://media.example/api/v1/?q=1'],
    ['a base URL with credentials', 'https://user:pw@media.example/api/v1/'],
    ['a base URL that is not http(s)', 'ftp://media.example/api/v1/'],
    ['a plain-http base URL of another host, with a token', 'http://media.example/api/v1/'],
  ] as const) {
    it(`${label}: "unavailable" for previews and downloads, not "invalid", and nothing requested`, async () => {
      const errors = mediaErrors();
      const service = media({ baseUrl });
      expect(service.configured).to.equal(false);
      const image = await item(service, 'agent_files/demo/alarm.png', 'Alarm map');
      const file = await item(service, 'agent_files/demo/readings.csv', 'Readings');
      const shown = await placeholder(image, 'unconfigured');
      expect(text(shown.querySelector('.message'))).to.equal('Preview unavailable');
      expect(partOf(file, 'placeholder')?.dataset.reason).to.equal('unconfigured');
      expect(text(partOf(file, 'placeholder')?.querySelector('.message'))).to.equal('Download unavailable');
      expect(partOf(file, 'download-button') === null).to.equal(true);
      await settle();
      expect(errors.length).to.equal(0);
      expect(service.stats.requests).to.equal(0);
    });
  }

  it('a token set later on a plain-http base of another host turns its items "unavailable"', async () => {
    const service = media({ baseUrl: 'http://media.invalid/api/v1/', token: undefined });
    expect(service.configured).to.equal(true);
    fold();
    const image = await item(service, 'agent_files/demo/alarm.png', 'Below the fold');
    const file = await item(service, 'agent_files/demo/readings.csv', 'Readings');
    expect(partOf(file, 'download-button') !== null).to.equal(true);
    service.setToken(() => 'demo-token');
    await placeholder(image, 'unconfigured');
    await waitUntil(() => partOf(file, 'placeholder')?.dataset.reason === 'unconfigured', 'the download card did not follow');
    expect(service.stats.requests).to.equal(0);
  });

  it('a response that stalls fails as a network error after the idle limit, with Retry', async function () {
    this.timeout(15_000);
    const errors = mediaErrors();
    const key = heldKey('stall');
    const el = await item(media({ limits: { idleMs: 500 } }), key, 'Stalled');
    await placeholder(el, 'network');
    expect(errors.map((e) => e.reason)).to.deep.equal(['network']);
    const gone = await serverSees(key, (s) => s.inFlight === 0, 'the client did not leave');
    expect(gone.aborted).to.equal(1);
    (partOf(el, 'retry-button') as HTMLButtonElement).click();
    await serverSees(key, (s) => s.requests[key] === 2 && s.inFlight === 1, 'not requested again');
    await release(key);
    await loaded(el);
  });
});
