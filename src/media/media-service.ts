/*
 * The authenticated media service (000_de6e533300a72cb9.txt, media): `agent_files/...` keys, resolved against the
 * host's base URL and fetched with the host's credentials; previews as object URLs in an account-scoped, bounded
 * cache (previews shown on screen pinned in it); downloads streamed through a ceiling; at most four fetches in flight
 * across the page, each given up when it stalls. DOM-free.
 */
import { addressing, limitsOf, resolveBase } from './config.js';
import { createFetching, tooLarge } from './fetcher.js';
import { ABORTED, declaredLength, dispositionFileName, discard, failure, mediaTypeOf, readCapped, safeFileName } from './http.js';
import { fileNameOf, job, join, type Job, type SharedPreview } from './jobs.js';
import { Limiter, PAGE_LIMITER } from './limiter.js';
import { ObjectUrlCache } from './object-url-cache.js';
import { notifyAll } from '../protocols/composer/transport.js';
import {
  PLAYABLE_TYPES,
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

export { fileNameOf, isPreviewKey } from './jobs.js';

/** What `new Blob()` takes (BlobPart is a DOM name: the core type-checks without the DOM library). */
type BlobParts = NonNullable<ConstructorParameters<typeof Blob>[0]>;

const RELEASED = (): void => undefined;

/**
 * Creates a media service. Every service on the page shares one limit of four concurrent fetches (`limits.concurrent`
 * may lower a service's own share). After `dispose()` the service is finished: every call answers `aborted`.
 */
export function createMediaService(options: MediaOptions): MediaService {
  const base = resolveBase(options.baseUrl, options.relativeTo);
  const limits = limitsOf(options.limits);
  const page = PAGE_LIMITER;
  const own = limits.concurrent < page.max ? new Limiter(limits.concurrent) : null;
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
  const fetching = createFetching({
    // The global fetch, called unbound-safe: some browsers throw when it is called with another `this`.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    credentials: options.credentials ?? 'same-origin',
    idleMs: limits.idleMs,
    own,
    page,
    token: () => token,
    onRequest: () => void (requests += 1),
  });

  function emit(event: MediaEvent): void {
    notifyAll(listeners, event);
  }

  const { configured, urlOf } = addressing(base, () => token);

  /** The key's URL, or why there is none (nothing is requested in either case). */
  function target(key: string): URL | MediaError {
    if (disposed) return ABORTED;
    if (!configured()) return failure('unconfigured');
    return urlOf(key) ?? failure('invalid-key');
  }

  function fetchPreview(key: string, url: URL, controller: AbortController, types: readonly string[]): Promise<PreviewResult> {
    const startedIn = epoch;
    return fetching(url, controller, async (response, progress): Promise<PreviewResult> => {
      const type = mediaTypeOf(response.headers.get('content-type'));
      if (!types.includes(type)) {
        discard(response.body);
        return failure('unsupported-type', response.status);
      }
      const declared = declaredLength(response.headers.get('content-length'));
      if (declared !== null && declared > previewMax) return tooLarge(response, controller);
      const read = await readCapped(response.body, previewMax, controller.signal, progress);
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
    return fetching(url, controller, async (response, progress): Promise<DownloadResult> => {
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
      const read = await readCapped(response.body, limits.downloadBytes, controller.signal, (received) => {
        progress();
        report(received);
      });
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

  /** Aborts every request (their callers get `aborted` now) and revokes every object URL, dropping every pin. */
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

  return {
    get account() {
      return account;
    },
    get configured() {
      return configured();
    },
    urlOf,
    preview(key, { signal, accept = 'image' } = {}) {
      const url = target(key);
      if (!(url instanceof URL)) return Promise.resolve(url);
      if (signal?.aborted) return Promise.resolve(ABORTED);
      const types = accept === 'playable' ? PLAYABLE_TYPES : PREVIEW_TYPES;
      const hit = cache.get(account, key);
      // One file has one type: cached as an image, it is no video, and the other way round.
      if (hit) return Promise.resolve(types.includes(hit.type) ? { ok: true, url: hit.url, type: hit.type, bytes: hit.bytes } : failure('unsupported-type'));
      const sharing = `${accept}\u0000${key}`;
      let preview = shared.get(sharing);
      if (!preview) {
        const started: SharedPreview = { ...job<PreviewResult>(), callers: 0 };
        shared.set(sharing, started);
        jobs.add(started);
        void fetchPreview(key, url, started.controller, types).then((result) => {
          if (shared.get(sharing) === started) shared.delete(sharing);
          jobs.delete(started);
          started.settle(result);
        });
        preview = started;
      }
      const joined = preview;
      return join(joined, signal, () => {
        if (shared.get(sharing) === joined) shared.delete(sharing);
      });
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
    hold(key) {
      if (disposed || urlOf(key) === null) return RELEASED;
      const release = cache.pin(account, key);
      return () => {
        for (const evicted of release()) emit({ type: 'revoked', key: evicted });
      };
    },
    setAccount(next) {
      if (disposed || next === account) return;
      reset();
      account = next;
      emit({ type: 'reset' });
    },
    setToken(next) {
      const before = configured();
      token = next;
      if (disposed || configured() === before) return;
      reset();
      emit({ type: 'reset' });
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
      return { requests, inFlight: page.active, created, revoked, cached: cache.size, cachedBytes: cache.bytes, pinned: cache.pinned };
    },
  };
}
