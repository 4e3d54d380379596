import * as z from 'zod/mini';
import { Actions } from '../schema/actions.js';
import { Id } from '../schema/primitives.js';
import type { LeafDefinition } from './definition.js';

export const ActionRowSchema = z.strictObject({
  id: Id,
  type: z.literal('action-row'),
  actions: Actions.check(z.minLength(1)),
});

export type ActionRowNode = z.output<typeof ActionRowSchema>;

export const actionRowDefinition: LeafDefinition<'action-row', typeof ActionRowSchema> = {
  type: 'action-row',
  kind: 'leaf',
  schema: ActionRowSchema,
};
