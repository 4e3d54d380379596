import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { createStore, entries } from 'idb-keyval';
import '../../../elements/index.js';
import type { MantisArtifactPanel } from '../../../elements/mantis-artifact-panel/mantis-artifact-panel.js';
import type { ArtifactCloseDetail } from '../../../elements/events.js';
import { DATABASE_NAME, STORE_NAME, readLayout } from '../../../elements/internal/storage.js';
import { ArtifactStore, type ArtifactNode, type ArtifactSource } from '../../../src/index.js';
import { OWN_ATTACKS } from '../../helpers/corpus.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';

const ATTACK = '<img src=x onerror=alert(1)>';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

const source = (id: string, extra: Partial<ArtifactNode> = {}): ArtifactSource => ({
  node: { id, type: 'artifact', title: `Artifact ${id}`, format: 'text', content: `The payload of ${id}.`, ...extra },
  viewId: 'v',
  messageId: 'm',
});

const shadow = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
const q = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => shadow(el).querySelector<T & Element>(selector) as T;
const tabs = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLElement>('[role="tab"]')];
const selected = (el: HTMLElement) => tabs(el).find((t) => t.getAttribute('aria-selected') === 'true');
const handle = (el: HTMLElement) => q(el, '[role="separator"]');
const content = (el: HTMLElement) => q(el, '[role="tabpanel"]');
/** The focused element inside the panel's shadow root. */
const focused = (el: HTMLElement) => shadow(el).activeElement as HTMLElement | null;

/** A panel docked to the right of a 780px workspace row, showing a fresh store. */
async function panel(options: { store?: ArtifactStore; layoutKey?: string; theme?: string } = {}) {
  const store = options.store ?? new ArtifactStore();
  const wrapper = await fixture<HTMLDivElement>(html`<div style="display:flex; width:780px; height:420px">
    <button id="opener">Open from the conversation</button>
    <div style="flex:1"></div>
    <mantis-artifact-panel .store=${store} layout-key=${options.layoutKey ?? unique('panel')} theme=${options.theme ?? 'light'}></mantis-artifact-panel>
  </div>`);
  const el = wrapper.querySelector('mantis-artifact-panel') as MantisArtifactPanel;
  await el.updateComplete;
  return { el, store, wrapper, opener: wrapper.querySelector('#opener') as HTMLButtonElement };
}

async function pointer(target: HTMLElement, type: string, clientX: number): Promise<void> {
  target.dispatchEvent(new PointerEvent(type, { pointerId: 1, button: 0, buttons: 1, clientX, clientY: 100, bubbles: true, composed: true, cancelable: true }));
}

afterEach(async () => {
  await setViewport({ width: 800, height: 600 });
});

