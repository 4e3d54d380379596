import { expect } from '@open-wc/testing';
import { PAGE_LIMITER } from '../../../src/media/limiter.js';
import { peerStats, release, serverSees, useMediaServices, watchObjectUrls } from './peer.js';

// What the media service keeps, and for how long, in Chromium against the reference server's test peer: previews held
// on screen survive eviction, a stalled response gives its slot back, and the page-wide limiter is one per page.
describe('the media service’s pins, stalls and page-wide limiter', () => {
  const { media, held, heldPrefix, counted } = useMediaServices();

  it('keeps a held preview through evictions (the least recently used unpinned goes), and revokes it once released over the cap', async () => {
    const urls = watchObjectUrls();
    try {
      const service = media({ limits: { cacheEntries: 1 } });
      const revoked: string[] = [];
      service.subscribe((event) => event.type === 'revoked' && revoked.push(event.key));
      const [a, b, c] = [counted('a'), counted('b'), counted('c')] as [string, string, string];
      const releaseA = service.hold(a);
      const first = await service.preview(a);
      if (!first.ok) throw new Error(`no preview: ${JSON.stringify(first)}`);
      expect((await service.preview(b)).ok).to.equal(true);
      expect((await service.preview(c)).ok).to.equal(true);
      // a is the oldest, but held: b went, and a's object URL still decodes.
      expect(revoked).to.deep.equal([b]);
      expect(urls.revoked.has(first.url)).to.equal(false);
      const image = new Image();
      image.src = first.url;
      await image.decode();
      expect(image.naturalWidth).to.equal(8);
      expect([service.stats.cached, service.stats.pinned]).to.deep.equal([2, 1]);
      expect(await service.preview(a)).to.deep.equal(first);
      expect((await peerStats(a)).requests[a]).to.equal(1);
      releaseA();
      // Over the cap with nothing held: the least recently used goes, c (a was just read).
      expect(revoked).to.deep.equal([b, c]);
      releaseA();
      expect(revoked).to.deep.equal([b, c]);
      // c again: a, no longer held, makes way for it.
      expect((await service.preview(c)).ok).to.equal(true);
      expect(revoked).to.deep.equal([b, c, a]);
      expect(urls.revoked.has(first.url)).to.equal(true);
      expect([service.stats.cached, service.stats.pinned]).to.deep.equal([1, 0]);
    } finally {
      urls.restore();
    }
  });

  it('a response that stalls fails as network after the idle limit, freeing its slot; the page keeps its four', async function () {
    this.timeout(15_000);
    const service = media({ limits: { idleMs: 400 } });
    const [stalled, ...four] = held(5) as [string, ...string[]];
    expect(await service.preview(stalled)).to.deep.equal({ ok: false, reason: 'network' });
    expect(await service.download(stalled)).to.deep.equal({ ok: false, reason: 'network' });
    expect([service.stats.inFlight, PAGE_LIMITER.active]).to.deep.equal([0, 0]);
    const gone = await serverSees(stalled, (s) => s.inFlight === 0 && s.aborted === 2, 'the client left');
    expect(gone.requests).to.deep.equal({ [stalled]: 2 });
    // Every slot is free: four more are in flight at once.
    const patient = media();
    const results = four.map((key) => patient.preview(key));
    await serverSees(heldPrefix(), (s) => s.inFlight === 4, 'four requests open');
    await release('*', heldPrefix());
    expect((await Promise.all(results)).map((r) => r.ok)).to.deep.equal([true, true, true, true]);
  });

  it('takes its slots from the one limiter under Symbol.for("mantis-ui.media-limiter") on globalThis', async () => {
    const shared = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('mantis-ui.media-limiter')];
    expect(shared === PAGE_LIMITER).to.equal(true);
    const service = media();
    const [key] = held(1) as [string];
    const pending = service.preview(key);
    await serverSees(key, (s) => s.inFlight === 1, 'the request open');
    expect((shared as typeof PAGE_LIMITER).active).to.equal(1);
    await release(key);
    expect((await pending).ok).to.equal(true);
    expect((shared as typeof PAGE_LIMITER).active).to.equal(0);
  });
});
