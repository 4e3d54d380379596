import type * as z from 'zod';
import type { GridSchema, LEAF_SCHEMAS, LeafType, NodeType, StackSchema } from '../schema/nodes.js';

/*
 * One complete, valid view per component of the closed catalog: the examples of the backend inline-UI prompt.
 * They are typed from the schemas' input types, so a renamed or retyped field fails the type check here, and the
 * prompt tests validate every example as it appears in the generated text. Every ID is unique across all examples,
 * so the prompt can nest one example's root inside a container example. Between them the examples use every action
 * type; the Ask prompt drops the actions that are not read-only.
 */

type LeafInput = { [K in LeafType]: z.input<(typeof LEAF_SCHEMAS)[K]> }[LeafType];

/** A stack as written in a fence: its children are nodes. */
export interface StackExample extends Omit<z.input<typeof StackSchema>, 'children'> {
  children: ExampleNode[];
}

/** A grid as written in a fence: its children are nodes. */
export interface GridExample extends Omit<z.input<typeof GridSchema>, 'children'> {
  children: ExampleNode[];
}

/** A model-authored node as written in a fence: a leaf, or a container whose children are nodes. */
export type ExampleNode = LeafInput | StackExample | GridExample;

/** A model-authored view as written in a fence. */
export interface ExampleView {
  version: 1;
  id: string;
  root: ExampleNode;
}

/** The example of each component: a view whose root is that component. */
export type InlineUiExamples = { readonly [K in NodeType]: ExampleView & { root: { type: K } } };

export const INLINE_UI_EXAMPLES: InlineUiExamples = {
  stack: {
    version: 1,
    id: 'stack-example',
    root: {
      id: 'overview',
      type: 'stack',
      direction: 'vertical',
      gap: 'medium',
      children: [
        { id: 'overview-title', type: 'heading', text: 'What changed this week', level: 2 },
        { id: 'overview-note', type: 'callout', tone: 'info', body: 'Three clusters grew; **Memory systems** grew most.' },
      ],
    },
  },
  grid: {
    version: 1,
    id: 'grid-example',
    root: {
      id: 'compare',
      type: 'grid',
      columns: 2,
      children: [
        {
          id: 'compare-a',
          type: 'entity-card',
          title: 'Memory systems',
          target: { uri: 'mantis://map/research/cluster/memory' },
          attributes: [{ label: 'Points', value: '128' }],
        },
        {
          id: 'compare-b',
          type: 'entity-card',
          title: 'Retrieval',
          target: { uri: 'mantis://map/research/cluster/retrieval' },
          attributes: [{ label: 'Points', value: '94' }],
        },
      ],
    },
  },
  heading: {
    version: 1,
    id: 'heading-example',
    root: { id: 'results-title', type: 'heading', text: 'Search results for “vector databases”', level: 2 },
  },
  callout: {
    version: 1,
    id: 'callout-example',
    root: {
      id: 'sparse-warning',
      type: 'callout',
      tone: 'warning',
      title: 'Few matching points',
      body: 'Only **12** points match this filter, so treat the trend as tentative.',
    },
  },
  'metric-group': {
    version: 1,
    id: 'metrics-example',
    root: {
      id: 'map-stats',
      type: 'metric-group',
      title: 'Map at a glance',
      metrics: [
        { id: 'stat-points', label: 'Points', value: '12,480' },
        { id: 'stat-clusters', label: 'Clusters', value: '37', change: { value: '+4', direction: 'up', sentiment: 'positive' } },
        { id: 'stat-coverage', label: 'Clustered', value: '82', unit: '%', description: 'Share of points in a cluster' },
      ],
    },
  },
  'entity-card': {
    version: 1,
    id: 'cluster-summary',
    root: {
      id: 'summary',
      type: 'entity-card',
      title: 'Memory systems',
      description: 'The densest result cluster.',
      target: { uri: 'mantis://map/research/cluster/memory' },
      attributes: [
        { label: 'Points', value: '128' },
        { label: 'Top source', value: 'arXiv' },
      ],
      actions: [
        { id: 'open-memory', type: 'navigate', label: 'Show on map', target: { uri: 'mantis://map/research/cluster/memory' } },
        { id: 'sum-memory', type: 'summarize', label: 'Summarize', target: { uri: 'mantis://map/research/cluster/memory' } },
      ],
    },
  },
  'citation-list': {
    version: 1,
    id: 'sources-example',
    root: {
      id: 'sources',
      type: 'citation-list',
      title: 'Sources',
      citations: [
        {
          id: 'cite-1',
          title: 'Scaling memory-augmented models',
          source: 'arXiv 2024',
          excerpt: 'Retrieval doubles effective context at a fraction of the cost.',
          target: { uri: 'mantis://map/research/point/p-1042' },
        },
        { id: 'cite-2', title: 'Quarterly research notes', source: 'notes-q3.pdf' },
      ],
    },
  },
  'data-table': {
    version: 1,
    id: 'table-example',
    root: {
      id: 'cluster-table',
      type: 'data-table',
      caption: 'Largest clusters',
      columns: [
        { id: 'col-name', label: 'Cluster' },
        { id: 'col-points', label: 'Points', format: 'number' },
        { id: 'col-growth', label: 'Growth (%)', format: 'number' },
      ],
      rows: [
        { id: 'row-memory', cells: ['Memory systems', 128, 12.5] },
        { id: 'row-retrieval', cells: ['Retrieval', 94, 3.1] },
        { id: 'row-agents', cells: ['Agents', 61, null] },
      ],
    },
  },
  'task-card': {
    version: 1,
    id: 'task-example',
    root: {
      id: 'suggest-report',
      type: 'task-card',
      state: 'suggested',
      title: 'Draft a cluster report',
      description: 'Summarize the three largest clusters into a short report.',
      actions: [
        { id: 'start-report', type: 'run-task', label: 'Start the report', task: 'Write a one-page report on the three largest clusters.' },
        { id: 'edit-report', type: 'prefill-composer', label: 'Edit the request', text: 'Write a report on the largest clusters, focusing on ' },
      ],
    },
  },
  'media-gallery': {
    version: 1,
    id: 'media-example',
    root: {
      id: 'charts',
      type: 'media-gallery',
      title: 'Charts',
      items: [
        { id: 'chart-growth', key: 'agent_files/reports/growth.png', alt: 'Line chart: cluster sizes per week', caption: 'Cluster growth' },
        { id: 'chart-share', key: 'agent_files/reports/share.png', alt: 'Bar chart: share of points per source' },
      ],
    },
  },
  artifact: {
    version: 1,
    id: 'artifact-example',
    root: {
      id: 'cluster-csv',
      type: 'artifact',
      title: 'Cluster sizes',
      description: 'The full table as CSV.',
      format: 'csv',
      content: 'cluster,points\nMemory systems,128\nRetrieval,94\nAgents,61\n',
    },
  },
  'action-row': {
    version: 1,
    id: 'actions-example',
    root: {
      id: 'next-steps',
      type: 'action-row',
      actions: [
        { id: 'go-p1042', type: 'navigate', label: 'Open the top paper', target: { uri: 'mantis://map/research/point/p-1042' } },
        {
          id: 'bag-top',
          type: 'add-to-bag',
          label: 'Add both papers to “Reading list”',
          targets: [{ uri: 'mantis://map/research/point/p-1042' }, { uri: 'mantis://map/research/point/p-2210' }],
          bagName: 'Reading list',
        },
        { id: 'ask-more', type: 'submit-followup', label: 'Compare them', text: 'Compare the two top papers.' },
      ],
    },
  },
};