describe('<mantis-artifact-panel>', () => {
  it('shows nothing while its store holds no tab, then the active artifact', async () => {
    const { el, store } = await panel();
    expect(el.checkVisibility()).to.equal(false);
    store.open(source('a'));
    await el.updateComplete;
    expect(el.checkVisibility()).to.equal(true);
    expect(q(el, '[part="header"]').textContent).to.contain('Artifact a');
    expect(content(el).textContent).to.contain('The payload of a.');
    expect(content(el).getAttribute('aria-labelledby')).to.equal(selected(el)?.id);
    store.closeAll();
    await el.updateComplete;
    expect(el.checkVisibility()).to.equal(false);
  });

  it('renders every format safely: attack strings stay text, and no img or script element is created', async () => {
    const sinks = watchSinks();
    try {
      const { el, store } = await panel();
      const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;
      for (const [n, attack] of [ATTACK, ...OWN_ATTACKS.slice(0, 16)].entries()) {
        const payloads: Partial<ArtifactNode>[] = [
          { format: 'markdown', content: `# Title\n\n${attack}` },
          { format: 'text', content: attack },
          { format: 'code', language: 'html', content: attack },
          { format: 'csv', content: `name,value\n${csvCell(attack)},1` },
          { format: 'json', content: JSON.stringify({ attack }) },
        ];
        for (const [i, extra] of payloads.entries()) {
          store.open(source(`f${i}-${n}`, extra));
          await el.updateComplete;
          assertNoActiveContent(shadow(el), `${extra.format}: ${attack}`);
          const shown = extra.format === 'json' ? JSON.stringify(attack) : attack;
          if (extra.format !== 'markdown') expect(content(el).textContent, `${extra.format}`).to.contain(shown);
        }
      }
      expect(shadow(el).querySelector('img, script, iframe')).to.equal(null);
      sinks.assertClean('artifact formats');
    } finally {
      sinks.restore();
    }
  });

  it('shows CSV as a table: quoted fields, the first row as header, rows capped with a note', async () => {
    const { el, store } = await panel();
    store.open(source('csv', { format: 'csv', content: 'name,"note, with comma"\r\n"Quoted ""word""","two\nlines"\nplain,\n' }));
    await el.updateComplete;
    const headers = [...shadow(el).querySelectorAll('table th')].map((th) => th.textContent?.trim());
    expect(headers).to.deep.equal(['name', 'note, with comma']);
    const cells = [...shadow(el).querySelectorAll('table tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).to.deep.equal([
      ['Quoted "word"', 'two\nlines'],
      ['plain', ''],
    ]);
    const rows = Array.from({ length: 1200 }, (_, i) => `${i},x`).join('\n');
    store.open(source('big', { format: 'csv', content: `n,v\n${rows}` }));
    await el.updateComplete;
    expect(shadow(el).querySelectorAll('table tbody tr').length).to.equal(1000);
    expect(q(el, '.note').textContent).to.contain('1,000 of 1,200');
    store.open(source('bad', { format: 'csv', content: 'a,"never closed\n1,2' }));
    await el.updateComplete;
    expect(shadow(el).querySelector('table')).to.equal(null);
    expect(q(el, '[role="note"]').textContent).to.contain('can’t be shown as a table');
    expect(content(el).textContent).to.contain('a,"never closed');
  });

  it('pretty-prints JSON, shows invalid JSON as text with a note, and labels code with its language', async () => {
    const { el, store } = await panel();
    store.open(source('json', { format: 'json', content: '{"a":[1,{"b":"c"}]}' }));
    await el.updateComplete;
    expect(q(el, 'pre code').textContent).to.equal(JSON.stringify({ a: [1, { b: 'c' }] }, null, 2));
    store.open(source('broken', { format: 'json', content: '{"a": ' }));
    await el.updateComplete;
    expect(q(el, '[role="note"]').textContent).to.contain('not valid');
    expect(q(el, 'pre').textContent).to.equal('{"a": ');
    store.open(source('code', { format: 'code', language: 'python', content: 'print("hi")' }));
    await el.updateComplete;
    expect(q(el, 'figcaption').textContent).to.equal('python');
    expect(q(el, 'pre code').textContent).to.equal('print("hi")');
    expect(q(el, 'pre code').children.length).to.equal(0);
  });

  it('moves between tabs with the arrow keys, Home and End, with a roving tabindex', async () => {
    const { el, store } = await panel();
    for (const id of ['a', 'b', 'c']) store.open(source(id));
    await el.updateComplete;
    expect(tabs(el).map((t) => t.tabIndex)).to.deep.equal([-1, -1, 0]);
    expect(q(el, '[role="tablist"]').querySelectorAll(':scope > :not([role="tab"])').length).to.equal(0);
    tabs(el)[2]?.focus();
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(focused(el)?.textContent?.trim()).to.equal('Artifact a');
    expect(store.active?.nodeId).to.equal('a');
    expect(tabs(el).map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(selected(el)?.textContent?.trim()).to.equal('Artifact c');
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(focused(el)).to.equal(selected(el));
    expect(store.active?.nodeId).to.equal('a');
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(focused(el)?.getAttribute('aria-selected')).to.equal('true');
    expect(store.active?.nodeId).to.equal('c');
    expect(content(el).textContent).to.contain('The payload of c.');
  });

  it('reopening an open key selects its one tab, focusing it only when focus is in the panel', async () => {
    const { el, store, opener } = await panel();
    for (const id of ['a', 'b', 'c']) store.open(source(id));
    await el.updateComplete;
    opener.focus();
    store.open(source('a'));
    await el.updateComplete;
    expect(tabs(el).length).to.equal(3);
    expect(selected(el)?.textContent?.trim()).to.equal('Artifact a');
    expect(document.activeElement).to.equal(opener);
    tabs(el)[0]?.focus();
    store.open(source('b'));
    await el.updateComplete;
    expect(tabs(el).length).to.equal(3);
    expect(focused(el)?.textContent?.trim()).to.equal('Artifact b');
  });

  it('closes tabs with their close button and with Delete, and fires mantis-artifact-close', async () => {
    const { el, store } = await panel();
    const closed: ArtifactCloseDetail[] = [];
    el.addEventListener('mantis-artifact-close', (event) => closed.push(event.detail));
    for (const id of ['a', 'b', 'c']) store.open(source(id));
    await el.updateComplete;
    const closeB = [...shadow(el).querySelectorAll<HTMLButtonElement>('[part~="tab-close"]')][1] as HTMLButtonElement;
    expect(closeB.getAttribute('aria-label')).to.equal('Close Artifact b');
    closeB.click();
    await el.updateComplete;
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(['Artifact a', 'Artifact c']);
    tabs(el)[1]?.focus();
    await sendKeys({ press: 'Delete' });
    await el.updateComplete;
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(['Artifact a']);
    await el.updateComplete;
    expect(focused(el)).to.equal(tabs(el)[0]);
    // The selected tab's close button is in the tab order, right after its tab.
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('aria-label')).to.equal('Close Artifact a');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(closed).to.deep.equal([
      { key: 'm/v/b', title: 'Artifact b', evicted: false },
      { key: 'm/v/c', title: 'Artifact c', evicted: false },
      { key: 'm/v/a', title: 'Artifact a', evicted: false },
    ]);
    expect(el.checkVisibility()).to.equal(false);
  });

  it('Close all closes every tab and hides the panel; focus goes back to the opener', async () => {
    const { el, store, opener } = await panel();
    opener.focus();
    for (const id of ['a', 'b']) store.open(source(id));
    await el.updateComplete;
    q<HTMLButtonElement>(el, '[part~="close-all"]').focus();
    q<HTMLButtonElement>(el, '[part~="close-all"]').click();
    await el.updateComplete;
    await el.updateComplete;
    expect(store.tabs.length).to.equal(0);
    expect(el.checkVisibility()).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('collapses and expands its content, keeping the tabs, and stores that preference', async () => {
    const layoutKey = unique('collapse');
    const { el, store } = await panel({ layoutKey });
    store.open(source('a'));
    await el.updateComplete;
    const toggle = q<HTMLButtonElement>(el, '[part~="toggle"]');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    toggle.click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(content(el).checkVisibility()).to.equal(false);
    expect(tabs(el).length).to.equal(1);
    await waitUntil(async () => (await readLayout(layoutKey)).panelOpen === false, 'panelOpen was not stored');
    toggle.click();
    await el.updateComplete;
    expect(content(el).checkVisibility()).to.equal(true);
    await waitUntil(async () => (await readLayout(layoutKey)).panelOpen === true, 'panelOpen was not stored');
  });

  it('resizes by keyboard, within 240px and 80% of its container', async () => {
    const { el, store } = await panel();
    const widths: number[] = [];
    el.addEventListener('mantis-artifact-panel-resize', (event) => widths.push(event.detail.width));
    store.open(source('a'));
    await el.updateComplete;
    el.width = 400;
    await el.updateComplete;
    const separator = handle(el);
    expect(separator.getAttribute('aria-orientation')).to.equal('vertical');
    expect(separator.getAttribute('aria-label')).to.equal('Resize artifact panel');
    expect(separator.getAttribute('aria-valuemin')).to.equal('240');
    expect(separator.getAttribute('aria-valuemax')).to.equal(String(Math.floor(0.8 * 780)));
    separator.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(el.width).to.equal(416);
    expect(separator.getAttribute('aria-valuenow')).to.equal('416');
    expect(Math.round(el.getBoundingClientRect().width)).to.equal(416);
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'PageDown' });
    await el.updateComplete;
    expect(el.width).to.equal(336);
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(el.width).to.equal(240);
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(el.width).to.equal(240);
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(el.width).to.equal(624);
    await sendKeys({ press: 'PageUp' });
    await el.updateComplete;
    expect(separator.getAttribute('aria-valuenow')).to.equal('624');
    expect(widths).to.deep.equal([416, 400, 336, 240, 624]);
  });

  it('resizes by pointer drag on the handle, clamped', async () => {
    const { el, store } = await panel();
    store.open(source('a'));
    el.width = 300;
    await el.updateComplete;
    const separator = handle(el);
    await pointer(separator, 'pointerdown', 500);
    await pointer(separator, 'pointermove', 400);
    await el.updateComplete;
    expect(el.width).to.equal(400);
    expect(separator.getAttribute('aria-valuenow')).to.equal('400');
    await pointer(separator, 'pointermove', -5000);
    await el.updateComplete;
    expect(el.width).to.equal(624);
    await pointer(separator, 'pointermove', 5000);
    await el.updateComplete;
    expect(el.width).to.equal(240);
    await pointer(separator, 'pointerup', 5000);
    await pointer(separator, 'pointermove', 100);
    await el.updateComplete;
    expect(el.width, 'the drag ended').to.equal(240);
  });

  it('stores its width in IndexedDB, and a new panel restores it, but never a tab or a payload', async () => {
    const layoutKey = unique('persist');
    const first = await panel({ layoutKey });
    first.store.open(source('secret', { content: 'A payload that must never be stored.' }));
    first.el.width = 320;
    await first.el.updateComplete;
    handle(first.el).focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(async () => (await readLayout(layoutKey)).panelWidth === 336, 'the width was not stored', { timeout: 3000 });
    const stored = await entries(createStore(DATABASE_NAME, STORE_NAME));
    expect(JSON.stringify(stored)).not.to.contain('never be stored');
    expect(JSON.stringify(stored)).not.to.contain('m/v/secret');
    first.wrapper.remove();

    const second = await panel({ layoutKey });
    await waitUntil(() => second.el.width === 336, 'the width was not restored');
    expect(second.store.tabs.length).to.equal(0);
    expect(second.el.checkVisibility()).to.equal(false);
    second.store.open(source('again'));
    await second.el.updateComplete;
    expect(tabs(second.el).length).to.equal(1);
    expect(Math.round(second.el.getBoundingClientRect().width)).to.equal(336);
  });

  it('opening 500 artifacts never renders more tabs than the cap and closes the oldest tab first', async () => {
    const store = new ArtifactStore({ entries: 8 });
    const { el } = await panel({ store });
    const closed: ArtifactCloseDetail[] = [];
    el.addEventListener('mantis-artifact-close', (event) => closed.push(event.detail));
    for (let i = 0; i < 500; i++) {
      store.open(source(`n${i}`));
      if (i % 25 === 0 || i === 499) {
        await el.updateComplete;
        expect(tabs(el).length <= 8).to.equal(true);
        expect(selected(el)?.textContent?.trim()).to.equal(`Artifact n${i}`);
      }
    }
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(Array.from({ length: 8 }, (_, i) => `Artifact n${492 + i}`));
    expect(closed.length).to.equal(492);
    expect(closed.every((c) => c.evicted)).to.equal(true);
    expect(closed.map((c) => c.key)).to.deep.equal(Array.from({ length: 492 }, (_, i) => `m/v/n${i}`));
    expect(q(el, '[role="status"]').textContent).to.contain('Artifact n491 was closed to make room.');
  });

  it('is an overlay sheet when narrow: focus moves in when it opens, Escape collapses it and returns focus', async () => {
    const { el, store, opener } = await panel();
    el.narrow = true;
    await el.updateComplete;
    opener.focus();
    store.open(source('a'));
    await el.updateComplete;
    await waitUntil(() => focused(el) === selected(el), 'focus did not move into the sheet');
    const base = q(el, '[part~="base"]');
    expect(getComputedStyle(base).position).to.equal('fixed');
    expect(Math.round(base.getBoundingClientRect().width)).to.equal(document.documentElement.clientWidth);
    expect(handle(el).checkVisibility()).to.equal(false);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.collapsed).to.equal(true);
    expect(content(el).checkVisibility()).to.equal(false);
    expect(document.activeElement).to.equal(opener);
    // Opening it again expands the sheet and moves focus in again.
    store.open(source('a'));
    await el.updateComplete;
    await waitUntil(() => focused(el) === selected(el), 'focus did not move into the sheet again');
  });

  it('is an overlay on a narrow viewport without the attribute', async () => {
    const { el, store } = await panel();
    store.open(source('a'));
    await el.updateComplete;
    expect(getComputedStyle(q(el, '[part~="base"]')).position).to.equal('relative');
    await setViewport({ width: 480, height: 700 });
    await waitUntil(() => getComputedStyle(q(el, '[part~="base"]')).position === 'fixed', 'not an overlay');
    expect(handle(el).checkVisibility()).to.equal(false);
    content(el).focus();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.collapsed).to.equal(true);
  });

  it('is axe-clean in light and dark, expanded, collapsed and narrow', async () => {
    for (const theme of ['light', 'dark']) {
      const { el, store } = await panel({ theme });
      store.open(source('csv', { format: 'csv', content: 'a,,c\n1,2,3' }));
      store.open(source('md', { format: 'markdown', content: '# Notes\n\n- one\n- **two**' }));
      store.open(source('code', { format: 'code', language: 'ts', content: 'const x = 1;' }));
      await el.updateComplete;
      await expect(el).to.be.accessible();
      store.activate('m/v/csv');
      await el.updateComplete;
      await expect(el).to.be.accessible();
      el.collapsed = true;
      await el.updateComplete;
      await expect(el).to.be.accessible();
      el.collapsed = false;
      el.narrow = true;
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });

  it('shows the artifacts of the <mantis-chat> named by for, in the document or a shadow root', async () => {
    const id = unique('chat');
    const wrapper = await fixture<HTMLDivElement>(html`<div style="display:flex">
      <mantis-chat id=${id}></mantis-chat>
      <mantis-artifact-panel for=${id} layout-key=${unique('for')}></mantis-artifact-panel>
    </div>`);
    const chat = wrapper.querySelector('mantis-chat') as HTMLElementTagNameMap['mantis-chat'];
    const el = wrapper.querySelector('mantis-artifact-panel') as MantisArtifactPanel;
    await el.updateComplete;
    expect(el.shownStore).to.equal(chat.session.artifacts);
    chat.session.artifacts.open(source('from-chat'));
    await el.updateComplete;
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(['Artifact from-chat']);
    // `store` wins over `for`.
    const own = new ArtifactStore();
    el.store = own;
    await el.updateComplete;
    expect(el.shownStore).to.equal(own);
    expect(el.checkVisibility()).to.equal(false);

    // Inside a shadow root, `for` looks in that root.
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<mantis-chat id="inner"></mantis-chat><mantis-artifact-panel for="inner" layout-key="${unique('inner')}"></mantis-artifact-panel>`;
    const inner = root.querySelector('mantis-artifact-panel') as MantisArtifactPanel;
    await inner.updateComplete;
    const innerChat = root.querySelector('mantis-chat') as HTMLElementTagNameMap['mantis-chat'];
    expect(inner.shownStore).to.equal(innerChat.session.artifacts);
    inner.htmlFor = 'nobody';
    await inner.updateComplete;
    expect(inner.shownStore).to.equal(null);
  });

  it('ignores a store of the wrong kind with a warning and mantis-config-error', async () => {
    const { el } = await panel();
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      let reason = '';
      el.addEventListener('mantis-config-error', (event) => (reason = event.detail.reason), { once: true });
      (el as unknown as { store: unknown }).store = { open: 'nope' };
      await el.updateComplete;
      expect(reason).to.contain('store must be an ArtifactStore');
      expect(warnings.length).to.equal(1);
      expect(el.store).to.equal(undefined);
      expect(el.shownStore).to.equal(null);
      // Set before the element connects: never subscribed to, rejected at its first update.
      const early = document.createElement('mantis-artifact-panel');
      (early as unknown as { store: unknown }).store = { tabs: [] };
      document.body.append(early);
      await early.updateComplete;
      expect(early.shownStore).to.equal(null);
      expect(warnings.length).to.equal(2);
      early.remove();
    } finally {
      console.warn = warn;
    }
  });

  it('unsubscribes from its store while disconnected', async () => {
    const { el, store, wrapper } = await panel();
    let events = 0;
    el.addEventListener('mantis-artifact-close', () => events++);
    wrapper.remove();
    store.open(source('a'));
    store.close('m/v/a');
    expect(events).to.equal(0);
    expect(el.shownStore).to.equal(null);
    document.body.append(wrapper);
    await el.updateComplete;
    expect(el.shownStore).to.equal(store);
    wrapper.remove();
  });
});
