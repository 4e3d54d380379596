import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { ArtifactSchema } from '../artifact.js';
import { MARKDOWN_NOTE } from '../fields.js';

export const artifactDescription: ComponentDescription = {
  purpose: 'A larger payload (a document, code, CSV, JSON) that opens in a side panel.',
  notes: { description: MARKDOWN_NOTE, language: 'for "format": "code", a language name such as "python".' },
};

export const artifactExample: ExampleOf<z.input<typeof ArtifactSchema>> = {
  version: 1,
  id: 'artifact-example',
  root: {
    id: 'cluster-csv',
    type: 'artifact',
    title: 'Cluster sizes',
    description: 'The full table as CSV.',
    format: 'csv',
    content: 'cluster,points\nMemory systems,128\nRetrieval,94\nAgents,61\n',
  },
};
