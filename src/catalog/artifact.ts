import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../limits.js';
import { Id, Label, Markdown } from '../schema/primitives.js';
import type { LeafDefinition } from './definition.js';

export const ArtifactSchema = z.strictObject({
  id: Id,
  type: z.literal('artifact'),
  title: Label,
  /** Restricted Markdown. */
  description: z.optional(Markdown),
  /** How the content is shown in the artifact panel. */
  format: z.literal(['markdown', 'text', 'code', 'csv', 'json']),
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
