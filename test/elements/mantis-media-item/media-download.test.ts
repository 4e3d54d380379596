// <mantis-media-item> downloads, against the reference server's media store: a file streams through the 64 MiB
// ceiling with a progress bar, lands as a Blob handed to a temporary link (its object URL revoked right after),
// can be cancelled, and is retried only when the user asks.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { formatBytes } from '../../../elements/mantis-media-item/messages.js';
import type { MantisMediaItem } from '../../../elements/mantis-media-item/mantis-media-item.js';
import { cleanup, flakyFetch, item, media, MEDIA_BASE, mediaErrors, partOf, peerStats, replace, serverSees, settle, shadow, text } from './fixtures.js';

const CSV = 'agent_files/demo/readings.csv';
const HUGE = 'agent_files/test/huge.bin';

/** Pass-throughs of URL.createObjectURL and URL.revokeObjectURL, and a link click that records instead of navigating. */
function watchDownloads() {
  const watch = { blobs: new Map<string, Blob>(), revoked: new Set<string>(), clicks: [] as { href: string; name: string; inShadow: boolean }[] };
  const create: typeof URL.createObjectURL = replace(URL, 'createObjectURL', (object: Blob | MediaSource): string => {
    const url = create.call(URL, object);
    if (object instanceof Blob) watch.blobs.set(url, object);
    return url;
  });
  const revoke: typeof URL.revokeObjectURL = replace(URL, 'revokeObjectURL', (url: string): void => {
    watch.revoked.add(url);
    revoke.call(URL, url);
  });
  replace(HTMLAnchorElement.prototype, 'click', function (this: HTMLAnchorElement) {
    watch.clicks.push({ href: this.href, name: this.download, inShadow: this.getRootNode() instanceof ShadowRoot });
  });
  return watch;
}

/** Every aria-valuetext the item's progress bar had, as it renders them. */
function watchProgress(el: MantisMediaItem, onProgress?: (text: string) => void): string[] {
  const seen: string[] = [];
  const look = () => {
    const value = partOf(el, 'progress')?.getAttribute('aria-valuetext');
    if (value && seen[seen.length - 1] !== value) {
      seen.push(value);
      onProgress?.(value);
    }
  };
  new MutationObserver(look).observe(shadow(el), { subtree: true, childList: true, attributes: true });
  return seen;
}

const status = (el: MantisMediaItem) => text(shadow(el).querySelector('[role="status"]'));
const button = (el: MantisMediaItem, part: string) => partOf(el, part) as HTMLButtonElement;

