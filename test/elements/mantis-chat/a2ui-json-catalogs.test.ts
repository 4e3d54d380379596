// Catalogs given as JSON to <mantis-chat> (issue 31, item 4): `a2uiCatalogs` is what surfaces may name and the only
// thing advertised: the Composer URL's `a2ui_catalog` over a real WebSocket, AG-UI's `context` in the entry the AG-UI
// A2UI middleware reads (test/node/ag-ui-context.test.ts runs the middleware itself on it). A surface on a catalog the
// chat lacked says so, and renders once the catalog is given (the conversation is read again); a document the chat
// cannot honour is left out with mantis-config-error.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { ConfigErrorDetail } from '../../../elements/events.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { cleanupChats, mountChat, reply, sendMessage, waitForReply } from '../../../elements/testing/index.js';
import { A2UI_CAPABILITIES_CONTEXT, A2UI_SCHEMA_CONTEXT } from '../../../src/protocols/ag-ui/context.js';
import { TILES, TILES_ID } from '../../fixtures/a2ui/tiles-catalog.js';
import { agentOrigin, composerSocketUrl } from '../../helpers/agent.js';
import { recordSocketUrls } from '../../helpers/sockets.js';

const shadow = (el: Element): ShadowRoot => el.shadowRoot as ShadowRoot;
const surfaceText = (chat: MantisChat): string => shadow(chat).querySelector('mantis-a2ui-surface')?.shadowRoot?.textContent ?? '';

const tileSurface = [
  { version: 'v0.9', createSurface: { surfaceId: 'tiles', catalogId: TILES_ID } },
  {
    version: 'v0.9',
    updateComponents: { surfaceId: 'tiles', components: [{ id: 'root', component: 'Tile', title: 'Ada Lovelace', badge: 'Hot' }] },
  },
];

