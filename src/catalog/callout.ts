import * as z from 'zod/mini';
import { Id, Label, Markdown } from '../schema/primitives.js';
import type { LeafDefinition } from './definition.js';

export const CalloutSchema = z.strictObject({
  id: Id,
  type: z.literal('callout'),
  tone: z.optional(z.literal(['info', 'success', 'warning', 'danger'])),
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
