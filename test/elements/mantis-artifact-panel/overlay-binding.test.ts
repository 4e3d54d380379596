// The artifact panel as an overlay (a modal sheet when expanded, a bar at the top when collapsed), its accessibility,
// and where its store comes from: `store`, or the session of the chat named by `for`, followed when it is replaced.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../elements/index.js';
import type { MantisArtifactPanel } from '../../../elements/mantis-artifact-panel/mantis-artifact-panel.js';
import { ArtifactStore, ChatSession } from '../../../src/index.js';
import { content, focused, handle, panel, q, selected, source, tabs, unique } from './panel-helpers.js';

async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

/** Whether an element covers any of the bottom 4rem of the viewport (where a chat's composer is). */
function coversBottom(element: Element): boolean {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const rect = element.getBoundingClientRect();
  return rect.height > 0 && rect.bottom > window.innerHeight - 4 * rem;
}

afterEach(async () => {
  await setViewport({ width: 800, height: 600 });
});

describe('<mantis-artifact-panel> overlay, accessibility and binding', () => {
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
    expect(base.getAttribute('role')).to.equal('dialog');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.collapsed).to.equal(true);
    expect(content(el).checkVisibility()).to.equal(false);
    expect(document.activeElement).to.equal(opener);
    expect(base.getAttribute('role'), 'the collapsed bar is not modal').to.equal(null);
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
    // Now covering the page, it is modal, and focus moved into it.
    await waitUntil(() => q(el, '[part~="base"]').getAttribute('role') === 'dialog', 'the sheet is not a dialog');
    expect(q(el, '[part~="base"]').getAttribute('aria-modal')).to.equal('true');
    await waitUntil(() => focused(el) === selected(el), 'focus did not move into the sheet');
    content(el).focus();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.collapsed).to.equal(true);
    expect(coversBottom(q(el, '[part~="base"]')), 'the collapsed bar covers the bottom of the viewport').to.equal(false);
  });

  it('the expanded narrow sheet is a modal dialog: Tab and Shift+Tab wrap around its own controls', async () => {
    const { el, store, opener, after } = await panel({ narrow: true, after: true });
    opener.focus();
    for (const id of ['a', 'b']) store.open(source(id));
    await el.updateComplete;
    await waitUntil(() => focused(el) === selected(el), 'focus did not move into the sheet');
    const base = q(el, '[part~="base"]');
    expect(base.getAttribute('role')).to.equal('dialog');
    expect(base.getAttribute('aria-modal')).to.equal('true');
    expect(base.getAttribute('aria-label')).to.equal('Artifacts');
    const toggle = q(el, '[part~="toggle"]');
    // From the last control, Tab goes to the first; from the first, Shift+Tab goes to the last.
    content(el).focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(el);
    expect(focused(el)).to.equal(toggle);
    await shiftTab();
    expect(document.activeElement).to.equal(el);
    expect(focused(el)).to.equal(content(el));
    // Round trips both ways visit the sheet's controls only, never the page under it.
    const names = (target: HTMLElement | null) => target?.getAttribute('aria-label') ?? target?.getAttribute('part') ?? target?.textContent?.trim();
    const forward: (string | null | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement, `Tab ${i}`).to.equal(el);
      forward.push(names(focused(el)));
    }
    expect(forward).to.deep.equal(['toggle', 'close-all', 'tab', 'Close Artifact b', 'content', 'toggle']);
    const backward: (string | null | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      await shiftTab();
      expect(document.activeElement, `Shift+Tab ${i}`).to.equal(el);
      backward.push(names(focused(el)));
    }
    expect(backward).to.deep.equal(['content', 'Close Artifact b', 'tab', 'close-all', 'toggle', 'content']);
    expect(document.activeElement).not.to.equal(after);
    // Escape collapses it, as before: no longer modal, and focus is back where it was.
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.collapsed).to.equal(true);
    expect(base.getAttribute('role')).to.equal(null);
    expect(base.hasAttribute('aria-modal')).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('collapsed when narrow, it is a bar at the top that leaves the bottom 4rem of the viewport uncovered', async () => {
    const { el, store } = await panel({ narrow: true });
    store.open(source('a'));
    await el.updateComplete;
    const base = q(el, '[part~="base"]');
    expect(coversBottom(base), 'the expanded sheet covers the viewport').to.equal(true);
    el.collapsed = true;
    await el.updateComplete;
    const bar = base.getBoundingClientRect();
    expect(bar.top).to.equal(0);
    expect(Math.round(bar.width)).to.equal(document.documentElement.clientWidth);
    expect(bar.height).to.be.greaterThan(0);
    expect(coversBottom(base)).to.equal(false);
    expect(q(el, '[part~="toggle"]').checkVisibility(), 'the bar keeps its buttons').to.equal(true);
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

  it('follows a session that replaces the chat’s, at the chat’s next event or its own next update', async () => {
    const id = unique('replaced');
    const wrapper = await fixture<HTMLDivElement>(html`<div style="display:flex">
      <mantis-chat id=${id} artifact-panel="none"></mantis-chat>
      <mantis-artifact-panel for=${id} layout-key=${unique('follow')}></mantis-artifact-panel>
    </div>`);
    const chat = wrapper.querySelector('mantis-chat') as HTMLElementTagNameMap['mantis-chat'];
    const el = wrapper.querySelector('mantis-artifact-panel') as MantisArtifactPanel;
    chat.session.artifacts.open(source('old'));
    await el.updateComplete;
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(['Artifact old']);
    const titles = () => tabs(el).map((t) => t.textContent?.trim());

    // A history change of the chat (it bubbles, composed).
    const second = new ChatSession();
    second.artifacts.open(source('second'));
    chat.session = second;
    await chat.updateComplete;
    chat.dispatchEvent(new CustomEvent('mantis-history-change', { detail: { messages: [] }, bubbles: true, composed: true }));
    await el.updateComplete;
    expect(el.shownStore).to.equal(second.artifacts);
    expect(titles()).to.deep.equal(['Artifact second']);

    // A connection change of the chat.
    const third = new ChatSession();
    third.artifacts.open(source('third'));
    chat.session = third;
    await chat.updateComplete;
    chat.dispatchEvent(new CustomEvent('mantis-connection-change', { detail: { state: 'idle' }, bubbles: true, composed: true }));
    await el.updateComplete;
    expect(titles()).to.deep.equal(['Artifact third']);
    // The stores it left no longer reach it.
    second.artifacts.closeAll();
    await el.updateComplete;
    expect(titles()).to.deep.equal(['Artifact third']);

    // Any update of the panel itself (here a width).
    const fourth = new ChatSession();
    fourth.artifacts.open(source('fourth'));
    chat.session = fourth;
    el.width = 300;
    await el.updateComplete;
    expect(el.shownStore).to.equal(fourth.artifacts);
    expect(titles()).to.deep.equal(['Artifact fourth']);
    third.artifacts.open(source('ignored'));
    await el.updateComplete;
    expect(titles()).to.deep.equal(['Artifact fourth']);
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
