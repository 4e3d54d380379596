/*
 * The authenticated media service (000_de6e533300a72cb9.txt, media): `agent_files/...` keys, resolved against the
 * host's base URL and fetched with the host's credentials; previews as object URLs in an account-scoped, bounded
 * cache; downloads streamed through a ceiling; at most four fetches in flight across the page. DOM-free.
 */
import { AGENT_FILE_KEY_PATTERN } from '../schema/uris.js';
import { ABORTED, declaredLength, discard, dispositionFileName, failure, mediaTypeOf, readCapped, safeFileName, statusFailure } from './http.js';
import { acquireSlot, Limiter, PAGE_LIMITER } from './limiter.js';
import { limitsOf, MAX_KEY_LENGTH, resolveBase } from './config.js';
import { ObjectUrlCache } from './object-url-cache.js';
import { notifyAll } from '../transport/transport.js';
import {
  PREVIEW_TYPES,
  type DownloadProgress,
  type DownloadResult,
  type MediaError,
  type MediaEvent,
  type MediaOptions,
  type MediaService,
  type MediaTokenProvider,
  type PreviewResult,
} from './types.js';

/** Whether a key is shown as an image preview (by its extension: a presentation hint only; the response decides). */
export function isPreviewKey(key: string): boolean {
  return /\.(png|jpe?g|gif|webp|avif)$/i.test(key);
}

/** The last segment of a key, as a download's default file name. */
export function fileNameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** One preview or download in progress: `settle` answers its callers now (a reset does not wait for the fetch). */
interface Job<R> {
  readonly controller: AbortController;
  readonly done: Promise<R>;
  readonly settle: (result: R) => void;
}

interface SharedPreview extends Job<PreviewResult> {
  callers: number;
}

function job<R>(): Job<R> {
  let settle!: (result: R) => void;
  const done = new Promise<R>((resolve) => (settle = resolve));
  return { controller: new AbortController(), done, settle };
}

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** What `new Blob()` takes (BlobPart is a DOM name: the core type-checks without the DOM library). */
type BlobParts = NonNullable<ConstructorParameters<typeof Blob>[0]>;

const isFailure = (value: Response | MediaError): value is MediaError => 'reason' in value && value.ok === false;

/**
 * Creates a media service. Every service on the page shares one limit of four concurrent fetches (`limits.concurrent`
 * may lower a service's own share). After `dispose()` the service is finished: every call answers `aborted`.
 */
