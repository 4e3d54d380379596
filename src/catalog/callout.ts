import * as z from 'zod/mini';
import { Id, Label, Markdown } from '../schema/primitives.js';
import type { ComponentDescription, LeafDefinition, ExampleOf } from './definition.js';
import { MARKDOWN_NOTE } from './fields.js';

export const CalloutSchema = z.strictObject({
  id: Id,
  type: z.literal('callout'),
  tone: z.optional(z.enum(['info', 'success', 'warning', 'danger'])),
  title: z.optional(Label),
  /** Restricted Markdown. */
  body: Markdown,
});

export type CalloutNode = z.output<typeof CalloutSchema>;

export const calloutDefinition: LeafDefinition<'callout', typeof CalloutSchema> = {
  type: 'callout',
  kind: 'leaf',
  schema: CalloutSchema,
};

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
