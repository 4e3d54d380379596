import * as z from 'zod/mini';
import { LIMITS } from '../limits.js';
import { Id, Label } from '../schema/primitives.js';
import type { ComponentDescription, LeafDefinition, ExampleOf } from './definition.js';
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
      direction: z.enum(['up', 'down', 'flat']),
      /** Whether the change is good news; colours follow it, and it is said in words too. */
      sentiment: z.optional(z.enum(['positive', 'negative', 'neutral'])),
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

export const metricGroupDescription: ComponentDescription = {
  purpose: 'Key figures side by side.',
  notes: {
    'metrics.value': 'the figure as text, formatted for reading ("12,480").',
    'metrics.change': 'a change shown beside the value ("+4.2%"); "sentiment" says whether it is good news.',
  },
};

export const metricGroupExample: ExampleOf<z.input<typeof MetricGroupSchema>> = {
  version: 1,
  id: 'metrics-example',
  root: {
    id: 'map-stats',
    type: 'metric-group',
    title: 'Map at a glance',
    metrics: [
      { id: 'stat-points', label: 'Points', value: '12,480' },
      { id: 'stat-clusters', label: 'Clusters', value: '37', change: { value: '+4', direction: 'up', sentiment: 'positive' } },
      { id: 'stat-coverage', label: 'Clustered', value: '82', unit: '%', description: 'Share of points in a cluster' },
    ],
  },
};
