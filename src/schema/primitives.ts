import * as z from 'zod/mini';
import { ID_PATTERN, RESERVED_IDS, TEXT_LIMITS } from '../limits.js';
import { configureMessages } from './messages.js';

/*
 * Every schema module imports this one, so the English messages (the ones `validateView`'s issues and `parseFrame`'s
 * reasons carry: messages.ts) are configured before any schema parses.
 */
configureMessages();

/** A node, action, item or row ID: short, ASCII, not reserved. */
export const Id = z.string().check(
  z.minLength(1),
  z.maxLength(TEXT_LIMITS.id),
  z.regex(ID_PATTERN, 'IDs use letters, digits, "-" and "_", and do not start with "mantis-"'),
  z.refine((id) => !RESERVED_IDS.has(id), 'this ID is reserved'),
);

/** Plain text shown as-is (never parsed as Markdown or HTML). */
export const Label = z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.label));

/** Markdown rendered by the restricted renderer: no raw HTML, no external links, no images. */
export const Markdown = z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.markdown));
