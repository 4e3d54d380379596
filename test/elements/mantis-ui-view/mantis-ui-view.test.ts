import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';
import { OWN_ATTACKS, sharedCorpusOrSkip } from '../../helpers/corpus.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';

const SPEC_EXAMPLE = {
  version: 1,
  id: 'overview',
  root: {
    id: 'main',
    type: 'stack',
    children: [
      { id: 'title', type: 'heading', text: 'Memory systems', level: 1 },
      { id: 'note', type: 'callout', tone: 'warning', title: 'Heads up', body: 'The **densest** cluster.' },
    ],
  },
};

const shadow = (el: MantisUiView) => el.shadowRoot as ShadowRoot;

describe('<mantis-ui-view>', () => {
  it('renders a valid heading from the view property', async () => {
    const el = await fixture<MantisUiView>(
      html`<mantis-ui-view .view=${{ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Quarterly results' } }}></mantis-ui-view>`,
    );
    const heading = shadow(el).querySelector('[role="heading"]');
    expect(heading?.textContent?.trim()).to.equal('Quarterly results');
    expect(heading?.getAttribute('aria-level')).to.equal('3');
    expect(shadow(el).querySelector('[part="fallback"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('renders from JSON text in the spec attribute', async () => {
    const el = await fixture<MantisUiView>(html`<mantis-ui-view spec=${JSON.stringify(SPEC_EXAMPLE)}></mantis-ui-view>`);
    expect(shadow(el).querySelector('[part="stack"]')).not.to.equal(null);
    expect(shadow(el).querySelector('[part="callout"] strong')?.textContent).to.equal('densest');
    // Tone is not conveyed by colour alone.
    expect(shadow(el).querySelector('[part="callout"]')?.textContent).to.contain('Warning:');
    await expect(el).to.be.accessible();
  });

  it('falls back to accessible text for an invalid heading, never showing its data, and fires mantis-view-error', async () => {
    const el = document.createElement('mantis-ui-view');
    const error = oneEvent(el, 'mantis-view-error');
    el.view = { version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Secret <b>', onclick: 'alert(1)' } };
    document.body.append(el);
    const event = await error;
    expect(event.detail.reason).to.equal('invalid-root');
    expect(event.bubbles && event.composed).to.equal(true);
    const fallback = shadow(el).querySelector('[part="fallback"]');
    expect(fallback?.getAttribute('role')).to.equal('note');
    expect(fallback?.textContent).to.contain('can’t be shown');
    expect(shadow(el).textContent).not.to.contain('Secret');
    expect(shadow(el).querySelector('[role="heading"]')).to.equal(null);
    await expect(el).to.be.accessible();
    el.remove();
  });

  it('falls back for text that is not JSON and for an unknown version', async () => {
    const el = await fixture<MantisUiView>(html`<mantis-ui-view spec="{nope"></mantis-ui-view>`);
    expect(shadow(el).querySelector('[part="fallback"]')?.textContent).to.contain('not valid JSON');
    el.spec = JSON.stringify({ ...SPEC_EXAMPLE, version: 2 });
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="fallback"]')?.textContent).to.contain('version');
  });

  it('shows an inert warning for an invalid child while valid siblings render', async () => {
    const view = structuredClone(SPEC_EXAMPLE) as { root: { children: unknown[] } };
    view.root.children.push({ id: 'bad', type: 'callout', body: 'x', href: 'javascript:alert(1)' });
    const el = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view}></mantis-ui-view>`);
    expect(shadow(el).querySelector('[role="heading"]')).not.to.equal(null);
    expect(shadow(el).querySelectorAll('[part="callout"]')).to.have.length(1);
    const warning = shadow(el).querySelector('[part="invalid"]');
    expect(warning?.textContent).to.contain('could not be shown');
    expect(shadow(el).innerHTML).not.to.contain('javascript');
    await expect(el).to.be.accessible();
  });

  it('is accessible and uses dark colours in the dark theme', async () => {
    const light = await fixture<MantisUiView>(html`<mantis-ui-view theme="light" .view=${SPEC_EXAMPLE}></mantis-ui-view>`);
    const dark = await fixture<MantisUiView>(html`<mantis-ui-view theme="dark" .view=${SPEC_EXAMPLE}></mantis-ui-view>`);
    const color = (el: MantisUiView) => getComputedStyle(el).color;
    expect(color(light)).to.not.equal(color(dark));
    expect(getComputedStyle(dark).colorScheme).to.equal('dark');
    await expect(dark).to.be.accessible();
  });

  it('renders Markdown in a callout without links, images or raw HTML', async () => {
    const body = '[site](https://example.com) ![img](https://example.com/x.png) <b onclick="x">bold</b> `code`';
    const el = await fixture<MantisUiView>(
      html`<mantis-ui-view .view=${{ version: 1, id: 'v', root: { id: 'c', type: 'callout', body } }}></mantis-ui-view>`,
    );
    const callout = shadow(el).querySelector('[part="callout"]') as HTMLElement;
    expect(callout.querySelector('a, img, b')).to.equal(null);
    expect(callout.textContent).to.contain('site');
    expect(callout.textContent).to.contain('<b onclick="x">bold</b>');
    expect(callout.querySelector('code')?.textContent).to.equal('code');
  });

  describe('attack inputs in every string field', () => {
    const render = async (text: string) => {
      const view = {
        version: 1,
        id: 'v',
        root: {
          id: 's',
          type: 'stack',
          children: [
            { id: 'h', type: 'heading', text: text.slice(0, 200) || 'x' },
            { id: 'c', type: 'callout', title: text.slice(0, 200) || 'x', body: text.slice(0, 4000) || 'x' },
          ],
        },
      };
      const el = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view}></mantis-ui-view>`);
      await new Promise((done) => setTimeout(done, 0));
      return el;
    };

    it('leaves the suite’s own attack inputs inert', async () => {
      const sinks = watchSinks();
      try {
        for (const payload of OWN_ATTACKS) {
          const el = await render(payload);
          assertNoActiveContent(shadow(el), payload);
          el.remove();
        }
        sinks.assertClean('own attacks');
      } finally {
        sinks.restore();
      }
    });

    it('leaves every xss and markdown entry of the shared corpus inert', async function () {
      const corpus = await sharedCorpusOrSkip(this, 'the shared corpus');
      this.timeout(120_000);
      const sinks = watchSinks();
      try {
        for (const entry of [...corpus.xss, ...corpus.markdown]) {
          const el = await render(entry.payload);
          assertNoActiveContent(shadow(el), entry.id);
          el.remove();
        }
        sinks.assertClean('shared corpus');
      } finally {
        sinks.restore();
      }
    });
  });
});
