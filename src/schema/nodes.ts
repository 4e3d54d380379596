import * as z from 'zod';
import { LIMITS } from '../limits.js';
import { Id, Label, Markdown } from './primitives.js';

/*
 * One strict, bounded schema per component of the closed v1 catalog. A node is `{"id", "type", ...props}`.
 * Containers are described here without their children: `validateView` walks children itself so that an
 * invalid child can be salvaged (replaced by an inert warning) without failing its valid siblings.
 */

export const HeadingSchema = z.strictObject({
  id: Id,
  type: z.literal('heading'),
  /** Plain text of the heading. */
  text: Label,
  /** Visual level inside the view: 1 is the largest. Rendered below the page's own headings. */
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

export const StackSchema = z.strictObject({
  id: Id,
  type: z.literal('stack'),
  direction: z.enum(['vertical', 'horizontal']).optional(),
  gap: z.enum(['small', 'medium', 'large']).optional(),
  children: z.array(z.unknown()).min(1).max(LIMITS.fanOut),
});

/** Leaf components: validated whole. */
export const LEAF_SCHEMAS = {
  heading: HeadingSchema,
  callout: CalloutSchema,
} as const;

/** Containers: their own props validated here, children one by one by `validateView`. */
export const CONTAINER_SCHEMAS = {
  stack: StackSchema,
} as const;

export type LeafType = keyof typeof LEAF_SCHEMAS;
export type ContainerType = keyof typeof CONTAINER_SCHEMAS;
export type NodeType = LeafType | ContainerType;

export const NODE_TYPES: readonly NodeType[] = [
  ...(Object.keys(LEAF_SCHEMAS) as LeafType[]),
  ...(Object.keys(CONTAINER_SCHEMAS) as ContainerType[]),
];

export type HeadingNode = z.infer<typeof HeadingSchema>;
export type CalloutNode = z.infer<typeof CalloutSchema>;

/**
 * A child of a container that failed validation. It renders as a small inert warning; its data and actions are
 * gone. Only the reason survives, in words for a person.
 */
export interface InvalidNode {
  readonly type: 'invalid';
  readonly reason: string;
}

export type StackNode = Omit<z.infer<typeof StackSchema>, 'children'> & {
  children: Array<ComposerNode | InvalidNode>;
};

/** The closed union of every component a model may author. */
export type ComposerNode = HeadingNode | CalloutNode | StackNode;
