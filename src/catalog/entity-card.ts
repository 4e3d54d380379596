import * as z from 'zod/mini';
import { LIMITS } from '../limits.js';
import { Actions } from '../schema/actions.js';
import { Id, Label, Markdown } from '../schema/primitives.js';
import { Target } from '../schema/uris.js';
import type { LeafDefinition } from './definition.js';
import { Value } from './fields.js';

export const AttributeSchema = z.strictObject({ label: Label, value: Value.check(z.minLength(1)) });

export const EntityCardSchema = z.strictObject({
  id: Id,
  type: z.literal('entity-card'),
  title: Label,
  /** Restricted Markdown. */
  description: z.optional(Markdown),
  /** The map entity the card is about. */
  target: z.optional(Target),
  attributes: z.optional(z.array(AttributeSchema).check(z.maxLength(LIMITS.cardAttributes))),
  actions: z.optional(Actions),
});

export type EntityCardNode = z.output<typeof EntityCardSchema>;

export const entityCardDefinition: LeafDefinition<'entity-card', typeof EntityCardSchema> = {
  type: 'entity-card',
  kind: 'leaf',
  schema: EntityCardSchema,
};
