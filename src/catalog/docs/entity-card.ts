import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { EntityCardSchema } from '../entity-card.js';
import { MARKDOWN_NOTE } from '../fields.js';

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
