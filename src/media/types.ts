/*
 * The authenticated media service's contract (000_de6e533300a72cb9.txt, media): model-authored media is only ever
 * an `agent_files/...` key, resolved against a base URL the host configured and fetched with the host's credentials.
 * DOM-free: it uses fetch, streams, Blob and URL.createObjectURL, which Node has too.
 */

import { MEDIA_LIMITS } from '../limits.js';

export { MEDIA_LIMITS };

export type MediaLimits = { -readonly [K in keyof typeof MEDIA_LIMITS]: number };

/** The image types a preview may have, as the response declares them (never the key's extension). No SVG. */
export const PREVIEW_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

/**
 * The video and audio types a playable preview (`preview(key, { accept: 'playable' })`) may have, as the response
 * declares them: what an A2UI Video or AudioPlayer plays with the browser's own controls.
 */
export const PLAYABLE_TYPES: readonly string[] = [
  'video/mp4', 'video/webm', 'video/ogg', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/webm', 'audio/wav', 'audio/flac',
];

/** What a preview may be: an image (the default), or video or audio to play. */
export type PreviewAccept = 'image' | 'playable';

/**
 * Why media could not be shown or downloaded. Each has its own placeholder:
 * - `invalid-key`: not an `agent_files/...` key (nothing was requested);
 * - `unconfigured`: the host configured no usable media base URL (none, or one MediaOptions.baseUrl refuses: nothing
 *   was requested, whatever the key; see `MediaService.configured`);
 * - `unauthorized` (401), `forbidden` (403), `not-found` (404);
 * - `too-large`: past the preview (12 MiB) or download (64 MiB) ceiling, by the declared length or while streaming;
 * - `unsupported-type`: a preview whose response is not a supported image type (or, asked for something playable, not
 *   a supported video or audio type);
 * - `server`: another HTTP error; `network`: the request failed, or stalled (no progress for MEDIA_LIMITS.idleMs);
 *   `aborted`: cancelled or left.
 */
export type MediaFailure =
  | 'invalid-key'
  | 'unconfigured'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'too-large'
  | 'unsupported-type'
  | 'server'
  | 'network'
  | 'aborted';

export interface MediaError {
  readonly ok: false;
  readonly reason: MediaFailure;
  /** The HTTP status, when there was a response. */
  readonly status?: number;
}

/** A preview: an object URL of the image, owned by the service's cache (never revoke it yourself). */
export interface MediaPreview {
  readonly ok: true;
  readonly url: string;
  /** The declared content type (without parameters), one of PREVIEW_TYPES (or PLAYABLE_TYPES, when asked for those). */
  readonly type: string;
  readonly bytes: number;
}

export type PreviewResult = MediaPreview | MediaError;

/** A finished download: the bytes as a Blob (typed `application/octet-stream`, so nothing renders it). */
export interface MediaDownload {
  readonly ok: true;
  readonly blob: Blob;
  /** The file name, from Content-Disposition or the key's last segment. */
  readonly name: string;
  /** The declared content type, for display only. */
  readonly type: string;
  readonly bytes: number;
}

export type DownloadResult = MediaDownload | MediaError;

export interface DownloadProgress {
  readonly received: number;
  /** The declared length, when the response has one. */
  readonly total?: number;
}

/** Supplies the bearer token for a request; null or undefined sends none (cookies only). */
export type MediaTokenProvider = () => string | null | undefined | Promise<string | null | undefined>;

export interface MediaOptions {
  /**
   * The media store's base URL: a key `agent_files/a/b.png` is fetched from `<base>agent_files/a/b.png` (a base
   * without a trailing slash is taken as a folder). It must be, once resolved, an http(s) URL without credentials,
   * query or fragment; and while a `token` provider is set, an `http:` base must be this machine's (`localhost`,
   * `127.0.0.1` or `[::1]`), since the bearer token would otherwise cross the network in cleartext (use https).
   * Otherwise the service is not `configured`: every preview and download answers `unconfigured`, nothing is requested.
   */
  readonly baseUrl: string;
  /** Resolves a relative `baseUrl` (a page passes `document.baseURI`). */
  readonly relativeTo?: string;
  /**
   * The host's credentials: a bearer token, read for every request, after the request got its slot. A provider that
   * throws, or answers something other than a token of visible ASCII, gives `unauthorized` without a request.
   */
  readonly token?: MediaTokenProvider;
  /** Cookies: `same-origin` by default; `include` sends them to a media store on another origin too. */
  readonly credentials?: 'omit' | 'same-origin' | 'include';
  /** The authenticated user the cache is scoped to. */
  readonly account?: string;
  /**
   * Lowers limits for this service (a value above MEDIA_LIMITS is clamped to it; one below 1 throws a RangeError).
   * A lower `concurrent` is this service's share: the page-wide limit of four still holds. `idleMs` is how long a
   * fetch may make no progress (token, headers, then between body chunks) before it fails as `network`.
   */
  readonly limits?: Partial<MediaLimits>;
  /** Injects faults in tests; the real fetch otherwise. */
  readonly fetch?: typeof fetch;
}

