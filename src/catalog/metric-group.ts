import * as z from 'zod/mini';
import { LIMITS } from '../limits.js';
import { Id, Label } from '../schema/primitives.js';
import type { LeafDefinition } from './definition.js';
import { Value } from './fields.js';

export const MetricSchema = z.strictObject({
  id: Id,
  label: Label,
  value: Value.check(z.minLength(1)),
  unit: z.optional(z.string().check(z.minLength(1), z.maxLength(16))),
  /** A change to show beside the value, as text ("+4.2%") with its direction. */
  change: z.optional(
    z.strictObject({
      value: Value.check(z.minLength(1)),
      direction: z.literal(['up', 'down', 'flat']),
      /** Whether the change is good news; colours follow it, and it is said in words too. */
      sentiment: z.optional(z.literal(['positive', 'negative', 'neutral'])),
    }),
  ),
  description: z.optional(Label),
});

export const MetricGroupSchema = z.strictObject({
  id: Id,
  type: z.literal('metric-group'),
  title: z.optional(Label),
  metrics: z.array(MetricSchema).check(z.minLength(1), z.maxLength(LIMITS.metrics)),
});

export type MetricGroupNode = z.output<typeof MetricGroupSchema>;

export const metricGroupDefinition: LeafDefinition<'metric-group', typeof MetricGroupSchema> = {
  type: 'metric-group',
  kind: 'leaf',
  schema: MetricGroupSchema,
};
