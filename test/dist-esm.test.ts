import { expect, fixture, html } from '@open-wc/testing';

/** The ES module build (dependencies external, resolved by the host's bundler or import map). Needs `npm run build`. */
describe('dist/index.js', () => {
  it('defines every element when imported', async () => {
    await import('/dist/index.js' as string);
    expect(customElements.get('mantis-ui-view')).to.be.a('function');
    expect(customElements.get('mantis-chat')).to.be.a('function');
    const el = await fixture(html`<mantis-ui-view spec='{"version":1,"id":"v","root":{"id":"h","type":"heading","text":"ESM"}}'></mantis-ui-view>`);
    expect(el.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim()).to.equal('ESM');
  });

  it('exports the DOM-free core separately', async () => {
    const core = (await import('/dist/core.js' as string)) as { validateView: unknown; LIMITS: { viewsPerMessage: number } };
    expect(core.validateView).to.be.a('function');
    expect(core.LIMITS.viewsPerMessage).to.equal(4);
  });
});
