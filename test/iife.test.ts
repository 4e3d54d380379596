import { expect, waitUntil } from '@open-wc/testing';
import { composerSocketUrl } from './helpers/agent.js';

/**
 * The one-file bundle in a page with no module scripts, as a legacy page would load it: a plain <script> tag.
 * Needs `npm run build` (npm test builds first).
 */
async function legacyPage(body: string): Promise<{ frame: HTMLIFrameElement; win: Window & typeof globalThis; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.title = 'legacy page';
  frame.srcdoc = `<!doctype html><html lang="en"><head><title>legacy</title><script src="/dist/mantis-ui.iife.js"></script></head><body>${body}</body></html>`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  return { frame, win, doc: win.document };
}

describe('dist/mantis-ui.iife.js', () => {
  it('defines every element in a page without module scripts', async () => {
    const spec = JSON.stringify({ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'From a script tag' } });
    const { frame, win, doc } = await legacyPage(`<mantis-ui-view spec='${spec}'></mantis-ui-view>`);
    expect(doc.querySelectorAll('script[type="module"]')).to.have.length(0);
    expect(win.customElements.get('mantis-ui-view')).to.be.a('function');
    expect(win.customElements.get('mantis-chat')).to.be.a('function');
    const view = doc.querySelector('mantis-ui-view') as HTMLElement;
    await waitUntil(() => view.shadowRoot?.querySelector('[role="heading"]'));
    expect(view.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim()).to.equal('From a script tag');
    frame.remove();
  });

  it('runs a whole chat round trip with the real server', async () => {
    const { frame, doc } = await legacyPage(`<mantis-chat url="${composerSocketUrl()}"></mantis-chat>`);
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected');
    chat.send('hello from a legacy page');
    await waitUntil(() => chat.shadowRoot?.querySelector('mantis-ui-view')?.shadowRoot?.querySelector('[role="heading"]'), 'no view', {
      timeout: 8000,
    });
    frame.remove();
  });

  it('warns instead of throwing when loaded twice', async () => {
    const { frame, win, doc } = await legacyPage('');
    const warnings: unknown[] = [];
    win.console.warn = (...args: unknown[]) => warnings.push(args);
    const errors: unknown[] = [];
    win.addEventListener('error', (event) => errors.push(event.message));
    const again = doc.createElement('script');
    again.src = '/dist/mantis-ui.iife.js';
    const loaded = new Promise((done) => again.addEventListener('load', done, { once: true }));
    doc.head.append(again);
    await loaded;
    expect(errors).to.deep.equal([]);
    expect(warnings.length).to.be.greaterThan(0);
    frame.remove();
  });
});

describe('the page-level generative UI switch', () => {
  it('read once at startup: with MANTIS_COMPOSER_GENERATIVE_UI = false no chat advertises the capability', async () => {
    const frame = document.createElement('iframe');
    frame.title = 'switched off';
    frame.srcdoc = `<!doctype html><html lang="en"><head><title>off</title>
      <script>window.MANTIS_COMPOSER_GENERATIVE_UI = false;</script>
      <script src="/dist/mantis-ui.iife.js"></script></head>
      <body><mantis-chat url="${composerSocketUrl()}"></mantis-chat></body></html>`;
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.append(frame);
    await loaded;
    const chat = frame.contentDocument?.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean; generativeUiActive: boolean };
    expect(chat.generativeUiActive).to.equal(false);
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected');
    chat.send('hello');
    await waitUntil(() => chat.shadowRoot?.querySelectorAll('[part~="message-assistant"] [part="text"]').length, 'no reply', { timeout: 8000 });
    await waitUntil(() => !chat.shadowRoot?.querySelector('[part~="message-assistant"][aria-busy="true"]'), 'reply never ended', { timeout: 8000 });
    expect(chat.shadowRoot?.querySelector('mantis-ui-view')).to.equal(null);
    frame.remove();
  });
});
