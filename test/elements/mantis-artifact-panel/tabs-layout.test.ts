// The artifact panel's tabs and layout: keyboard and pointer use of the tabs, closing, collapsing and resizing, the
// layout preferences kept in IndexedDB (never a tab or a payload), and the store's two caps under many opens.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createStore, entries } from 'idb-keyval';
import type { ArtifactCloseDetail } from '../../../elements/events.js';
import { DATABASE_NAME, STORE_NAME, readLayout } from '../../../elements/internal/storage.js';
import { ARTIFACT_LIMITS, TEXT_LIMITS } from '../../../src/index.js';
import { content, focused, handle, panel, q, selected, shadow, source, tabs, unique } from './panel-helpers.js';

async function pointer(target: HTMLElement, type: string, clientX: number): Promise<void> {
  target.dispatchEvent(new PointerEvent(type, { pointerId: 1, button: 0, buttons: 1, clientX, clientY: 100, bubbles: true, composed: true, cancelable: true }));
}

describe('<mantis-artifact-panel> tabs and layout', () => {
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

  it('a panel whose stored preference is collapsed expands when its first artifact opens, as any opening does', async () => {
    const layoutKey = unique('collapsed-first');
    const first = await panel({ layoutKey });
    first.store.open(source('a'));
    await first.el.updateComplete;
    q<HTMLButtonElement>(first.el, '[part~="toggle"]').click();
    await waitUntil(async () => (await readLayout(layoutKey)).panelOpen === false, 'panelOpen was not stored');
    // A new panel (a reload) with the same key: nothing shown until an artifact opens, and that opening expands it.
    const { el, store } = await panel({ layoutKey });
    store.open(source('b'));
    await el.updateComplete;
    await el.updateComplete;
    expect(el.collapsed).to.equal(false);
    expect(q<HTMLButtonElement>(el, '[part~="toggle"]').getAttribute('aria-expanded')).to.equal('true');
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

    // A panel's code (and so its layout) loads with its first tab: it shows at the stored width from its first render.
    const second = await panel({ layoutKey });
    expect(second.store.tabs.length).to.equal(0);
    expect(second.el.checkVisibility()).to.equal(false);
    second.store.open(source('again'));
    await second.el.updateComplete;
    expect(second.el.width).to.equal(336);
    expect(tabs(second.el).length).to.equal(1);
    expect(Math.round(second.el.getBoundingClientRect().width)).to.equal(336);
  });

  it('opening 500 artifacts keeps both caps of the default store on every open and closes the oldest tab first', async () => {
    const { el, store } = await panel();
    expect(store.limits).to.deep.equal({ ...ARTIFACT_LIMITS });
    const closed: ArtifactCloseDetail[] = [];
    el.addEventListener('mantis-artifact-close', (event) => closed.push(event.detail));
    // Blocks of 40 small payloads (the entry cap binds) and 40 maximal ones (36,000 bytes: the byte cap binds).
    const maximal = '€'.repeat(TEXT_LIMITS.artifact);
    let closedForBytes = 0;
    let closedForEntries = 0;
    for (let i = 0; i < 500; i++) {
      const big = Math.floor(i / 40) % 2 === 1;
      const open = store.tabs.length;
      const before = closed.length;
      store.open(source(`n${i}`, big ? { content: maximal } : {}));
      if (closed.length > before && open < ARTIFACT_LIMITS.entries) closedForBytes += 1;
      if (closed.length > before && open === ARTIFACT_LIMITS.entries && !big) closedForEntries += 1;
      expect(store.tabs.length <= ARTIFACT_LIMITS.entries, `${store.tabs.length} tabs after open ${i}`).to.equal(true);
      expect(store.bytes <= ARTIFACT_LIMITS.bytes, `${store.bytes} bytes after open ${i}`).to.equal(true);
      await el.updateComplete;
      expect(tabs(el).length).to.equal(store.tabs.length);
      expect(selected(el)?.textContent?.trim()).to.equal(`Artifact n${i}`);
    }
    expect(closedForBytes, 'the byte cap closed tabs').to.be.greaterThan(0);
    expect(closedForEntries, 'the entry cap closed tabs').to.be.greaterThan(0);
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(store.tabs.map((t) => t.title));
    expect(closed.length + store.tabs.length).to.equal(500);
    expect(closed.every((c) => c.evicted)).to.equal(true);
    expect(closed.map((c) => c.key)).to.deep.equal(Array.from({ length: closed.length }, (_, i) => `m/v/n${i}`));
    expect(q(el, '[role="status"]').textContent).to.contain(`Artifact n${closed.length - 1} was closed to make room.`);
  });
});
