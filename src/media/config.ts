/* The media service's configuration: its base URL and its limits, checked once when the service is created. */
import { AGENT_FILE_KEY_MAX, AGENT_FILE_KEY_PATTERN } from '../schema/uri-patterns.js';
import { MEDIA_LIMITS, type MediaLimits, type MediaTokenProvider } from './types.js';

/** The longest key (the schema's AgentFileKey). */
export const MAX_KEY_LENGTH = AGENT_FILE_KEY_MAX;

/** The base as a folder URL (a trailing slash added), or null unless it is an absolute http(s) URL without credentials, query or fragment. */
export function resolveBase(baseUrl: string, relativeTo: string | undefined): URL | null {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') return null;
  let base: URL;
  try {
    base = new URL(baseUrl, relativeTo);
  } catch {
    return null;
  }
  if ((base.protocol !== 'https:' && base.protocol !== 'http:') || base.username || base.password || base.search || base.hash) return null;
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

/** The hosts a bearer token may be sent to over plain http: this machine only (nothing on the network sees it). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a base may carry credentials in a request's headers: an https base, or an http one of this machine. A bearer
 * token sent to any other http base would cross the network in cleartext.
 */
export function carriesTokenSafely(base: URL): boolean {
  return base.protocol === 'https:' || LOOPBACK_HOSTS.has(base.hostname);
}

/**
 * What a service may request: whether it is configured (a base, and no bearer token it would carry in cleartext),
 * and a key's URL under the base (null for anything but an `agent_files/...` key that stays under it).
 */
export function addressing(base: URL | null, token: () => MediaTokenProvider | undefined): { configured(): boolean; urlOf(key: string): URL | null } {
  const configured = (): boolean => base !== null && (token() === undefined || carriesTokenSafely(base));
  return {
    configured,
    urlOf(key) {
      if (!base || !configured() || typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !AGENT_FILE_KEY_PATTERN.test(key)) return null;
      const url = new URL(key, base);
      return url.href.startsWith(base.href) && url.search === '' && url.hash === '' ? url : null;
    },
  };
}

/** The limits, each lowered by the options if asked (never raised past the specification's). */
export function limitsOf(partial: Partial<MediaLimits> | undefined): MediaLimits {
  const limits: MediaLimits = { ...MEDIA_LIMITS };
  for (const name of Object.keys(MEDIA_LIMITS) as Array<keyof MediaLimits>) {
    const value = partial?.[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(Math.floor(value) >= 1)) throw new RangeError(`media limit ${name} must be a number >= 1`);
    limits[name] = Math.min(Math.floor(value), MEDIA_LIMITS[name]);
  }
  return limits;
}
