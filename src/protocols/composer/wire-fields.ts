import * as z from 'zod/mini';
import { integer } from '../../schema/integer.js';

/* The field types the Composer's frames share, both ways. */

export const MessageId = z.string().check(z.minLength(1), z.maxLength(128));
/** An upload's ID on a tus endpoint: the last segment of its URL (some servers' IDs are long, as tusd's on S3). */
export const UploadId = z.string().check(z.minLength(1), z.maxLength(512));
export const Sequence = integer().check(z.nonnegative());
export const Name = z.string().check(z.minLength(1), z.maxLength(200));
