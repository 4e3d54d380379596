import * as z from 'zod/mini';
import { LIMITS, TEXT_LIMITS } from '../limits.js';
import { Id, Label } from '../schema/primitives.js';
import { Target } from '../schema/uris.js';
import type { ComponentDescription, LeafDefinition, ExampleOf } from './definition.js';

export const CitationSchema = z.strictObject({
  id: Id,
  title: Label,
  /** Where it comes from, as text (a publisher, a file name): never a URL. */
  source: z.optional(Label),
  excerpt: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.excerpt))),
  /** A map entity the citation points at. */
  target: z.optional(Target),
});

export const CitationListSchema = z.strictObject({
  id: Id,
  type: z.literal('citation-list'),
  title: z.optional(Label),
  citations: z.array(CitationSchema).check(z.minLength(1), z.maxLength(LIMITS.citations)),
});

export type CitationListNode = z.output<typeof CitationListSchema>;

export const citationListDefinition: LeafDefinition<'citation-list', typeof CitationListSchema> = {
  type: 'citation-list',
  kind: 'leaf',
  schema: CitationListSchema,
};

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
