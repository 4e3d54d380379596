import * as z from 'zod/mini';
import { Id, Label } from '../schema/primitives.js';
import type { LeafDefinition } from './definition.js';

export const HeadingSchema = z.strictObject({
  id: Id,
  type: z.literal('heading'),
  /** Plain text of the heading. */
  text: Label,
  /** Level inside the view: 1 is the largest. Placed below the page's own headings by the renderer. */
  level: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
});

export type HeadingNode = z.output<typeof HeadingSchema>;

export const headingDefinition: LeafDefinition<'heading', typeof HeadingSchema> = {
  type: 'heading',
  kind: 'leaf',
  schema: HeadingSchema,
};
