import { expect, waitUntil } from '@open-wc/testing';
import { agentOrigin } from '../helpers/agent.js';

/*
 * The demo page itself (demo/page/index.html, what `npm start` serves), loaded in an iframe from the test runner's
 * server with `?agent=<the reference agent's origin>` so that its endpoints point at the agent the runner started
 * (cross-origin: the agent answers CORS), and `delay=1` so that replies stream fast. Each test reaches one capability
 * the way a visitor does: through the page's tour buttons and controls.
 */

type Chat = HTMLElement & { transport: string; url: string; mode: string; updateComplete: Promise<unknown> };
type AxeResults = { violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
type DemoWindow = Window & typeof globalThis & { axe?: { run(context: Element, options: object): Promise<AxeResults> } };

/** waitUntil with room for lazy files (the chart runtime, MapLibre) and a reply to arrive. */
const until = (condition: () => unknown, message?: string): Promise<void> => waitUntil(condition, message, { timeout: 8000 });

let frame: HTMLIFrameElement;
let win: DemoWindow;
let doc: Document;
let chat: Chat;

/** The first element matching each selector in turn, piercing one shadow root per step. */
function deep(root: ParentNode | null | undefined, ...selectors: string[]): Element | null {
  let node: ParentNode | null | undefined = root;
  let found: Element | null = null;
  for (const selector of selectors) {
    found = node?.querySelector(selector) ?? null;
    node = found?.shadowRoot ?? found;
  }
  return found;
}

/** In the chat's shadow root, then through the shadow roots of the elements named after it. */
const inChat = (...selectors: string[]): Element | null => deep(chat.shadowRoot, ...selectors);
/** All matches of `selector` in the shadow root of the chat's last element named `host`. */
const allIn = (host: string, selector: string): Element[] => {
  const hosts = chat.shadowRoot?.querySelectorAll(host) ?? [];
  return [...(hosts[hosts.length - 1]?.shadowRoot?.querySelectorAll(selector) ?? [])];
};

const tourButton = (label: string): HTMLButtonElement => {
  const button = [...doc.querySelectorAll<HTMLButtonElement>('.tour button')].find((b) => b.textContent?.trim() === label);
  if (!button) throw new Error(`no tour button "${label}"`);
  return button;
};

const status = (): string | undefined => inChat('[part="status"] [role="status"]')?.textContent?.trim();
/** The newest assistant message of the transcript. */
const lastReply = (): Element | undefined => [...(chat.shadowRoot?.querySelectorAll('[part~="message-assistant"]') ?? [])].at(-1);
const inReply = (...selectors: string[]): Element | null => deep(lastReply(), ...selectors);

/** Resolves with the next assistant message the chat completes, once the chat has rendered it. */
function nextReply(what: string): Promise<void> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no complete reply to ${what}`)), 8000);
    chat.addEventListener(
      'mantis-message-complete',
      () => {
        clearTimeout(timer);
        void chat.updateComplete.then(() => done());
      },
      { once: true },
    );
  });
}

/** Waits until no reply streams: the chat's stop button is hidden. */
const idle = (): Promise<void> => until(() => (inChat('[part="stop-button"]') as HTMLElement | null)?.hidden === true, 'a reply is still streaming');

/** Clicks a tour button and waits for the reply it asked for. */
async function tour(label: string): Promise<void> {
  await idle();
  const reply = nextReply(`"${label}"`);
  tourButton(label).click();
  await reply;
}

/** Sets a control of the page as a visitor would: its value, then the `change` event. */
function choose(id: string, value: string): void {
  const select = doc.getElementById(id) as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new win.Event('change', { bubbles: true }));
}

/** Chooses a transport and resolves once the chat's new connection is open (the swap happens on its next update). */
async function chooseTransport(kind: 'ws' | 'sse' | 'ai-sdk' | 'ag-ui'): Promise<void> {
  let stop = (): void => undefined;
  const open = new Promise<void>((done) => {
    const listener = (event: Event): void => {
      if ((event as CustomEvent<{ state: string }>).detail.state === 'open') done();
    };
    chat.addEventListener('mantis-connection-change', listener);
    stop = () => chat.removeEventListener('mantis-connection-change', listener);
  });
  choose('transport', kind);
  await open;
  stop();
}

/** Clicks the first Button of an A2UI surface once it is enabled (its checks pass once the typed value rendered). */
async function press(surface: () => ShadowRoot | null): Promise<void> {
  const button = () => surface()?.querySelector<HTMLButtonElement>('[part~="button"]');
  await until(() => button() && !button()?.disabled && button()?.getAttribute('aria-disabled') !== 'true', 'the surface’s button stayed disabled');
  button()?.click();
}

/** Every element matching `selector` in `root` and in every shadow root below it. */
function findDeep(root: ParentNode | null | undefined, selector: string): Element[] {
  if (!root) return [];
  const found = [...root.querySelectorAll(selector)];
  for (const element of root.querySelectorAll('*')) if (element.shadowRoot) found.push(...findDeep(element.shadowRoot, selector));
  return found;
}

/** Types into an input of the page's realm: its value, then the `input` event. */
function typeInto(input: Element | null, text: string): void {
  const field = input as HTMLInputElement;
  field.value = text;
  field.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
}

async function axeViolations(): Promise<string[]> {
  if (!win.axe) {
    // axe-core into the demo page's own realm (a file, as a strict page allows), to check its chat where it lives.
    const script = doc.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    const loaded = new Promise((done) => script.addEventListener('load', done, { once: true }));
    doc.head.append(script);
    await loaded;
  }
  const options = { resultTypes: ['violations'] };
  const results = await (win.axe as NonNullable<DemoWindow['axe']>).run(chat, options);
  return results.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

describe('the demo page (demo/page/index.html)', function () {
  this.timeout(30_000);

  before(async () => {
    frame = document.createElement('iframe');
    frame.title = 'demo page';
    frame.width = '1200';
    frame.height = '1000';
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    frame.src = `/demo/page/index.html?agent=${encodeURIComponent(agentOrigin)}&delay=1`;
    document.body.append(frame);
    await loaded;
    win = frame.contentWindow as DemoWindow;
    doc = win.document;
    chat = doc.getElementById('chat') as Chat;
    await until(() => status() === 'Connected', 'the demo chat never connected to the agent');
  });

  after(async () => {
    await (chat as Chat & { clearStoredHistory(): Promise<void> }).clearStoredHistory();
    frame.remove();
  });

  it('takes the agent’s origin from ?agent= and talks to it over SSE by default', () => {
    expect(chat.transport).to.equal('sse');
    expect(chat.url).to.equal(`${agentOrigin}/api/v1/composer/sse?delay=1`);
    expect((chat as Chat & { mediaBaseUrl: string }).mediaBaseUrl).to.equal(`${agentOrigin}/api/v1/`);
    expect((chat as Chat & { uploadUrl: string }).uploadUrl).to.equal(`${agentOrigin}/api/v1/uploads/`);
  });

  it('has a tour button for every capability, a theme toggle and a transport choice', () => {
    const covered = new Set([...doc.querySelectorAll<HTMLElement>('.tour button')].flatMap((b) => (b.dataset.capability ?? '').split(' ')));
    for (const capability of ['view', 'catalog', 'actions', 'media', 'artifacts', 'tools', 'envelopes', 'chart', 'map', 'a2ui', 'tour', 'ask', 'attachments']) {
      expect(covered.has(capability), `no tour button shows "${capability}"`).to.equal(true);
    }
    const options = (id: string) => [...(doc.getElementById(id) as HTMLSelectElement).options].map((o) => o.value);
    expect(options('theme')).to.include.members(['light', 'dark']);
    expect(options('transport')).to.have.members(['sse', 'ws', 'ai-sdk', 'ag-ui']);
  });

  it('renders a reply with a view whose state-changing action asks for confirmation, then is accepted', async () => {
    await tour('A reply with a view');
    const view = () => inReply('mantis-ui-view')?.shadowRoot ?? null;
    expect(view()?.querySelector('[part~="entity-card"]') ?? null).to.not.equal(null);
    // The page answers the chat's suggestions request with the next prompts of the tour not sent yet.
    await until(() => chat.shadowRoot?.querySelector('[part="suggestion"]'), 'no follow-up suggestions');
    const suggested = [...(chat.shadowRoot?.querySelectorAll('[part="suggestion"]') ?? [])].map((b) => b.textContent?.trim());
    expect(suggested).to.deep.equal(['Show me every component of the catalog.', 'Show me the photos of junction J-101.']);
    (view()?.querySelector('[data-action="keep"]') as HTMLButtonElement).click();
    await until(() => view()?.querySelector('[data-confirm="keep"]'), 'no confirmation step');
    // The bags API (cross-origin, bags-url from ?agent=) named the bag the points will go to.
    await until(() => view()?.querySelector('[part~="action-confirm"]')?.textContent?.includes('Composer selection'), 'the confirmation does not name the bag');
    const outcome = new Promise<string>((done) =>
      chat.addEventListener('mantis-action-outcome', (event) => {
        const { status: state } = (event as CustomEvent<{ outcome: { status: string } }>).detail.outcome;
        if (state !== 'pending') done(state);
      }),
    );
    (view()?.querySelector('[data-confirm="keep"]') as HTMLButtonElement).click();
    expect(await outcome).to.equal('delivered');
  });

  it('shows every catalog component in one reply, with the media store’s images', async () => {
    await tour('Every component');
    const parts = ['stack', 'grid', 'heading', 'callout', 'metric-group', 'entity-card', 'citation-list', 'data-table', 'task-card', 'media-gallery', 'artifact', 'action-row'];
    for (const part of parts) expect(allIn('mantis-ui-view', `[part~="${part}"]`).length, part).to.be.greaterThan(0);
    await until(
      () => allIn('mantis-ui-view', 'mantis-media-item').filter((item) => item.shadowRoot?.querySelector('[part="image"]')).length === 3,
      'the three images of the authenticated media store did not show',
    );
  });

  it('shows the photos of a junction, and opens its artifact as a table in the panel', async () => {
    await tour('Photos and an artifact');
    await until(
      () => allIn('mantis-ui-view', 'mantis-media-item').some((item) => item.shadowRoot?.querySelector('[part="image"]')),
      'no photo of the authenticated media store showed',
    );
    const open = findDeep(lastReply(), '[part~="artifact-open"]')[0] as HTMLButtonElement | undefined;
    expect(open, 'the reply offers its artifact').to.not.equal(undefined);
    open?.click();
    await until(() => findDeep(inChat('mantis-artifact-panel')?.shadowRoot, 'table td').length > 0, 'the artifact panel showed no table');
  });

  it('answers in Ask mode: the reply is authored read-only and offers no state-changing action', async () => {
    await tour('Ask mode');
    expect(chat.mode).to.equal('ask');
    const last = (chat as unknown as { conversation: readonly { role: string; marker?: { mode: string } }[] }).conversation.at(-1);
    expect(last?.role === 'assistant' && last.marker?.mode).to.equal('ask');
    const buttons = findDeep(lastReply(), 'button[part~="action"]') as HTMLButtonElement[];
    expect(buttons.length, 'the view offers actions').to.be.greaterThan(0);
    const changing = buttons.filter((button) => !button.disabled && button.getAttribute('aria-description') === 'Asks for confirmation');
    expect(changing.map((button) => button.dataset.action)).to.deep.equal([]);
  });

  it('switches the chat between light and dark with the theme toggle', async () => {
    for (const theme of ['dark', 'light'] as const) {
      choose('theme', theme);
      await until(() => chat.getAttribute('theme') === theme, `the chat did not turn ${theme}`);
      expect(win.getComputedStyle(chat).colorScheme).to.equal(theme);
      expect(doc.documentElement.dataset.theme).to.equal(theme);
    }
  });

  it('is axe-clean with a conversation, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      choose('theme', theme);
      await until(() => chat.getAttribute('theme') === theme, `the chat did not turn ${theme}`);
      expect(await axeViolations(), theme).to.deep.equal([]);
    }
    choose('theme', 'system');
  });

  it('shows reasoning, a todo list and a tool call', async () => {
    await tour('Reasoning and tools');
    expect(inReply('[part~="reasoning"]')).to.not.equal(null);
    expect(inReply('[part~="todo"]')).to.not.equal(null);
    expect(inReply('[part~="tool"]')?.textContent).to.contain('search_map');
  });

  it('answers a Visual Tour in its mode', async () => {
    await tour('A Visual Tour');
    expect(chat.mode).to.equal('visual-tour');
    expect(lastReply()?.querySelectorAll('[part~="tour-step"]')).to.have.length(3);
  });

  it('attaches a file with its button, and the agent confirms it', async () => {
    tourButton('Attach a file').click();
    await until(() => inChat('[part~="attachment-uploaded"]'), 'the sample file did not upload to the agent');
    const reply = nextReply('the file');
    (inChat('[part="send-button"]') as HTMLButtonElement).click();
    await reply;
    expect(inReply('[part~="attachment"]')?.textContent).to.contain('readings.csv');
    expect(lastReply()?.textContent).to.contain('I received readings.csv');
  });

  it('switches to WebSocket and still answers; a chart prompt switches back to SSE, which renders the chart’s SVG', async () => {
    await chooseTransport('ws');
    expect(chat.transport).to.equal('ws');
    expect(chat.url).to.equal(`${agentOrigin}/api/v1/composer/ws?delay=1`);
    expect(doc.getElementById('transport-note')?.textContent).to.contain('no agent-ui envelopes');
    await tour('A reply with a view');
    expect(inReply('mantis-ui-view')).to.not.equal(null);

    await tour('A chart and the map');
    expect(chat.transport).to.equal('sse');
    expect((doc.getElementById('transport') as HTMLSelectElement).value).to.equal('sse');
    expect(doc.getElementById('tour-status')?.textContent).to.contain('only on the SSE stream');
    const envelopes = () => [...(lastReply()?.querySelectorAll('agent-envelope') ?? [])];
    await until(() => envelopes().some((envelope) => envelope.shadowRoot?.querySelector('[part="chart"] svg')), 'no chart SVG');
    // The map action drove the page's MapLibre map (loaded from the runner's node_modules: see demo/page/map.mjs).
    await until(() => findDeep(lastReply(), '[part="map-status"]').some((line) => line.textContent?.includes('Shown on the map: 5 junctions')), 'the map did not show the junctions');
    // The SCADA panel is a side_panel envelope: the page's registered element, in the chat's artifact panel.
    await until(() => findDeep(chat.shadowRoot, 'demo-scada-panel').length > 0, 'the registered SCADA panel did not render');
  });

  it('runs the A2UI form round trip in the chat: submit, a reply that updates the surface, then an update that keeps the input', async () => {
    await tour('An A2UI form');
    const surface = () => inChat('mantis-a2ui-surface')?.shadowRoot ?? null;
    await until(() => surface()?.querySelector('[part~="field"] input'), 'the booking form did not render');
    typeInto(surface()?.querySelector('[part~="field"] input') ?? null, 'Ada');
    await press(surface);
    await until(() => surface()?.textContent?.includes('Booked: Ada (1)'), 'the agent’s reply did not update the form');

    await tour('Update the form');
    await until(() => surface()?.textContent?.includes('Book a table (turn'), 'the form was not updated');
    expect((surface()?.querySelector('[part~="field"] input') as HTMLInputElement).value).to.equal('Ada');
  });

  it('keeps the built-in catalogs beside the agent’s own, by their IDs: its v1.0 surface asks the agent’s function, and is answered', async () => {
    await until(() => (chat as unknown as { a2uiCatalogs?: unknown[] }).a2uiCatalogs?.length === 6, 'the page did not give the provider catalog');
    await tour('The agent checks a provider');
    const surface = () => [...(chat.shadowRoot?.querySelectorAll('mantis-a2ui-surface') ?? [])].at(-1)?.shadowRoot ?? null;
    await until(() => surface()?.textContent?.includes('Check a provider'), 'the provider surface did not render');
    // "Use this provider" is disabled until the agent answered its check of PRV-102, then enabled.
    const use = () => [...(surface()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('Use this provider'));
    await until(() => use() && !use()?.disabled, 'the agent’s answer did not enable the button');
    // An ID the agent does not know: its answer is said in the surface's place, and the button is disabled again.
    typeInto(surface()?.querySelector('[part~="field"] input') ?? null, 'nobody');
    await until(() => surface()?.textContent?.includes('Provider ID nobody was not found'), 'the agent’s error answer was not said');
    expect(use()?.disabled).to.equal(true);
  });

  it('offers the AI SDK and AG-UI endpoints (their owners’ packages): each scripted reply streams a tool call and a view into the chat', async () => {
    for (const [kind, path, note] of [
      ['ai-sdk', '/api/v1/ai-sdk/chat', 'AI SDK UI message stream'],
      ['ag-ui', '/api/v1/ag-ui/agent', '@ag-ui/encoder'],
    ] as const) {
      await chooseTransport(kind);
      expect(chat.url).to.equal(`${agentOrigin}${path}`);
      expect(doc.getElementById('transport-note')?.textContent).to.contain(note);
      const reply = nextReply(`the ${kind} prompt`);
      (chat as unknown as { send(text: string): boolean }).send('show the view');
      await reply;
      expect(inReply('[part~="tool"]')?.textContent).to.contain('search_sites');
      expect(inReply('mantis-ui-view')).to.not.equal(null);
    }
    await chooseTransport('sse');
  });

  it('runs the standalone A2UI surface’s round trip: the page answers the action on the surface', async () => {
    const surface = () => doc.getElementById('a2ui')?.shadowRoot ?? null;
    typeInto(surface()?.querySelector('[part~="field"] input') ?? null, 'Grace');
    await press(surface);
    await until(() => surface()?.textContent?.includes('Thank you, Grace: a table for 2 is booked.'), 'the surface was not answered');
    expect(doc.getElementById('a2ui-action')?.textContent).to.contain('Action rsvp');
  });
});
