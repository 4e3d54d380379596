import { expect } from '@open-wc/testing';
import type { DownloadProgress } from '../../../src/index.js';
import { useMediaServices, MiB, peerStats, release, serverSees, unique } from './peer.js';

// Downloads through the media service in Chromium against the reference server's media store (demo/server/media.ts):
// streamed through the ceiling, with progress, cancellable, never retried.
describe('media downloads', () => {
  const { media } = useMediaServices();
  const HUGE = 'agent_files/test/huge.bin';

  for (const [label, ceiling] of [['the 64 MiB ceiling', 64 * MiB], ['a lowered 4 MiB ceiling', 4 * MiB]] as const) {
    it(`stops a 70 MiB chunked download at ${label}, reporting progress up to it`, async function () {
      this.timeout(20_000);
      const before = await peerStats(HUGE);
      const progress: DownloadProgress[] = [];
      // One slot of its own: had the download kept it, the preview after it would never start.
      const service = media({ limits: ceiling < 64 * MiB ? { downloadBytes: ceiling, concurrent: 1 } : { concurrent: 1 } });
      const result = await service.download(HUGE, { onProgress: (p) => progress.push(p) });
      expect(result).to.deep.equal({ ok: false, reason: 'too-large', status: 200 });
      // It released what it held: no bytes in the answer, no request in flight, its slot free.
      expect('blob' in result).to.equal(false);
      expect([service.stats.inFlight, service.stats.created, service.stats.cached]).to.deep.equal([0, 0, 0]);
      expect(progress.length).to.be.above(0);
      const most = Math.max(...progress.map((p) => p.received));
      expect(most).to.be.at.most(ceiling);
      // Cut by the ceiling, not before it: what the browser hands over comes in chunks of well under 2 MiB.
      if (ceiling === 64 * MiB) expect(most).to.be.above(ceiling - 8 * MiB);
      expect(progress.every((p) => p.total === undefined)).to.equal(true);
      const after = await serverSees(HUGE, (s) => s.aborted > before.aborted && s.inFlight === 0, 'the client left');
      expect(after.bytesSent[HUGE]! - (before.bytesSent[HUGE] ?? 0)).to.be.below(70 * MiB);
      expect((await service.preview(`agent_files/test/count/${unique('after')}.png`)).ok).to.equal(true);
      // And the page's four slots are all free: four held previews are in flight at once.
      const prefix = `agent_files/test/held/${unique('after')}-`;
      const four = [0, 1, 2, 3].map((i) => media().preview(`${prefix}${i}.png`));
      await serverSees(prefix, (s) => s.inFlight === 4, 'four previews in flight after the download');
      await release('*', prefix);
      expect((await Promise.all(four)).map((r) => r.ok)).to.deep.equal([true, true, true, true]);
    });
  }

  it('downloads a CSV as an inert blob, with its file name, its type for display and its final progress', async () => {
    const progress: DownloadProgress[] = [];
    const result = await media().download('agent_files/demo/readings.csv', { onProgress: (p) => progress.push(p) });
    if (!result.ok) throw new Error(`no download: ${JSON.stringify(result)}`);
    expect([result.name, result.type, result.blob.type]).to.deep.equal(['readings.csv', 'text/csv', 'application/octet-stream']);
    expect(result.blob.size).to.equal(result.bytes);
    expect(await result.blob.text()).to.match(/^time,junction,pressure_kpa\r\n/);
    expect(progress.at(-1)).to.deep.equal({ received: result.bytes, total: result.bytes });
  });

  it('stops a download when its signal aborts, and the server sees the client leave', async () => {
    const before = await peerStats(HUGE);
    const leave = new AbortController();
    const result = await media().download(HUGE, { signal: leave.signal, onProgress: () => leave.abort() });
    expect(result).to.deep.equal({ ok: false, reason: 'aborted' });
    await serverSees(HUGE, (s) => s.aborted > before.aborted && s.inFlight === 0, 'the client left');
  });

  it('never retries: a failed fetch is one call and a network failure', async () => {
    let calls = 0;
    const failing = media({
      fetch: () => {
        calls += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    expect(await failing.download('agent_files/demo/readings.csv')).to.deep.equal({ ok: false, reason: 'network' });
    expect(await failing.preview('agent_files/demo/alarm.png')).to.deep.equal({ ok: false, reason: 'network' });
    expect(calls).to.equal(2);
  });
});
