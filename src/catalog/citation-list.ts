import * as z from 'zod/mini';
import { LIMITS, TEXT_LIMITS } from '../limits.js';
import { Id, Label } from '../schema/primitives.js';
import { Target } from '../schema/uris.js';
import type { LeafDefinition } from './definition.js';

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
