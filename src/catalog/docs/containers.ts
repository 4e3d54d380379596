import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { GridExample, StackExample } from '../containers.js';

export const stackDescription: ComponentDescription = {
  purpose: 'Lays out its children in a column ("vertical") or a row ("horizontal").',
  notes: { children: 'any components, containers included.' },
};

export const stackExample: ExampleOf<StackExample> = {
  version: 1,
  id: 'stack-example',
  root: {
    id: 'overview',
    type: 'stack',
    direction: 'vertical',
    gap: 'medium',
    children: [
      { id: 'overview-title', type: 'heading', text: 'What changed this week', level: 2 },
      { id: 'overview-note', type: 'callout', tone: 'info', body: 'Three clusters grew; **Memory systems** grew most.' },
    ],
  },
};

export const gridDescription: ComponentDescription = {
  purpose: 'Lays out its children in a grid: "columns" on a wide screen, fewer on a narrow one.',
  notes: { children: 'any components, containers included.' },
};

export const gridExample: ExampleOf<GridExample> = {
  version: 1,
  id: 'grid-example',
  root: {
    id: 'compare',
    type: 'grid',
    columns: 2,
    children: [
      {
        id: 'compare-a',
        type: 'entity-card',
        title: 'Memory systems',
        target: { uri: 'mantis://map/research/cluster/memory' },
        attributes: [{ label: 'Points', value: '128' }],
      },
      {
        id: 'compare-b',
        type: 'entity-card',
        title: 'Retrieval',
        target: { uri: 'mantis://map/research/cluster/retrieval' },
        attributes: [{ label: 'Points', value: '94' }],
      },
    ],
  },
};
