// The pinned loader (dist/mantis-ui.pinned.js, docs/strict-pages.md "Pinning every file"): a page under a strict
// policy pins it with Subresource Integrity, and through its import map every file of dist/cdn/. A modified chunk
// never runs; a map the page refuses runs none. Pages and files: test/fixtures/pinned/serve.mjs. Needs `npm run build`
// (npm test builds first).
import { expect, waitUntil } from '@open-wc/testing';

type PinnedWindow = Window &
  typeof globalThis & { MantisUI: { ready: Promise<unknown> }; __mantisTampered?: boolean };

/** The page of `variant` in a frame, once it loaded and `MantisUI.ready` settled (with its outcome). */
async function pinnedPage(variant: 'ok' | 'first' | 'lazy' | 'refused'): Promise<{ win: PinnedWindow; doc: Document; ready: { ok: boolean; reason: string } }> {
  const frame = document.createElement('iframe');
  frame.title = `pinned page (${variant})`;
  frame.style.setProperty('width', '800px');
  frame.style.setProperty('height', '600px');
  frame.src = `/__pinned/${variant}/page.html`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as PinnedWindow;
  const ready = await win.MantisUI.ready.then(
    () => ({ ok: true, reason: '' }),
    (error: unknown) => ({ ok: false, reason: error instanceof Error ? error.message : String(error) }),
  );
  return { win, doc: win.document, ready };
}

/** The files of dist/cdn/ the page requested. */
const cdnRequests = (win: Window): string[] =>
  win.performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes('/dist/cdn/'));

const surfaceText = (doc: Document): string => doc.querySelector('mantis-a2ui-surface')?.shadowRoot?.textContent ?? '';

afterEach(() => document.querySelectorAll('iframe').forEach((frame) => frame.remove()));

describe('the pinned loader', () => {
  it('loads the first load and a lazy part, each checked against its integrity, under a strict policy with a nonce', async () => {
    const { win, doc, ready } = await pinnedPage('ok');
    expect(ready).to.deep.equal({ ok: true, reason: '' });
    expect(win.customElements.get('mantis-chat')).to.not.equal(undefined);
    const surface = doc.querySelector('mantis-a2ui-surface') as unknown as { messages: readonly unknown[] };
    // Made in the page's realm, as the page's own script would.
    surface.messages = win.JSON.parse(
      JSON.stringify([
        { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' } },
        { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'Pinned and checked' }] } },
      ]),
    ) as unknown[];
    await waitUntil(() => surfaceText(doc).includes('Pinned and checked'), `the A2UI surface did not render: ${surfaceText(doc)}`);
    // Every file came from the pinned folder (the map's integrity names each one there): the first load among them.
    const requests = cdnRequests(win);
    expect(requests.some((url) => /\/first-load-[^/]*\.js$/.test(url)), requests.join(' ')).to.equal(true);
    expect(requests.every((url) => url.includes('/__pinned/ok/dist/cdn/'))).to.equal(true);
    expect(win.__mantisTampered).to.equal(undefined);
  });

  it('runs nothing when the first load was modified: MantisUI.ready rejects, and each chat says why in its place', async () => {
    const { win, doc, ready } = await pinnedPage('first');
    expect(ready.ok).to.equal(false);
    expect(win.__mantisTampered).to.equal(undefined);
    expect(win.customElements.get('mantis-chat')).to.equal(undefined);
    const notice = doc.querySelector('#chat > [data-mantis-load-error]');
    expect(notice?.getAttribute('role')).to.equal('status');
    expect(notice?.textContent).to.contain('This chat could not load');
    expect(doc.querySelectorAll('#chat > [data-mantis-load-error]')).to.have.length(1);
  });

  it('refuses a modified lazy part: the rest of the page works, and the part says it could not be loaded', async () => {
    const { win, doc, ready } = await pinnedPage('lazy');
    expect(ready.ok).to.equal(true);
    await waitUntil(() => surfaceText(doc).includes('could not be loaded'), 'the surface did not say its part could not load');
    expect(win.__mantisTampered).to.equal(undefined);
    expect(win.customElements.get('mantis-chat')).to.not.equal(undefined);
  });

  it('loads no file when the page refuses its import map, and names the nonce and the hash that would allow it', async () => {
    const { win, doc, ready } = await pinnedPage('refused');
    expect(ready.ok).to.equal(false);
    expect(ready.reason).to.contain('refused');
    expect(ready.reason).to.match(/'sha256-[A-Za-z0-9+/]+=*'/);
    expect(cdnRequests(win)).to.deep.equal([]);
    expect(doc.querySelector('#chat > [data-mantis-load-error]')?.textContent).to.contain('import map');
  });
});
