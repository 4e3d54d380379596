import type * as z from 'zod/mini';
import { actionRowDefinition } from './action-row.js';
import { artifactDefinition } from './artifact.js';
import { calloutDefinition } from './callout.js';
import { citationListDefinition } from './citation-list.js';
import { gridDefinition, stackDefinition, type ContainerExamples, type ContainerNodes } from './containers.js';
import { dataTableDefinition } from './data-table.js';
import type { ExampleOf, NodeDefinition } from './definition.js';
import { entityCardDefinition } from './entity-card.js';
import { headingDefinition } from './heading.js';
import { mediaGalleryDefinition } from './media-gallery.js';
import { metricGroupDefinition } from './metric-group.js';
import { taskCardDefinition } from './task-card.js';

/*
 * The closed v1 component catalog (000_de6e533300a72cb9.txt, "Closed component catalog"), one definition record
 * per component. Everything else is derived from `NODE_DEFINITIONS`: the schema tables and type lists, the node
 * and example types, and the media count; the renderer map in elements/mantis-ui-view/render-node.ts is typed by
 * `NodeType`, so a component without a renderer fails the build, and docs.ts by `NodeType` too, so a component
 * without a description or an example does.
 */

export type { ComponentDescription, ContainerDefinition, ExampleOf, LeafDefinition, NodeDefinition } from './definition.js';
export { ActionRowSchema, type ActionRowNode } from './action-row.js';
export { ArtifactSchema, type ArtifactNode } from './artifact.js';
export { CalloutSchema, type CalloutNode } from './callout.js';
export { CitationListSchema, CitationSchema, type CitationListNode } from './citation-list.js';
export { GridSchema, StackSchema, type ContainerExamples, type GridExample, type GridNode, type StackExample, type StackNode } from './containers.js';
export { ColumnSchema, DataTableSchema, RowSchema, type DataTableNode } from './data-table.js';
export { AttributeSchema, EntityCardSchema, type EntityCardNode } from './entity-card.js';
export { HeadingSchema, type HeadingNode } from './heading.js';
export { MediaGallerySchema, MediaItemSchema, type MediaGalleryNode } from './media-gallery.js';
export { MetricGroupSchema, MetricSchema, type MetricGroupNode } from './metric-group.js';
export { TaskCardSchema, type TaskCardNode } from './task-card.js';

/** Every component, keyed by type, in catalog order (the order of the prompt): containers first, then leaves. */
export const NODE_DEFINITIONS = {
  stack: stackDefinition,
  grid: gridDefinition,
  heading: headingDefinition,
  callout: calloutDefinition,
  'metric-group': metricGroupDefinition,
  'entity-card': entityCardDefinition,
  'citation-list': citationListDefinition,
  'data-table': dataTableDefinition,
  'task-card': taskCardDefinition,
  'media-gallery': mediaGalleryDefinition,
  artifact: artifactDefinition,
  'action-row': actionRowDefinition,
} as const;

type Definitions = typeof NODE_DEFINITIONS;

/** Each record is filed under its own type: a record under another key fails the type check here. */
const _keyedByType: { readonly [K in keyof Definitions]: { readonly type: K } } = NODE_DEFINITIONS;

export type NodeType = keyof Definitions;
export type LeafType = { [K in NodeType]: Definitions[K]['kind'] extends 'leaf' ? K : never }[NodeType];
export type ContainerType = Exclude<NodeType, LeafType>;

export const NODE_TYPES: readonly NodeType[] = /* @__PURE__ */ Object.keys(NODE_DEFINITIONS) as NodeType[];

const ofKind = <K extends NodeType>(kind: NodeDefinition['kind']): K[] =>
  NODE_TYPES.filter((type) => NODE_DEFINITIONS[type].kind === kind) as K[];
const table = <K extends NodeType, V>(types: readonly K[], value: (type: K) => V): Record<K, V> =>
  Object.fromEntries(types.map((type) => [type, value(type)])) as Record<K, V>;

/** Leaf components: validated whole. */
export const LEAF_SCHEMAS = /* @__PURE__ */ table(/* @__PURE__ */ ofKind<LeafType>('leaf'), (type) => NODE_DEFINITIONS[type].schema) as {
  readonly [K in LeafType]: Definitions[K]['schema'];
};

/** Containers: their own props validated here, children one by one by `validateView`. */
export const CONTAINER_SCHEMAS = /* @__PURE__ */ table(/* @__PURE__ */ ofKind<ContainerType>('container'), (type) => NODE_DEFINITIONS[type].schema) as {
  readonly [K in ContainerType]: Definitions[K]['schema'];
};

export type LeafNode = { [K in LeafType]: z.output<Definitions[K]['schema']> }[LeafType];

/**
 * A child of a container that failed validation. It renders as a small inert warning; its data and actions are
 * gone. Only the reason survives, in words for a person.
 */
export interface InvalidNode {
  readonly type: 'invalid';
  readonly reason: string;
}

/** The closed union of every component a model may author. */
export type ComposerNode = LeafNode | ContainerNodes[ContainerType];

/** The node of one component type. */
export type NodeOf<K extends NodeType> = Extract<ComposerNode, { type: K }>;

/** Media items a node carries: limited across the whole message. */
export function mediaCount(node: LeafNode): number {
  const definition: NodeDefinition = NODE_DEFINITIONS[node.type];
  return definition.kind === 'leaf' && definition.media ? definition.media(node) : 0;
}

type LeafInput = { [K in LeafType]: z.input<Definitions[K]['schema']> }[LeafType];

/** A model-authored node as written in a fence: a leaf, or a container whose children are nodes. */
export type ExampleNode = LeafInput | ContainerExamples[ContainerType];

/** A model-authored view as written in a fence. */
export type ExampleView = ExampleOf<ExampleNode>;

/** The example of each component: a view whose root is that component. */
export type InlineUiExamples = { readonly [K in NodeType]: ExampleView & { root: { type: K } } };