/** What the service tells the elements that show its media. */
export type MediaEvent =
  /** The object URL of a key was revoked (evicted from the cache): a shown preview must ask again when visible. */
  | { readonly type: 'revoked'; readonly key: string }
  /** The account changed or the service was disposed: every object URL was revoked, every request aborted. */
  | { readonly type: 'reset' };

/** Counters, for diagnostics and tests. */
export interface MediaStats {
  /** HTTP requests this service started (one per fetch call: there is never a retry). */
  readonly requests: number;
  /** Requests in flight now (across the page: the limit is shared). */
  readonly inFlight: number;
  /** Object URLs created and revoked so far. */
  readonly created: number;
  readonly revoked: number;
  /** Object URLs held now, and the bytes behind them. */
  readonly cached: number;
  readonly cachedBytes: number;
  /** Of those, the ones pinned now by `hold` (shown near the viewport). */
  readonly pinned: number;
}

export interface MediaService {
  /** The account the cache is scoped to. */
  readonly account: string | undefined;
  /**
   * Whether the base URL is usable (see MediaOptions.baseUrl). When false, every preview and download answers
   * `unconfigured` and `urlOf` is null for every key: show the "unavailable" placeholder, not `invalid-key`. It can
   * change with `setToken` (an `http:` base of another host refuses a token provider); subscribers then hear `reset`.
   */
  readonly configured: boolean;
  /** The URL a key is fetched from, or null when it is not an `agent_files/...` key (or the service is not configured). */
  urlOf(key: string): URL | null;
  /**
   * An image preview of a key, or with `accept: 'playable'` a video or audio file to play (PLAYABLE_TYPES), within
   * the same ceiling. Concurrent calls for one key (and kind) share one request; a cached preview answers at once.
   * The request is aborted when every caller's signal has aborted.
   */
  preview(key: string, options?: { readonly signal?: AbortSignal; readonly accept?: PreviewAccept }): Promise<PreviewResult>;
  /**
   * Streams a file through the download ceiling, reporting progress (after each chunk that fits, and always the final
   * count); aborted by the signal. Never shared with other calls, never cached; it takes a page-wide slot like a preview.
   */
  download(key: string, options?: { readonly signal?: AbortSignal; readonly onProgress?: (progress: DownloadProgress) => void }): Promise<DownloadResult>;
  /**
   * Pins the cached preview of a key (under the current account) while an element shows it near the viewport, until
   * the returned function is called (a second call does nothing); a key may be held before its preview arrives, and
   * several times. The cache evicts the least recently used unpinned previews first; only when everything left is
   * pinned (or was just stored) does it stay over its bounds (MEDIA_LIMITS.cacheEntries, cacheBytes), by at most what
   * is pinned, that is what is on screen, each preview at most MEDIA_LIMITS.previewBytes. Releasing the last pin of an
   * entry evicts what the bounds no longer allow (announced as `revoked`). An account change or `dispose` drops every
   * pin (and revokes the pinned URLs too: they belong to the previous account).
   */
  hold(key: string): () => void;
  /** The account changed: revokes every object URL, aborts every request, and scopes the cache to the new account. */
  setAccount(account: string | undefined): void;
  /**
   * Replaces the token provider (the account is unchanged). When that changes `configured` (a token provider and an
   * `http:` base of another host), it resets like an account change.
   */
  setToken(token: MediaTokenProvider | undefined): void;
  subscribe(listener: (event: MediaEvent) => void): () => void;
  /**
   * Revokes every object URL and aborts every request (the element that owned the service was removed for good),
   * then tells subscribers `reset` and forgets them. Final: afterwards every preview and download answers `aborted`.
   */
  dispose(): void;
  readonly stats: MediaStats;
}
