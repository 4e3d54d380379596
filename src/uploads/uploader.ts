/*
 * The contract between the attachment tray and whatever carries bytes to the host's upload endpoint. `<mantis-chat>`
 * uses a tus 1.0 client (elements/internal/tus-uploader.ts, loaded with the first file); a host or a test may bring its
 * own. DOM-free.
 */

export interface UploadProgress {
  /** Bytes the endpoint has acknowledged or the request has sent so far. */
  readonly sent: number;
  readonly total: number;
}

/**
 * Why an upload failed:
 * - `refused`: the endpoint refused the file (its type or content: 4xx with a reason), never retried;
 * - `too-large`: the endpoint's size ceiling (413);
 * - `unauthorized`: 401 or 403;
 * - `server`: another HTTP error, not retried;
 * - `network`: the network failed and the retries with backoff ran out (a retry by hand resumes where it stopped);
 * - `unconfigured`: no usable endpoint (nothing was sent);
 * - `aborted`: cancelled.
 */
export type UploadFailure = 'refused' | 'too-large' | 'unauthorized' | 'server' | 'network' | 'unconfigured' | 'aborted';

export type UploadOutcome =
  | { readonly ok: true; readonly uploadId: string }
  | { readonly ok: false; readonly reason: UploadFailure; readonly message: string; readonly status?: number };

/** One upload in flight. */
export interface UploadHandle {
  /** Settles once: the upload's ID on the endpoint, or why it failed. Never rejects. */
  readonly done: Promise<UploadOutcome>;
  /**
   * Stops it and has the endpoint delete what it received or stored, also after it finished (the user removed the
   * file): settles once that is done, or once it is known there is nothing to delete.
   */
  cancel(): Promise<void>;
  /** Tries again now where it stopped (after the connection came back), instead of waiting for its next retry. */
  resume(): void;
  /** After it failed: uploads it again, resuming where it stopped when the endpoint kept what it received. */
  retry(): UploadHandle;
}

export interface UploadMeta {
  /** The cleaned file name. */
  readonly name: string;
  /** The media type its bytes proved, or the declared one. */
  readonly mediaType: string;
}

export interface Uploader {
  /** Starts uploading a file; `onProgress` is called as bytes go. */
  upload(file: Blob, meta: UploadMeta, onProgress: (progress: UploadProgress) => void): UploadHandle;
}

/** An upload that could not even start (its uploader did not load); a retry starts it again. */
function failedHandle(message: string, again: () => UploadHandle): UploadHandle {
  return { done: Promise.resolve({ ok: false, reason: 'network', message }), cancel: () => Promise.resolve(), resume: () => undefined, retry: again };
}

/** A handle of an upload that starts once its uploader has loaded. */
function deferredHandle(pending: Promise<UploadHandle>): UploadHandle {
  return {
    done: pending.then((handle) => handle.done),
    cancel: () => pending.then((handle) => handle.cancel()),
    resume: () => void pending.then((handle) => handle.resume()),
    retry: () => deferredHandle(pending.then((handle) => handle.retry())),
  };
}

/**
 * An uploader loaded when the first file is attached (the tus client is a file of its own in the IIFE). When it cannot
 * be loaded, each upload fails as `network`, and a retry loads it again.
 */
export function deferredUploader(load: () => Promise<Uploader>): Uploader {
  const start = (upload: (uploader: Uploader) => UploadHandle): UploadHandle =>
    deferredHandle(
      load().then(upload, (error: unknown) => {
        console.warn('[mantis-ui] the uploader could not be loaded:', error);
        return failedHandle('The uploader could not be loaded.', () => start(upload));
      }),
    );
  return {
    upload: (file, meta, onProgress) => start((uploader) => uploader.upload(file, meta, onProgress)),
  };
}
