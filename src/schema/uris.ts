import * as z from 'zod/mini';

/*
 * The only addresses a model may write. Both are allowlists of plain ASCII segments: no dots at the start of a
 * segment, no `..`, no percent-encoding, no backslashes, no query or fragment, so no traversal or encoding trick
 * has a character to hide in.
 */

const SEGMENT = '[A-Za-z0-9][A-Za-z0-9_-]{0,63}';

/** `mantis://map/<map>/(point|bag|cluster)/<id>`: the canonical target of navigation, summaries and bags. */
export const MANTIS_URI_PATTERN = new RegExp(`^mantis://map/(${SEGMENT})/(point|bag|cluster)/(${SEGMENT})$`);

/** A canonical point URI: the only kind a bag action may add. */
export const POINT_URI_PATTERN = new RegExp(`^mantis://map/(${SEGMENT})/point/(${SEGMENT})$`);

/** `agent_files/<path>`: a key of the authenticated media store; segments may hold single dots between words. */
export const AGENT_FILE_KEY_PATTERN = /^agent_files(?:\/[A-Za-z0-9_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*){1,8}$/;

export type MantisUriKind = 'point' | 'bag' | 'cluster';

/** Parses a canonical mantis:// URI, or returns null. */
export function parseMantisUri(uri: string): { map: string; kind: MantisUriKind; id: string } | null {
  const match = MANTIS_URI_PATTERN.exec(uri);
  return match ? { map: match[1] as string, kind: match[2] as MantisUriKind, id: match[3] as string } : null;
}

export const MantisUri = z.string().check(z.maxLength(160), z.regex(MANTIS_URI_PATTERN, 'a canonical mantis://map/<map>/(point|bag|cluster)/<id> URI'));
export const PointUri = z.string().check(z.maxLength(160), z.regex(POINT_URI_PATTERN, 'a canonical mantis://map/<map>/point/<id> URI'));
/** The longest `agent_files/...` key. */
export const AGENT_FILE_KEY_MAX = 512;

export const AgentFileKey = z.string().check(z.maxLength(AGENT_FILE_KEY_MAX), z.regex(AGENT_FILE_KEY_PATTERN, 'an agent_files/... key'));

/** A target, as the specification writes it: `{"uri": …}`. */
export const Target = z.strictObject({ uri: MantisUri });
export const PointTarget = z.strictObject({ uri: PointUri });
