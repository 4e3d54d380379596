import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { MediaFailure, MediaService, PreviewResult } from '../../src/index.js';
import { emit } from '../events.js';

/** Where a preview is: waiting to come near the viewport, fetching, shown, or failed (errors are state). */
export const PreviewStatus = { idle: 'idle', loading: 'loading', shown: 'shown', failed: 'failed' } as const;
export type PreviewStatus = (typeof PreviewStatus)[keyof typeof PreviewStatus];

export type PreviewState =
  | { readonly status: typeof PreviewStatus.idle }
  | { readonly status: typeof PreviewStatus.loading }
  /** `url` is the service's object URL, never anything else. */
  | { readonly status: typeof PreviewStatus.shown; readonly url: string }
  | { readonly status: typeof PreviewStatus.failed; readonly reason: MediaFailure; readonly httpStatus?: number };

/** How far outside the viewport an item starts loading, so it is ready when it scrolls in. */
export const PREVIEW_LOOKAHEAD = '200px';

const IDLE: PreviewState = { status: PreviewStatus.idle };

/** What the controller previews: the host's current service and key. */
export interface PreviewSource {
  readonly media: MediaService | null;
  readonly key: string;
  /** Whether the key is shown as a preview at all (a download is not the controller's). */
  readonly enabled: boolean;
}

/**
 * Loads one image preview through the media service when its host comes near the viewport (an item never scrolled
 * into view is never requested). Each run has its own AbortController and a stale result is dropped; leaving the
 * page aborts the run and unsubscribes. While the preview loads or is shown near the viewport, the controller holds
 * it in the service's cache (`MediaService.hold`), so that other previews never evict an image on screen; it lets go
 * when the host leaves the viewport or the page. A `reset` (the account changed) drops the shown image and loads it
 * again when near the viewport, so nothing of a previous account stays on screen; a `revoked` for this key (evicted
 * from the cache once off screen) drops it too and loads again once the item is scrolled back into view. A service
 * that is not `configured` shows the unconfigured placeholder, as no service does. Nothing retries on its own.
 */
export class PreviewController implements ReactiveController {
  state: PreviewState = IDLE;

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #source: () => PreviewSource;
  /** The service and key the current run belongs to; null after the host left, so its return starts over. */
  #current: PreviewSource | null = null;
  #run: AbortController | null = null;
  #observer: IntersectionObserver | null = null;
  #unsubscribe: (() => void) | null = null;
  #connected = false;
  /** Evicted while near the viewport: wait until the host has left it before loading again. */
  #mustLeave = false;
  /** Whether the host is near the viewport (within the look-ahead), as the observer last said. */
  #near = false;
  /** Lets go of the service's pin of the preview, while one is held. */
  #release: (() => void) | null = null;

  constructor(host: ReactiveControllerHost & HTMLElement, source: () => PreviewSource) {
    this.#host = host;
    this.#source = source;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    // Start at the next update, once the properties a framework sets on connection have arrived.
    this.#host.requestUpdate();
  }

