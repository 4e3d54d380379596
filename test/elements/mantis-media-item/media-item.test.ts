// <mantis-media-item> previews, against the reference server's media store with real media services: viewport-lazy
// loading, object URLs only, one placeholder per failure, account changes, aborts on removal, manual retry.
import { expect, waitUntil } from '@open-wc/testing';
import {
  cleanup,
  countedKey,
  flakyFetch,
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
  shadow,
  text,
} from './fixtures.js';

// Assertions take booleans, numbers and strings, never DOM nodes: a failure message that serialises one can stall
// the test runner.
describe('<mantis-media-item> previews', () => {
  afterEach(cleanup);

  it('without a service shows "Preview unavailable" and requests nothing', async () => {
    const errors = mediaErrors();
    const el = await item(null, 'agent_files/demo/alarm.png', 'Alarm map');
    const shown = await placeholder(el, 'unconfigured');
    expect(shown.getAttribute('role')).to.equal('img');
    expect(shown.getAttribute('aria-label')).to.equal('Alarm map — Preview unavailable');
    expect(text(shown)).to.contain('Preview unavailable');
    expect(imageOf(el) === null).to.equal(true);
    expect(errors.length).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('an item below the fold is not requested until it is scrolled into view', async () => {
    const service = media();
    const near = countedKey('near');
    const far = countedKey('far');
    const prefix = near.slice(0, near.lastIndexOf('/') + 1);
    const first = await item(service, near, 'Near');
    fold();
    const second = await item(service, far, 'Far');
    // The visible item loading shows that the viewport was looked at; the other one is still waiting.
    await loaded(first);
    await settle();
    expect((await peerStats(prefix)).requests[far]).to.equal(undefined);
    expect(service.stats.requests).to.equal(1);
    const waiting = partOf(second, 'skeleton');
    expect(waiting?.getAttribute('aria-busy')).to.equal(null);
    expect(waiting?.getAttribute('aria-label')).to.equal('Far');

    second.scrollIntoView();
    await loaded(second, 'the item scrolled into view did not load');
    const stats = await peerStats(prefix);
    expect(stats.requests[far]).to.equal(1);
    expect(stats.requests[near]).to.equal(1);
  });

  it('shows a busy skeleton while loading, then an img of the service’s blob: URL with the alt text', async () => {
    const key = heldKey();
    const el = await item(media(), key, 'Held chart');
    await serverSees(key, (s) => s.inFlight === 1, 'the request is open');
    await waitUntil(() => partOf(el, 'skeleton')?.getAttribute('aria-busy') === 'true', 'no busy skeleton');
    expect(partOf(el, 'skeleton')?.getAttribute('role')).to.equal('img');
    await expect(el).to.be.accessible();
    await release(key);
    const img = await loaded(el);
    expect(img.src.startsWith('blob:')).to.equal(true);
    expect(img.alt).to.equal('Held chart');
    expect(img.getAttribute('part')).to.equal('image');
    expect(partOf(el, 'skeleton') === null).to.equal(true);
    await expect(el).to.be.accessible();
  });

  const FAILURES = [
    { reason: 'unauthorized', status: 401, token: 'wrong-token', key: 'agent_files/demo/alarm.png', message: 'Sign in to see this file' },
    { reason: 'forbidden', status: 403, token: 'other-token', key: 'agent_files/private/badge.png', message: 'You don’t have access to this file' },
    { reason: 'not-found', status: 404, token: 'demo-token', key: 'agent_files/demo/missing.png', message: 'File not found' },
    { reason: 'too-large', token: 'demo-token', key: 'agent_files/test/big.png', message: 'Too large to preview (over 12 MiB)' },
    { reason: 'unsupported-type', status: 200, token: 'demo-token', key: 'agent_files/test/page.png', message: 'Not a supported image' },
  ] as const;

  for (const failure of FAILURES) {
    it(`${failure.reason}: its own accessible placeholder, no retry, and a mantis-media-error`, async () => {
      const errors = mediaErrors();
      const el = await item(media({ token: () => failure.token }), failure.key, 'Site photo');
      const shown = await placeholder(el, failure.reason);
      expect(shown.getAttribute('role')).to.equal('img');
      expect(shown.getAttribute('aria-label')).to.equal(`Site photo — ${failure.message}`);
      expect(text(shown.querySelector('.message'))).to.equal(failure.message);
      expect(imageOf(el) === null).to.equal(true);
      expect(partOf(el, 'retry-button') === null).to.equal(true);
      await waitUntil(() => errors.length === 1, 'no mantis-media-error');
      expect(errors[0]?.key).to.equal(failure.key);
      expect(errors[0]?.reason).to.equal(failure.reason);
      if ('status' in failure) expect(errors[0]?.status).to.equal(failure.status);
      await expect(el).to.be.accessible();
    });
  }

  it('says something different for each failure', () => {
    const messages = new Set(FAILURES.map((f) => f.message));
    expect(messages.size).to.equal(FAILURES.length);
  });

  it('an account change drops the shown images and loads the visible ones again under the new account', async () => {
    const service = media();
    const items = [await item(service, countedKey('a')), await item(service, countedKey('b'))];
    const before = (await Promise.all(items.map((el) => loaded(el)))).map((img) => img.src);
    service.setAccount('x');
    await Promise.all(items.map((el) => el.updateComplete));
    const stale = items.flatMap((el) => [...shadow(el).querySelectorAll('img')]).filter((img) => before.includes(img.src));
    expect(stale.length).to.equal(0);
    expect(service.stats.revoked).to.equal(2);
    const after = (await Promise.all(items.map((el) => loaded(el, 'not loaded again after the account change')))).map((img) => img.src);
    expect(after.every((src) => src.startsWith('blob:') && !before.includes(src))).to.equal(true);
    expect(service.stats.requests).to.equal(4);
  });

  it('an evicted preview is dropped, and loads again only when scrolled back into view', async () => {
    const service = media({ limits: { cacheEntries: 1 } });
    const top = countedKey('top');
    const bottom = countedKey('bottom');
    const prefix = top.slice(0, top.lastIndexOf('/') + 1);
    const first = await item(service, top);
    await loaded(first);
    fold();
    const second = await item(service, bottom);
    second.scrollIntoView();
    await loaded(second);
    // Loading the second evicted the first (one entry): its object URL is gone, so is its image.
    await first.updateComplete;
    expect(imageOf(first) === null).to.equal(true);
    await settle();
    expect((await peerStats(prefix)).requests[top]).to.equal(1);
    first.scrollIntoView();
    await loaded(first, 'the evicted item did not load again in view');
    expect((await peerStats(prefix)).requests[top]).to.equal(2);
  });

  it('removing the item aborts its request; placing it again starts over', async function () {
    // Four round trips to the server's test peer, each polled: on a loaded machine they outlast the default 10 s.
    this.timeout(30_000);
    const key = heldKey();
    const el = await item(media(), key);
    await serverSees(key, (s) => s.inFlight === 1, 'the request is open');
    el.remove();
    const after = await serverSees(key, (s) => s.inFlight === 0, 'the request was not aborted');
    expect(after.aborted).to.equal(1);
    document.body.append(el);
    await serverSees(key, (s) => s.requests[key] === 2 && s.inFlight === 1, 'not requested again');
    await release(key);
    await loaded(el);
  });

  it('retry is manual: a network failure offers Retry, and nothing is fetched until it is pressed', async () => {
    const flaky = flakyFetch();
    const errors = mediaErrors();
    const el = await item(media({ fetch: flaky.fetch }), countedKey('flaky'), 'Flaky');
    const shown = await placeholder(el, 'network');
    expect(shown.getAttribute('aria-label')).to.equal('Flaky — Couldn’t load');
    expect(errors.map((e) => e.reason)).to.deep.equal(['network']);
    await settle();
    expect(flaky.calls).to.equal(1);
    await expect(el).to.be.accessible();
    flaky.failing = false;
    const retry = partOf(el, 'retry-button') as HTMLButtonElement;
    expect(text(retry)).to.equal('Retry');
    retry.focus();
    retry.click();
    await loaded(el);
    expect(flaky.calls).to.equal(2);
    // The Retry button went away with the failure: focus stays in the item, not lost to the page.
    expect(shadow(el).activeElement?.getAttribute('part')).to.equal('base');
  });

  it('an invalid key is refused without a request', async () => {
    const errors = mediaErrors();
    const service = media();
    const el = await item(service, 'https://evil.example/a.png', 'Evil');
    await placeholder(el, 'invalid-key');
    await settle();
    expect(service.stats.requests).to.equal(0);
    expect(errors.map((e) => e.reason)).to.deep.equal(['invalid-key']);
  });
});
