import * as z from 'zod';
import { ID_PATTERN, RESERVED_IDS, TEXT_LIMITS } from '../limits.js';

/** A node, action, item or row ID: short, ASCII, not reserved. */
export const Id = z
  .string()
  .min(1)
  .max(TEXT_LIMITS.id)
  .regex(ID_PATTERN, 'IDs use letters, digits, "-" and "_", and do not start with "mantis-"')
  .refine((id) => !RESERVED_IDS.has(id), 'this ID is reserved');

/** Plain text shown as-is (never parsed as Markdown or HTML). */
export const Label = z.string().min(1).max(TEXT_LIMITS.label);

/** Markdown rendered by the restricted renderer: no raw HTML, no external links, no images. */
export const Markdown = z.string().min(1).max(TEXT_LIMITS.markdown);
