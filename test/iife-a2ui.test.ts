// A2UI surfaces from the script tag: `<mantis-a2ui-surface>` is a file of its own beside the IIFE
// (mantis-ui.a2ui.js), on the IIFE's Lit, loaded when a page holds the tag or a chat shows its first surface.
import { expect, waitUntil } from '@open-wc/testing';
import { composerSocketUrl } from './helpers/agent.js';
import { legacyPage } from './helpers/legacy-page.js';

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

describe('A2UI beside the IIFE', function () {
  this.timeout(20000);

  it('is not in the IIFE, and defines <mantis-a2ui-surface> from its own file on the IIFE’s Lit', async () => {
    const iife = await (await fetch('/dist/mantis-ui.iife.js')).text();
    // The renderer's own words are not in the IIFE.
    expect(iife.includes('its components refer to each other in a loop'), 'renderer text').to.equal(false);
    const { frame, win, doc } = await legacyPage('<mantis-a2ui-surface></mantis-a2ui-surface>');
    await waitUntil(() => win.customElements.get('mantis-a2ui-surface'), 'never defined', { timeout: 8000 });
    const surface = win.customElements.get('mantis-a2ui-surface') as CustomElementConstructor;
    const view = win.customElements.get('mantis-ui-view') as CustomElementConstructor;
    expect(Object.getPrototypeOf(surface) === Object.getPrototypeOf(view), 'one Lit').to.equal(true);
    const el = doc.querySelector('mantis-a2ui-surface') as unknown as HTMLElement & { messages: unknown[] };
    // The page's own objects (plain objects of another window are not plain JSON to it).
    el.messages = win.JSON.parse(
      JSON.stringify([
        { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC } },
        { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'From a script tag' }] } },
      ]),
    ) as unknown[];
    await waitUntil(() => el.shadowRoot?.textContent?.includes('From a script tag'), 'never rendered');
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
    const requested = win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(requested).not.to.include('/dist/mantis-ui.a2ui.js');
    const warnings = (win as unknown as { __warnings: string[] }).__warnings.filter((w) => w.includes('<mantis-a2ui-surface> is already defined'));
    expect(warnings).to.have.length(1);
    frame.remove();
  });
});
