import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { MetricGroupSchema } from '../metric-group.js';

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
