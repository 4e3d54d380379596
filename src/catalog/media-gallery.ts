import * as z from 'zod/mini';
import { LIMITS } from '../limits.js';
import { Id, Label } from '../schema/primitives.js';
import { AgentFileKey } from '../schema/uris.js';
import type { LeafDefinition } from './definition.js';

export const MediaItemSchema = z.strictObject({
  id: Id,
  /** A key of the authenticated media store: the only model-authored media path. */
  key: AgentFileKey,
  /** Text alternative; required. */
  alt: Label,
  caption: z.optional(Label),
});

export const MediaGallerySchema = z.strictObject({
  id: Id,
  type: z.literal('media-gallery'),
  title: z.optional(Label),
  items: z.array(MediaItemSchema).check(z.minLength(1), z.maxLength(LIMITS.mediaPerMessage)),
});

export type MediaGalleryNode = z.output<typeof MediaGallerySchema>;

export const mediaGalleryDefinition: LeafDefinition<'media-gallery', typeof MediaGallerySchema> = {
  type: 'media-gallery',
  kind: 'leaf',
  schema: MediaGallerySchema,
  media: (node) => node.items.length,
};
