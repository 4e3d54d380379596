import * as z from 'zod/mini';
import { AGENT_FILE_KEY_MAX, AGENT_FILE_KEY_PATTERN, MANTIS_URI_PATTERN, POINT_URI_PATTERN } from './uri-patterns.js';

export * from './uri-patterns.js';

/*
 * The only addresses a model may write. Both are allowlists of plain ASCII segments: no dots at the start of a
 * segment, no `..`, no percent-encoding, no backslashes, no query or fragment, so no traversal or encoding trick
 * has a character to hide in.
 */

export const MantisUri = z.string().check(z.maxLength(160), z.regex(MANTIS_URI_PATTERN, 'a canonical mantis://map/<map>/(point|bag|cluster)/<id> URI'));
export const PointUri = z.string().check(z.maxLength(160), z.regex(POINT_URI_PATTERN, 'a canonical mantis://map/<map>/point/<id> URI'));
export const AgentFileKey = z.string().check(z.maxLength(AGENT_FILE_KEY_MAX), z.regex(AGENT_FILE_KEY_PATTERN, 'an agent_files/... key'));

/** A target, as the specification writes it: `{"uri": …}`. */
export const Target = z.strictObject({ uri: MantisUri });
export const PointTarget = z.strictObject({ uri: PointUri });
