/*
 * The address patterns of uris.ts without Zod, for code that only tests a key or a URI (the media engine, a lazy
 * file of its own, would otherwise carry Zod). uris.ts re-exports them with the schemas built on them.
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

/** The longest `agent_files/...` key. */
export const AGENT_FILE_KEY_MAX = 512;
