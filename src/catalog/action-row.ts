import * as z from 'zod/mini';
import { Actions } from '../schema/actions.js';
import { Id } from '../schema/primitives.js';
import type { ComponentDescription, LeafDefinition, ExampleOf } from './definition.js';

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

export const actionRowDescription: ComponentDescription = { purpose: 'A row of buttons for next steps.' };

export const actionRowExample: ExampleOf<z.input<typeof ActionRowSchema>> = {
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
};
