import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { CitationListSchema } from '../citation-list.js';

export const citationListDescription: ComponentDescription = {
  purpose: 'The sources you relied on. Its entries are numbered after the citation markers ([1], [2]) already used in your prose before it; cite them in later prose by those numbers.',
  notes: {
    'citations.source': 'where it comes from, as text (a publisher, a file name): never a URL.',
    'citations.target': 'the map entity it refers to, if any.',
  },
};

export const citationListExample: ExampleOf<z.input<typeof CitationListSchema>> = {
  version: 1,
  id: 'sources-example',
  root: {
    id: 'sources',
    type: 'citation-list',
    title: 'Sources',
    citations: [
      {
        id: 'cite-1',
        title: 'Scaling memory-augmented models',
        source: 'arXiv 2024',
        excerpt: 'Retrieval doubles effective context at a fraction of the cost.',
        target: { uri: 'mantis://map/research/point/p-1042' },
      },
      { id: 'cite-2', title: 'Quarterly research notes', source: 'notes-q3.pdf' },
    ],
  },
};
