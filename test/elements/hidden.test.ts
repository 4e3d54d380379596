import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/mantis-chat/mantis-chat.js';
import '../../elements/mantis-ui-view/mantis-ui-view.js';
import '../../elements/mantis-artifact-panel/mantis-artifact-panel.js';
import '../../elements/agent-envelope/agent-envelope.js';
import '../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { ArtifactStore } from '../../src/index.js';

/*
 * The hidden attribute hides every element. Each host sets its own display (block), which overrides the browser's
 * [hidden] { display: none } rule, so the shared theme styles hide the host themselves.
 */

const TAGS = ['mantis-ui-view', 'mantis-chat', 'mantis-media-item', 'agent-envelope', 'mantis-a2ui-surface'] as const;

const display = (el: Element) => getComputedStyle(el).display;

/** Creates the element inside a fresh fixture container, with the given attributes, and waits for its first render. */
async function create(tag: (typeof TAGS)[number], hidden: boolean): Promise<HTMLElement> {
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement(tag);
  if (hidden) el.setAttribute('hidden', '');
  container.append(el);
  await el.updateComplete;
  return el;
}

describe('the hidden attribute', () => {
  for (const tag of TAGS) {
    it(`hides <${tag}>`, async () => {
      expect(display(await create(tag, false))).to.equal('block');
      const el = await create(tag, true);
      expect(display(el)).to.equal('none');
      el.hidden = false;
      expect(display(el)).to.equal('block');
      el.hidden = true;
      expect(display(el)).to.equal('none');
    });

    it(`hides <${tag}> even when the page gives it a display`, async () => {
      const style = document.createElement('style');
      style.textContent = `${tag} { display: flex; }`;
      document.head.append(style);
      try {
        const el = await create(tag, true);
        expect(display(el)).to.equal('none');
        el.hidden = false;
        expect(display(el)).to.equal('flex');
      } finally {
        style.remove();
      }
    });
  }
});

describe('the hidden attribute on <mantis-artifact-panel>', () => {
  it('hides a panel that has a tab to show', async () => {
    const store = new ArtifactStore();
    store.open({ viewId: 'v', node: { id: 'a', type: 'artifact', title: 'Shown', format: 'text', content: 'Payload' } });
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = document.createElement('mantis-artifact-panel');
    el.store = store;
    container.append(el);
    await el.updateComplete;
    expect(display(el)).to.equal('block');
    el.hidden = true;
    expect(display(el)).to.equal('none');
    el.hidden = false;
    expect(display(el)).to.equal('block');
  });
});