  hostUpdate(): void {
    if (!this.#connected) return;
    const source = this.#source();
    const current = this.#current;
    if (current && current.media === source.media && current.key === source.key && current.enabled === source.enabled) return;
    this.#stop();
    this.#current = source;
    this.#start(source);
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#stop();
    this.#current = null;
    this.#set(IDLE);
  }

  /** Asks again, after a failure the user chose to retry. */
  retry(): void {
    if (this.#connected && this.state.status === PreviewStatus.failed) void this.#load();
  }

  /** The shown image could not be decoded: the bytes were not the image the response declared. */
  imageFailed(url: string): void {
    if (this.state.status === PreviewStatus.shown && this.state.url === url) this.#fail('unsupported-type');
  }

  #start({ media, key, enabled }: PreviewSource): void {
    if (!enabled) {
      // A download card reads the service's `configured` when it renders, which a reset may have changed.
      this.#unsubscribe = media?.subscribe((event) => event.type === 'reset' && this.#host.requestUpdate()) ?? null;
      return this.#set(IDLE);
    }
    // Without a usable service nothing can be asked for: the host configured none (not an error of this item).
    if (!media?.configured) {
      this.#unsubscribe = media?.subscribe((event) => event.type === 'reset' && media.configured && this.#restart()) ?? null;
      return this.#set({ status: PreviewStatus.failed, reason: 'unconfigured' });
    }
    if (media.urlOf(key) === null) return this.#fail('invalid-key');
    this.#unsubscribe = media.subscribe((event) => {
      if (event.type === 'reset') {
        if (media.configured) this.#watch(false);
        else this.#restart();
      }
      // Evicted (off screen, or before it could be held): reloading at once while on screen could evict another
      // preview, and so on; it loads again once the host has left the viewport and come back.
      else if (event.key === key && this.state.status === PreviewStatus.shown) this.#watch(true);
    });
    this.#watch(false);
  }

  /** Starts over with the same source (the service's `configured` changed). */
  #restart(): void {
    const source = this.#current;
    if (!source || !this.#connected) return;
    this.#stop();
    this.#start(source);
  }

  #stop(): void {
    this.#abort();
    this.#observer?.disconnect();
    this.#near = false;
    this.#syncHold();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  #abort(): void {
    this.#run?.abort();
    this.#run = null;
  }

  /**
   * Back to idle (dropping any shown image), loading once the host is near the viewport; with `reenter`, only once it
   * has left the viewport and come back.
   */
  #watch(reenter: boolean): void {
    this.#abort();
    this.#set(IDLE);
    this.#mustLeave = reenter;
    // Observed for as long as the source stays: it decides when to load, and whether the preview is held.
    this.#observer ??= new IntersectionObserver(
      (entries) => this.#seen(entries.at(-1)?.isIntersecting ?? false),
      // scrollMargin: the same look-ahead inside scrolling containers (a chat's timeline), where it is supported.
      { rootMargin: PREVIEW_LOOKAHEAD, scrollMargin: PREVIEW_LOOKAHEAD },
    );
    // Observing again makes the observer say at once where the host is now.
    this.#observer.disconnect();
    this.#observer.observe(this.#host);
  }

  /** The host came near the viewport or left it. */
  #seen(near: boolean): void {
    this.#near = near;
    if (!near) this.#mustLeave = false;
    this.#syncHold();
    if (near && !this.#mustLeave && this.state.status === PreviewStatus.idle) void this.#load();
  }

  /** Holds the preview in the service's cache while it loads or is shown near the viewport; lets go otherwise. */
  #syncHold(): void {
    const source = this.#current;
    const status = this.state.status;
    const want = this.#connected && this.#near && (status === PreviewStatus.loading || status === PreviewStatus.shown);
    if (want && !this.#release && source?.media) this.#release = source.media.hold(source.key);
    else if (!want && this.#release) {
      const release = this.#release;
      this.#release = null;
      // May evict this very preview (the cache is over its bounds): its `revoked` drops the image, now off screen.
      release();
    }
  }

  async #load(): Promise<void> {
    const source = this.#current;
    if (!source?.media) return;
    this.#abort();
    const run = new AbortController();
    this.#run = run;
    this.#set({ status: PreviewStatus.loading });
    let result: PreviewResult;
    try {
      result = await source.media.preview(source.key, { signal: run.signal });
    } catch {
      result = { ok: false, reason: 'network' };
    }
    // Stale: restarted, reset or left meanwhile.
    if (this.#run !== run) return;
    this.#run = null;
    // Only the service's own object URL is ever shown.
    if (result.ok && result.url.startsWith('blob:')) this.#set({ status: PreviewStatus.shown, url: result.url });
    else if (result.ok) this.#fail('unsupported-type');
    else if (result.reason === 'unconfigured') this.#set({ status: PreviewStatus.failed, reason: 'unconfigured' });
    else this.#fail(result.reason, result.status);
  }

  #fail(reason: MediaFailure, httpStatus?: number): void {
    this.#set({ status: PreviewStatus.failed, reason, ...(httpStatus !== undefined ? { httpStatus } : {}) });
    const key = this.#current?.key ?? '';
    emit(this.#host, 'mantis-media-error', { key, reason, ...(httpStatus !== undefined ? { status: httpStatus } : {}) });
  }

  #set(state: PreviewState): void {
    this.state = state;
    this.#syncHold();
    this.#host.requestUpdate();
  }
}
