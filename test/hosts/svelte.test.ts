import { expect, waitUntil } from '@open-wc/testing';
import type { MantisChat } from '../../elements/mantis-chat/mantis-chat.js';
import type { MantisUiView } from '../../elements/mantis-ui-view/mantis-ui-view.js';
import { appHeardReplies, connected, lastReplyHeadings, openSvelteApp, shownMessages, statusText, typeAndSend, type SvelteApp } from './svelte-app.js';

/**
 * The Svelte 5 app in demo/hosts/svelte, built by its own toolchain (vite + @sveltejs/vite-plugin-svelte, svelte-check)
 * against dist/, loaded as a user would, against the reference server. Needs `node scripts/hosts.mjs svelte`
 * (npm test runs it).
 */
const viewHeading = (view: Element | null): string | undefined => view?.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim();
const storedHeading = (chat: MantisChat): string | undefined => viewHeading(chat.shadowRoot?.querySelector('[part~="message-assistant"] mantis-ui-view') ?? null);
const suggestionTexts = (chat: MantisChat): string[] => [...(chat.shadowRoot?.querySelectorAll('[part="suggestion"]') ?? [])].map((b) => b.textContent?.trim() ?? '');
/** The paths of the requests the app made to the agent's SSE endpoint (the POSTed frames of a `sse` chat). */
const sseRequests = (app: SvelteApp): string[] =>
  app.win.performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path === '/api/v1/composer/sse');