describe('<mantis-media-item> downloads', () => {
  afterEach(cleanup);

  it('formats sizes as the progress bar says them', () => {
    expect(formatBytes(512)).to.equal('512 B');
    expect(formatBytes(3.2 * 1024 * 1024)).to.equal('3.2 MiB');
    expect(formatBytes(10 * 1024 * 1024)).to.equal('10 MiB');
  });

  it('a CSV is a download card; downloading shows progress, hands over a Blob of its size, and revokes its URL', async () => {
    const expected = await (await fetch(`${MEDIA_BASE}${CSV}`, { headers: { authorization: 'Bearer demo-token' } })).arrayBuffer();
    const watch = watchDownloads();
    const el = await item(media(), CSV, 'Pressure readings');
    const card = partOf(el, 'download') as HTMLElement;
    expect(card.getAttribute('role')).to.equal('group');
    expect(text(card)).to.contain('readings.csv');
    expect(text(button(el, 'download-button'))).to.equal('Download readings.csv');
    await expect(el).to.be.accessible();
    const progress = watchProgress(el);

    button(el, 'download-button').click();
    await el.updateComplete;
    expect(partOf(el, 'progress')?.getAttribute('aria-label')).to.equal('Downloading readings.csv');
    expect(text(button(el, 'cancel-button'))).to.equal('Cancel');
    expect(status(el)).to.equal('Downloading readings.csv');
    await expect(el).to.be.accessible();
    await waitUntil(() => status(el) === 'Downloaded readings.csv', 'the download did not finish');
    expect(progress.length > 0).to.equal(true);
    expect(text(shadow(el).querySelector('.done'))).to.equal('Downloaded');

    expect(watch.clicks.length).to.equal(1);
    const [click] = watch.clicks;
    expect(click?.name).to.equal('readings.csv');
    expect(click?.inShadow).to.equal(true);
    const blob = watch.blobs.get(click?.href ?? '');
    expect(blob?.size).to.equal(expected.byteLength);
    expect(blob?.type).to.equal('application/octet-stream');
    await waitUntil(() => watch.revoked.has(click?.href ?? ''), 'the object URL was not revoked');
    expect(shadow(el).querySelector('a') === null).to.equal(true);
  });

  it('a 70 MiB file stops at the 64 MiB ceiling with a clear error and hands nothing over', async () => {
    const watch = watchDownloads();
    const errors = mediaErrors();
    const el = await item(media(), HUGE, 'Raw sensor dump');
    const before = (await peerStats(HUGE)).aborted;
    const progress = watchProgress(el);
    button(el, 'download-button').click();
    await waitUntil(() => partOf(el, 'download-error')?.dataset.reason === 'too-large', 'no too-large error', { timeout: 8000 });
    expect(text(partOf(el, 'download-error'))).to.equal('Stopped: larger than 64 MiB');
    expect(status(el)).to.equal('Download of huge.bin failed: Stopped: larger than 64 MiB');
    expect(partOf(el, 'retry-button') === null).to.equal(true);
    expect(progress.some((value) => / MiB$/.test(value))).to.equal(true);
    expect(errors.map((e) => `${e.key} ${e.reason}`)).to.deep.equal([`${HUGE} too-large`]);
    expect(watch.clicks.length).to.equal(0);
    expect(watch.blobs.size).to.equal(0);
    // The client left at its ceiling: the server saw the response cut, not finished.
    await serverSees(HUGE, (s) => s.inFlight === 0 && s.aborted === before + 1, 'the request was not cut');
    await expect(el).to.be.accessible();
  });

  it('Cancel aborts a running download and offers it again', async () => {
    const watch = watchDownloads();
    const errors = mediaErrors();
    const el = await item(media(), HUGE, 'Raw sensor dump');
    const before = (await peerStats(HUGE)).aborted;
    // Cancel as soon as the first bytes are shown, long before the ceiling.
    watchProgress(el, (value) => {
      if (value !== '0 B') partOf(el, 'cancel-button')?.click();
    });
    button(el, 'download-button').click();
    await serverSees(HUGE, (s) => s.inFlight === 0 && s.aborted === before + 1, 'the request was not aborted');
    await el.updateComplete;
    expect(partOf(el, 'progress') === null).to.equal(true);
    expect(text(button(el, 'download-button'))).to.equal('Download huge.bin');
    expect(status(el)).to.equal('Download cancelled');
    expect(errors.length).to.equal(0);
    expect(watch.clicks.length).to.equal(0);
  });

  it('retry is manual: a network failure offers Retry, and nothing is fetched until it is pressed', async () => {
    watchDownloads();
    const flaky = flakyFetch();
    const errors = mediaErrors();
    const el = await item(media({ fetch: flaky.fetch }), CSV, 'Pressure readings');
    button(el, 'download-button').click();
    await waitUntil(() => partOf(el, 'download-error')?.dataset.reason === 'network', 'no network error');
    expect(text(partOf(el, 'download-error'))).to.equal('Couldn’t download');
    expect(errors.map((e) => e.reason)).to.deep.equal(['network']);
    await settle();
    expect(flaky.calls).to.equal(1);
    await expect(el).to.be.accessible();
    flaky.failing = false;
    button(el, 'retry-button').click();
    await waitUntil(() => status(el) === 'Downloaded readings.csv', 'the retried download did not finish');
    expect(flaky.calls).to.equal(2);
  });

  it('each failure says why: 401, 403 and 404 are told apart', async () => {
    watchDownloads();
    const cases = [
      { token: 'wrong-token', key: CSV, reason: 'unauthorized', message: 'Sign in to download this file' },
      { token: 'other-token', key: 'agent_files/private/payroll.csv', reason: 'forbidden', message: 'You don’t have access to this file' },
      { token: 'demo-token', key: 'agent_files/demo/missing.csv', reason: 'not-found', message: 'File not found' },
    ];
    for (const { token, key, reason, message } of cases) {
      const el = await item(media({ token: () => token }), key, 'A file');
      button(el, 'download-button').click();
      await waitUntil(() => partOf(el, 'download-error')?.dataset.reason === reason, `no ${reason} error`);
      expect(text(partOf(el, 'download-error'))).to.equal(message);
    }
  });

  it('works from the keyboard: Enter downloads, and focus stays on the card’s button', async () => {
    watchDownloads();
    const start = document.createElement('button');
    start.textContent = 'Start';
    document.body.prepend(start);
    try {
      const el = await item(media(), CSV, 'Pressure readings');
      start.focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement?.getAttribute('part')).to.equal('download-button');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => status(el) === 'Downloaded readings.csv', 'the download did not finish');
      await el.updateComplete;
      expect(shadow(el).activeElement?.getAttribute('part')).to.equal('download-button');
    } finally {
      start.remove();
    }
  });

  it('without a service a file says "Download unavailable" and requests nothing', async () => {
    const el = await item(null, CSV, 'Pressure readings');
    const shown = partOf(el, 'placeholder') as HTMLElement;
    expect(shown.dataset.reason).to.equal('unconfigured');
    expect(shown.getAttribute('aria-label')).to.equal('Pressure readings — Download unavailable');
    expect(partOf(el, 'download-button') === null).to.equal(true);
    await expect(el).to.be.accessible();
  });
});
