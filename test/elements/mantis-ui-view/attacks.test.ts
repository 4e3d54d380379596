import { expect, fixture, html } from '@open-wc/testing';
import type { ReactiveElement } from 'lit';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';
import { LIMITS, utf8Length } from '../../../src/index.js';
import { OWN_ATTACKS, loadSharedCorpus } from '../../helpers/corpus.js';
import { deepElements, watchSinks } from '../../helpers/sinks.js';

/**
 * Every group of attack inputs through every free-text field of every component: no script runs, no request
 * leaves, and no element or attribute appears that the component's own template does not make (Markdown fields
 * may add the restricted renderer's own tags).
 */

/** A view with one of every component, every free-text string field filled by `s`. */
function everyComponent(s: (max: number) => string): unknown {
  const uri = 'mantis://map/m/cluster/c';
  const point = { uri: 'mantis://map/m/point/p' };
  return {
    version: 1,
    id: 'all',
    root: {
      id: 'root-stack',
      type: 'stack',
      children: [
        {
          id: 'g1',
          type: 'grid',
          children: [
            { id: 'h', type: 'heading', text: s(200) },
            { id: 'c', type: 'callout', tone: 'warning', title: s(200), body: s(4000) },
            {
              id: 'm',
              type: 'metric-group',
              title: s(200),
              metrics: [{ id: 'm1', label: s(200), value: s(500), unit: s(16), change: { value: s(500), direction: 'up', sentiment: 'negative' }, description: s(200) }],
            },
            {
              id: 'e',
              type: 'entity-card',
              title: s(200),
              description: s(4000),
              target: { uri },
              attributes: [{ label: s(200), value: s(500) }],
              actions: [
                { id: 'a1', type: 'navigate', label: s(200), target: { uri } },
                { id: 'a2', type: 'summarize', label: s(200), target: { uri } },
                { id: 'a3', type: 'prefill-composer', label: s(200), text: s(4000) },
                { id: 'a4', type: 'submit-followup', label: s(200), text: s(4000) },
              ],
            },
            { id: 'l', type: 'citation-list', title: s(200), citations: [{ id: 'l1', title: s(200), source: s(200), excerpt: s(1000), target: { uri } }] },
          ],
        },
        {
          id: 'g2',
          type: 'grid',
          children: [
            {
              id: 't',
              type: 'data-table',
              caption: s(200),
              columns: [{ id: 'col1', label: s(200) }, { id: 'col2', label: s(200), format: 'number' }],
              rows: [{ id: 'r1', cells: [s(500), 1.5] }],
            },
            {
              id: 'k',
              type: 'task-card',
              state: 'suggested',
              title: s(200),
              description: s(4000),
              actions: [{ id: 'k1', type: 'run-task', label: s(200), task: s(4000) }],
            },
            { id: 'mg', type: 'media-gallery', title: s(200), items: [{ id: 'mi', key: 'agent_files/a.png', alt: s(200), caption: s(200) }] },
            { id: 'art', type: 'artifact', title: s(200), description: s(4000), format: 'code', language: 'ts', content: s(12000) },
            {
              id: 'ar',
              type: 'action-row',
              actions: [{ id: 'b1', type: 'add-to-bag', label: s(200), targets: [point], bagName: s(200) }],
            },
          ],
        },
      ],
    },
  };
}

const RESTRICTED_MARKDOWN_TAGS = ['p', 'br', 'hr', 'em', 'strong', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const RESTRICTED_MARKDOWN_ATTRIBUTES = ['start', 'align'];

/** The view for one payload, each field truncated so the whole view fits the byte limit. */
function viewFor(payload: string): unknown {
  for (const cap of [400, 120, 30, 8]) {
    const fill = (max: number) => {
      const text = payload.slice(0, Math.min(max, cap));
      return text.trim().length > 0 ? text : 'x';
    };
    const candidate = everyComponent(fill);
    if (utf8Length(JSON.stringify(candidate)) <= LIMITS.viewBytes) return candidate;
  }
  return everyComponent(() => 'x');
}

/** The view, once every element inside it drew (a tag whose code loads on need draws once its code is there). */
async function render(view: unknown): Promise<MantisUiView> {
  const el = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view}></mantis-ui-view>`);
  await Promise.all([...deepElements(el.shadowRoot as ShadowRoot)].map((inner) => (inner as Partial<ReactiveElement>).updateComplete));
  return el;
}

function inventory(root: ParentNode): { tags: Set<string>; attributes: Set<string> } {
  const tags = new Set<string>();
  const attributes = new Set<string>();
  for (const element of deepElements(root)) {
    tags.add(element.localName);
    for (const attribute of element.attributes) attributes.add(`${attribute.name}`);
  }
  return { tags, attributes };
}

describe('attack inputs in every string field of every component', () => {
  let allowed: { tags: Set<string>; attributes: Set<string> };

  before(async () => {
    const benign = await render(everyComponent(() => 'Benign text'));
    expect(benign.validation?.ok, 'the all-components view validates').to.equal(true);
    allowed = inventory(benign.shadowRoot as ShadowRoot);
    for (const tag of RESTRICTED_MARKDOWN_TAGS) allowed.tags.add(tag);
    for (const name of RESTRICTED_MARKDOWN_ATTRIBUTES) allowed.attributes.add(name);
    // The confirmation step of state-changing actions is part of the template too.
    allowed.attributes.add('data-confirm');
    benign.remove();
  });

  async function sweep(entries: readonly { id: string; payload: string }[]): Promise<number> {
    const sinks = watchSinks();
    let rendered = 0;
    try {
      for (const { id, payload } of entries) {
        for (const view of [viewFor(payload), { version: 1, id: 'one', root: { id: 'c', type: 'callout', body: payload.trim() ? payload.slice(0, 4000) : 'x' } }]) {
          const el = await render(view);
          const found = inventory(el.shadowRoot as ShadowRoot);
          for (const tag of found.tags) expect(allowed.tags.has(tag), `${id}: <${tag}> is not in the template`).to.equal(true);
          for (const name of found.attributes) expect(allowed.attributes.has(name), `${id}: [${name}] is not in the template`).to.equal(true);
          // Valid content or the fallback: never nothing.
          expect(el.shadowRoot?.querySelector('[part="base"] > *, [part="fallback"]'), id).not.to.equal(null);
          if (el.validation?.ok) rendered += 1;
          el.remove();
        }
      }
      await new Promise((done) => setTimeout(done, 50));
      sinks.assertClean('catalog');
    } finally {
      sinks.restore();
    }
    return rendered;
  }

  it('keeps the suite’s own attack inputs inert, and renders them as text', async () => {
    const rendered = await sweep(OWN_ATTACKS.map((payload, i) => ({ id: `own-${i}`, payload })));
    expect(rendered, 'attack text is data: the views validate and render').to.equal(OWN_ATTACKS.length * 2);
  });

  for (const group of ['xss', 'markdown', 'uri', 'json'] as const) {
    it(`keeps every ${group} entry of the shared corpus inert`, async function () {
      const corpus = await loadSharedCorpus();
      if (!corpus) {
        console.warn(`../shared/corpus/attacks.json is absent: skipping its ${group} group (the own inputs still ran).`);
        this.skip();
      }
      this.timeout(240_000);
      const rendered = await sweep(corpus[group]);
      expect(rendered).to.be.greaterThan(0);
    });
  }
});
