// The IIFE on the pages it is for: no build step, no modules, aggressive global CSS, tags a page defined first, and
// the README's script-tag snippet pasted into an empty HTML file. Needs `npm run build` (npm test builds first).
import { expect, waitUntil } from '@open-wc/testing';
import { agentOrigin } from './helpers/agent.js';
import { animationFrames } from './helpers/legacy-page.js';
import { fetchedModule } from './helpers/cdn-files.js';
import { a2uiFormMessages } from '../src/testing/fixtures.js';

/** Loads a page whose whole markup is `html` (an iframe's srcdoc) and resolves once it loaded. */
async function page(html: string, title: string): Promise<{ frame: HTMLIFrameElement; win: Window & typeof globalThis; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.style.setProperty('width', '900px');
  frame.style.setProperty('height', '900px');
  frame.srcdoc = html;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  return { frame, win, doc: win.document };
}

const VIEW = { version: 1, id: 'v', root: { id: 's', type: 'stack', children: [{ id: 'h', type: 'heading', text: 'Pumps' }, { id: 'c', type: 'callout', tone: 'warning', body: 'Pump **P-2** is *down*.' }] } };
const HISTORY = [
  { id: 'u1', role: 'user', text: 'How are the pumps?' },
  {
    id: 'a1',
    role: 'assistant',
    text: `Two of three run:\n\n- P-1 ok\n- P-3 ok\n\n| pump | state |\n|---|---|\n| P-1 | ok |\n| P-2 | down |\n\n\`\`\`mantis-ui\n${JSON.stringify(VIEW)}\n\`\`\`\n\nAsk me for **details**.`,
    marker: { inlineUiVersion: 1, mode: 'orchestrator' },
    sequence: 2,
    events: [],
    inReplyTo: 'u1',
  },
];

/** The page's classic script that hands the chat its history (a property, as a page script would). */
const SETUP = `<script>
  document.addEventListener('DOMContentLoaded', () => { document.querySelector('mantis-chat').messages = ${JSON.stringify(HISTORY)}; });
</script>`;

const BODY = `<main><h1>Legacy</h1><p>Page text.</p><mantis-chat theme="light"></mantis-chat>
  <mantis-ui-view theme="light" spec='${JSON.stringify(VIEW)}'></mantis-ui-view>
  <mantis-a2ui-surface theme="light"></mantis-a2ui-surface></main>`;

/** The page's script that gives its A2UI surface (a lazily loaded element, with a file and styles of its own) a form. */
const SURFACE_SETUP = `<script>
  document.addEventListener('DOMContentLoaded', () => { document.querySelector('mantis-a2ui-surface').messages = ${JSON.stringify(a2uiFormMessages)}; });
</script>`;

/** Global CSS as aggressive as legacy pages have: resets, typography on everything, !important, element selectors. */
const HOSTILE = `<style>
  * { box-sizing: content-box !important; margin: 5px; padding: 5px; font-family: 'Comic Sans MS', fantasy !important;
      font-style: italic; font-weight: 900; line-height: 3; letter-spacing: 4px;
      word-spacing: 8px; text-transform: uppercase; text-align: right; text-indent: 20px; text-shadow: 1px 1px red;
      color: #f0f !important; white-space: nowrap; cursor: crosshair; font-variant: small-caps; word-break: break-all;
      text-decoration: underline overline; quotes: '<' '>'; list-style: square inside;
      -webkit-text-fill-color: red !important; -webkit-text-stroke: 1px blue !important; writing-mode: vertical-rl !important;
      font-feature-settings: 'smcp' !important; font-variation-settings: 'wght' 900 !important; font-stretch: condensed !important;
      font-kerning: none !important; hyphens: auto !important; overflow-wrap: anywhere !important; tab-size: 2 !important;
      text-wrap: balance !important; border-collapse: collapse !important; border-spacing: 9px !important;
      caption-side: bottom !important; empty-cells: hide !important; }
  body, body * { font: bold 40px/5 'Comic Sans MS', fantasy !important; }
  div, span, p, button, input, textarea, ul, ol, li, section, article, header, footer, form, label, table, tr, td, th,
  h1, h2, h3, h4, svg, a, img, dialog, details, summary, strong, em, code, pre {
    display: inline !important; float: right !important; position: fixed !important; width: 3px !important;
    opacity: 0.2 !important; background: yellow !important; border: 3px solid red !important; }
  button, input, textarea { all: unset !important; }
  [role], [part], .message, .base, [hidden] { display: none !important; }
</style>`;