describe('<mantis-chat a2uiCatalogs> with catalogs given as JSON', () => {
  afterEach(() => cleanupChats());

  it('advertises exactly the catalogs it has on the Composer URL, and again when they change', async () => {
    const sockets = recordSocketUrls();
    try {
      const chat = await fixture<MantisChat>(html`<mantis-chat .a2uiCatalogs=${[TILES]} url=${composerSocketUrl()}></mantis-chat>`);
      const advertised = () => new URL(sockets.opened.at(-1) ?? 'ws://x/').searchParams.getAll('a2ui_catalog');
      await waitUntil(() => advertised().join() === TILES_ID, `advertised ${advertised().join()}`, { timeout: 8000 });
      chat.a2uiCatalogs = undefined;
      await waitUntil(() => advertised().length === 5, `the defaults came back as ${advertised().join()}`, { timeout: 8000 });
      expect(advertised()).to.include('https://mantis-ui.dev/a2ui/v0_9/catalogs/mantis-v1/catalog.json');
      expect(advertised()).to.include('https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json');
    } finally {
      sockets.restore();
    }
  });

  it('shows a surface on a catalog it lacks as not supported, and draws it once the catalog is given as JSON', async () => {
    const { chat } = await mountChat({ replies: [reply().text('Here it is.').a2ui(tileSurface, { unchecked: true })] });
    await sendMessage(chat, 'show a tile');
    await waitForReply(chat, { timeout: 8000 });
    await waitUntil(() => /not supported here/.test(surfaceText(chat)), `no notice: ${surfaceText(chat)}`, { timeout: 8000 });
    chat.a2uiCatalogs = [TILES];
    await waitUntil(() => surfaceText(chat).includes('Ada Lovelace'), `the tile never rendered: ${surfaceText(chat)}`, { timeout: 8000 });
    expect(surfaceText(chat)).to.contain('Hot');
    expect(surfaceText(chat)).not.to.match(/not supported/);
    await expect(chat).to.be.accessible();
  });

  it('leaves out a document it cannot honour, with mantis-config-error', async () => {
    const { chat } = await mountChat();
    const refused = oneEvent(chat, 'mantis-config-error') as Promise<CustomEvent<ConfigErrorDetail>>;
    chat.a2uiCatalogs = [TILES, { catalogId: 'https://example.test/x.json', components: { Text: { type: 'object', properties: { color: { type: 'string' } } } } }];
    const { detail } = await refused;
    expect(detail.reason).to.match(/^a2uiCatalogs\[1\] cannot be used: \/components\/Text: Text has no property "color"/);
  });

  it('tells an AG-UI agent in each run’s context, in the capability format and the middleware’s catalog entry', async () => {
    const realFetch = window.fetch;
    const bodies: { context?: { description: string; value: string }[] }[] = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)) as (typeof bodies)[number]);
      return realFetch.call(window, input, init);
    };
    try {
      const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${`${agentOrigin}/api/v1/ag-ui/agent`}></mantis-chat>`);
      // A document it cannot use is said once the list was read, after what it has was advertised.
      const read = oneEvent(chat, 'mantis-config-error');
      chat.a2uiCatalogs = [TILES, { catalogId: 'https://example.test/none.json', components: {} }];
      await read;
      const complete = oneEvent(chat, 'mantis-message-complete');
      expect(chat.send('hello')).to.equal(true);
      await complete;
      const context = bodies.at(-1)?.context ?? [];
      expect(context.map((c) => c.description)).to.deep.equal([A2UI_CAPABILITIES_CONTEXT, A2UI_SCHEMA_CONTEXT]);
      expect(JSON.parse(context[0]?.value ?? '')).to.deep.equal({ 'v0.9': { supportedCatalogIds: [TILES_ID] } });
      expect(JSON.parse(context[1]?.value ?? '')).to.deep.equal(TILES);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('reads a list with the same items as the one in force as no change: nothing read again, said again or told the agent again', async () => {
    const bad = (n: number) => ({ catalogId: `https://example.test/none-${n}.json`, components: n === 1 ? {} : { Gauge: { type: 'object' } } });
    const refusedList = [TILES, bad(1)];
    const { chat, transport } = await mountChat({ replies: [reply().text('Here.').a2ui([...tileSurface, { version: 'v0.9', updateComponents: { surfaceId: 'tiles', components: [{ id: 'x', component: 'Gauge' }] } }], { unchecked: true })] });
    const reasons: string[] = [];
    chat.addEventListener('mantis-config-error', (event) => reasons.push((event as CustomEvent<ConfigErrorDetail>).detail.reason));
    const first = oneEvent(chat, 'mantis-config-error');
    chat.a2uiCatalogs = refusedList;
    await first;
    await sendMessage(chat, 'show a tile');
    await waitForReply(chat, { timeout: 8000 });
    await waitUntil(() => surfaceText(chat).includes('Ada Lovelace'), 'the tile never rendered', { timeout: 8000 });
    const told = () => transport.frames.filter((f) => f.type === 'a2ui_error').length;
    await waitUntil(() => told() === 1, 'the agent was not told of the Gauge', { timeout: 8000 });
    chat.a2uiCatalogs = [...refusedList];
    // A witness that every read so far has finished: a third list, whose refusal is said after them.
    const last = oneEvent(chat, 'mantis-config-error');
    chat.a2uiCatalogs = [TILES, bad(2)];
    await last;
    expect(reasons.map((r) => /needs components|Gauge/.exec(r)?.[0])).to.deep.equal(['needs components', 'Gauge']);
    expect(told(), 'the refused Gauge was not told again when the conversation was read again').to.equal(1);
    await waitUntil(() => surfaceText(chat).includes('Ada Lovelace'), 'the tile is drawn again on the new list', { timeout: 8000 });
  });

  it('keeps the catalogs a host configured its session with when a chat with agent-ui-url shows it', async () => {
    const { ChatSession } = await import('../../../src/index.js');
    const session = new ChatSession();
    session.configure({ a2uiCatalogs: [TILES] });
    const chat = await fixture<MantisChat>(html`<mantis-chat agent-ui-url="https://agent.test/api/v1/agent/chat/"></mantis-chat>`);
    chat.session = session;
    await chat.updateComplete;
    expect(session.config.a2uiCatalogs).to.deep.equal([TILES]);
    expect(session.config.agentUiUrl).to.equal('https://agent.test/api/v1/agent/chat/');
  });
});

