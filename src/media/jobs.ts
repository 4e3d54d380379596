/*
 * The media service's requests in progress, and the keys they are for: a preview is shared by every caller of its key
 * and aborted when the last one leaves; a caller whose signal aborts is answered `aborted` at once.
 */
import { ABORTED } from './http.js';
import type { PreviewResult } from './types.js';

/** Whether a key is shown as an image preview (by its extension: a presentation hint only; the response decides). */
export function isPreviewKey(key: string): boolean {
  return /\.(png|jpe?g|gif|webp|avif)$/i.test(key);
}

/** The last segment of a key, as a download's default file name. */
export function fileNameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** One preview or download in progress: `settle` answers its callers now (a reset does not wait for the fetch). */
export interface Job<R> {
  readonly controller: AbortController;
  readonly done: Promise<R>;
  readonly settle: (result: R) => void;
}

export interface SharedPreview extends Job<PreviewResult> {
  callers: number;
}

export function job<R>(): Job<R> {
  let settle!: (result: R) => void;
  const done = new Promise<R>((resolve) => (settle = resolve));
  return { controller: new AbortController(), done, settle };
}

/**
 * A caller of a shared preview: answered `aborted` when its signal aborts; when the last one leaves, `onEmpty` runs and
 * the request is aborted.
 */
export function join(preview: SharedPreview, signal: AbortSignal | undefined, onEmpty: () => void): Promise<PreviewResult> {
  preview.callers += 1;
  return new Promise((resolve) => {
    let left = false;
    const leave = (): void => {
      left = true;
      resolve(ABORTED);
      preview.callers -= 1;
      if (preview.callers > 0) return;
      onEmpty();
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
