// A page under a strict Content-Security-Policy (no inline script, no inline style, no eval) with Trusted Types
// enforced, as docs/strict-pages.md asks hosts to write it (web-test-runner.config.mjs serves it with the header): the
// IIFE and its lazy files run a conversation with the reference server, a chart, an A2UI form, a surface on a catalog
// given as JSON (read without eval) and an A2UI surface in the chat, with zero violations. Needs `npm run build` (npm test builds first).
import { expect, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { agentOrigin } from './helpers/agent.js';

type Violation = { directive: string; blocked: string; sample: string; source: string };
type StrictWindow = Window & typeof globalThis & { __violations: Violation[]; __listenedAfter: string[]; __inlineRan?: boolean };

async function strictPage(): Promise<{ frame: HTMLIFrameElement; win: StrictWindow; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.title = 'strict page';
  frame.style.setProperty('width', '900px');
  frame.style.setProperty('height', '1400px');
  frame.src = `/__strict/index.html?agent=${encodeURIComponent(agentOrigin)}`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as StrictWindow;
  // The script tag's modules run after the page loaded (a dynamic import): every tag is defined once this resolved.
  await (win as unknown as { MantisUI: { ready: Promise<unknown> } }).MantisUI.ready;
  return { frame, win, doc: win.document };
}

/**
 * A task, then two animation frames of the page: a violation is reported in a task queued after the offending call,
 * so one the last step caused has been dispatched (and recorded) by then.
 */
async function settled(win: Window): Promise<void> {
  await new Promise((done) => win.setTimeout(done, 0));
  for (let frame = 0; frame < 2; frame += 1) await new Promise((done) => win.requestAnimationFrame(done));
}

/** What `run` threw: chai's to.throw(Constructor) does not match an error of another frame's realm. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const shadow = (el: Element | null | undefined): ShadowRoot => {
  if (!el?.shadowRoot) throw new Error(`no shadow root on ${el?.localName}`);
  return el.shadowRoot;
};

describe('a page with a strict CSP and Trusted Types enforced', () => {
  it('listens from the first moment: before any other script ran, ahead of every listener the page adds', async () => {
    const { frame, win, doc } = await strictPage();
    const listen = new URL('/test/fixtures/strict/listen.js', location.href).href;
    // Attached while the parser had reached no other script: a listener attached later (a script before it, defer,
    // DOMContentLoaded) would see the IIFE's and page.js's elements here.
    expect(win.__listenedAfter).to.deep.equal([listen]);
    const scripts = [...doc.scripts].map((script) => script.src);
    expect(scripts.slice(0, 3)).to.deep.equal([listen, new URL('/dist/mantis-ui.iife.js', location.href).href, new URL('/test/fixtures/strict/page.js', location.href).href]);
    // A listener added later that stops every violation, even at the document in capture, does not hide one from it.
    doc.addEventListener('securitypolicyviolation', (event) => event.stopImmediatePropagation(), { capture: true });
    expect(thrown(() => win.eval('1'))).to.be.instanceOf(win.EvalError);
    await waitUntil(() => win.__violations.length > 0, 'the violation was hidden');
    await settled(win);
    expect(win.__violations.map((v) => `${v.directive} ${v.sample}`)).to.deep.equal(['require-trusted-types-for eval|1']);
    frame.remove();
  });

  it('is really strict: eval, inline styles and scripts, and a string given to innerHTML are refused there', async () => {
    const { frame, win, doc } = await strictPage();
    const div = doc.createElement('div');
    expect(() => {
      div.innerHTML = '<b>bold</b>';
    }).to.throw(/TrustedHTML/);
    expect(thrown(() => win.eval('1'))).to.be.instanceOf(win.EvalError);
    div.setAttribute('style', 'color: red');
    doc.body.append(div);
    const style = doc.createElement('style');
    style.textContent = 'b { color: red; }';
    doc.head.append(style);
    // Its text set in the test's document, where Trusted Types are not enforced, the script passes their check: what
    // refuses it is the policy's script-src.
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    doc.head.append(doc.adoptNode(script));
    await waitUntil(() => win.__violations.length >= 5, 'not every refusal was reported');
    await settled(win);
    // Trusted Types name the sink in the sample; the policy's own directives report no sample (no 'report-sample').
    expect(win.__violations.map((v) => (v.sample ? `${v.directive} ${v.sample.split('|')[0]}` : v.directive)).sort()).to.deep.equal([
      'require-trusted-types-for Element innerHTML',
      'require-trusted-types-for eval',
      'script-src-elem',
      'style-src-attr',
      'style-src-elem',
    ]);
    expect(win.__inlineRan, 'the inline script ran').to.equal(undefined);
    frame.remove();
  });

  it('runs the conversation, a chart, an A2UI form and a surface in the chat with zero violations', async () => {
    const { frame, win, doc } = await strictPage();
    const chat = doc.getElementById('chat') as HTMLElement & { send(text: string): boolean };
    await waitUntil(() => shadow(chat).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 8000 });

    // A reply: streamed Markdown (marked + DOMPurify) and a validated view between its paragraphs.
    chat.send('hello from a strict page');
    await waitUntil(() => shadow(chat).querySelector('mantis-ui-view')?.shadowRoot?.querySelector('[role="heading"]'), 'no view', { timeout: 8000 });
    await waitUntil(() => !shadow(chat).querySelector('[part~="message-assistant"][aria-busy="true"]'), 'reply never ended', { timeout: 8000 });
    expect(shadow(chat).querySelector('[part~="message-assistant"] [part="text"] p'), 'Markdown rendered').not.to.equal(null);

    // A long Markdown table streamed row by row (its columns are laid out through the CSSOM, then let go).
    const echo = doc.getElementById('echo') as HTMLElement & { send(text: string): boolean };
    await waitUntil(() => shadow(echo).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'the echo chat never connected', { timeout: 8000 });
    const rows = Array.from({ length: 40 }, (_, i) => `| J-${i} | ${300 - i} kPa | ok |`).join('\n');
    echo.send(`Readings:\n\n| junction | pressure | state |\n|---|---|---|\n${rows}\n\nThat is all.`);
    await waitUntil(() => shadow(echo).querySelector('[part~="message-assistant"]:not([aria-busy="true"]) table'), 'no table', { timeout: 8000 });
    expect(shadow(echo).querySelectorAll('[part~="message-assistant"] table tr').length).to.equal(41);

    // A chart, drawn by ECharts from the lazy chart file: hovered (its tooltip), shown as a table and back, moved in the
    // page (disposed and drawn again) and given another envelope.
    const chart = doc.getElementById('chart') as HTMLElement;
    await waitUntil(() => chart.shadowRoot?.querySelector('[part="chart"] svg path'), 'no chart', { timeout: 8000 });
    // The chart is the page's first element: scrolled to, it is in the test page's viewport, where the mouse moves.
    frame.scrollIntoView({ block: 'start' });
    const area = (shadow(chart).querySelector('[part="chart"]') as HTMLElement).getBoundingClientRect();
    const offset = frame.getBoundingClientRect();
    const texts = () => shadow(chart).querySelectorAll('[part="chart"] svg text').length;
    const before = texts();
    for (const x of [0.4, 0.5, 0.6]) {
      await sendMouse({ type: 'move', position: [Math.round(offset.left + area.left + area.width * x), Math.round(offset.top + area.top + area.height * 0.5)] });
    }
    await waitUntil(() => texts() > before, 'no tooltip drawn in the chart');
    await sendMouse({ type: 'move', position: [0, 0] });
    const toggle = shadow(chart).querySelector('[part="chart-toggle"]') as HTMLButtonElement;
    toggle.click();
    await waitUntil(() => shadow(chart).querySelector('table'), 'no table');
    toggle.click();
    const drawn = () => chart.shadowRoot?.querySelector('[part="chart"] svg') ?? null;
    const first = drawn();
    chart.remove();
    doc.querySelector('main')?.append(chart);
    await waitUntil(() => drawn() && drawn() !== first, 'not drawn again after the move', { timeout: 8000 });
    const second = drawn();
    const next = JSON.parse(chart.getAttribute('envelope') as string) as { fallbackText: string };
    chart.setAttribute('envelope', JSON.stringify({ ...next, fallbackText: 'Pressure fell, then held.' }));
    await waitUntil(() => drawn() && drawn() !== second, 'not drawn again for a new envelope', { timeout: 8000 });

    // A surface on a catalog given as JSON: read (its pattern with a lookahead too) and composed without eval.
    const tiles = doc.getElementById('json-catalog') as HTMLElement;
    await waitUntil(() => tiles.shadowRoot?.textContent?.includes('A tile from a JSON catalog'), `no tile: ${JSON.stringify(win.__violations)}`, { timeout: 8000 });
    expect(shadow(tiles).querySelector('[part="card"]'), 'its composition drew a Card').not.to.equal(null);

    // An A2UI form on its own: typed into, its formatted text follows, and its button sends the action.
    const form = doc.getElementById('form') as HTMLElement & { updateComplete: Promise<unknown> };
    await waitUntil(() => form.shadowRoot?.querySelector('input'), 'no A2UI form', { timeout: 8000 });
    // A weighted component's inline style is set through the CSSOM, which the policy allows.
    expect([...shadow(form).querySelectorAll<HTMLElement>('*')].some((el) => el.style.flexGrow === '2'), 'the weight applied').to.equal(true);
    const input = shadow(form).querySelector('input') as HTMLInputElement;
    input.value = 'Ada';
    input.dispatchEvent(new win.InputEvent('input', { bubbles: true, composed: true }));
    await waitUntil(() => shadow(form).textContent?.includes('Booked for Ada.'), `the bound text never followed: ${JSON.stringify(win.__violations)} ${shadow(form).textContent}`);
    const send = [...shadow(form).querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Reply') as HTMLButtonElement;
    send.click();
    await waitUntil(() => doc.getElementById('action')?.textContent === 'rsvp: Ada', 'no A2UI action');

    // An A2UI surface the agent sends in the chat.
    chat.send('Show me the a2ui form');
    await waitUntil(() => shadow(chat).querySelector('mantis-a2ui-surface')?.shadowRoot?.textContent?.includes('Fill in the form'), 'no surface in the chat', {
      timeout: 8000,
    });

    // Authenticated image previews (blob: URLs) and an artifact opened in the lazily loaded panel.
    chat.send('Show me the photos');
    await waitUntil(() => [...shadow(chat).querySelectorAll('mantis-ui-view')].some((view) => view.shadowRoot?.querySelector('[part~="artifact-open"]')), 'no media reply', {
      timeout: 8000,
    });
    const views = [...shadow(chat).querySelectorAll('mantis-ui-view')];
    const media = views.find((view) => view.shadowRoot?.querySelector('[part~="artifact-open"]')) as HTMLElement;
    await waitUntil(() => media.shadowRoot?.querySelector('mantis-media-item')?.shadowRoot?.querySelector('img[src^="blob:"]'), 'no image preview', { timeout: 8000 });
    (shadow(media).querySelector('[part~="artifact-open"]') as HTMLButtonElement).click();
    await waitUntil(() => shadow(chat).querySelector('mantis-artifact-panel')?.shadowRoot?.textContent?.includes('J-101'), 'the panel never showed the artifact', { timeout: 8000 });

    // An A2UI video of a stored file plays from its object URL (media-src blob:).
    chat.send('Show me the a2ui media');
    const video = (): HTMLVideoElement | null | undefined =>
      [...shadow(chat).querySelectorAll('mantis-a2ui-surface')].map((s) => s.shadowRoot?.querySelector<HTMLVideoElement>('video[src^="blob:"]')).find(Boolean);
    await waitUntil(() => (video()?.readyState ?? 0) >= 1, 'the video never loaded under the policy', { timeout: 8000 });

    await settled(win);
    expect(win.__violations).to.deep.equal([]);
    frame.remove();
  });
});
