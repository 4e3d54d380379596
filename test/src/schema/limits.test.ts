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

  it(`accepts ${LIMITS.mediaPerMessage} media items in a view; the gallery that brings the ${LIMITS.mediaPerMessage + 1}th becomes an inert warning beside its siblings`, () => {
    const split = (a: number, b: number) => view({ id: 's', type: 'stack', children: [heading('h'), gallery('a', a), gallery('b', b)] });
    expect(validateView(split(4, 4)).ok).to.equal(true);
    const over = validateView(split(4, 5));
    if (!over.ok || over.view.root.type !== 'stack') throw new Error('expected a salvaged stack');
    expect(over.view.root.children.map((c) => c.type)).to.deep.equal(['heading', 'media-gallery', 'invalid']);
    expect(over.view.root.children[2]).to.deep.equal({ type: 'invalid', reason: 'too many media items' });
    expect(over.issues).to.deep.equal([{ path: '/root/children/2', message: `over ${LIMITS.mediaPerMessage} media items in the message` }]);
    expect(over.media).to.equal(4);
    // Its IDs were never claimed: a later node may use them.
    const reused = validateView(view({ id: 's', type: 'stack', children: [gallery('a', 4), gallery('b', 5), heading('b')] }));
    if (!reused.ok || reused.view.root.type !== 'stack') throw new Error('expected a salvaged stack');
    expect(reused.view.root.children.map((c) => c.type)).to.deep.equal(['media-gallery', 'invalid', 'heading']);
  });

  it('takes the media budget a message has left, never more than the limit', () => {
    const stack = view({ id: 's', type: 'stack', children: [heading('h'), gallery('a', 3)] });
    expect(validateView(stack, { mediaBudget: 3 }).ok && validateView(stack, { mediaBudget: 3 })).to.deep.include({ media: 3 });
    const left = validateView(stack, { mediaBudget: 2 });
    if (!left.ok || left.view.root.type !== 'stack') throw new Error('expected a salvaged stack');
    expect(left.view.root.children.map((c) => c.type)).to.deep.equal(['heading', 'invalid']);
    expect(validateView(view(gallery('a', 3)), { mediaBudget: 2 })).to.deep.include({ ok: false, reason: 'too-much-media' });
    // A budget above the limit is the limit; a meaningless one is the whole limit.
    const many = view({ id: 's', type: 'stack', children: [gallery('a', 4), gallery('b', 5)] });
    const capped = validateView(many, { mediaBudget: 100 });
    expect(capped.ok && capped.view.root.type === 'stack' && capped.view.root.children.map((c) => c.type)).to.deep.equal(['media-gallery', 'invalid']);
    expect(validateView(view(gallery('a', 3)), { mediaBudget: Number.NaN }).ok).to.equal(true);
  });

  it(`accepts ${LIMITS.mediaPerMessage} media items across a message and refuses the view whose root brings the ${LIMITS.mediaPerMessage + 1}th`, () => {
    const fence = (root: unknown, id: string) => `\`\`\`mantis-ui\n${JSON.stringify({ version: 1, id, root })}\n\`\`\`\n`;
    const atLimit = parseAssistantText(fence(gallery('a', 5), 'v1') + fence(gallery('b', 3), 'v2'), V1);
    expect(atLimit.map((p) => p.type)).to.deep.equal(['data-mantis-ui', 'data-mantis-ui']);
    const over = parseAssistantText(fence(gallery('a', 5), 'v1') + fence(gallery('b', 4), 'v2'), V1);
    expect(over.map((p) => p.type)).to.deep.equal(['data-mantis-ui', 'data-mantis-ui-error']);
    expect((over[1] as { data: { reason: string } }).data.reason).to.equal('too-much-media');
  });

  it('in a later view, the gallery past what the message has left becomes an inert warning beside its valid siblings', () => {
    const fence = (root: unknown, id: string) => `\`\`\`mantis-ui\n${JSON.stringify({ version: 1, id, root })}\n\`\`\`\n`;
    const second = { id: 's', type: 'stack', children: [heading('h'), gallery('b', 4), { id: 'm', type: 'metric-group', metrics: [{ id: 'm1', label: 'Points', value: '128' }] }] };
    const parts = parseAssistantText(fence(gallery('a', 5), 'v1') + fence(second, 'v2') + fence(gallery('c', 3), 'v3'), V1);
    expect(parts.map((p) => p.type)).to.deep.equal(['data-mantis-ui', 'data-mantis-ui', 'data-mantis-ui']);
    const root = (parts[1] as { data: { root: { children: { type: string }[] } } }).data.root;
    expect(root.children.map((c) => c.type)).to.deep.equal(['heading', 'invalid', 'metric-group']);
    // The warning used none of the budget: the third view's 3 items still fit.
    expect((parts[2] as { data: { root: { type: string } } }).data.root.type).to.equal('media-gallery');
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
