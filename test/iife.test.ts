import { expect, waitUntil } from '@open-wc/testing';
import { agentOrigin, composerSocketUrl, composerSseUrl } from './helpers/agent.js';
import { replyWithNode } from './helpers/chat-views.js';
import type { MantisChat } from '../elements/mantis-chat/mantis-chat.js';
import type { MapLibreAdapter } from '../elements/maplibre/index.js';
import { animationFrames, legacyPage, type LegacyWindow } from './helpers/legacy-page.js';
import { cdnFiles, fetchedCode, fetchedModule, fetchedModules, modulesOf } from './helpers/cdn-files.js';

/**
 * The script tag in a page with no module scripts, as a legacy page would load it: a plain <script> tag, which imports
 * the script tag's chunks (dist/cdn/) beside it. Needs `npm run build` (npm test builds first).
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

  it('warns instead of throwing when loaded twice, once per tag, and keeps the first copy’s elements', async () => {
    const { frame, win, doc } = await legacyPage('');
    // Every tag is defined as the script tag's modules run (the lazily loaded ones by a small class of their own).
    const tags = ['agent-envelope', 'mantis-a2ui-surface', 'mantis-artifact-panel', 'mantis-chat', 'mantis-media-item', 'mantis-ui-view'];
    const first = tags.map((tag) => win.customElements.get(tag));
    expect(first.every((element) => typeof element === 'function'), 'defined by the first copy').to.equal(true);
    const warnings: string[] = [];
    win.console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    const errors: unknown[] = [];
    win.addEventListener('error', (event) => errors.push(event.message));
    const load = async (src: string) => {
      const again = doc.createElement('script');
      again.src = src;
      const loaded = new Promise((done) => again.addEventListener('load', done, { once: true }));
      doc.head.append(again);
      await loaded;
      await win.MantisUI.ready;
    };
    // The same script again imports the same modules, which run once per page: nothing is defined twice.
    await load('/dist/mantis-ui.iife.js');
    expect(warnings.filter((warning) => warning.includes('already defined'))).to.deep.equal([]);
    // Another copy (another origin's, so modules of its own) finds every tag taken.
    await load(`${agentOrigin}/dist/mantis-ui.iife.js`);
    expect(errors).to.deep.equal([]);
    const taken = warnings.filter((warning) => warning.includes('already defined')).map((warning) => /<([a-z0-9-]+)>/.exec(warning)?.[1]);
    expect(taken.sort()).to.deep.equal(tags);
    expect(tags.filter((tag, i) => win.customElements.get(tag) !== first[i]), 'replaced by the second copy').to.deep.equal([]);
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
    await (frame.contentWindow as LegacyWindow).MantisUI.ready;
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

describe('the lazily loaded parts of the script tag', () => {
  const chart = {
    kind: 'chart',
    schemaVersion: 'agent-ui@1',
    grammar: 'echarts-safe-subset',
    surface: 'chat_inline',
    spec: { title: { text: 'Pressure' }, xAxis: { type: 'category' }, yAxis: { type: 'value' }, series: [{ type: 'line', name: 'kPa', encode: { x: 'time', y: 'kpa' } }] },
    data: { dimensions: ['time', 'kpa'], source: [['06:00', 318], ['08:00', 301]] },
    fallbackText: 'Pressure fell from 318 to 301 kPa.',
  };
  // The lazy parts an envelope or a map loads: the agent-ui runtime, the chart runtime with ECharts, the map adapter.
  const ENVELOPE_RUNTIME = 'elements/agent-envelope/envelope-runtime.ts';
  const CHART_RUNTIME = 'elements/agent-envelope/chart-runtime.ts';
  const MAPLIBRE = 'elements/maplibre/maplibre-adapter.ts';
  const lazyParts = async (win: Window) =>
    (await fetchedModules(win)).filter((m) => [ENVELOPE_RUNTIME, CHART_RUNTIME, MAPLIBRE].includes(m) || /^node_modules\/(echarts|zrender)\//.test(m));

  const framed = async (html: string, title: string) => {
    const frame = document.createElement('iframe');
    frame.title = title;
    frame.srcdoc = html;
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.append(frame);
    await loaded;
    return { frame, win: frame.contentWindow as LegacyWindow };
  };

  it('carries no ECharts or MapLibre code and fetches nothing lazily on a page without envelopes', async () => {
    const { frame, win, doc } = await legacyPage('<mantis-ui-view spec=\'{"version":1,"id":"v","root":{"id":"h","type":"heading","text":"Hi"}}\'></mantis-ui-view>');
    const view = doc.querySelector('mantis-ui-view') as HTMLElement;
    await waitUntil(() => view.shadowRoot?.querySelector('[role="heading"]'), 'the view never rendered');
    // Rendered and painted twice: a lazy import the render asked for would have been requested by now.
    await animationFrames(win, 2);
    expect(cdnFiles(win).length, 'the first load').to.be.greaterThan(0);
    expect(await lazyParts(win)).to.deep.equal([]);
    // ECharts' internal markers and its renderer library's name; the map adapter's MapLibre calls.
    const code = await fetchedCode(win);
    for (const marker of ['__ec_', 'zrender', 'fitBounds', 'echarts-safe-subset']) expect(code.includes(marker), marker).to.equal(false);
    frame.remove();
  });

  it('draws a chart from files found beside the script, whatever the page base', async () => {
    // The page's base points elsewhere: the lazy files must still come from where the IIFE was served.
    const { frame, win } = await framed(
      `<!doctype html><html lang="en"><head><title>chart</title><base href="/test/elements/"><script src="/dist/mantis-ui.iife.js"></script></head>
      <body><agent-envelope envelope-id="e1" envelope='${JSON.stringify(chart)}'></agent-envelope></body></html>`,
      'legacy chart page',
    );
    const el = win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="chart"] svg'), 'no chart SVG', { timeout: 8000 });
    const parts = await lazyParts(win);
    expect(parts).to.include(ENVELOPE_RUNTIME);
    expect(parts).to.include(CHART_RUNTIME);
    expect(parts).not.to.include(MAPLIBRE);
    expect(cdnFiles(win).filter((file) => !new URL(file).pathname.startsWith('/dist/cdn/')), 'a file from elsewhere').to.deep.equal([]);
    frame.remove();
  });

  it('creates a MapLibre adapter from the file found beside the script, whatever the page base', async () => {
    // maplibre-gl 6 ships ES modules only, so the page loads it with a module script (as demo/page/map.mjs does) and
    // makes the adapter through the IIFE's global (as demo/page/demo.js does), once `MantisUI.ready` says it is all
    // there. The page's base points elsewhere.
    const { frame, win } = await legacyPage(
      `<div id="map" style="position: relative; width: 400px; height: 300px"></div>
      <script type="module">
        import { Map, setWorkerUrl } from '/node_modules/maplibre-gl/dist/maplibre-gl.mjs';
        setWorkerUrl('/node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs');
        const style = { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eef' } }] };
        const map = new Map({ container: 'map', style, center: [121.47, 31.23], zoom: 12, attributionControl: false });
        const { createMapLibreAdapter } = await MantisUI.ready;
        window.pageMap = { map, adapter: createMapLibreAdapter(map, { padding: 0 }) };
      </script>`,
      '<base href="/test/elements/">',
    );
    type PageMap = { map: { getLayer(id: string): { type: string } | undefined }; adapter: MapLibreAdapter };
    await waitUntil(() => (win as unknown as { pageMap?: PageMap }).pageMap, 'the page made no map');
    const page = (win as unknown as { pageMap: PageMap }).pageMap;
    const junction = { type: 'Feature', id: 'J-101', geometry: { type: 'Point', coordinates: [121.4705, 31.2304] }, properties: { id: 'J-101' } };
    // Resolves once the adapter's file has loaded and drawn on the page's map.
    await page.adapter.renderJunctions(win.JSON.parse(JSON.stringify({ renderRef: 'rr_iife', junctions: { type: 'FeatureCollection', features: [junction] } })));
    expect(page.map.getLayer('mantis-junctions')?.type).to.equal('circle');
    expect(await lazyParts(win)).to.include(MAPLIBRE);
    const requested = win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(requested.filter((path) => path.startsWith('/test/elements/'))).to.deep.equal([]);
    page.adapter.dispose();
    frame.remove();
  });

  it('draws a chart from files of the script’s own origin when a page of another origin loads it, as from a CDN', async () => {
    // The reference server serves dist/ with CORS, as a CDN does: the lazy files are modules of its origin.
    const { frame, win } = await framed(
      `<!doctype html><html lang="en"><head><title>cdn origin</title><script src="${agentOrigin}/dist/mantis-ui.iife.js"></script></head>
      <body><agent-envelope envelope-id="e1" envelope='${JSON.stringify(chart)}'></agent-envelope></body></html>`,
      'cdn origin page',
    );
    expect(new URL(agentOrigin).origin).not.to.equal(win.location.origin === 'null' ? location.origin : win.location.origin);
    const el = win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="chart"] svg'), 'no chart SVG', { timeout: 15000 });
    const files = cdnFiles(win);
    expect(files).to.include(`${agentOrigin}/dist/cdn/mantis-ui.js`);
    expect(files.filter((name) => !name.startsWith(`${agentOrigin}/`)), 'a file from the page’s origin').to.deep.equal([]);
    const parts = await lazyParts(win);
    expect(parts).to.include(ENVELOPE_RUNTIME);
    expect(parts).to.include(CHART_RUNTIME);
    frame.remove();
  });

  it('fetches no chart code for a chart that fails its checks', async () => {
    const bad = { ...chart, spec: { ...chart.spec, title: { text: '<img src=x onerror=alert(1)>' } } };
    const { frame, win } = await framed(
      `<!doctype html><html lang="en"><head><title>bad chart</title><script src="/dist/mantis-ui.iife.js"></script></head>
      <body><agent-envelope envelope='${JSON.stringify(bad).replaceAll("'", '&#39;')}'></agent-envelope></body></html>`,
      'invalid chart page',
    );
    const el = win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="fallback"][data-reason="invalid-chart"]'), 'no invalid-chart fallback', { timeout: 8000 });
    expect(await lazyParts(win)).to.deep.equal([ENVELOPE_RUNTIME]);
    frame.remove();
  });

  it('loads nothing from a package URL without a file name, says so once, unless the page names the folder', async () => {
    // `…/mantis-ui` has the server's root as its folder, where `./cdn/mantis-ui.js` could be anyone's package.
    const warned = `<script>window.__warnings = []; const warn = console.warn; console.warn = (...args) => { window.__warnings.push(args.join(' ')); warn(...args); };</script>`;
    const page = (script: string) =>
      framed(`<!doctype html><html lang="en"><head><title>cdn</title>${warned}${script}</head><body><agent-envelope envelope='${JSON.stringify(chart)}'></agent-envelope></body></html>`, 'cdn page');
    const bare = await page('<script src="/__cdn/mantis-ui"></script>');
    const failure = await bare.win.MantisUI.ready.then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    expect(failure).to.contain('data-mantis-lazy-base');
    const warnings = (bare.win as unknown as { __warnings: string[] }).__warnings;
    expect(warnings.filter((warning) => warning.includes('mantis-ui')), 'said once').to.have.length(1);
    expect(warnings[0]).to.contain('names no file');
    const requested = bare.win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(requested.filter((path) => path !== '/__cdn/mantis-ui')).to.deep.equal([]);
    expect(bare.win.customElements.get('agent-envelope') === undefined, 'a tag defined from elsewhere').to.equal(true);
    bare.frame.remove();
    // The page names the folder: the files come from there.
    const named = await page('<script src="/__cdn/mantis-ui" data-mantis-lazy-base="/dist/"></script>');
    const chartEl = named.win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => chartEl.shadowRoot?.querySelector('[part="chart"] svg'), 'no chart with data-mantis-lazy-base', { timeout: 8000 });
    expect(await lazyParts(named.win)).to.include(CHART_RUNTIME);
    expect(cdnFiles(named.win).every((file) => new URL(file).pathname.startsWith('/dist/cdn/'))).to.equal(true);
    named.frame.remove();
  });

  it('takes its lazy parts from where a redirected script URL led, not from the URL the page named', async () => {
    // web-test-runner.config.mjs redirects /__redirect/mantis-ui (no file name) to /dist/mantis-ui.iife.js.
    const { frame, win } = await framed(
      `<!doctype html><html lang="en"><head><title>redirected</title><script src="/__redirect/mantis-ui"></script></head>
      <body><agent-envelope envelope-id="e1" envelope='${JSON.stringify(chart)}'></agent-envelope></body></html>`,
      'redirected page',
    );
    await win.MantisUI.ready;
    const el = win.document.querySelector('agent-envelope') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[part="chart"] svg'), 'no chart SVG', { timeout: 8000 });
    expect(await lazyParts(win)).to.include(CHART_RUNTIME);
    expect(cdnFiles(win).filter((file) => !new URL(file).pathname.startsWith('/dist/cdn/')), 'a file not beside the script the redirect led to').to.deep.equal([]);
    frame.remove();
  });

  it('in a chat on a page whose lazy parts cannot load, a reply says what it could not show, and SSE says why it cannot read its stream', async () => {
    // web-test-runner.config.mjs serves dist/ under /__partial-dist/ without the chunks of A2UI, of the SSE parser and
    // of the view components that load on need, as a CDN that fails them would.
    const { frame, win } = await legacyPage(
      `<mantis-chat id="ws" url="${composerSocketUrl({ delay: '0' })}"></mantis-chat><mantis-chat id="sse" transport="sse" url="${composerSseUrl()}"></mantis-chat>`,
      '',
      '/__partial-dist/mantis-ui.iife.js',
    );
    try {
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
      expect(await fetchedModule(win, 'src/protocols/a2ui/module.ts'), 'the A2UI protocol loaded').to.equal(false);
    } finally {
      frame.remove();
    }
  });

  it('a view on a page whose CDN fails the file of its less common components says so in their place, and shows the rest', async () => {
    const spec = JSON.stringify({
      version: 1,
      id: 'v',
      root: {
        id: 'body',
        type: 'stack',
        children: [
          { id: 'h', type: 'heading', text: 'Still here' },
          { id: 't', type: 'data-table', caption: 'Sales', columns: [{ id: 'c', label: 'Region' }], rows: [{ id: 'r', cells: ['North'] }] },
        ],
      },
    });
    const { frame, win, doc } = await legacyPage(`<mantis-ui-view spec='${spec}'></mantis-ui-view>`, '', '/__partial-dist/mantis-ui.iife.js');
    try {
      const view = doc.querySelector('mantis-ui-view') as HTMLElement & { updateComplete: Promise<boolean> };
      await waitUntil(() => view.shadowRoot?.querySelector('[role="heading"]'), 'the view never drew');
      // Its updateComplete settles once the module's load has failed, and the view was drawn again saying so.
      await view.updateComplete;
      const note = view.shadowRoot?.querySelector('[part="invalid"]');
      expect(note?.textContent).to.equal('This part of the view could not be loaded.');
      expect(note?.getAttribute('role')).to.equal('note');
      expect(view.shadowRoot?.querySelector('[part="loading"]'), 'still said it was loading').to.equal(null);
      expect(view.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim()).to.equal('Still here');
      expect(view.shadowRoot?.querySelector('table'), 'a table without its code').to.equal(null);
      expect(await fetchedModule(win, 'elements/mantis-ui-view/nodes/more.ts'), 'the module ran').to.equal(false);
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

describe('the media engine beside the script', () => {
  it('is not in the first load, and a chat loads it only when an image is previewed', async () => {
    const { frame, win, doc } = await legacyPage(`<mantis-chat media-base-url="${agentOrigin}/api/v1/"></mantis-chat>`);
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { mediaToken: () => string; updateComplete: Promise<unknown> };
    chat.mediaToken = () => 'demo-token';
    await chat.updateComplete;
    const engine = () => fetchedModule(win, 'src/media/media-service.ts');
    expect(await engine()).to.equal(false);
    // The engine's modules (its fetcher, object-URL cache, limiter), its download header and its object URLs (the
    // image types are the attachment checks' too).
    for (const module of ['src/media/fetcher.ts', 'src/media/object-url-cache.ts', 'src/media/limiter.ts']) expect(await fetchedModule(win, module), module).to.equal(false);
    const code = await fetchedCode(win);
    for (const marker of ['content-disposition', 'createObjectURL']) expect(code.includes(marker), marker).to.equal(false);
    const view = doc.createElement('mantis-ui-view') as HTMLElement & { view: unknown; media: unknown };
    view.view = { version: 1, id: 'v', root: { id: 'g', type: 'media-gallery', items: [{ id: 'a', key: 'agent_files/demo/alarm.png', alt: 'Alarm panel' }] } };
    view.media = (chat as unknown as { session: { media: unknown } }).session.media;
    // Above the chat, in view: previews wait until they are near the viewport.
    doc.body.prepend(view);
    await waitUntil(() => view.shadowRoot?.querySelector('mantis-media-item')?.shadowRoot?.querySelector('img'), 'no preview', { timeout: 8000 });
    expect(await engine()).to.equal(true);
    frame.remove();
  });
});

/**
 * The LitElement of an element class's chain (LitElement extends ReactiveElement, which extends HTMLElement; the build
 * minifies their names): the one every class of a page's mantis-ui extends.
 */
