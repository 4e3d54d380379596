// A2UI surfaces from the script tag: `<mantis-a2ui-surface>` is defined at once, and its renderer is a chunk of its
// own beside the IIFE, on the page's one Lit, loaded when a surface connects (a page's or a chat's first).
import { expect, waitUntil } from '@open-wc/testing';
import { composerSocketUrl } from './helpers/agent.js';
import { legacyPage } from './helpers/legacy-page.js';
import { fetchedCode, fetchedModule } from './helpers/cdn-files.js';

/** The renderer: the surface element's implementation. */
const RENDERER = 'elements/mantis-a2ui-surface/mantis-a2ui-surface.component.ts';

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

describe('A2UI beside the IIFE', function () {
  this.timeout(20000);

  it('is not in the first load, and upgrades <mantis-a2ui-surface> with the renderer’s own file on the page’s one Lit', async () => {
    const { frame, win, doc } = await legacyPage('<p>No surface yet.</p>');
    // The renderer's own words are not in what a page without a surface loads.
    expect((await fetchedCode(win)).includes('its components refer to each other in a loop'), 'renderer text').to.equal(false);
    expect(await fetchedModule(win, RENDERER)).to.equal(false);
    const view = win.customElements.get('mantis-ui-view') as CustomElementConstructor;
    // The LitElement the view's class extends (LitElement extends ReactiveElement, which extends HTMLElement).
    let lit: unknown = view;
    while (lit && Object.getPrototypeOf(Object.getPrototypeOf(lit)) !== win.HTMLElement) lit = Object.getPrototypeOf(lit);
    const el = doc.createElement('mantis-a2ui-surface') as unknown as HTMLElement & { messages: unknown[]; updateComplete: Promise<unknown> };
    // The page's own objects (plain objects of another window are not plain JSON to it), set before its code came.
    el.messages = win.JSON.parse(
      JSON.stringify([
        { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC } },
        { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'From a script tag' }] } },
      ]),
    ) as unknown[];
    doc.body.append(el);
    await waitUntil(() => el.shadowRoot?.textContent?.includes('From a script tag'), 'never rendered', { timeout: 8000 });
    expect(await fetchedModule(win, RENDERER)).to.equal(true);
    let onLit = false;
    for (let at: unknown = Object.getPrototypeOf(el); at; at = Object.getPrototypeOf(at)) if ((at as { constructor?: unknown }).constructor === lit) onLit = true;
    expect(onLit, 'one Lit').to.equal(true);
    frame.remove();
  });

  it('upgrades a <mantis-a2ui-surface> of the page’s markup, there before any script ran', async () => {
    const { frame, win, doc } = await legacyPage('<mantis-a2ui-surface></mantis-a2ui-surface>');
    const el = doc.querySelector('mantis-a2ui-surface') as unknown as HTMLElement & { messages: unknown[] };
    el.messages = win.JSON.parse(
      JSON.stringify([
        { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC } },
        { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'From the markup' }] } },
      ]),
    ) as unknown[];
    await waitUntil(() => el.shadowRoot?.textContent?.includes('From the markup'), 'never rendered', { timeout: 8000 });
    expect(await fetchedModule(win, RENDERER)).to.equal(true);
    frame.remove();
  });

  it('a chat in a legacy page shows the surface of a reply', async () => {
    const { frame, doc } = await legacyPage(`<mantis-chat url="${composerSocketUrl()}"></mantis-chat>`);
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected');
    chat.send('a2ui form please');
    await waitUntil(() => chat.shadowRoot?.querySelector('mantis-a2ui-surface')?.shadowRoot?.textContent?.includes('Fill in the form'), 'no surface', {
      timeout: 10000,
    });
    frame.remove();
  });

  it('a chat on a page that defined <mantis-a2ui-surface> itself says so in place of the surface, loads no renderer and warns once', async () => {
    const { frame, win, doc } = await legacyPage(
      `<mantis-chat url="${composerSocketUrl()}"></mantis-chat>`,
      `<script>
        window.__warnings = [];
        const warn = console.warn;
        console.warn = (...args) => { window.__warnings.push(args.join(' ')); warn(...args); };
        customElements.define('mantis-a2ui-surface', class PagesOwnSurface extends HTMLElement {});
      </script>`,
    );
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected');
    chat.send('a2ui form please');
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="surface-fallback"]'), 'no note in place of the surface', { timeout: 10000 });
    const note = chat.shadowRoot?.querySelector('[part="surface-fallback"]');
    expect(note?.getAttribute('role')).to.equal('note');
    expect(note?.textContent).to.contain('the page defines <mantis-a2ui-surface> itself');
    expect(chat.shadowRoot?.querySelector('mantis-a2ui-surface'), 'an element of the page’s class in the chat').to.equal(null);
    expect(await fetchedModule(win, RENDERER), 'the renderer loaded').to.equal(false);
    const warnings = (win as unknown as { __warnings: string[] }).__warnings.filter((w) => w.includes('<mantis-a2ui-surface> is already defined'));
    expect(warnings).to.have.length(1);
    frame.remove();
  });
});
