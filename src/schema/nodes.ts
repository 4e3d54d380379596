import * as z from 'zod';
import { LIMITS, TEXT_LIMITS } from '../limits.js';
import { Actions } from './actions.js';
import { Id, Label, Markdown } from './primitives.js';
import { AgentFileKey, Target } from './uris.js';

/*
 * One strict, bounded schema per component of the closed v1 catalog (000_de6e533300a72cb9.txt, "Closed component
 * catalog"). A node is `{"id", "type", ...props}`. Containers are described without their children's shape:
 * `validateView` walks children one by one so that an invalid child is salvaged (replaced by an inert warning)
 * without failing its valid siblings. Everything is data: no HTML, CSS, class names, URLs, event names or code.
 */

/** A short value shown as text: metric values, table cells, attribute values. */
const Value = z.string().max(TEXT_LIMITS.value);
const Children = z.array(z.unknown()).min(1).max(LIMITS.fanOut);

export const StackSchema = z.strictObject({
  id: Id,
  type: z.literal('stack'),
  direction: z.enum(['vertical', 'horizontal']).optional(),
  gap: z.enum(['small', 'medium', 'large']).optional(),
  children: Children,
});

export const GridSchema = z.strictObject({
  id: Id,
  type: z.literal('grid'),
  /** Columns on a wide screen; the grid falls back to fewer columns when narrow. */
  columns: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  children: Children,
});

export const HeadingSchema = z.strictObject({
  id: Id,
  type: z.literal('heading'),
  /** Plain text of the heading. */
  text: Label,
  /** Level inside the view: 1 is the largest. Placed below the page's own headings by the renderer. */
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
});

export const CalloutSchema = z.strictObject({
  id: Id,
  type: z.literal('callout'),
  tone: z.enum(['info', 'success', 'warning', 'danger']).optional(),
  title: Label.optional(),
  /** Restricted Markdown. */
  body: Markdown,
});

export const MetricSchema = z.strictObject({
  id: Id,
  label: Label,
  value: Value.min(1),
  unit: z.string().min(1).max(16).optional(),
  /** A change to show beside the value, as text ("+4.2%") with its direction. */
  change: z
    .strictObject({
      value: Value.min(1),
      direction: z.enum(['up', 'down', 'flat']),
      /** Whether the change is good news; colours follow it, and it is said in words too. */
      sentiment: z.enum(['positive', 'negative', 'neutral']).optional(),
    })
    .optional(),
  description: Label.optional(),
});

export const MetricGroupSchema = z.strictObject({
  id: Id,
  type: z.literal('metric-group'),
  title: Label.optional(),
  metrics: z.array(MetricSchema).min(1).max(LIMITS.metrics),
});

export const AttributeSchema = z.strictObject({ label: Label, value: Value.min(1) });

export const EntityCardSchema = z.strictObject({
  id: Id,
  type: z.literal('entity-card'),
  title: Label,
  /** Restricted Markdown. */
  description: Markdown.optional(),
  /** The map entity the card is about. */
  target: Target.optional(),
  attributes: z.array(AttributeSchema).max(LIMITS.cardAttributes).optional(),
  actions: Actions.optional(),
});

export const CitationSchema = z.strictObject({
  id: Id,
  title: Label,
  /** Where it comes from, as text (a publisher, a file name): never a URL. */
  source: Label.optional(),
  excerpt: z.string().min(1).max(TEXT_LIMITS.excerpt).optional(),
  /** A map entity the citation points at. */
  target: Target.optional(),
});

export const CitationListSchema = z.strictObject({
  id: Id,
  type: z.literal('citation-list'),
  title: Label.optional(),
  citations: z.array(CitationSchema).min(1).max(LIMITS.citations),
});

export const ColumnSchema = z.strictObject({
  id: Id,
  label: Label,
  /** `number` right-aligns the column and formats numeric cells for the reader's locale. */
  format: z.enum(['text', 'number']).optional(),
});

const Cell = z.union([z.string().max(TEXT_LIMITS.value), z.number().finite(), z.null()]);

export const RowSchema = z.strictObject({
  id: Id,
  /** One cell per column, in column order. */
  cells: z.array(Cell).min(1).max(LIMITS.tableColumns),
});

export const DataTableSchema = z
  .strictObject({
    id: Id,
    type: z.literal('data-table'),
    caption: Label,
    columns: z.array(ColumnSchema).min(1).max(LIMITS.tableColumns),
    rows: z.array(RowSchema).max(LIMITS.tableRows),
  })
  .superRefine((table, ctx) => {
    table.rows.forEach((row, index) => {
      if (row.cells.length !== table.columns.length) {
        ctx.addIssue({ code: 'custom', message: `a row has ${table.columns.length} cells, one per column`, path: ['rows', index, 'cells'] });
      }
    });
  });