export function createMediaService(options: MediaOptions): MediaService {
  const base = resolveBase(options.baseUrl, options.relativeTo);
  const limits = limitsOf(options.limits);
  const own = limits.concurrent < PAGE_LIMITER.max ? new Limiter(limits.concurrent) : null;
  // The global fetch, called unbound-safe: some browsers throw when it is called with another `this`.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const credentials = options.credentials ?? 'same-origin';
  // A cached preview must fit the cache on its own, so the cache's bytes bound a preview too.
  const previewMax = Math.min(limits.previewBytes, limits.cacheBytes);
  let token: MediaTokenProvider | undefined = options.token;
  let account = options.account;
  let epoch = 0;
  let disposed = false;
  let requests = 0;
  let created = 0;
  let revoked = 0;
  const listeners = new Set<(event: MediaEvent) => void>();
  const jobs = new Set<Job<PreviewResult> | Job<DownloadResult>>();
  const shared = new Map<string, SharedPreview>();
  const cache = new ObjectUrlCache(limits.cacheEntries, limits.cacheBytes, {
    revoke(url) {
      URL.revokeObjectURL(url);
      revoked += 1;
    },
  });

  function emit(event: MediaEvent): void {
    notifyAll(listeners, event);
  }

  function urlOf(key: string): URL | null {
    if (!base || typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !AGENT_FILE_KEY_PATTERN.test(key)) return null;
    const url = new URL(key, base);
    return url.href.startsWith(base.href) && url.search === '' && url.hash === '' ? url : null;
  }

  /** The key's URL, or why there is none (nothing is requested in either case). */
  function target(key: string): URL | MediaError {
    if (disposed) return ABORTED;
    if (!base) return failure('unconfigured');
    return urlOf(key) ?? failure('invalid-key');
  }

  /** One GET, with the credentials, while the caller holds a slot. */
  async function request(url: URL, signal: AbortSignal): Promise<Response | MediaError> {
    let bearer: string | null | undefined;
    try {
      bearer = await token?.();
    } catch {
      return failure('unauthorized');
    }
    if (signal.aborted) return ABORTED;
    if (bearer !== null && bearer !== undefined && !(typeof bearer === 'string' && VISIBLE_ASCII.test(bearer))) return failure('unauthorized');
    const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
    requests += 1;
    try {
      // `cache` is not in Node's RequestInit type, hence the assertion; browsers and Node's fetch both honour it.
      const init = { method: 'GET', headers, credentials, cache: 'no-store', redirect: 'error', referrerPolicy: 'no-referrer', signal } as RequestInit;
      return await fetchFn(url.href, init);
    } catch {
      return signal.aborted ? ABORTED : failure('network');
    }
  }

  /** Runs `body` with a page-wide slot and the response of the key's URL; any exception is `network` (or `aborted`). */
  async function fetching<R extends { ok: boolean }>(url: URL, controller: AbortController, body: (response: Response) => Promise<R | MediaError>): Promise<R | MediaError> {
    const slot = await acquireSlot(controller.signal, own);
    if (!slot) return ABORTED;
    try {
      const response = await request(url, controller.signal);
      if (isFailure(response)) return response;
      const failed = statusFailure(response.status);
      if (failed) {
        discard(response.body);
        return failed;
      }
      return await body(response);
    } catch {
      return controller.signal.aborted ? ABORTED : failure('network');
    } finally {
      slot.release();
    }
  }

  /** Too large: the body is cancelled and the request aborted, so the connection stops too. */
  function tooLarge(response: Response, controller: AbortController): MediaError {
    discard(response.body);
    controller.abort();
    return failure('too-large', response.status);
  }

  function fetchPreview(key: string, url: URL, controller: AbortController): Promise<PreviewResult> {
    const startedIn = epoch;
    return fetching(url, controller, async (response): Promise<PreviewResult> => {
      const type = mediaTypeOf(response.headers.get('content-type'));
      if (!PREVIEW_TYPES.includes(type)) {
        discard(response.body);
        return failure('unsupported-type', response.status);
      }
      const declared = declaredLength(response.headers.get('content-length'));
      if (declared !== null && declared > previewMax) return tooLarge(response, controller);
      const read = await readCapped(response.body, previewMax);
      if (!read) return tooLarge(response, controller);
      // A request of another account (or one every caller left) never enters the cache.
      if (controller.signal.aborted || startedIn !== epoch || disposed) return ABORTED;
      const objectUrl = URL.createObjectURL(new Blob(read.chunks as unknown as BlobParts, { type }));
      created += 1;
      for (const evicted of cache.put(account, { key, url: objectUrl, type, bytes: read.bytes })) emit({ type: 'revoked', key: evicted });
      return { ok: true, url: objectUrl, type, bytes: read.bytes };
    });
  }

  function fetchDownload(key: string, url: URL, controller: AbortController, onProgress: ((progress: DownloadProgress) => void) | undefined): Promise<DownloadResult> {
    return fetching(url, controller, async (response): Promise<DownloadResult> => {
      const total = declaredLength(response.headers.get('content-length'));
      if (total !== null && total > limits.downloadBytes) return tooLarge(response, controller);
      let reported = -1;
      const report = (received: number): void => {
        reported = received;
        try {
          onProgress?.(total === null ? { received } : { received, total });
        } catch {
          // A failing progress listener does not stop the download.
        }
      };
      const read = await readCapped(response.body, limits.downloadBytes, report);
      if (!read) return tooLarge(response, controller);
      if (controller.signal.aborted) return ABORTED;
      if (reported !== read.bytes) report(read.bytes);
      return {
        ok: true,
        blob: new Blob(read.chunks as unknown as BlobParts, { type: 'application/octet-stream' }),
        name: safeFileName(dispositionFileName(response.headers.get('content-disposition'))) ?? fileNameOf(key),
        type: mediaTypeOf(response.headers.get('content-type')) || 'application/octet-stream',
        bytes: read.bytes,
      };
    });
  }

  /** Aborts every request (their callers get `aborted` now) and revokes every object URL. */
  function reset(): void {
    epoch += 1;
    const running = [...jobs];
    jobs.clear();
    shared.clear();
    for (const each of running) {
      (each.settle as (result: MediaError) => void)(ABORTED);
      each.controller.abort();
    }
    cache.clear();
  }

  /** A caller of a shared preview: answered `aborted` when its signal aborts; the last one to leave aborts the request. */
  function join(key: string, preview: SharedPreview, signal: AbortSignal | undefined): Promise<PreviewResult> {
    preview.callers += 1;
    return new Promise((resolve) => {
      let left = false;
      const leave = (): void => {
        left = true;
        resolve(ABORTED);
        preview.callers -= 1;
        if (preview.callers > 0) return;
        if (shared.get(key) === preview) shared.delete(key);
        preview.controller.abort();
      };
      signal?.addEventListener('abort', leave, { once: true });
      void preview.done.then((result) => {
        signal?.removeEventListener('abort', leave);
        if (left) return;
        preview.callers -= 1;
        resolve(result);
      });
    });
  }

  return {
    get account() {
      return account;
    },
    urlOf,
    preview(key, { signal } = {}) {
      const url = target(key);
      if (!(url instanceof URL)) return Promise.resolve(url);
      if (signal?.aborted) return Promise.resolve(ABORTED);
      const hit = cache.get(account, key);
      if (hit) return Promise.resolve({ ok: true, url: hit.url, type: hit.type, bytes: hit.bytes });
      let preview = shared.get(key);
      if (!preview) {
        const started: SharedPreview = { ...job<PreviewResult>(), callers: 0 };
        shared.set(key, started);
        jobs.add(started);
        void fetchPreview(key, url, started.controller).then((result) => {
          if (shared.get(key) === started) shared.delete(key);
          jobs.delete(started);
          started.settle(result);
        });
        preview = started;
      }
      return join(key, preview, signal);
    },
    download(key, { signal, onProgress } = {}) {
      const url = target(key);
      if (!(url instanceof URL)) return Promise.resolve(url);
      if (signal?.aborted) return Promise.resolve(ABORTED);
      const download = job<DownloadResult>();
      jobs.add(download);
      const leave = (): void => {
        download.settle(ABORTED);
        download.controller.abort();
      };
      signal?.addEventListener('abort', leave, { once: true });
      void fetchDownload(key, url, download.controller, onProgress).then((result) => {
        signal?.removeEventListener('abort', leave);
        jobs.delete(download);
        download.settle(result);
      });
      return download.done;
    },
    setAccount(next) {
      if (disposed || next === account) return;
      reset();
      account = next;
      emit({ type: 'reset' });
    },
    setToken(next) {
      token = next;
    },
    subscribe(listener) {
      if (disposed) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      reset();
      emit({ type: 'reset' });
      listeners.clear();
    },
    get stats() {
      return { requests, inFlight: PAGE_LIMITER.active, created, revoked, cached: cache.size, cachedBytes: cache.bytes };
    },
  };
}
