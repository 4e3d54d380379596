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
 * page aborts the run and unsubscribes. A `reset` (the account changed) drops the shown image and loads it again when
 * near the viewport, so nothing of a previous account stays on screen; a `revoked` for this key (evicted from the
 * cache) drops it too and loads again once the item is scrolled back into view. Nothing retries on its own.
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
    if (!enabled) return this.#set(IDLE);
    // Without a service nothing can be asked for: the host configured none (not an error of this item).
    if (!media) return this.#set({ status: PreviewStatus.failed, reason: 'unconfigured' });
    if (media.urlOf(key) === null) return this.#fail('invalid-key');
    this.#unsubscribe = media.subscribe((event) => {
      if (event.type === 'reset') this.#watch(false);
      // Evicted: reloading at once while on screen could evict another shown preview, and so on forever.
      else if (event.key === key && this.state.status === PreviewStatus.shown) this.#watch(true);
    });
    this.#watch(false);
  }

  #stop(): void {
    this.#abort();
    this.#observer?.disconnect();
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
    this.#observer ??= new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        if (!near) this.#mustLeave = false;
        if (!near || this.#mustLeave) return;
        this.#observer?.disconnect();
        void this.#load();
      },
      // scrollMargin: the same look-ahead inside scrolling containers (a chat's timeline), where it is supported.
      { rootMargin: PREVIEW_LOOKAHEAD, scrollMargin: PREVIEW_LOOKAHEAD },
    );
    this.#observer.disconnect();
    this.#observer.observe(this.#host);
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
    else this.#fail(result.reason, result.status);
  }

  #fail(reason: MediaFailure, httpStatus?: number): void {
    this.#set({ status: PreviewStatus.failed, reason, ...(httpStatus !== undefined ? { httpStatus } : {}) });
    const key = this.#current?.key ?? '';
    emit(this.#host, 'mantis-media-error', { key, reason, ...(httpStatus !== undefined ? { status: httpStatus } : {}) });
  }

  #set(state: PreviewState): void {
    this.state = state;
    this.#host.requestUpdate();
  }
}
