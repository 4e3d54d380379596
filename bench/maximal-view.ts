/*
 * A maximal valid view, built from the limits: exactly LIMITS.nodesPerView nodes, reaching LIMITS.depth, full
 * containers, a data-table of LIMITS.tableColumns x LIMITS.tableRows, LIMITS.citations citations, LIMITS.metrics
 * metrics, LIMITS.mediaPerMessage media items, LIMITS.actions actions with a LIMITS.bagPointRefs-point bag action,
 * and an artifact padded so that the fence body is exactly LIMITS.viewBytes bytes of UTF-8. The benchmark times
 * validateView on it; test/node/prompt.test.ts checks that it is valid and exactly at the limits.
 */
import { LIMITS, TEXT_LIMITS, utf8Length } from '../src/index.js';

type Node = Record<string, unknown>;

/** Nodes in a tree: the node and every descendant. */
export function countNodes(node: Node): number {
  const children = Array.isArray(node.children) ? (node.children as Node[]) : [];
  return 1 + children.reduce((sum, child) => sum + countNodes(child), 0);
}

/** Depth of a tree; the root is depth 1. */
export function maxDepth(node: Node): number {
  const children = Array.isArray(node.children) ? (node.children as Node[]) : [];
  return 1 + children.reduce((deepest, child) => Math.max(deepest, maxDepth(child)), 0);
}

export function buildMaximalView(): { view: Node; json: string } {
  let serial = 0;
  const id = (prefix: string): string => `${prefix}${(serial += 1)}`;
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
  const uri = (kind: 'point' | 'cluster', key: string): Node => ({ uri: `mantis://map/atlas/${kind}/${key}` });
  const actions = (): Node[] => [
    { id: id('a'), type: 'navigate', label: 'Show on the map', target: uri('cluster', 'c-7') },
    { id: id('a'), type: 'summarize', label: 'Summarize — résumé', target: uri('cluster', 'c-7') },
    {
      id: id('a'),
      type: 'add-to-bag',
      label: 'Add every point to “Reading list”',
      targets: range(LIMITS.bagPointRefs).map((i) => uri('point', `p${i}`)),
      bagName: 'Reading list',
    },
    { id: id('a'), type: 'run-task', label: 'Draft the report', task: 'Write a one-page report on cluster c-7.' },
  ].slice(0, LIMITS.actions);

  let mediaLeft: number = LIMITS.mediaPerMessage;
  let artifact: Node | null = null;
  const leaves: Record<string, () => Node> = {
    'data-table': () => ({
      id: id('n'),
      type: 'data-table',
      caption: 'Cluster sizes (€ and counts)',
      columns: range(LIMITS.tableColumns).map((i) => ({ id: id('col'), label: `Column ${i}`, format: i === 0 ? 'text' : 'number' })),
      rows: range(LIMITS.tableRows).map((r) => ({
        id: id('row'),
        cells: range(LIMITS.tableColumns).map((c) => (c === 0 ? `Row ${r} ✓` : c === 1 ? null : r * c + 0.5)),
      })),
    }),
    'citation-list': () => ({
      id: id('n'),
      type: 'citation-list',
      title: 'Sources',
      citations: range(LIMITS.citations).map((i) => ({ id: id('cite'), title: `Paper ${i}`, source: 'arXiv', target: uri('point', `p${i}`) })),
    }),
    'media-gallery': () => {
      const items = range(mediaLeft).map((i) => ({ id: id('m'), key: `agent_files/charts/chart-${i}.png`, alt: `Chart ${i}` }));
      mediaLeft = 0;
      return { id: id('n'), type: 'media-gallery', title: 'Charts', items };
    },
    'metric-group': () => ({
      id: id('n'),
      type: 'metric-group',
      title: 'Figures',
      metrics: range(LIMITS.metrics).map((i) => ({
        id: id('k'),
        label: `Metric ${i}`,
        value: `${i * 1000}`,
        unit: '%',
        change: { value: '+1.5', direction: 'up', sentiment: 'positive' },
      })),
    }),
    'entity-card': () => ({
      id: id('n'),
      type: 'entity-card',
      title: 'Cluster c-7 🧭',
      description: 'The **densest** cluster.',
      target: uri('cluster', 'c-7'),
      attributes: range(LIMITS.cardAttributes).map((i) => ({ label: `Attribute ${i}`, value: `Value ${i}` })),
      actions: actions(),
    }),
    'task-card': () => ({ id: id('n'), type: 'task-card', state: 'suggested', title: 'Suggested task', actions: actions().slice(0, 2) }),
    'action-row': () => ({ id: id('n'), type: 'action-row', actions: actions().filter((a) => a.type !== 'add-to-bag') }),
    artifact: () => {
      artifact = { id: id('n'), type: 'artifact', title: 'Raw data', format: 'csv', content: 'cluster,points\n' };
      return artifact;
    },
    callout: () => ({ id: id('n'), type: 'callout', tone: 'warning', title: 'Note', body: 'Numbers are *estimates* – naïve.' }),
    heading: () => ({ id: id('n'), type: 'heading', text: 'Section heading', level: 2 }),
  };
  // The large and once-only leaves first, then headings and callouts.
  const order = Object.keys(leaves);
  let made = 0;
  const leaf = (): Node => {
    const kind = made < order.length ? (order[made] as string) : made % 2 === 0 ? 'heading' : 'callout';
    made += 1;
    return (leaves[kind] as () => Node)();
  };
  const container = (type: 'stack' | 'grid'): Node & { children: Node[] } =>
    type === 'stack' ? { id: id('n'), type, direction: 'vertical', gap: 'small', children: [] } : { id: id('n'), type, columns: 4, children: [] };

  let budget = LIMITS.nodesPerView;
  const root = container('stack');
  budget -= 1;
  // A chain of stacks down to the deepest level, ending in a leaf.
  const chain: (Node & { children: Node[] })[] = [];
  let parent = root;
  for (let depth = 2; depth < LIMITS.depth; depth++) {
    const next = container('stack');
    parent.children.push(next);
    chain.push(next);
    parent = next;
    budget -= 1;
  }
  parent.children.push(leaf());
  budget -= 1;
  // One more leaf beside each link of the chain, then full grids under the root, then leaves in the root.
  for (const link of chain) {
    if (budget > 0 && link.children.length < LIMITS.fanOut) {
      link.children.push(leaf());
      budget -= 1;
    }
  }
  while (budget >= LIMITS.fanOut + 1 && root.children.length < LIMITS.fanOut - 1) {
    const grid = container('grid');
    root.children.push(grid);
    budget -= 1;
    for (let i = 0; i < LIMITS.fanOut; i++) grid.children.push(leaf());
    budget -= LIMITS.fanOut;
  }
  while (budget > 0 && root.children.length < LIMITS.fanOut) {
    root.children.push(leaf());
    budget -= 1;
  }
  if (budget !== 0) throw new Error(`could not place ${budget} more nodes within the limits`);

  const view: Node = { version: 1, id: 'maximal', root };
  // Pad the artifact's content with ASCII so that the fence body is exactly the byte limit.
  const target = artifact as Node | null;
  if (!target) throw new Error('the maximal view has no artifact to pad');
  const missing = LIMITS.viewBytes - utf8Length(JSON.stringify(view));
  const content = `${target.content as string}${'x'.repeat(Math.max(0, missing))}`;
  if (missing < 0 || content.length > TEXT_LIMITS.artifact) throw new Error(`cannot pad the view to ${LIMITS.viewBytes} bytes (${missing} missing)`);
  target.content = content;
  const json = JSON.stringify(view);
  return { view, json };
}
