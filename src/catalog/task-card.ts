import * as z from 'zod/mini';
import { Actions } from '../schema/actions.js';
import { Id, Label, Markdown } from '../schema/primitives.js';
import type { LeafDefinition } from './definition.js';

export const TaskCardSchema = z.strictObject({
  id: Id,
  type: z.literal('task-card'),
  /** Only the explicitly non-executing suggested state: progress comes from trusted task events, never from a view. */
  state: z.literal('suggested'),
  title: Label,
  /** Restricted Markdown. */
  description: z.optional(Markdown),
  actions: z.optional(Actions),
});

export type TaskCardNode = z.output<typeof TaskCardSchema>;

export const taskCardDefinition: LeafDefinition<'task-card', typeof TaskCardSchema> = {
  type: 'task-card',
  kind: 'leaf',
  schema: TaskCardSchema,
};