/** Picks an option of one of the app's selects, as a user does. */
function choose(app: SvelteApp, name: string, value: string): void {
  const select = app.doc.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  if (!select) throw new Error(`The app has no ${name} select`);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('the Svelte host (demo/hosts/svelte)', () => {
  let app: SvelteApp | undefined;
  afterEach(() => app?.close());

  it('renders a conversation: a message typed in the chat gets a reply with a view, from the real server', async () => {
    app = await openSvelteApp();
    const chat = app.chat('main');
    await connected(chat);
    typeAndSend(chat, 'hello from a Svelte app');
    await appHeardReplies(app, 'main', 1);
    await waitUntil(() => lastReplyHeadings(chat).some((text) => text.length > 0), 'no view in the reply', { timeout: 8000 });
    const texts = shownMessages(chat).map((message) => message.textContent ?? '');
    expect(texts.some((text) => text.includes('hello from a Svelte app'))).to.equal(true);
  });

  it('binds attributes and properties: the history, suggestions and view it set show, and ws → sse reconnects over SSE', async () => {
    app = await openSvelteApp();
    const chat = app.chat('main');
    await connected(chat);
    // Properties: `messages` (the stored conversation replays, its view included), `suggestions`, the view's `view`.
    await waitUntil(() => storedHeading(chat) === 'Yesterday: tyre pressures', 'the stored conversation did not replay');
    expect(shownMessages(chat)).to.have.length(2);
    expect(suggestionTexts(chat)).to.deep.equal(['Show me the fleet']);
    const view = app.doc.querySelector('mantis-ui-view') as MantisUiView;
    await waitUntil(() => viewHeading(view) === 'Fleet overview', 'the pinned view did not render');
    app.button('next-view').click();
    await waitUntil(() => viewHeading(view) === 'Maintenance plan', 'a new view value did not reach the element');
    // Attributes: theme, then the connection kind with its URL; the chat reconnects over SSE.
    choose(app, 'theme', 'dark');
    await waitUntil(() => chat.getAttribute('theme') === 'dark' && view.getAttribute('theme') === 'dark', 'the theme did not reach the elements');
    expect(sseRequests(app)).to.deep.equal([]);
    choose(app, 'kind', 'sse');
    await waitUntil(() => chat.transport === 'sse' && chat.url?.includes('/api/v1/composer/sse?'), 'the connection kind did not reach the chat');
    await connected(chat);
    typeAndSend(chat, 'hello over SSE');
    await appHeardReplies(app, 'main', 1);
    expect(sseRequests(app).length).to.be.greaterThan(0);
    // The stored conversation and the new exchange, each once.
    expect(shownMessages(chat)).to.have.length(4);
  });

  it('hands typed events to Svelte handlers, which show them in the app', async () => {
    app = await openSvelteApp();
    const chat = app.chat('main');
    await connected(chat);
    const current = app;
    await waitUntil(() => current.log('states').split(' ').includes('open'), 'the app did not hear mantis-connection-change');
    typeAndSend(chat, 'hello, events');
    await appHeardReplies(app, 'main', 1);
    // mantis-message-complete: the app listed the reply by its id, with the number of views among its parts.
    const reply = chat.conversation.at(-1);
    if (!reply) throw new Error('The chat has no reply');
    const item = app.doc.querySelector<HTMLElement>('[data-log="replies"] li[data-chat="main"]');
    expect(item?.dataset.messageId).to.equal(reply.id);
    expect(Number(item?.dataset.views)).to.be.greaterThan(0);
    // mantis-history-change: the persisted conversation's length; mantis-suggestions-request: new suggestions.
    await waitUntil(() => current.log('persisted') === '4', 'the app did not hear mantis-history-change');
    await waitUntil(() => suggestionTexts(chat)[0] === `Tell me more about ${reply.id}`, 'the app did not answer mantis-suggestions-request');
  });

  it('keeps every value Svelte set before mantis-ui defined its elements', async () => {
    app = await openSvelteApp({ define: 'late' });
    const { win } = app;
    const main = app.chat('main');
    const side = app.chat('side');
    const view = app.doc.querySelector('mantis-ui-view') as MantisUiView;
    expect(win.customElements.get('mantis-chat')).to.equal(undefined);
    // Svelte set objects as properties on the not-yet-defined elements, strings as attributes; the app set the
    // function-valued mediaToken from code (a template would have made it an attribute).
    for (const [element, name] of [[main, 'messages'], [main, 'suggestions'], [side, 'connection'], [view, 'view'], [main, 'mediaToken']] as const) {
      expect(Object.hasOwn(element, name), name).to.equal(true);
    }
    expect(main.getAttribute('url')).to.contain('/api/v1/composer/ws');
    expect(main.getAttribute('transport')).to.equal('ws');
    expect(main.hasAttribute('mediatoken')).to.equal(false);

    app.button('define').click();
    await waitUntil(() => app?.doc.querySelector('[data-defined="true"]'), 'mantis-ui never loaded');
    expect(win.customElements.get('mantis-chat')).to.be.a('function');
    await waitUntil(() => storedHeading(main) === 'Yesterday: tyre pressures', 'messages set before the definition were lost');
    expect(suggestionTexts(main)).to.deep.equal(['Show me the fleet']);
    await waitUntil(() => viewHeading(view) === 'Fleet overview', 'the view set before the definition was lost');
    expect(main.mediaToken?.()).to.equal('svelte-host-token');
    await connected(main);
    // The side chat talks through the Transport object it was given before it was defined.
    await connected(side);
    typeAndSend(side, 'hello through the app’s connection');
    await appHeardReplies(app, 'side', 1);
    expect(side.connection).to.be.an('object');
    expect(side.url).to.equal(undefined);
  });

  it('keeps the transcript and the connection when Svelte re-renders around the chat and moves it', async () => {
    app = await openSvelteApp();
    const current = app;
    const chat = app.chat('main');
    await connected(chat);
    typeAndSend(chat, 'hello before the move');
    await appHeardReplies(app, 'main', 1);
    expect(shownMessages(chat)).to.have.length(4);
    const panelOrder = (): string[] => [...current.doc.querySelectorAll<HTMLElement>('main > [data-panel]')].map((panel) => panel.dataset.panel ?? '');

    // A keyed {#each} reorders the panels (Svelte moves the chat's panel), an {#if} removes a node beside it.
    app.button('swap').click();
    await waitUntil(() => panelOrder().join() === 'view,chat', 'the panels were not reordered');
    app.button('intro').click();
    await waitUntil(() => !current.doc.querySelector('[data-intro]'), 'the introduction stayed');
    expect(app.chat('main')).to.equal(chat);
    expect(chat.closest('[data-panel]')?.getAttribute('data-panel')).to.equal('chat');
    // Docked in the sidebar: the same element, re-parented into another container.
    app.button('move').click();
    await waitUntil(() => chat.closest('[data-dock]')?.getAttribute('data-dock') === 'side', 'the chat was not moved');
    expect(app.chat('main')).to.equal(chat);

    // Nothing duplicated, still connected over the same connection (the app heard one `open`), and it still talks.
    expect(shownMessages(chat)).to.have.length(4);
    expect(new Set(chat.conversation.map((message) => message.id)).size).to.equal(4);
    expect(statusText(chat)).to.equal('Connected');
    typeAndSend(chat, 'hello after the move');
    await appHeardReplies(app, 'main', 2);
    expect(shownMessages(chat)).to.have.length(6);
    expect(new Set(chat.conversation.map((message) => message.id)).size).to.equal(6);
    expect(app.log('states').split(' ').filter((state) => state === 'open')).to.have.length(1);
    expect(app.doc.querySelectorAll('mantis-chat[data-chat="main"]')).to.have.length(1);
  });
});
