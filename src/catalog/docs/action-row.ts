import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { ActionRowSchema } from '../action-row.js';

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
