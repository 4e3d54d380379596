// The script tag's size budgets (package.json, scripts/check-size.mjs) count the files a page fetches, computed from the
// built chunks' import graph and source maps (scripts/size-graph.mjs). This page is the first budget's: a script-tag
// page whose chat connects over WebSocket and gets a reply with a view, Markdown and actions. Every JavaScript file it
// fetches must be one the budget counts, so a lazy part the page loads but the budget forgets fails here. Needs
// `npm run build` (npm test builds first).
import { expect, waitUntil } from '@open-wc/testing';
import { composerSocketUrl } from './helpers/agent.js';
import { animationFrames, legacyPage } from './helpers/legacy-page.js';

/** The name of the WebSocket chat page's budget in package.json's `sizeBudgets`. */
const SCENARIO = 'a script-tag page showing a Composer chat over WebSocket with a reply (views, Markdown, actions)';

interface SizePage {
  name: string;
  files?: { path: string; modules: string[] }[];
  error?: string;
}

/** What check-size counts for the scenario, as web-test-runner.config.mjs computes it from dist/. */
async function counted(): Promise<{ path: string; modules: string[] }[]> {
  const pages = (await (await fetch('/__size/pages.json')).json()) as SizePage[];
  const page = pages.find((p) => p.name === SCENARIO);
  if (!page) throw new Error(`package.json has no size budget named "${SCENARIO}"`);
  if (page.error !== undefined || !page.files) throw new Error(`the budget could not be computed: ${page.error}`);
  return page.files;
}

/** Every JavaScript file the page fetched, as paths of the server (`/dist/cdn/…`). */
const fetchedScripts = (win: Window): string[] => [
  ...new Set(
    win.performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\.m?js$/.test(path)),
  ),
];

describe('the script-tag page budget counts what the page fetches', () => {
  it('a WebSocket chat with a reply holding a view, Markdown and actions fetches only files its budget counts', async () => {
    const files = await counted();
    const { frame, win } = await legacyPage(`<mantis-chat theme="light" url="${composerSocketUrl({ delay: '0' })}"></mantis-chat>`);
    try {
      type Chat = HTMLElement & { send(text: string): boolean };
      const chat = win.document.querySelector('mantis-chat') as Chat;
      const complete = new Promise((done) => chat.addEventListener('mantis-message-complete', done, { once: true }));
      await waitUntil(() => chat.shadowRoot?.textContent?.includes('Connected'), 'the WebSocket chat never connected', { timeout: 10_000 });
      expect(chat.send('How are the clusters?')).to.equal(true);
      await complete;
      // The reference agent's summary reply: Markdown around a view with a metric group and an entity card's actions.
      const view = () => chat.shadowRoot?.querySelector('[part~="message-assistant"] mantis-ui-view')?.shadowRoot;
      await waitUntil(() => view()?.querySelector('[part~="metric-group"]') && view()?.querySelector('button'), 'the reply’s view drew no metrics or actions', { timeout: 10_000 });
      await waitUntil(() => chat.shadowRoot?.querySelector('[part~="message-assistant"] strong')?.textContent === 'compare', 'the reply’s Markdown was not drawn', { timeout: 10_000 });
      // Rendered and painted twice: a lazy import the reply's render asked for has been requested by now.
      await animationFrames(win, 2);
      const fetched = fetchedScripts(win);
      const budgeted = new Set(files.map((f) => `/${f.path}`));
      expect(fetched.filter((path) => !budgeted.has(path)), 'files the page fetched that its budget does not count').to.deep.equal([]);
      // The page did reach beyond its first load: the WebSocket transport's file is among what it fetched.
      const transport = files.find((f) => f.modules.includes('src/protocols/composer/websocket.ts'));
      expect(transport, 'the budget names the WebSocket transport').to.not.equal(undefined);
      expect(fetched).to.include(`/${transport?.path}`);
      expect(fetched).to.include('/dist/mantis-ui.iife.js');
    } finally {
      frame.remove();
    }
  });
});
