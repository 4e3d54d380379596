import { expect, waitUntil } from '@open-wc/testing';
import {
  angularIndexHtml,
  chatViewHeadings,
  connected,
  openAngularApp,
  renderedMessages,
  statusText,
  viewHeading,
  type AngularApp,
} from './angular-app.js';

/**
 * The Angular 21 host (demo/hosts/angular), built by `ng build` with @angular/build:application against this
 * package's dist/, loaded from its dist/ in an iframe and driven against the reference agent server.
 */
describe('the Angular host', function () {
  this.timeout(30_000);
  let app: AngularApp | undefined;
  afterEach(() => {
    app?.frame.remove();
    app = undefined;
  });

  const replies = (count: number) => waitUntil(() => app?.list('completed').length === count, `Angular saw ${count} completed replies`, { timeout: 10_000 });
  const sseRequests = (win: Window) =>
    win.performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/v1/composer/sse').length;

  it('is built with relative paths and renders a conversation with the real server', async () => {
    const built = new DOMParser().parseFromString(await angularIndexHtml(), 'text/html');
    expect(built.querySelector('base')?.getAttribute('href')).to.equal('./');
    // Every script and style of the app is relative (the test server injects one script of its own, left out).
    const assets = [...built.querySelectorAll('script[src], link[href]')]
      .map((node) => node.getAttribute('src') ?? node.getAttribute('href') ?? '')
      .filter((path) => !path.startsWith('/__web-dev-server'));
    expect(assets.some((path) => /^main-\w+\.js$/.test(path)), assets.join(' ')).to.equal(true);
    expect(assets.filter((path) => path.startsWith('/')), 'asset paths from the server root').to.deep.equal([]);
    app = await openAngularApp();
    const chat = app.chat();
    await connected(chat);
    app.click('ask'); // the app's own button calls chat.send() through a typed template reference
    await replies(1);
    await waitUntil(() => chatViewHeadings(chat).includes('Memory systems'), 'no view in the reply', { timeout: 8000 });
    expect(chat.conversation.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);
  });

  it('hands Angular-bound attributes and properties to the elements, and rebinds them', async () => {
    app = await openAngularApp();
    const chat = app.chat();
    await connected(chat);
    // [messages]: the stored history replays, its view included; [suggestions] shows under it.
    await waitUntil(() => chatViewHeadings(chat).includes("From Angular's history"), 'the bound history never rendered');
    expect(chat.messages.map((message) => message.id)).to.deep.equal(['angular-u1', 'angular-a1']);
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="suggestion"]')?.textContent?.trim() === 'Show me the clusters', 'no bound suggestion');
    // [attr.url], [attr.transport], [attr.theme].
    expect(chat.getAttribute('transport')).to.equal('ws');
    expect(new URL(chat.url ?? '').pathname).to.equal('/api/v1/composer/ws');
    expect(chat.theme).to.equal('light');
    app.click('toggle-theme');
    await waitUntil(() => chat.theme === 'dark', 'the theme attribute never reached the chat');
    // [view] on a standalone view, then bound again with another view.
    await waitUntil(() => viewHeading(app?.view() ?? null) === 'Bound by Angular', 'the bound view never rendered');
    app.click('next-view');
    await waitUntil(() => viewHeading(app?.view() ?? null) === 'Rebound by Angular', 'the rebound view never rendered');
    // The connection kind switches from WebSocket to SSE: the chat reconnects and the next reply comes over SSE.
    expect(sseRequests(app.win)).to.equal(0);
    app.click('switch-kind');
    await waitUntil(() => chat.getAttribute('transport') === 'sse' && chat.transport === 'sse', 'transport never became sse');
    expect(new URL(chat.url ?? '').pathname).to.equal('/api/v1/composer/sse');
    await connected(chat);
    app.click('ask');
    await replies(1);
    await waitUntil(() => chatViewHeadings(chat).includes('Memory systems'), 'no view in the SSE reply', { timeout: 8000 });
    expect(sseRequests(app.win), 'requests to the SSE endpoint').to.be.greaterThan(0);
  });

  it('receives the typed events in Angular handlers, which show them in the app', async () => {
    app = await openAngularApp();
    const chat = app.chat();
    await connected(chat);
    expect(app.list('connection-states')).to.include('open');
    app.click('ask');
    await replies(1);
    const reply = chat.conversation.at(-1);
    expect(app.list('sent')).to.deep.equal(['Show me the clusters']);
    expect(app.list('completed')).to.deep.equal([reply?.id]);
    // mantis-suggestions-request → the handler sets [suggestions] → the chat shows the app's follow-up.
    await waitUntil(
      () => chat.shadowRoot?.querySelector('[part="suggestion"]')?.textContent?.trim() === `Tell me more (after ${reply?.id})`,
      'the suggestions the handler bound never showed',
    );
  });

  it('honours properties Angular set before mantis-ui defined its elements', async () => {
    app = await openAngularApp({ define: 'manual' });
    const { win } = app;
    const chat = app.chat();
    const objectChat = app.objectChat();
    const view = app.view();
    // Angular rendered and bound the elements, but the tags are not defined yet: they are plain HTMLElements, and
    // each property Angular set is an own property of the element.
    expect(win.customElements.get('mantis-chat') === undefined, 'mantis-chat not defined yet').to.equal(true);
    expect(win.customElements.get('mantis-ui-view') === undefined, 'mantis-ui-view not defined yet').to.equal(true);
    expect(chat.shadowRoot === null, 'no shadow root before the definition').to.equal(true);
    for (const [element, name] of [[chat, 'messages'], [chat, 'suggestions'], [chat, 'mediaToken'], [objectChat, 'connection'], [view, 'view']] as const) {
      expect(Object.hasOwn(element ?? {}, name), `${name} set before the upgrade`).to.equal(true);
    }
    expect(app.doc.querySelector('#defined')?.textContent).to.contain('not defined yet');

    await win.mantisAngularHost?.define();
    expect(win.customElements.get('mantis-chat')).to.be.a('function');
    // After the upgrade the values went through the elements' own setters. A history shows once its check has loaded.
    expect(Object.hasOwn(chat, 'messages')).to.equal(false);
    await chat.updateComplete;
    expect(chat.messages.map((message) => message.id)).to.deep.equal(['angular-u1', 'angular-a1']);
    expect(Object.hasOwn(chat, 'mediaToken')).to.equal(false);
    expect(await chat.mediaToken?.()).to.equal('token-from-angular');
    await waitUntil(() => chatViewHeadings(chat).includes("From Angular's history"), 'the history set before the upgrade never rendered');
    await waitUntil(() => viewHeading(app?.view() ?? null) === 'Bound by Angular', 'the view set before the upgrade never rendered');
    // The transport object set before the upgrade is what the second chat talks through.
    await connected(objectChat);
    expect(objectChat.send('through the transport the page made')).to.equal(true);
    await waitUntil(() => app?.list('object-completed').length === 1, 'no reply through the transport object', { timeout: 10_000 });
    await connected(chat);
    expect(chat.shadowRoot?.querySelector('[part="suggestion"]')?.textContent?.trim()).to.equal('Show me the clusters');
  });

  it('keeps the transcript and the connection when Angular re-renders and moves the chat', async () => {
    app = await openAngularApp();
    const { doc } = app;
    const chat = app.chat();
    await connected(chat);
    app.click('ask');
    await replies(1);
    const before = chat.conversation.map((message) => message.id);
    expect(before).to.have.length(4);
    await waitUntil(() => renderedMessages(chat) === 4, 'the transcript never showed four messages');
    const states = app.list('connection-states').length;

    // Angular moves the card's embedded view to the other dock: the same element, re-parented.
    app.click('move-chat');
    await waitUntil(() => doc.querySelector('#right-dock mantis-chat'), 'the chat never moved');
    // Identity compared as a boolean: chai would print a whole element (with its session) on failure.
    expect(doc.querySelector('#right-dock mantis-chat') === chat, 'the same element, re-parented').to.equal(true);
    expect(doc.querySelector('#left-dock mantis-chat') === null, 'nothing left behind').to.equal(true);
    expect(doc.querySelectorAll('#main-chat')).to.have.length(1);
    expect(chat.conversation.map((message) => message.id)).to.deep.equal(before);
    expect(statusText(chat)).to.equal('Connected');

    // Re-renders around it and of its own bindings: the theme attribute, the view's @if, the event lists.
    app.click('toggle-theme');
    app.click('toggle-view');
    await waitUntil(() => chat.theme === 'dark' && app?.view() === null, 'Angular never re-rendered');
    app.click('toggle-view');
    await waitUntil(() => viewHeading(app?.view() ?? null) === 'Bound by Angular', 'the re-created view never rendered');

    // Still connected, so it can send from its new place; nothing was replayed or duplicated.
    app.click('ask');
    await replies(2);
    app.click('move-chat');
    await waitUntil(() => doc.querySelector('#left-dock mantis-chat'), 'the chat never moved back');
    expect(doc.querySelector('#left-dock mantis-chat') === chat, 'the same element, moved back').to.equal(true);
    const after = chat.conversation.map((message) => message.id);
    expect(after.slice(0, 4)).to.deep.equal(before);
    expect(after).to.have.length(6);
    expect(new Set(after).size).to.equal(6);
    await waitUntil(() => renderedMessages(chat) === 6, 'the transcript does not show the six messages once each');
    expect(chatViewHeadings(chat)).to.deep.equal(["From Angular's history", 'Memory systems', 'Memory systems']);
    expect(app.list('connection-states').slice(states), 'no reconnection after the moves').to.deep.equal([]);
    expect(statusText(chat)).to.equal('Connected');
  });
});
