import { expect } from '@open-wc/testing';
import type { MediaEvent } from '../../../src/index.js';
import { countingFetch, MEDIA_BASE, MiB, peerStats, release, serverSees, unique, useMediaServices, watchObjectUrls } from './peer.js';

// The media service in Chromium against the reference server's media store and its test peer
// (demo/server/media-test.ts), which reports what it saw: requests per key, requests open, clients that left.
describe('the media service', () => {
  const { media, held, heldPrefix, counted } = useMediaServices();

  it('keeps a fifth distinct preview waiting until one of the four in flight ends', async () => {
    const service = media();
    const keys = held(5);
    const results = keys.map((key) => service.preview(key));
    const four = await serverSees(heldPrefix(), (s) => s.inFlight >= 4, 'four requests open');
    expect(four.inFlight).to.equal(4);
    expect(four.requests[keys[4]!]).to.equal(undefined);
    expect(service.stats.inFlight).to.equal(4);
    expect(await release(keys[0]!)).to.equal(1);
    expect((await results[0])!.ok).to.equal(true);
    await serverSees(heldPrefix(), (s) => s.requests[keys[4]!] === 1, 'the fifth requested');
    await release('*', heldPrefix());
    expect((await Promise.all(results)).map((r) => r.ok)).to.deep.equal([true, true, true, true, true]);
    expect((await peerStats(heldPrefix())).maxInFlight).to.equal(4);
  });

  it('never requests a queued preview whose caller left', async () => {
    const service = media();
    const keys = held(5);
    const leave = new AbortController();
    const first = keys.slice(0, 4).map((key) => service.preview(key));
    const queued = service.preview(keys[4]!, { signal: leave.signal });
    await serverSees(heldPrefix(), (s) => s.inFlight >= 4, 'four requests open');
    expect(service.stats.inFlight).to.equal(4);
    leave.abort();
    expect(await queued).to.deep.equal({ ok: false, reason: 'aborted' });
    await release('*', heldPrefix());
    await Promise.all(first);
    // FIFO: had the left preview stayed queued, it would have been requested before this one.
    const after = counted('after');
    expect((await service.preview(after)).ok).to.equal(true);
    expect((await peerStats(heldPrefix())).requests[keys[4]!]).to.equal(undefined);
  });

  it('shares one request among concurrent previews of a key, then answers from its cache', async () => {
    const service = media();
    const key = counted();
    const [a, b] = await Promise.all([service.preview(key), service.preview(key)]);
    if (!a.ok || !b.ok) throw new Error(`no preview: ${JSON.stringify([a, b])}`);
    expect(a.url).to.equal(b.url);
    expect(a.type).to.equal('image/png');
    expect((await peerStats(key)).requests).to.deep.equal({ [key]: 1 });
    const image = new Image();
    image.src = a.url;
    await image.decode();
    expect(image.naturalWidth).to.equal(8);
    expect(await service.preview(key)).to.deep.equal(a);
    expect((await peerStats(key)).requests).to.deep.equal({ [key]: 1 });
    expect(service.stats.requests).to.equal(1);
  });

  it('keeps a shared request for the callers who stay, and aborts it when every caller has left', async () => {
    const service = media();
    const [kept, left] = held(2) as [string, string];
    const one = new AbortController();
    const first = service.preview(kept, { signal: one.signal });
    const second = service.preview(kept);
    await serverSees(kept, (s) => s.inFlight === 1, 'the request open');
    one.abort();
    expect(await first).to.deep.equal({ ok: false, reason: 'aborted' });
    await release(kept);
    expect((await second).ok).to.equal(true);
    const stayed = await peerStats(kept);
    expect([stayed.requests[kept], stayed.aborted]).to.deep.equal([1, 0]);
    const both = [new AbortController(), new AbortController()];
    const answers = both.map((caller) => service.preview(left, { signal: caller.signal }));
    await serverSees(left, (s) => s.inFlight === 1, 'the second request open');
    both.forEach((caller) => caller.abort());
    expect(await Promise.all(answers)).to.deep.equal([{ ok: false, reason: 'aborted' }, { ok: false, reason: 'aborted' }]);
    const gone = await serverSees(left, (s) => s.aborted === 1 && s.inFlight === 0, 'the client left');
    expect(gone.requests).to.deep.equal({ [left]: 1 });
  });

  it('cuts a 13 MiB chunked image at the 12 MiB ceiling while it streams', async () => {
    const key = 'agent_files/test/big.png';
    const before = await peerStats(key);
    const service = media();
    expect(await service.preview(key)).to.deep.equal({ ok: false, reason: 'too-large', status: 200 });
    const after = await serverSees(key, (s) => s.aborted > before.aborted && s.inFlight === 0, 'the client left');
    expect(after.bytesSent[key]! - (before.bytesSent[key] ?? 0)).to.be.below(13 * MiB);
    expect(service.stats.created).to.equal(0);
  });

  it('refuses a declared 13 MiB image without reading its body', async () => {
    const key = 'agent_files/test/big-declared.png';
    const before = await peerStats(key);
    const counter = countingFetch();
    expect(await media({ fetch: counter.fetch }).preview(key)).to.deep.equal({ ok: false, reason: 'too-large', status: 200 });
    expect([counter.calls, counter.bytesRead]).to.deep.equal([1, 0]);
    await serverSees(key, (s) => s.aborted > before.aborted && s.inFlight === 0, 'the client left');
  });

  it('maps what the server answers: HTML as a preview, wrong token, another account, unknown key', async () => {
    expect(await media().preview('agent_files/test/page.png')).to.deep.equal({ ok: false, reason: 'unsupported-type', status: 200 });
    const key = counted('wrong');
    const counter = countingFetch();
    expect(await media({ token: () => 'wrong-token', fetch: counter.fetch }).preview(key)).to.deep.equal({ ok: false, reason: 'unauthorized', status: 401 });
    expect(counter.calls).to.equal(1);
    expect((await peerStats(key)).requests).to.deep.equal({ [key]: 1 });
    const other = media({ token: () => 'other-token', account: 'other' });
    expect(await other.preview('agent_files/private/badge.png')).to.deep.equal({ ok: false, reason: 'forbidden', status: 403 });
    expect(await other.download('agent_files/private/payroll.csv')).to.deep.equal({ ok: false, reason: 'forbidden', status: 403 });
    expect((await media().preview('agent_files/private/badge.png')).ok).to.equal(true);
    expect(await media().preview(`agent_files/test/${unique('none')}.png`)).to.deep.equal({ ok: false, reason: 'not-found', status: 404 });
  });

  it('requests nothing for an invalid key, or with no or a refused base URL (unconfigured, not invalid-key)', async () => {
    const name = unique('invalid');
    const counter = countingFetch();
    const service = media({ fetch: counter.fetch });
    for (const key of ['https://evil.example/x.png', 'agent_files/../x', `${MEDIA_BASE}agent_files/test/count/${name}.png`, `agent_files/test/count/${name}/../x.png`, `/agent_files/test/count/${name}.png`]) {
      expect(service.urlOf(key), key).to.equal(null);
      expect(await service.preview(key), key).to.deep.equal({ ok: false, reason: 'invalid-key' });
      expect(await service.download(key), key).to.deep.equal({ ok: false, reason: 'invalid-key' });
    }
    expect(service.configured).to.equal(true);
    // A query, credentials, another scheme, or a bearer token over plain http to another host than this machine.
    const refused = ['', `${MEDIA_BASE}?q=1`, MEDIA_BASE.replace('http://', 'http://user:pw@'), 'ftp://media.example/', 'http://media.example/api/v1/'];
    for (const baseUrl of refused) {
      const unconfigured = media({ baseUrl, fetch: counter.fetch });
      expect(unconfigured.configured, baseUrl).to.equal(false);
      expect(unconfigured.urlOf(`agent_files/test/count/${name}.png`), baseUrl).to.equal(null);
      expect(await unconfigured.preview(`agent_files/test/count/${name}.png`), baseUrl).to.deep.equal({ ok: false, reason: 'unconfigured' });
      expect(await unconfigured.download(`agent_files/test/count/${name}.png`), baseUrl).to.deep.equal({ ok: false, reason: 'unconfigured' });
    }
    expect(counter.calls).to.equal(0);
    expect((await peerStats(`agent_files/test/count/${name}`)).requests).to.deep.equal({});
    expect(service.stats.requests).to.equal(0);
  });

  it('revokes every object URL it created when the account changes, and aborts the preview in flight', async () => {
    const urls = watchObjectUrls();
    try {
      const service = media();
      const events: MediaEvent[] = [];
      service.subscribe((event) => events.push(event));
      const keys = [counted('a'), counted('b'), counted('c')];
      for (const key of keys) expect((await service.preview(key)).ok).to.equal(true);
      const [late] = held(1) as [string];
      const inFlight = service.preview(late);
      await serverSees(late, (s) => s.inFlight === 1, 'the late request open');
      service.setAccount('other');
      expect(await inFlight).to.deep.equal({ ok: false, reason: 'aborted' });
      expect(urls.created.size).to.equal(3);
      expect([...urls.revoked].sort()).to.deep.equal([...urls.created].sort());
      expect(events).to.deep.equal([{ type: 'reset' }]);
      const { created, revoked, cached, cachedBytes } = service.stats;
      expect({ created, revoked, cached, cachedBytes }).to.deep.equal({ created: 3, revoked: 3, cached: 0, cachedBytes: 0 });
      await serverSees(late, (s) => s.aborted === 1, 'the late request aborted');
      // Under the new account nothing is cached: the key is requested again.
      const again = service.preview(keys[0]!);
      expect((await again).ok).to.equal(true);
      expect((await peerStats(keys[0]!)).requests[keys[0]!]).to.equal(2);
      expect(service.stats.created).to.equal(4);
    } finally {
      urls.restore();
    }
  });

  it('bounds its cache by count and by bytes, revoking and announcing what it evicts', async () => {
    const urls = watchObjectUrls();
    try {
      for (const bound of ['count', 'bytes'] as const) {
        const probe = await media().preview(counted('probe'));
        if (!probe.ok) throw new Error('no probe');
        const service = media({ limits: bound === 'count' ? { cacheEntries: 2 } : { cacheBytes: probe.bytes * 2 } });
        const revoked: string[] = [];
        service.subscribe((event) => event.type === 'revoked' && revoked.push(event.key));
        const keys = [counted('a'), counted('b'), counted('c')];
        const first = await service.preview(keys[0]!);
        if (!first.ok) throw new Error('no preview');
        for (const key of keys.slice(1)) expect((await service.preview(key)).ok).to.equal(true);
        expect(revoked, bound).to.deep.equal([keys[0]]);
        expect(urls.revoked.has(first.url)).to.equal(true);
        expect([service.stats.cached, service.stats.cachedBytes, service.stats.revoked]).to.deep.equal([2, probe.bytes * 2, 1]);
        expect((await service.preview(keys[0]!)).ok).to.equal(true);
        expect((await peerStats(keys[0]!)).requests[keys[0]!]).to.equal(2);
      }
    } finally {
      urls.restore();
    }
  });
});
