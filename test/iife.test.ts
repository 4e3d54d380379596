import { expect, waitUntil } from '@open-wc/testing';
import { agentOrigin, composerSocketUrl, composerSseUrl } from './helpers/agent.js';
import { replyWithNode } from './helpers/chat-views.js';
import type { MantisChat } from '../elements/mantis-chat/mantis-chat.js';
import type { MapLibreAdapter } from '../elements/maplibre/index.js';
import { animationFrames, legacyPage } from './helpers/legacy-page.js';

/**
 * The one-file bundle in a page with no module scripts, as a legacy page would load it: a plain <script> tag.
 * Needs `npm run build` (npm test builds first).
 */
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

  it('warns instead of throwing when loaded twice, once per tag it defines at once, and keeps the first copy’s elements', async () => {
    const { frame, win, doc } = await legacyPage('');
    // The tags the IIFE defines as it runs. The lazily defined ones are not defined yet on a page that holds none, so
    // the second copy finds them free.
    const eager = ['mantis-chat', 'mantis-ui-view'];
    const first = eager.map((tag) => win.customElements.get(tag));
    expect(first.every((element) => typeof element === 'function'), 'defined by the first copy').to.equal(true);
    const warnings: string[] = [];
    win.console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    const errors: unknown[] = [];
    win.addEventListener('error', (event) => errors.push(event.message));
    const again = doc.createElement('script');
    again.src = '/dist/mantis-ui.iife.js';
    const loaded = new Promise((done) => again.addEventListener('load', done, { once: true }));
    doc.head.append(again);
    await loaded;
    expect(errors).to.deep.equal([]);
    const taken = warnings.filter((warning) => warning.includes('already defined')).map((warning) => /<([a-z0-9-]+)>/.exec(warning)?.[1]);
    expect(taken.sort()).to.deep.equal(eager);
    expect(eager.filter((tag, i) => win.customElements.get(tag) !== first[i]), 'replaced by the second copy').to.deep.equal([]);
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

describe('the lazily loaded parts of the IIFE', () => {
  const chart = {
    kind: 'chart',
    schemaVersion: 'agent-ui@1',
    grammar: 'echarts-safe-subset',
    surface: 'chat_inline',
    spec: { title: { text: 'Pressure' }, xAxis: { type: 'category' }, yAxis: { type: 'value' }, series: [{ type: 'line', name: 'kPa', encode: { x: 'time', y: 'kpa' } }] },
    data: { dimensions: ['time', 'kpa'], source: [['06:00', 318], ['08:00', 301]] },
    fallbackText: 'Pressure fell from 318 to 301 kPa.',
  };
  const lazyFiles = (win: Window) =>
    win.performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /mantis-ui\.(agent-ui|chart|maplibre|shared-[^/]*)\.js$/.test(path));

  it('carries no ECharts or MapLibre code and fetches nothing lazily on a page without envelopes', async () => {
    const iife = await (await fetch('/dist/mantis-ui.iife.js')).text();
    // ECharts' internal markers and its renderer library's name; the map adapter's MapLibre calls.
    for (const marker of ['__ec_', 'zrender', 'fitBounds', 'echarts-safe-subset']) expect(iife.includes(marker), marker).to.equal(false);
    const { frame, win, doc } = await legacyPage('<mantis-ui-view spec=\'{"version":1,"id":"v","root":{"id":"h","type":"heading","text":"Hi"}}\'></mantis-ui-view>');
    const view = doc.querySelector('mantis-ui-view') as HTMLElement;
    await waitUntil(() => view.shadowRoot?.querySelector('[role="heading"]'), 'the view never rendered');
    // Rendered and painted twice: a lazy import the render asked for would have been requested by now.
    await animationFrames(win, 2);
    expect(lazyFiles(win)).to.deep.equal([]);
    frame.remove();
  });

  it('draws a chart from files found beside the IIFE, whatever the page base', async () => {
    const frame = document.createElement('iframe');
    frame.title = 'legacy chart page';
    // The page's base points elsewhere: the lazy files must still come from where the IIFE was served.
    frame.srcdoc = `<!doctype html><html lang="en"><head><title>chart</title><base href="/test/elements/"><script src="/dist/mantis-ui.iife.js"></script></head>
      <body><agent-envelope envelope-id="e1" envelope='${JSON.stringify(chart)}'></agent-envelope></body></html>`;
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    const el = win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="chart"] svg'), 'no chart SVG', { timeout: 8000 });
    const files = lazyFiles(win);
    expect(files).to.include('/dist/mantis-ui.agent-ui.js');
    expect(files).to.include('/dist/mantis-ui.chart.js');
    expect(files.some((path) => path.includes('maplibre'))).to.equal(false);
    frame.remove();
  });

  it('creates a MapLibre adapter from the file found beside the IIFE, whatever the page base', async () => {
    // maplibre-gl 6 ships ES modules only, so the page loads it with a module script (as demo/page/map.mjs does) and
    // makes the adapter through the IIFE's global (as demo/page/demo.js does). The page's base points elsewhere.
    const { frame, win } = await legacyPage(
      `<div id="map" style="position: relative; width: 400px; height: 300px"></div>
      <script type="module">
        import { Map, setWorkerUrl } from '/node_modules/maplibre-gl/dist/maplibre-gl.mjs';
        setWorkerUrl('/node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs');
        const style = { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eef' } }] };
        const map = new Map({ container: 'map', style, center: [121.47, 31.23], zoom: 12, attributionControl: false });
        window.pageMap = { map, adapter: MantisUI.createMapLibreAdapter(map, { padding: 0 }) };
      </script>`,
      '<base href="/test/elements/">',
    );
    const page = (win as unknown as { pageMap?: { map: { getLayer(id: string): { type: string } | undefined }; adapter: MapLibreAdapter } }).pageMap;
    if (!page) throw new Error('the page made no map');
    const junction = { type: 'Feature', id: 'J-101', geometry: { type: 'Point', coordinates: [121.4705, 31.2304] }, properties: { id: 'J-101' } };
    // Resolves once the adapter's file has loaded and drawn on the page's map.
    await page.adapter.renderJunctions(win.JSON.parse(JSON.stringify({ renderRef: 'rr_iife', junctions: { type: 'FeatureCollection', features: [junction] } })));
    expect(page.map.getLayer('mantis-junctions')?.type).to.equal('circle');
    expect(lazyFiles(win)).to.include('/dist/mantis-ui.maplibre.js');
    const requested = win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(requested.filter((path) => path.startsWith('/test/elements/'))).to.deep.equal([]);
    page.adapter.dispose();
    frame.remove();
  });

  it('draws a chart from files of the IIFE’s own origin when a page of another origin loads it, as from a CDN', async () => {
    // The reference server serves dist/ with CORS, as a CDN does: the lazy files are modules of its origin.
    const frame = document.createElement('iframe');
    frame.title = 'cdn origin page';
    frame.srcdoc = `<!doctype html><html lang="en"><head><title>cdn origin</title><script src="${agentOrigin}/dist/mantis-ui.iife.js"></script></head>
      <body><agent-envelope envelope-id="e1" envelope='${JSON.stringify(chart)}'></agent-envelope></body></html>`;
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    expect(new URL(agentOrigin).origin).not.to.equal(win.location.origin === 'null' ? location.origin : win.location.origin);
    const el = win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="chart"] svg'), 'no chart SVG', { timeout: 15000 });
    const lazy = win.performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/mantis-ui\.[^/]+\.js$/.test(new URL(name).pathname));
    expect(lazy).to.include(`${agentOrigin}/dist/mantis-ui.agent-ui.js`);
    expect(lazy).to.include(`${agentOrigin}/dist/mantis-ui.chart.js`);
    expect(lazy.filter((name) => !name.startsWith(`${agentOrigin}/`)), 'a file from the page’s origin').to.deep.equal([]);
    frame.remove();
  });

  it('fetches no chart code for a chart that fails its checks', async () => {
    const bad = { ...chart, spec: { ...chart.spec, title: { text: '<img src=x onerror=alert(1)>' } } };
    const frame = document.createElement('iframe');
    frame.title = 'invalid chart page';
    frame.srcdoc = `<!doctype html><html lang="en"><head><title>bad chart</title><script src="/dist/mantis-ui.iife.js"></script></head>
      <body><agent-envelope envelope='${JSON.stringify(bad).replaceAll("'", '&#39;')}'></agent-envelope></body></html>`;
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    const el = win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="fallback"][data-reason="invalid-chart"]'), 'no invalid-chart fallback', { timeout: 8000 });
    expect(lazyFiles(win)).to.deep.equal(['/dist/mantis-ui.agent-ui.js']);
    frame.remove();
  });

  it('loads nothing from a package URL without a file name, unless the page names the folder', async () => {
    const page = async (script: string) => {
      const frame = document.createElement('iframe');
      frame.title = 'cdn page';
      frame.srcdoc = `<!doctype html><html lang="en"><head><title>cdn</title>${script}</head>
        <body><agent-envelope envelope='${JSON.stringify(chart)}'></agent-envelope></body></html>`;
      const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
      document.body.append(frame);
      await loaded;
      return { frame, win: frame.contentWindow as Window & typeof globalThis };
    };
    // `…/mantis-ui` has the server's root as its folder, where mantis-ui.agent-ui.js could be anyone's package.
    const bare = await page('<script src="/__cdn/mantis-ui"></script>');
    const el = bare.win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="fallback"][data-reason="render-failed"]'), 'no fallback', { timeout: 8000 });
    const requested = bare.win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(requested.filter((path) => path !== '/__cdn/mantis-ui')).to.deep.equal([]);
    bare.frame.remove();
    // The page names the folder: the files come from there.
    const named = await page('<script src="/__cdn/mantis-ui" data-mantis-lazy-base="/dist/"></script>');
    const chartEl = named.win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => chartEl.shadowRoot?.querySelector('[part="chart"] svg'), 'no chart with data-mantis-lazy-base', { timeout: 8000 });
    expect(lazyFiles(named.win)).to.include('/dist/mantis-ui.chart.js');
    named.frame.remove();
  });

  it('in a chat on a page that loads nothing lazily, a reply says what it could not show, and SSE says why it cannot read its stream', async () => {
    const frame = document.createElement('iframe');
    frame.title = 'cdn chat page';
    frame.srcdoc = `<!doctype html><html lang="en"><head><title>cdn chat</title><script src="/__cdn/mantis-ui"></script></head>
      <body><mantis-chat id="ws" url="${composerSocketUrl({ delay: '0' })}"></mantis-chat><mantis-chat id="sse" transport="sse" url="${composerSseUrl()}"></mantis-chat></body></html>`;
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.append(frame);
    try {
      await loaded;
      const win = frame.contentWindow as Window & typeof globalThis;
      type Chat = HTMLElement & { send(text: string): boolean };
      const ws = win.document.getElementById('ws') as Chat;
      const errors: string[] = [];
      ws.addEventListener('mantis-protocol-error', (event) => errors.push((event as CustomEvent<{ reason: string }>).detail.reason));
      await waitUntil(() => ws.shadowRoot?.textContent?.includes('Connected'), 'the WebSocket chat never connected', { timeout: 8000 });
      ws.send('a2ui form please');
      // A2UI cannot be loaded here: the reply says so where its surface would be, and the page hears why.
      await waitUntil(() => ws.shadowRoot?.querySelector('[part~="message-assistant"] [part="unavailable"]'), 'the reply never said what it could not show', { timeout: 8000 });
      expect(ws.shadowRoot?.querySelectorAll('[part="unavailable"]')).to.have.length(1);
      expect(ws.shadowRoot?.querySelector('[part="unavailable"]')?.textContent).to.contain('could not load what reads it (a2ui)');
      expect(errors.join(' ')).to.contain('The a2ui protocol could not be loaded');
      // The SSE chat cannot read its stream: it says why (mantis-protocol-error), and reconnects rather than hanging.
      const sse = win.document.getElementById('sse') as Chat;
      const reasons: string[] = [];
      sse.addEventListener('mantis-protocol-error', (event) => reasons.push((event as CustomEvent<{ reason: string }>).detail.reason));
      await waitUntil(() => reasons.length > 0, 'the SSE chat never said why', { timeout: 8000 });
      expect(reasons[0]).to.contain('could not load the part that reads the server’s event stream');
      const requested = win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
      expect(requested.filter((path) => /\/mantis-ui\.[^/]+\.js$/.test(path)), 'no lazy file from the server’s root').to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('reaches the agent-ui runtime from a script-tag page through MantisUI.loadAgentUi()', async () => {
    const { frame, win } = await legacyPage('');
    const ui = (win as unknown as { MantisUI: { loadAgentUi(): Promise<{ validateEnvelope(v: unknown): { ok: boolean }; AgentUiStream: unknown }> } }).MantisUI;
    const runtime = await ui.loadAgentUi();
    // Objects of the page's own realm: plain JSON is checked by prototype, and another frame's Object is not this one's.
    const own = (value: unknown): unknown => win.JSON.parse(JSON.stringify(value));
    expect(runtime.validateEnvelope(own(chart)).ok).to.equal(true);
    expect(runtime.validateEnvelope(own({ ...chart, surface: 'map_overlay' })).ok).to.equal(false);
    expect(runtime.AgentUiStream).to.be.a('function');
    frame.remove();
  });
});

describe('the media engine beside the IIFE', () => {
  it('is not in the IIFE, and a chat loads it only when an image is previewed', async () => {
    const iife = await (await fetch('/dist/mantis-ui.iife.js')).text();
    // The engine's download header, its limits and its object URLs (the image types are the attachment checks' too).
    for (const marker of ['content-disposition', 'idleMs', 'createObjectURL']) expect(iife.includes(marker), marker).to.equal(false);
    const { frame, win, doc } = await legacyPage(`<mantis-chat media-base-url="${agentOrigin}/api/v1/"></mantis-chat>`);
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { mediaToken: () => string; updateComplete: Promise<unknown> };
    chat.mediaToken = () => 'demo-token';
    await chat.updateComplete;
    const engine = () => win.performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/dist/mantis-ui.media.js'));
    expect(engine()).to.equal(false);
    const view = doc.createElement('mantis-ui-view') as HTMLElement & { view: unknown; media: unknown };
    view.view = { version: 1, id: 'v', root: { id: 'g', type: 'media-gallery', items: [{ id: 'a', key: 'agent_files/demo/alarm.png', alt: 'Alarm panel' }] } };
    view.media = (chat as unknown as { session: { media: unknown } }).session.media;
    // Above the chat, in view: previews wait until they are near the viewport.
    doc.body.prepend(view);
    await waitUntil(() => view.shadowRoot?.querySelector('mantis-media-item')?.shadowRoot?.querySelector('img'), 'no preview', { timeout: 8000 });
    expect(engine()).to.equal(true);
    frame.remove();
  });
});

describe('lazily defined elements beside the IIFE', () => {
  it('defines <mantis-media-item> from its own file, on the IIFE’s Lit, for items in the page now and later', async () => {
    const iife = await (await fetch('/dist/mantis-ui.iife.js')).text();
    // The item's download card and its placeholders are not in the IIFE.
    expect(iife.includes('Stopped: larger than'), 'download messages').to.equal(false);
    const { frame, win, doc } = await legacyPage('<mantis-media-item key="agent_files/demo/alarm.png" alt="Alarm panel"></mantis-media-item>');
    await waitUntil(() => win.customElements.get('mantis-media-item'), 'never defined', { timeout: 8000 });
    const item = win.customElements.get('mantis-media-item') as CustomElementConstructor;
    const view = win.customElements.get('mantis-ui-view') as CustomElementConstructor;
    // One Lit: both extend the same LitElement.
    expect(Object.getPrototypeOf(item) === Object.getPrototypeOf(view)).to.equal(true);
    // Without a media service the item shows its text alternative and requests nothing.
    const el = doc.querySelector('mantis-media-item') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[role="img"]')?.getAttribute('aria-label')?.startsWith('Alarm panel'), 'no text alternative');
    // One added later by a script is upgraded too.
    const later = doc.createElement('mantis-media-item');
    doc.body.append(later);
    await waitUntil(() => later.shadowRoot, 'not upgraded');
    frame.remove();
  });

  it('defines <mantis-artifact-panel> from its own file when a chat opens its first artifact; the chat’s store set before survives', async () => {
    const iife = await (await fetch('/dist/mantis-ui.iife.js')).text();
    // The panel's resize handle and its CSV notes are not in the IIFE.
    for (const marker of ['Resize artifact panel', 'can’t be shown as a table']) expect(iife.includes(marker), marker).to.equal(false);
    const { frame, win, doc } = await legacyPage('');
    const ui = (win as unknown as { MantisUI: Record<string, unknown> }).MantisUI;
    expect(ui['MantisArtifactPanel']).to.equal(undefined);
    expect(ui['requireArtifactPanel']).to.be.a('function');
    const warnings: string[] = [];
    const warn = win.console.warn;
    win.console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      warn(...args);
    };
    // Nothing needs the panel yet: its file is not loaded.
    expect(win.customElements.get('mantis-artifact-panel') === undefined, 'defined without a chat').to.equal(true);
    const chat = doc.createElement('mantis-chat') as MantisChat;
    chat.setAttribute('url', composerSocketUrl({ scenario: 'echo', delay: '0' }));
    chat.setAttribute('layout-key', `iife-panel-${Math.random().toString(36).slice(2)}`);
    doc.body.append(chat);
    await chat.updateComplete;
    const panel = chat.shadowRoot?.querySelector('mantis-artifact-panel') as HTMLElement & { store?: unknown; updateComplete: Promise<unknown> };
    // Rendered (and its store set) before its file came: the upgrade keeps the store.
    expect(win.customElements.get('mantis-artifact-panel') === undefined, 'defined already').to.equal(true);
    expect(panel.store === chat.session.artifacts, 'the chat’s store').to.equal(true);
    // A chat that never opens an artifact never fetches the panel's file.
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected');
    const fetched = () => win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(fetched()).not.to.include('/dist/mantis-ui.artifact-panel.js');
    const view = await replyWithNode(chat, { id: 'report', type: 'artifact', title: 'Weekly report', format: 'text', content: 'The payload of Weekly report.' });
    expect(win.customElements.get('mantis-artifact-panel') === undefined, 'defined before an artifact opened').to.equal(true);
    (view.shadowRoot?.querySelector('[part~="artifact-open"]') as HTMLButtonElement).click();
    await waitUntil(() => win.customElements.get('mantis-artifact-panel'), 'never defined', { timeout: 8000 });
    expect(fetched()).to.include('/dist/mantis-ui.artifact-panel.js');
    // One Lit: the panel extends the IIFE's LitElement.
    const chatClass = win.customElements.get('mantis-chat') as CustomElementConstructor;
    const ancestors: unknown[] = [];
    for (let at: unknown = Object.getPrototypeOf(chatClass); at; at = Object.getPrototypeOf(at)) ancestors.push(at);
    expect(ancestors.includes(Object.getPrototypeOf(win.customElements.get('mantis-artifact-panel'))), 'the panel extends a class of the chat’s own chain').to.equal(true);
    expect(panel.store === chat.session.artifacts, 'the chat’s store').to.equal(true);
    await waitUntil(() => panel.shadowRoot?.textContent?.includes('The payload of Weekly report.'), 'the panel never showed the artifact', { timeout: 8000 });
    expect(panel.shadowRoot?.querySelector('[role="tab"]')?.textContent).to.contain('Weekly report');
    // The panel's file defines nothing else (no second <agent-envelope>): no "already defined" warning.
    expect(warnings.filter((w) => w.includes('already defined'))).to.deep.equal([]);
    frame.remove();
  });

  it('defines a <mantis-artifact-panel for> of the page, which shows the chat’s artifacts', async () => {
    const { frame, win, doc } = await legacyPage(
      `<mantis-chat id="c" artifact-panel="none" url="${composerSocketUrl({ scenario: 'echo', delay: '0' })}"></mantis-chat><mantis-artifact-panel for="c" layout-key="iife-own-${Math.random().toString(36).slice(2)}"></mantis-artifact-panel>`,
    );
    await waitUntil(() => win.customElements.get('mantis-artifact-panel'), 'never defined', { timeout: 8000 });
    const chat = doc.querySelector('mantis-chat') as MantisChat;
    await chat.updateComplete;
    expect(chat.shadowRoot?.querySelector('mantis-artifact-panel') === null, 'a built-in panel').to.equal(true);
    chat.session.artifacts.open({ viewId: 'v', node: { id: 'notes', type: 'artifact', title: 'Notes', format: 'text', content: 'Shown by the page’s own panel.' } });
    const panel = doc.querySelector('mantis-artifact-panel') as HTMLElement;
    await waitUntil(() => panel.shadowRoot?.textContent?.includes('Shown by the page’s own panel.'), 'the page’s panel never showed the artifact', { timeout: 8000 });
    frame.remove();
  });
});