/** Styles that an outer page could reach inside: inherited ones, and any a selector could match. */
const PROPERTIES = [
  'color', 'font-family', 'font-size', 'font-style', 'font-weight', 'font-variant-caps', 'line-height', 'letter-spacing',
  'word-spacing', 'text-transform', 'text-align', 'text-indent', 'text-shadow', 'white-space', 'cursor', 'word-break',
  'text-decoration-line', 'list-style-type', 'list-style-position', 'quotes', 'box-sizing', 'display', 'float', 'position',
  'opacity', 'background-color', 'border-top-style', 'margin-top', 'padding-left', 'visibility', '-webkit-text-fill-color',
  '-webkit-text-stroke-width', 'writing-mode', 'font-feature-settings', 'font-variation-settings', 'font-stretch', 'font-kerning',
  'hyphens', 'overflow-wrap', 'tab-size', 'text-wrap-mode', 'text-wrap-style', 'border-collapse', 'border-spacing', 'caption-side',
  'empty-cells',
] as const;

/** Every element inside the elements' shadow roots, in order, with the styles above. */
function insideStyles(doc: Document): string[] {
  const rows: string[] = [];
  const walk = (root: ShadowRoot, path: string) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName === 'style') continue;
      const style = doc.defaultView?.getComputedStyle(el);
      const where = `${path} > ${el.localName}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}`;
      rows.push(`${where} ${PROPERTIES.map((name) => `${name}:${style?.getPropertyValue(name)}`).join(';')}`);
      if (el.shadowRoot) walk(el.shadowRoot, where);
    }
  };
  for (const host of doc.querySelectorAll('mantis-chat, mantis-ui-view, mantis-a2ui-surface')) if (host.shadowRoot) walk(host.shadowRoot, host.localName);
  return rows;
}

type LitElementLike = HTMLElement & { updateComplete: Promise<unknown> };

async function rendered(doc: Document): Promise<void> {
  const chat = doc.querySelector('mantis-chat') as LitElementLike;
  await waitUntil(() => chat.shadowRoot?.querySelector('mantis-ui-view')?.shadowRoot?.querySelector('[role="heading"]'), 'the history never rendered', { timeout: 8000 });
  const view = doc.querySelector('body mantis-ui-view') as LitElementLike;
  await waitUntil(() => view.shadowRoot?.querySelector('[role="heading"]'), 'the view never rendered');
  // A heading shows the first render only: updates it scheduled must be done before the styles inside are compared.
  const inChat = [...(chat.shadowRoot?.querySelectorAll<LitElementLike>('mantis-ui-view') ?? [])];
  // The page's own A2UI surface, if it has one: its element comes from a file of its own.
  const surface = doc.querySelector('body mantis-a2ui-surface') as LitElementLike | null;
  if (surface) await waitUntil(() => surface.shadowRoot?.querySelector('input'), 'the surface never rendered its form', { timeout: 8000 });
  await Promise.all([chat, view, ...inChat, ...(surface ? [surface] : [])].map((el) => el.updateComplete));
  await animationFrames(doc.defaultView as Window, 1);
}

