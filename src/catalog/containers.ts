import * as z from 'zod/mini';
import { Id } from '../schema/primitives.js';
import type { ContainerDefinition } from './definition.js';
import { Children } from './fields.js';
import type { ComposerNode, ExampleNode, InvalidNode } from './index.js';

export const StackSchema = z.strictObject({
  id: Id,
  type: z.literal('stack'),
  direction: z.optional(z.literal(['vertical', 'horizontal'])),
  gap: z.optional(z.literal(['small', 'medium', 'large'])),
  children: Children,
});

export const GridSchema = z.strictObject({
  id: Id,
  type: z.literal('grid'),
  /** Columns on a wide screen; the grid falls back to fewer columns when narrow. */
  columns: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
  children: Children,
});

export interface StackNode extends Omit<z.output<typeof StackSchema>, 'children'> {
  children: Array<ComposerNode | InvalidNode>;
}
export interface GridNode extends Omit<z.output<typeof GridSchema>, 'children'> {
  children: Array<ComposerNode | InvalidNode>;
}

/** The validated node of each container. */
export interface ContainerNodes {
  stack: StackNode;
  grid: GridNode;
}

/** A stack as written in a fence: its children are nodes. */
export interface StackExample extends Omit<z.input<typeof StackSchema>, 'children'> {
  children: ExampleNode[];
}
/** A grid as written in a fence: its children are nodes. */
export interface GridExample extends Omit<z.input<typeof GridSchema>, 'children'> {
  children: ExampleNode[];
}

/** Each container as written in a fence. */
export interface ContainerExamples {
  stack: StackExample;
  grid: GridExample;
}

export const stackDefinition: ContainerDefinition<'stack', typeof StackSchema> = {
  type: 'stack',
  kind: 'container',
  schema: StackSchema,
};

export const gridDefinition: ContainerDefinition<'grid', typeof GridSchema> = {
  type: 'grid',
  kind: 'container',
  schema: GridSchema,
};
