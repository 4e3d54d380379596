// A lazily loaded tag whose code cannot be loaded (elements/internal/lazy-element.ts): it says so once in its place,
// tries once per connection (never once per update), and a new connection tries again.
import { expect, fixture, html } from '@open-wc/testing';
import { LazyElement, type Implementation } from '../../../elements/internal/lazy-element.js';

let loads = 0;
let told = 0;

class FailingShell extends LazyElement {
  static override load = (): Promise<Implementation<LazyElement>> => {
    loads += 1;
    return Promise.reject(new Error('offline'));
  };

  protected override unavailable(): void {
    told += 1;
  }
}
customElements.define('test-failing-shell', FailingShell);

describe('a lazily loaded tag whose code cannot be loaded', () => {
  beforeEach(() => {
    loads = 0;
    told = 0;
  });

  it('tries once, says so once in its place, and does not try again on its next updates', async () => {
    const el = await fixture<FailingShell>(html`<test-failing-shell></test-failing-shell>`);
    await el.updateComplete;
    const notice = el.shadowRoot?.querySelector('[part="unavailable"]');
    expect(notice?.getAttribute('role')).to.equal('status');
    expect(notice?.textContent).to.contain('could not be loaded');
    expect(el.hasAttribute('data-mantis-unavailable')).to.equal(true);
    el.requestUpdate();
    await el.updateComplete;
    expect([loads, told]).to.deep.equal([1, 1]);
  });

  it('tries again when it is connected again, or when asked', async () => {
    const el = await fixture<FailingShell>(html`<test-failing-shell></test-failing-shell>`);
    await el.updateComplete;
    const parent = el.parentElement as HTMLElement;
    el.remove();
    parent.append(el);
    await el.updateComplete;
    expect([loads, told]).to.deep.equal([2, 2]);
    let refused: unknown = null;
    await el.whenReady().catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(Error);
    expect([loads, told]).to.deep.equal([3, 3]);
    expect(el.shadowRoot?.querySelector('[part="unavailable"]')).to.not.equal(null);
  });
});
