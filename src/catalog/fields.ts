import * as z from 'zod/mini';
import { LIMITS, TEXT_LIMITS } from '../limits.js';

/** Field schemas and prompt words shared by several components. */

/** A short value shown as text: metric values, table cells, attribute values. */
export const Value = z.string().check(z.maxLength(TEXT_LIMITS.value));

/** A container's children: bounded here, each validated on its own by `validateView`. */
export const Children = z.array(z.unknown()).check(z.minLength(1), z.maxLength(LIMITS.fanOut));

/** The prompt's note on every Markdown field. */
export const MARKDOWN_NOTE = 'Markdown (restricted).';