function litElementOf(element: CustomElementConstructor, win: Window & typeof globalThis): unknown {
  for (let at: unknown = element; at; at = Object.getPrototypeOf(at)) if (Object.getPrototypeOf(Object.getPrototypeOf(at)) === win.HTMLElement) return at;
  return undefined;
}

/** Whether an element runs a class whose chain holds `lit` (its implementation, once it upgraded, on the page's one Lit). */
const onLit = (element: Element, lit: unknown): boolean => {
  for (let at: unknown = Object.getPrototypeOf(element); at; at = Object.getPrototypeOf(at)) if ((at as { constructor?: unknown }).constructor === lit) return true;
  return false;
};

describe('lazily loaded elements beside the script', () => {
  it('loads <mantis-media-item>’s code from its own file, on the first load’s Lit, for items in the page now and later', async () => {
    const { frame, win, doc } = await legacyPage('<mantis-media-item key="agent_files/demo/alarm.png" alt="Alarm panel"></mantis-media-item>');
    const item = win.customElements.get('mantis-media-item') as CustomElementConstructor;
    const lit = litElementOf(win.customElements.get('mantis-ui-view') as CustomElementConstructor, win);
    expect(lit, 'the view’s LitElement').not.to.equal(undefined);
    // Without a media service the item shows its text alternative and requests nothing.
    const el = doc.querySelector('mantis-media-item') as HTMLElement;
    await waitUntil(() => el.shadowRoot?.querySelector('[role="img"]')?.getAttribute('aria-label')?.startsWith('Alarm panel'), 'no text alternative', { timeout: 8000 });
    expect(el instanceof item, 'the tag’s element').to.equal(true);
    // One Lit: the implementation it now runs extends the LitElement the view's class does.
    expect(onLit(el, lit), 'on the page’s one Lit').to.equal(true);
    // Its code (the download card and its placeholders) is a file of its own, not the first load's.
    const component = 'elements/mantis-media-item/mantis-media-item.component.ts';
    expect(await fetchedModule(win, component)).to.equal(true);
    const files = cdnFiles(win);
    const holders = (await Promise.all(files.map(async (file) => ((await modulesOf(file)).includes(component) ? file : null)))).filter(Boolean);
    expect(holders).to.have.length(1);
    expect((await modulesOf(holders[0] as string)).includes('elements/mantis-ui-view/mantis-ui-view.ts'), 'in the first load').to.equal(false);
    // One added later by a script is upgraded too.
    const later = doc.createElement('mantis-media-item');
    later.setAttribute('alt', 'Later');
    doc.body.append(later);
    await waitUntil(() => later.shadowRoot?.querySelector('[role="img"]'), 'not upgraded');
    frame.remove();
  });

  it('loads <mantis-artifact-panel>’s code from its own file when a chat opens its first artifact; the chat’s store set before survives', async () => {
    const { frame, win, doc } = await legacyPage('');
    const ui = win.MantisUI;
    // Defined at once, by a small class of its own; its code loads on need.
    expect(win.customElements.get('mantis-artifact-panel') === ui['MantisArtifactPanel'], 'the tag’s class').to.equal(true);
    const warnings: string[] = [];
    const warn = win.console.warn;
    win.console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      warn(...args);
    };
    const component = 'elements/mantis-artifact-panel/mantis-artifact-panel.component.ts';
    // Nothing needs the panel yet: its file is not loaded.
    expect(await fetchedModule(win, component), 'loaded without a chat').to.equal(false);
    // The panel's resize handle and its CSV notes are not in the first load.
    const code = await fetchedCode(win);
    for (const marker of ['Resize artifact panel', 'can’t be shown as a table']) expect(code.includes(marker), marker).to.equal(false);
    const chat = doc.createElement('mantis-chat') as MantisChat;
    chat.setAttribute('url', composerSocketUrl({ scenario: 'echo', delay: '0' }));
    chat.setAttribute('layout-key', `iife-panel-${Math.random().toString(36).slice(2)}`);
    doc.body.append(chat);
    await chat.updateComplete;
    const panel = chat.shadowRoot?.querySelector('mantis-artifact-panel') as HTMLElement & { store?: unknown; updateComplete: Promise<unknown> };
    // Rendered (and its store set) before its code came: the upgrade keeps the store.
    expect(panel.store === chat.session.artifacts, 'the chat’s store').to.equal(true);
    // A chat that never opens an artifact never fetches the panel's file.
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected');
    expect(await fetchedModule(win, component)).to.equal(false);
    const view = await replyWithNode(chat, { id: 'report', type: 'artifact', title: 'Weekly report', format: 'text', content: 'The payload of Weekly report.' });
    expect(await fetchedModule(win, component), 'loaded before an artifact opened').to.equal(false);
    (view.shadowRoot?.querySelector('[part~="artifact-open"]') as HTMLButtonElement).click();
    await waitUntil(() => panel.shadowRoot?.textContent?.includes('The payload of Weekly report.'), 'the panel never showed the artifact', { timeout: 8000 });
    expect(await fetchedModule(win, component)).to.equal(true);
    // One Lit: the panel's implementation extends the LitElement the chat's class does.
    expect(onLit(panel, litElementOf(win.customElements.get('mantis-chat') as CustomElementConstructor, win)), 'on the chat’s Lit').to.equal(true);
    expect(panel.store === chat.session.artifacts, 'the chat’s store').to.equal(true);
    expect(panel.shadowRoot?.querySelector('[role="tab"]')?.textContent).to.contain('Weekly report');
    // The panel's file defines nothing else (no second <agent-envelope>): no "already defined" warning.
    expect(warnings.filter((w) => w.includes('already defined'))).to.deep.equal([]);
    frame.remove();
  });

  it('defines a <mantis-artifact-panel for> of the page, which shows the chat’s artifacts', async () => {
    const { frame, win, doc } = await legacyPage(
      `<mantis-chat id="c" artifact-panel="none" url="${composerSocketUrl({ scenario: 'echo', delay: '0' })}"></mantis-chat><mantis-artifact-panel for="c" layout-key="iife-own-${Math.random().toString(36).slice(2)}"></mantis-artifact-panel>`,
    );
    // legacyPage awaited MantisUI.ready: every tag is defined.
    expect(win.customElements.get('mantis-artifact-panel')).to.not.equal(undefined);
    const chat = doc.querySelector('mantis-chat') as MantisChat;
    await chat.updateComplete;
    expect(chat.shadowRoot?.querySelector('mantis-artifact-panel') === null, 'a built-in panel').to.equal(true);
    chat.session.artifacts.open({ viewId: 'v', node: { id: 'notes', type: 'artifact', title: 'Notes', format: 'text', content: 'Shown by the page’s own panel.' } });
    const panel = doc.querySelector('mantis-artifact-panel') as HTMLElement;
    await waitUntil(() => panel.shadowRoot?.textContent?.includes('Shown by the page’s own panel.'), 'the page’s panel never showed the artifact', { timeout: 8000 });
    frame.remove();
  });
});
