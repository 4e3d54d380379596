import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../limits.js';
import { Id, Label, Markdown } from '../schema/primitives.js';
import type { ComponentDescription, LeafDefinition, ExampleOf } from './definition.js';
import { MARKDOWN_NOTE } from './fields.js';

export const ArtifactSchema = z.strictObject({
  id: Id,
  type: z.literal('artifact'),
  title: Label,
  /** Restricted Markdown. */
  description: z.optional(Markdown),
  /** How the content is shown in the artifact panel. */
  format: z.enum(['markdown', 'text', 'code', 'csv', 'json']),
  /** A language name for code, as a label only (no highlighter runs model input). */
  language: z.optional(z.string().check(z.regex(/^[a-z0-9+#-]{1,24}$/))),
  /** The payload; it lives in the bounded in-memory artifact store, never in IndexedDB. */
  content: z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.artifact)),
});

export type ArtifactNode = z.output<typeof ArtifactSchema>;

export const artifactDefinition: LeafDefinition<'artifact', typeof ArtifactSchema> = {
  type: 'artifact',
  kind: 'leaf',
  schema: ArtifactSchema,
};

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
