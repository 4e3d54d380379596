// The artifact panel shows nothing until it has a tab; when its code cannot be loaded, it shows why in its place
// instead of staying hidden (elements/mantis-artifact-panel/mantis-artifact-panel.ts).
import { expect, fixture, html } from '@open-wc/testing';
import { MantisArtifactPanel } from '../../../elements/mantis-artifact-panel/mantis-artifact-panel.js';
import { ArtifactStore } from '../../../src/index.js';
import { source } from './panel-helpers.js';

describe('an artifact panel whose code cannot be loaded', () => {
  const load = MantisArtifactPanel.load;
  afterEach(() => (MantisArtifactPanel.load = load));

  it('is shown, with a status that says it could not be loaded, once its store holds a tab', async () => {
    MantisArtifactPanel.load = () => Promise.reject(new Error('offline'));
    const store = new ArtifactStore();
    const el = await fixture<MantisArtifactPanel>(html`<mantis-artifact-panel .store=${store}></mantis-artifact-panel>`);
    await el.updateComplete;
    expect(getComputedStyle(el).display).to.equal('none');
    store.open(source('a'));
    await el.updateComplete;
    expect(getComputedStyle(el).display).to.not.equal('none');
    const notice = el.shadowRoot?.querySelector('[part="unavailable"]');
    expect(notice?.getAttribute('role')).to.equal('status');
    expect(notice?.textContent).to.contain('could not be loaded');
  });
});
