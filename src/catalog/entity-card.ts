import * as z from 'zod/mini';
import { LIMITS } from '../limits.js';
import { Actions } from '../schema/actions.js';
import { Id, Label, Markdown } from '../schema/primitives.js';
import { Target } from '../schema/uris.js';
import type { ComponentDescription, LeafDefinition, ExampleOf } from './definition.js';
import { MARKDOWN_NOTE, Value } from './fields.js';

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

export const entityCardDescription: ComponentDescription = {
  purpose: 'One map entity (a point, bag or cluster) with its attributes and actions.',
  notes: { description: MARKDOWN_NOTE, target: 'the entity the card is about.' },
};

export const entityCardExample: ExampleOf<z.input<typeof EntityCardSchema>> = {
  version: 1,
  id: 'cluster-summary',
  root: {
    id: 'summary',
    type: 'entity-card',
    title: 'Memory systems',
    description: 'The densest result cluster.',
    target: { uri: 'mantis://map/research/cluster/memory' },
    attributes: [
      { label: 'Points', value: '128' },
      { label: 'Top source', value: 'arXiv' },
    ],
    actions: [
      { id: 'open-memory', type: 'navigate', label: 'Show on map', target: { uri: 'mantis://map/research/cluster/memory' } },
      { id: 'sum-memory', type: 'summarize', label: 'Summarize', target: { uri: 'mantis://map/research/cluster/memory' } },
    ],
  },
};
