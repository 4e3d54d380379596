import { expect } from '@open-wc/testing';
import { LIMITS, RESERVED_IDS, parseAssistantText, validateView } from '../../../src/index.js';

const V1 = { inlineUiVersion: 1, mode: 'orchestrator' } as const;
const view = (root: unknown) => ({ version: 1, id: 'v', root });
const heading = (id: string) => ({ id, type: 'heading', text: 'x' });
const gallery = (id: string, items: number) => ({
  id,
  type: 'media-gallery',
  items: Array.from({ length: items }, (_, i) => ({ id: `${id}-i${i}`, key: `agent_files/${id}/${i}.png`, alt: 'A picture' })),
});

/** A tree of exactly `count` nodes: a stack of stacks, each full to the fan-out limit, within the depth limit. */
function treeOf(count: number): unknown {
  let made = 1;
  const build = (id: string, depth: number): unknown => {
    const children: unknown[] = [];
    while (made < count && children.length < LIMITS.fanOut) {
      made += 1;
      const childId = `${id}-${children.length}`;
      children.push(depth < 3 && made < count ? build(childId, depth + 1) : heading(childId));
    }
    return children.length ? { id, type: 'stack', children } : heading(id);
  };
  return build('n', 1);
}

const countNodes = (node: unknown): number => {
  const children = (node as { children?: unknown[] }).children ?? [];
  return 1 + children.reduce<number>((sum, child) => sum + countNodes(child), 0);
};

describe('v1 limits at their boundaries', () => {
  it(`accepts ${LIMITS.nodesPerView} nodes and rejects ${LIMITS.nodesPerView + 1}`, () => {
    const atLimit = treeOf(LIMITS.nodesPerView);
    const over = treeOf(LIMITS.nodesPerView + 1);
    expect(countNodes(atLimit)).to.equal(LIMITS.nodesPerView);
    expect(countNodes(over)).to.equal(LIMITS.nodesPerView + 1);
    expect(validateView(view(atLimit)).ok).to.equal(true);
    expect(validateView(view(over))).to.deep.include({ ok: false, reason: 'too-large' });
  });

  it(`accepts ${LIMITS.mediaPerMessage} media items in a view and rejects ${LIMITS.mediaPerMessage + 1}, across galleries`, () => {
    const split = (a: number, b: number) => view({ id: 's', type: 'stack', children: [gallery('a', a), gallery('b', b)] });
    expect(validateView(split(4, 4)).ok).to.equal(true);
    expect(validateView(split(4, 5)).ok).to.equal(false);
  });

  it(`accepts ${LIMITS.mediaPerMessage} media items across a message and refuses the view that brings the ${LIMITS.mediaPerMessage + 1}th`, () => {
    const fence = (root: unknown, id: string) => `\`\`\`mantis-ui\n${JSON.stringify({ version: 1, id, root })}\n\`\`\`\n`;
    const atLimit = parseAssistantText(fence(gallery('a', 5), 'v1') + fence(gallery('b', 3), 'v2'), V1);
    expect(atLimit.map((p) => p.type)).to.deep.equal(['data-mantis-ui', 'data-mantis-ui']);
    const over = parseAssistantText(fence(gallery('a', 5), 'v1') + fence(gallery('b', 4), 'v2'), V1);
    expect(over.map((p) => p.type)).to.deep.equal(['data-mantis-ui', 'data-mantis-ui-error']);
    expect((over[1] as { data: { reason: string } }).data.reason).to.equal('too-much-media');
  });

  it(`accepts ${LIMITS.viewsPerMessage} views in a message and refuses the next`, () => {
    const fence = (i: number) => `\`\`\`mantis-ui\n${JSON.stringify(view(heading(`h${i}`)))}\n\`\`\`\n`;
    const parts = (n: number) => parseAssistantText(Array.from({ length: n }, (_, i) => fence(i)).join(''), V1);
    expect(parts(LIMITS.viewsPerMessage).every((p) => p.type === 'data-mantis-ui')).to.equal(true);
    expect(parts(LIMITS.viewsPerMessage + 1).at(-1)).to.deep.include({ type: 'data-mantis-ui-error' });
  });

  it('rejects every reserved ID and IDs duplicated anywhere in the view', () => {
    for (const id of RESERVED_IDS) expect(validateView(view(heading(id))).ok, id).to.equal(false);
    const duplicateAcrossKinds = view({
      id: 's',
      type: 'stack',
      children: [heading('same'), { id: 'm', type: 'metric-group', metrics: [{ id: 'same', label: 'L', value: '1' }] }],
    });
    const result = validateView(duplicateAcrossKinds);
    if (!result.ok || result.view.root.type !== 'stack') throw new Error('expected a salvaged stack');
    expect(result.view.root.children.map((c) => c.type)).to.deep.equal(['heading', 'invalid']);
  });

  it('validates the specification’s example view byte for byte', () => {
    const example =
      '{"version":1,"id":"cluster-summary","root":{"id":"summary","type":"entity-card","title":"Memory systems","description":"The densest result cluster.","target":{"uri":"mantis://map/map-id/cluster/cluster-id"},"attributes":[{"label":"Points","value":"128"}],"actions":[{"id":"summarize","type":"summarize","label":"Summarize","target":{"uri":"mantis://map/map-id/cluster/cluster-id"}}]}}';
    const result = validateView(example);
    expect(result.ok).to.equal(true);
    if (result.ok) {
      expect(result.issues).to.deep.equal([]);
      expect(JSON.stringify(result.view)).to.equal(example);
    }
  });
});
