import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { CalloutSchema } from '../callout.js';
import { MARKDOWN_NOTE } from '../fields.js';

export const calloutDescription: ComponentDescription = { purpose: 'A highlighted note or warning.', notes: { body: MARKDOWN_NOTE } };

export const calloutExample: ExampleOf<z.input<typeof CalloutSchema>> = {
  version: 1,
  id: 'callout-example',
  root: {
    id: 'sparse-warning',
    type: 'callout',
    tone: 'warning',
    title: 'Few matching points',
    body: 'Only **12** points match this filter, so treat the trend as tentative.',
  },
};
