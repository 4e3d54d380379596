import type { LitElement, ReactiveController } from 'lit';
import type { DownloadResult, MediaFailure, MediaService } from '../../src/index.js';
import { emit } from '../events.js';
import { DOWNLOAD_MESSAGES } from './messages.js';

/** Where a download is (errors are state). A cancelled download is idle again. */
export const DownloadStatus = { idle: 'idle', downloading: 'downloading', done: 'done', failed: 'failed' } as const;
export type DownloadStatus = (typeof DownloadStatus)[keyof typeof DownloadStatus];

export type DownloadState =
  | { readonly status: typeof DownloadStatus.idle }
  | { readonly status: typeof DownloadStatus.downloading; readonly received: number; readonly total?: number }
  | { readonly status: typeof DownloadStatus.done; readonly name: string }
  | { readonly status: typeof DownloadStatus.failed; readonly reason: MediaFailure; readonly httpStatus?: number };

const IDLE: DownloadState = { status: DownloadStatus.idle };

/**
 * Streams one file through the media service (which stops it at the download ceiling and releases what it held),
 * then hands the bytes to the browser through a temporary object URL, revoked right after. Cancel and leaving abort
 * the request; a stale result is dropped; nothing retries unless the user asks.
 */
export class DownloadController implements ReactiveController {
  state: DownloadState = IDLE;
  /** What the live region says: the start, end or failure of the last download. */
  announcement = '';

  readonly #host: LitElement;
  readonly #source: () => { readonly media: MediaService | null; readonly key: string; readonly name: string };
  #run: AbortController | null = null;

  constructor(host: LitElement, source: () => { readonly media: MediaService | null; readonly key: string; readonly name: string }) {
    this.#host = host;
    this.#source = source;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.reset();
  }

  /** Stops any download and forgets its outcome (the host's key or service changed, or it left the page). */
  reset(): void {
    this.#abort();
    this.announcement = '';
    this.#set(IDLE);
  }

  /** Stops the download the user no longer wants. */
  cancel(): void {
    if (this.state.status !== DownloadStatus.downloading) return;
    this.#abort();
    this.announcement = 'Download cancelled';
    this.#set(IDLE);
  }

  async start(): Promise<void> {
    const { media, key, name } = this.#source();
    if (!media || this.state.status === DownloadStatus.downloading) return;
    const run = new AbortController();
    this.#run = run;
    this.announcement = `Downloading ${name}`;
    this.#set({ status: DownloadStatus.downloading, received: 0 });
    let result: DownloadResult;
    try {
      result = await media.download(key, {
        signal: run.signal,
        onProgress: ({ received, total }) => {
          if (this.#run !== run) return;
          this.#set({ status: DownloadStatus.downloading, received, ...(total !== undefined ? { total } : {}) });
        },
      });
    } catch {
      result = { ok: false, reason: 'network' };
    }
    if (this.#run !== run) return;
    this.#run = null;
    if (!result.ok) {
      this.announcement = `Download of ${name} failed: ${DOWNLOAD_MESSAGES[result.reason]}`;
      this.#set({ status: DownloadStatus.failed, reason: result.reason, ...(result.status !== undefined ? { httpStatus: result.status } : {}) });
      emit(this.#host, 'mantis-media-error', { key, reason: result.reason, ...(result.status !== undefined ? { status: result.status } : {}) });
      return;
    }
    this.#save(result.blob, result.name || name);
    this.announcement = `Downloaded ${result.name || name}`;
    this.#set({ status: DownloadStatus.done, name: result.name || name });
  }

  /** Hands the bytes to the browser's download: a temporary link in the shadow root, its object URL revoked at once. */
  #save(blob: Blob, name: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    this.#host.renderRoot.append(link);
    link.click();
    link.remove();
    // The next task: the click has handed the URL over by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  #abort(): void {
    this.#run?.abort();
    this.#run = null;
  }

  #set(state: DownloadState): void {
    this.state = state;
    this.#host.requestUpdate();
  }
}
