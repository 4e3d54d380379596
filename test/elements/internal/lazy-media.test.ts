import { expect } from '@open-wc/testing';
import { createLazyMediaService } from '../../../elements/internal/lazy-media.js';
import { loadMediaEngine } from '../../../elements/internal/lazy.js';
import type { MediaEvent } from '../../../src/index.js';
import { MEDIA_BASE, unique } from '../../src/media/peer.js';

/*
 * A chat's media service loads its engine (src/media/media-service.ts, its own file beside the IIFE) only when a
 * preview or download first needs it. Everything before that must behave as the engine would.
 */

const options = { baseUrl: MEDIA_BASE, token: () => 'demo-token', account: 'a' };

describe('the lazily loaded media service', () => {
  it('answers configured and urlOf, and counts nothing, before any engine exists', () => {
    let loads = 0;
    const media = createLazyMediaService(options, () => {
      loads += 1;
      return loadMediaEngine();
    });
    expect(media.configured).to.equal(true);
    expect(media.urlOf('agent_files/demo/alarm.png')?.href).to.equal(`${MEDIA_BASE}agent_files/demo/alarm.png`);
    expect(media.urlOf('https://evil.example/x.png')).to.equal(null);
    expect(media.stats.requests).to.equal(0);
    expect(loads).to.equal(0);
    // A bearer token over plain http to another host would cross the network in cleartext: not configured.
    expect(createLazyMediaService({ baseUrl: 'http://media.example/api/', token: () => 't' }).configured).to.equal(false);
  });

  it('loads the engine on the first preview, once, and previews through it', async () => {
    let loads = 0;
    const media = createLazyMediaService(options, () => {
      loads += 1;
      return loadMediaEngine();
    });
    const [first, second] = await Promise.all([media.preview('agent_files/demo/alarm.png'), media.preview('agent_files/demo/alarm.png')]);
    expect(first.ok && second.ok && first.url === second.url).to.equal(true);
    expect(loads).to.equal(1);
    expect(media.stats.requests).to.equal(1);
    media.dispose();
  });

  it('applies a pin taken before the engine loaded, and its release', async () => {
    const media = createLazyMediaService(options);
    const release = media.hold('agent_files/demo/pressure-map.png');
    const result = await media.preview('agent_files/demo/pressure-map.png');
    expect(result.ok).to.equal(true);
    expect(media.stats.pinned).to.equal(1);
    release();
    expect(media.stats.pinned).to.equal(0);
    media.dispose();
  });

  it('creates the engine with the account and token set before it loaded, and reports a reset for each change', async () => {
    const events: MediaEvent[] = [];
    const media = createLazyMediaService({ baseUrl: MEDIA_BASE, account: 'a' });
    media.subscribe((event) => events.push(event));
    media.setAccount('b');
    media.setToken(() => 'demo-token');
    expect(events.map((e) => e.type)).to.deep.equal(['reset']);
    expect(media.account).to.equal('b');
    // The token set before the engine existed is the one its requests carry (the store refuses requests without it).
    const result = await media.preview('agent_files/demo/junction-photo.png');
    expect(result.ok).to.equal(true);
    media.setAccount('c');
    expect(events.map((e) => e.type)).to.deep.equal(['reset', 'reset']);
    media.dispose();
  });

  it('never brings back a token or an account the host cleared before the engine loaded', async () => {
    const media = createLazyMediaService(options);
    media.setToken(undefined);
    media.setAccount(undefined);
    // Without its bearer token the store refuses the request: the cleared token was not sent.
    const result = await media.preview(`agent_files/test/count/${unique('cleared')}.png`);
    expect(result).to.deep.include({ ok: false, reason: 'unauthorized' });
    expect(media.account).to.equal(undefined);
    media.dispose();
  });

  it('answers unconfigured and invalid-key without loading the engine', async () => {
    let loads = 0;
    const counting = () => {
      loads += 1;
      return loadMediaEngine();
    };
    const insecure = createLazyMediaService({ baseUrl: 'http://media.example/api/', token: () => 't' }, counting);
    expect(await insecure.preview('agent_files/demo/alarm.png')).to.deep.equal({ ok: false, reason: 'unconfigured' });
    const media = createLazyMediaService(options, counting);
    expect(await media.download('https://evil.example/x.bin')).to.deep.equal({ ok: false, reason: 'invalid-key' });
    expect(loads).to.equal(0);
  });

  it('answers aborted once disposed, without loading anything', async () => {
    let loads = 0;
    const media = createLazyMediaService(options, () => {
      loads += 1;
      return loadMediaEngine();
    });
    media.dispose();
    expect(await media.preview('agent_files/demo/alarm.png')).to.deep.equal({ ok: false, reason: 'aborted' });
    expect(await media.download('agent_files/demo/readings.csv')).to.deep.equal({ ok: false, reason: 'aborted' });
    expect(loads).to.equal(0);
    expect(media.stats.requests).to.equal(0);
  });

  it('answers network when the engine file does not load, and loads it on the next try', async () => {
    let fail = true;
    const media = createLazyMediaService(options, () => (fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : loadMediaEngine()));
    expect(await media.preview(`agent_files/test/count/${unique('lazy')}.png`)).to.deep.equal({ ok: false, reason: 'network' });
    fail = false;
    expect((await media.preview('agent_files/demo/alarm.png')).ok).to.equal(true);
    media.dispose();
  });
});