describe('the IIFE on a legacy page', () => {
  it('keeps aggressive global CSS out: every element inside is styled as on a clean page', async () => {
    const head = `<!doctype html><html lang="en"><head><title>page</title><script src="/dist/mantis-ui.iife.js"></script>`;
    const clean = await page(`${head}${SETUP}${SURFACE_SETUP}</head><body>${BODY}</body></html>`, 'clean page');
    await rendered(clean.doc);
    const hostile = await page(`${head}${HOSTILE}${SETUP}${SURFACE_SETUP}</head><body>${BODY}</body></html>`, 'hostile page');
    await rendered(hostile.doc);
    // The hostile rules do apply on the page itself.
    expect(hostile.win.getComputedStyle(hostile.doc.querySelector('h1') as Element).fontFamily).to.contain('Comic Sans MS');
    const want = insideStyles(clean.doc);
    expect(want.length).to.be.greaterThan(40);
    expect(want.filter((row) => row.startsWith('mantis-a2ui-surface > ')).length, 'the surface’s elements are compared too').to.be.greaterThan(3);
    const got = insideStyles(hostile.doc);
    expect(got.length).to.equal(want.length);
    const differences = got.flatMap((row, i) => (row === want[i] ? [] : [`${row}\n  clean: ${want[i]}`]));
    expect(differences.length, differences.slice(0, 3).join('\n')).to.equal(0);
    clean.frame.remove();
    hostile.frame.remove();
  });

  it('warns and goes on when the page defined one of its tags first (eager and lazily defined ones)', async () => {
    const { frame, win, doc } = await page(
      `<!doctype html><html lang="en"><head><title>taken tags</title>
      <script>
        window.__warnings = []; window.__errors = [];
        const warn = console.warn;
        console.warn = (...args) => { window.__warnings.push(args.join(' ')); warn(...args); };
        window.addEventListener('error', (event) => window.__errors.push(event.message));
        window.addEventListener('unhandledrejection', (event) => window.__errors.push(String(event.reason)));
        customElements.define('mantis-ui-view', class PagesOwnView extends HTMLElement {});
        customElements.define('mantis-a2ui-surface', class PagesOwnSurface extends HTMLElement {});
      </script>
      <script src="/dist/mantis-ui.iife.js"></script>${SETUP}</head>
      <body><mantis-chat></mantis-chat><mantis-a2ui-surface></mantis-a2ui-surface><agent-envelope envelope='{}'></agent-envelope></body></html>`,
      'taken tags',
    );
    const state = win as unknown as { __warnings: string[]; __errors: string[] };
    // Every other element is defined and renders.
    const chat = doc.querySelector('mantis-chat') as LitElementLike;
    await waitUntil(() => chat.shadowRoot?.querySelector('textarea'), 'the chat never rendered');
    await waitUntil(() => doc.querySelector('agent-envelope')?.shadowRoot?.querySelector('[part="fallback"]'), 'the envelope never rendered', { timeout: 8000 });
    expect((win.customElements.get('mantis-ui-view') as CustomElementConstructor).name).to.equal('PagesOwnView');
    // The history's view is rendered with the tag the page took: the page's element, which the chat leaves alone.
    await waitUntil(() => chat.shadowRoot?.querySelector('[part~="message-assistant"] mantis-ui-view'), 'the history never rendered', { timeout: 8000 });
    await chat.updateComplete;
    expect(chat.shadowRoot?.querySelector('mantis-ui-view')?.constructor.name).to.equal('PagesOwnView');
    expect(chat.shadowRoot?.querySelector('[part~="message-assistant"] [part="text"] table'), 'the Markdown around it rendered').not.to.equal(null);
    await waitUntil(() => state.__warnings.some((w) => w.includes('<mantis-a2ui-surface>')), 'no warning for the lazily defined tag', { timeout: 8000 });
    // A load the taken tag asked for, and an error the page's own view caused, would both be under way by then.
    await animationFrames(win, 2);
    expect(state.__warnings.filter((w) => w.includes('already defined')).length, 'one warning per taken tag').to.equal(2);
    expect(state.__warnings.some((w) => w.includes('<mantis-ui-view>') && w.includes('already defined'))).to.equal(true);
    expect((win.customElements.get('mantis-a2ui-surface') as CustomElementConstructor).name).to.equal('PagesOwnSurface');
    // The code of a lazily loaded tag the page took is never loaded, though the page holds one.
    expect(await fetchedModule(win, 'elements/mantis-a2ui-surface/mantis-a2ui-surface.component.ts'), 'the renderer loaded').to.equal(false);
    expect(state.__errors).to.deep.equal([]);
    frame.remove();
  });

  it('runs the README snippet pasted into an empty HTML file', async () => {
    // web-test-runner.config.mjs serves the README's example, as written, as dist/readme-snippet.html, with the test's
    // reference server in place of the one `npm start` runs.
    const readme = await (await fetch('/README.md')).text();
    expect(readme).to.contain('<!-- script-tag-example -->');
    const frame = document.createElement('iframe');
    frame.title = 'pasted snippet';
    frame.src = '/dist/readme-snippet.html';
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.append(frame);
    await loaded;
    const doc = frame.contentDocument as Document;
    // No module script of the page's own (the test server adds its own websocket client to every page it serves).
    const modules = [...doc.querySelectorAll<HTMLScriptElement>('script[type="module"]')].filter((script) => !script.src.includes('__web-dev-server'));
    expect(modules).to.have.length(0);
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
    expect(chat.getAttribute('url')).to.equal(`${agentOrigin.replace(/^http/, 'ws')}/api/v1/composer/ws`);
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 8000 });
    chat.send('hello');
    await waitUntil(() => chat.shadowRoot?.querySelector('mantis-ui-view')?.shadowRoot?.querySelector('[role="heading"]'), 'no reply with a view', { timeout: 8000 });
    const view = doc.querySelector('body > mantis-ui-view') as HTMLElement;
    await waitUntil(() => view.shadowRoot?.querySelector('[role="heading"]'), 'the snippet’s view never rendered');
    frame.remove();
  });
});
