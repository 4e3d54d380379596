// The shared attack corpus through the new input paths of the artifacts and media issue: every artifact format of
// the panel (the payload is model-authored text) and every media key a page or a model could hand the media service.
// ../shared/ is beside the project, not in it: where it is absent the corpus part skips, saying so, and the suite's
// own inputs still run.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../elements/index.js';
import type { MantisArtifactPanel } from '../../../elements/mantis-artifact-panel/mantis-artifact-panel.js';
import { ArtifactStore, utf8Length, TEXT_LIMITS, type ArtifactNode } from '../../../src/index.js';
import { createMediaService } from '../../../src/media/index.js';
import { OWN_ATTACKS, sharedCorpusOrSkip, type AttackEntry } from '../../helpers/corpus.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';
import { MEDIA_BASE } from '../../src/media/peer.js';

const FORMATS: readonly ArtifactNode['format'][] = ['markdown', 'text', 'code', 'csv', 'json'];
const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

function payload(format: ArtifactNode['format'], attack: string): string {
  const text = format === 'csv' ? `name,value\n${csvCell(attack)},1` : format === 'json' ? JSON.stringify({ attack }) : attack;
  return text.slice(0, TEXT_LIMITS.artifact);
}

/** Opens every format of every input in one panel; returns how many were rendered. */
async function sweepPanel(inputs: readonly string[]): Promise<number> {
  const store = new ArtifactStore();
  const el = await fixture<MantisArtifactPanel>(html`<mantis-artifact-panel .store=${store} layout-key="corpus"></mantis-artifact-panel>`);
  const sinks = watchSinks();
  let rendered = 0;
  try {
    for (const [n, attack] of inputs.entries()) {
      if (attack.length === 0) continue;
      for (const format of FORMATS) {
        store.open({ viewId: 'corpus', node: { id: `a${n}-${format}`, type: 'artifact', title: `Input ${n}`, format, content: payload(format, attack) } });
        await el.updateComplete;
        assertNoActiveContent(el.shadowRoot as ShadowRoot, `${format} #${n}`);
        rendered += 1;
      }
    }
    sinks.assertClean('artifact panel');
  } finally {
    sinks.restore();
  }
  return rendered;
}

/** Every input as a media key: the service resolves nothing outside its base, and requests nothing for a non-key. */
async function sweepKeys(inputs: readonly string[]): Promise<number> {
  let calls = 0;
  const media = createMediaService({
    baseUrl: MEDIA_BASE,
    token: () => 'demo-token',
    fetch: (input, init) => {
      calls += 1;
      return fetch(input, init);
    },
  });
  let checked = 0;
  for (const key of inputs) {
    const url = media.urlOf(key);
    if (url === null) {
      const before = calls;
      const result = await media.preview(key);
      expect(result.ok, key).to.equal(false);
      expect(calls, `requested for ${JSON.stringify(key.slice(0, 80))}`).to.equal(before);
    } else {
      expect(url.href.startsWith(`${MEDIA_BASE}agent_files/`), url.href).to.equal(true);
      expect(url.search + url.hash).to.equal('');
    }
    checked += 1;
  }
  media.dispose();
  return checked;
}

const entries = (corpus: Record<string, AttackEntry[]>, groups: readonly string[]) => groups.flatMap((g) => corpus[g] ?? []).map((e) => e.payload);

describe('attack inputs through the artifact panel and the media service', () => {
  it('the suite’s own inputs: every artifact format stays inert, and no media key escapes the base', async () => {
    expect(await sweepPanel(OWN_ATTACKS)).to.equal(OWN_ATTACKS.filter((a) => a.length > 0).length * FORMATS.length);
    expect(await sweepKeys([...OWN_ATTACKS, 'agent_files/../secret.png', 'agent_files/a/%2e%2e/b.png', '//evil.invalid/agent_files/x.png'])).to.be.greaterThan(0);
  });

  it('the shared corpus: every artifact format stays inert, and no media key escapes the base', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'it for the artifact panel and media keys');
    this.timeout(240_000);
    // The panel holds what a validated artifact may hold; longer inputs are cut to the artifact limit.
    const text = entries(corpus, ['xss', 'markdown', 'json']).filter((p) => utf8Length(p) > 0);
    expect(await sweepPanel(text)).to.be.greaterThan(0);
    expect(await sweepKeys(entries(corpus, ['uri', 'xss']))).to.be.greaterThan(0);
  });
});
