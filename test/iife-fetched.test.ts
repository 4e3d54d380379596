// The script tag's size budgets (package.json, scripts/check-size.mjs) count the files a page fetches, computed from the
// built chunks' import graph and source maps (scripts/size-graph.mjs). Each test here is the page of one budget: every
// JavaScript file it fetches must be one the budget counts, so a lazy part the page loads but the budget forgets fails
// here. Needs `npm run build` (npm test builds first).
import { expect, waitUntil } from '@open-wc/testing';
import { composerSocketUrl } from './helpers/agent.js';
import { animationFrames, legacyPage } from './helpers/legacy-page.js';

/** The budgets' names in package.json's `sizeBudgets`. */
const CHAT_PAGE = 'a script-tag page showing a Composer chat over WebSocket with a reply (views, Markdown, actions)';
const SURFACES_PAGE = 'the same page after an A2UI surface and an agent-ui@1 envelope rendered (charts and maps apart)';

interface SizePage {
  name: string;
  files?: { path: string; modules: string[] }[];
  error?: string;
}

/** What check-size counts for a budget, as web-test-runner.config.mjs computes it from dist/. */
async function counted(name: string): Promise<{ path: string; modules: string[] }[]> {
  const pages = (await (await fetch('/__size/pages.json')).json()) as SizePage[];
  const page = pages.find((p) => p.name === name);
  if (!page) throw new Error(`package.json has no size budget named "${name}"`);
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

/** Asserts that the page fetched only files the budget counts, and among them the file holding each of `modules`. */
async function expectCounted(win: Window, name: string, modules: string[]): Promise<void> {
  const files = await counted(name);
  // Rendered and painted twice: a lazy import the page's last render asked for has been requested by now.
  await animationFrames(win, 2);
  const fetched = fetchedScripts(win);
  const budgeted = new Set(files.map((f) => `/${f.path}`));
  expect(fetched.filter((path) => !budgeted.has(path)), 'files the page fetched that its budget does not count').to.deep.equal([]);
  expect(fetched).to.include('/dist/mantis-ui.iife.js');
  // The page reached beyond its first load, into the lazy files these modules are in.
  for (const module of modules) {
    const holder = files.find((f) => f.modules.includes(module));
    expect(holder, `the budget names ${module}`).to.not.equal(undefined);
    expect(fetched, `the file holding ${module}`).to.include(`/${holder?.path}`);
  }
}

type Chat = HTMLElement & { send(text: string): boolean };

/** Sends `text` to the page's chat once it is connected, and resolves once the reply is complete. */
async function ask(chat: Chat, text: string): Promise<void> {
  const complete = new Promise((done) => chat.addEventListener('mantis-message-complete', done, { once: true }));
  await waitUntil(() => chat.shadowRoot?.textContent?.includes('Connected'), 'the WebSocket chat never connected', { timeout: 10_000 });
  expect(chat.send(text)).to.equal(true);
  await complete;
}

describe('the script-tag page budgets count what the page fetches', () => {
  it('a WebSocket chat with a reply holding a view, Markdown and actions fetches only files its budget counts', async () => {
    const { frame, win } = await legacyPage(`<mantis-chat theme="light" url="${composerSocketUrl({ delay: '0' })}"></mantis-chat>`);
    try {
      const chat = win.document.querySelector('mantis-chat') as Chat;
      await ask(chat, 'How are the clusters?');
      // The reference agent's summary reply: Markdown around a view with a metric group and an entity card's actions.
      const view = () => chat.shadowRoot?.querySelector('[part~="message-assistant"] mantis-ui-view')?.shadowRoot;
      await waitUntil(() => view()?.querySelector('[part~="metric-group"]') && view()?.querySelector('button'), 'the reply’s view drew no metrics or actions', { timeout: 10_000 });
      await waitUntil(() => chat.shadowRoot?.querySelector('[part~="message-assistant"] strong')?.textContent === 'compare', 'the reply’s Markdown was not drawn', { timeout: 10_000 });
      await expectCounted(win, CHAT_PAGE, ['src/protocols/composer/websocket.ts']);
    } finally {
      frame.remove();
    }
  });

  it('the same page, after an A2UI surface in a reply and an agent-ui@1 envelope rendered, fetches only files its budget counts', async () => {
    // The envelope names a component the page did not register: it is checked and shows its fallback text, without
    // the chart or map runtimes. (The reference server sends envelopes over SSE only, so the page holds this one.)
    const envelope = { kind: 'registered_component', schemaVersion: 'agent-ui@1', component: 'HistoryPanel', surface: 'chat_inline', props: { start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z' }, fallbackText: 'Pressure history' };
    const { frame, win } = await legacyPage(`<mantis-chat theme="light" url="${composerSocketUrl({ delay: '0' })}"></mantis-chat><agent-envelope envelope='${JSON.stringify(envelope)}'></agent-envelope>`);
    try {
      const chat = win.document.querySelector('mantis-chat') as Chat;
      await ask(chat, 'How are the clusters?');
      await waitUntil(() => chat.shadowRoot?.querySelector('[part~="message-assistant"] mantis-ui-view')?.shadowRoot?.querySelector('button'), 'the reply drew no view', { timeout: 10_000 });
      await ask(chat, 'a2ui form please');
      const surface = () => chat.shadowRoot?.querySelector('[part~="message-assistant"] mantis-a2ui-surface')?.shadowRoot;
      await waitUntil(() => surface()?.querySelector('input, textarea, button'), 'the reply drew no A2UI surface', { timeout: 10_000 });
      await waitUntil(() => win.document.querySelector('agent-envelope')?.shadowRoot?.textContent?.includes('Pressure history'), 'the envelope never rendered', { timeout: 10_000 });
      await expectCounted(win, SURFACES_PAGE, ['elements/mantis-a2ui-surface/mantis-a2ui-surface.component.ts', 'src/protocols/a2ui/module.ts', 'elements/agent-envelope/agent-envelope.component.ts', 'elements/agent-envelope/envelope-runtime.ts']);
      // An envelope renders without the envelope stream and its SSE parser (MantisUI.loadAgentUi() brings those): the
      // sources of every chunk fetched (each has a map beside it; the entry and the bundler's runtime file have none).
      const chunks = fetchedScripts(win).filter((path) => /^\/dist\/cdn\/(?!rolldown-runtime-)[^/]+-[\w-]{6}\.js$/.test(path));
      const maps = await Promise.all(chunks.map((path) => fetch(`${path}.map`)));
      const sources = (await Promise.all(maps.filter((map) => map.ok).map(async (map) => ((await map.json()) as { sources: string[] }).sources))).flat();
      expect(sources.some((source) => source.endsWith('agent-envelope/envelope-runtime.ts'))).to.equal(true);
      expect(sources.filter((source) => /agent-ui\/stream\.ts$|eventsource-parser/.test(source))).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