export const TaskCardSchema = z.strictObject({
  id: Id,
  type: z.literal('task-card'),
  /** Only the explicitly non-executing suggested state: progress comes from trusted task events, never from a view. */
  state: z.literal('suggested'),
  title: Label,
  /** Restricted Markdown. */
  description: Markdown.optional(),
  actions: Actions.optional(),
});

export const MediaItemSchema = z.strictObject({
  id: Id,
  /** A key of the authenticated media store: the only model-authored media path. */
  key: AgentFileKey,
  /** Text alternative; required. */
  alt: Label,
  caption: Label.optional(),
});

export const MediaGallerySchema = z.strictObject({
  id: Id,
  type: z.literal('media-gallery'),
  title: Label.optional(),
  items: z.array(MediaItemSchema).min(1).max(LIMITS.mediaPerMessage),
});

export const ArtifactSchema = z.strictObject({
  id: Id,
  type: z.literal('artifact'),
  title: Label,
  /** Restricted Markdown. */
  description: Markdown.optional(),
  /** How the content is shown in the artifact panel. */
  format: z.enum(['markdown', 'text', 'code', 'csv', 'json']),
  /** A language name for code, as a label only (no highlighter runs model input). */
  language: z.string().regex(/^[a-z0-9+#-]{1,24}$/).optional(),
  /** The payload; it lives in the bounded in-memory artifact store, never in IndexedDB. */
  content: z.string().min(1).max(TEXT_LIMITS.artifact),
});

export const ActionRowSchema = z.strictObject({
  id: Id,
  type: z.literal('action-row'),
  actions: Actions.min(1),
});

/** Leaf components: validated whole. */
export const LEAF_SCHEMAS = {
  heading: HeadingSchema,
  callout: CalloutSchema,
  'metric-group': MetricGroupSchema,
  'entity-card': EntityCardSchema,
  'citation-list': CitationListSchema,
  'data-table': DataTableSchema,
  'task-card': TaskCardSchema,
  'media-gallery': MediaGallerySchema,
  artifact: ArtifactSchema,
  'action-row': ActionRowSchema,
} as const;

/** Containers: their own props validated here, children one by one by `validateView`. */
export const CONTAINER_SCHEMAS = {
  stack: StackSchema,
  grid: GridSchema,
} as const;

export type LeafType = keyof typeof LEAF_SCHEMAS;
export type ContainerType = keyof typeof CONTAINER_SCHEMAS;
export type NodeType = LeafType | ContainerType;

export const NODE_TYPES: readonly NodeType[] = [
  ...(Object.keys(CONTAINER_SCHEMAS) as ContainerType[]),
  ...(Object.keys(LEAF_SCHEMAS) as LeafType[]),
];

export type HeadingNode = z.output<typeof HeadingSchema>;
export type CalloutNode = z.output<typeof CalloutSchema>;
export type MetricGroupNode = z.output<typeof MetricGroupSchema>;
export type EntityCardNode = z.output<typeof EntityCardSchema>;
export type CitationListNode = z.output<typeof CitationListSchema>;
export type DataTableNode = z.output<typeof DataTableSchema>;
export type TaskCardNode = z.output<typeof TaskCardSchema>;
export type MediaGalleryNode = z.output<typeof MediaGallerySchema>;
export type ArtifactNode = z.output<typeof ArtifactSchema>;
export type ActionRowNode = z.output<typeof ActionRowSchema>;
export type LeafNode = { [K in LeafType]: z.output<(typeof LEAF_SCHEMAS)[K]> }[LeafType];

/**
 * A child of a container that failed validation. It renders as a small inert warning; its data and actions are
 * gone. Only the reason survives, in words for a person.
 */
export interface InvalidNode {
  readonly type: 'invalid';
  readonly reason: string;
}

export interface StackNode extends Omit<z.output<typeof StackSchema>, 'children'> {
  children: Array<ComposerNode | InvalidNode>;
}
export interface GridNode extends Omit<z.output<typeof GridSchema>, 'children'> {
  children: Array<ComposerNode | InvalidNode>;
}

/** The closed union of every component a model may author. */
export type ComposerNode = StackNode | GridNode | LeafNode;

/** Every ID a leaf carries besides its own (actions, metrics, citations, columns, rows, items). */
export function nestedIds(node: LeafNode): string[] {
  switch (node.type) {
    case 'metric-group':
      return node.metrics.map((m) => m.id);
    case 'entity-card':
    case 'task-card':
    case 'action-row':
      return (node.actions ?? []).map((a) => a.id);
    case 'citation-list':
      return node.citations.map((c) => c.id);
    case 'data-table':
      return [...node.columns.map((c) => c.id), ...node.rows.map((r) => r.id)];
    case 'media-gallery':
      return node.items.map((i) => i.id);
    default:
      return [];
  }
}

/** Media items a node carries: limited across the whole message. */
export function mediaCount(node: LeafNode): number {
  return node.type === 'media-gallery' ? node.items.length : 0;
}
