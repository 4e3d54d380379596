import { Upload, type DetailedError, type HttpRequest } from 'tus-js-client/lib.esm/browser/index.js';
import type { UploadHandle, UploadMeta, UploadOutcome, UploadProgress, Uploader, UploadFailure } from '../../src/index.js';

/*
 * Uploads over the tus 1.0 resumable upload protocol (https://tus.io/protocols/resumable-upload), with tus-js-client:
 * the file is streamed from disk in one PATCH (or `chunkSize` pieces), with progress; a network failure is retried with
 * growing delays and resumes where the endpoint's offset says (HEAD); an HTTP error is never retried; cancelling
 * terminates the upload (DELETE), so the endpoint keeps nothing. A file of its own in the IIFE, loaded with the first
 * attachment.
 */

export interface TusUploaderOptions {
  /** The tus endpoint (absolute http(s) URL): uploads are created by POST to it. */
  readonly endpoint: string;
  /** The bearer token of each request, read per request; none sends no Authorization header. */
  readonly token?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Whether cookies go with the requests: `include` for an endpoint on another origin. */
  readonly withCredentials?: boolean;
  /** Milliseconds before each retry after a network error (default 0.5, 1, 2, 4, 8, 15, 15, 15 s). */
  readonly retryDelays?: readonly number[];
  /** Bytes per PATCH request (default: the whole file in one). */
  readonly chunkSize?: number;
}

const RETRY_DELAYS = [500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000];

/** The endpoint's sentence, when its answer is a short plain text (the reference server's refusals are). */
function reasonOf(error: DetailedError): string {
  const body = error.originalResponse?.getBody();
  const text = typeof body === 'string' ? body.trim() : '';
  return text.length > 0 && text.length <= 500 && !text.startsWith('<') ? text : '';
}

function failureOf(error: Error | DetailedError): UploadOutcome {
  const detailed = error as DetailedError;
  const status = detailed.originalResponse?.getStatus() ?? 0;
  if (status === 0) return { ok: false, reason: 'network', message: 'The network failed while it uploaded; retry to continue where it stopped.' };
  const reason: UploadFailure = status === 413 ? 'too-large' : status === 401 || status === 403 ? 'unauthorized' : status >= 400 && status < 500 ? 'refused' : 'server';
  const said = reasonOf(detailed);
  const fallback: Record<UploadFailure, string> = {
    'too-large': 'The server does not take files this large.',
    unauthorized: 'The server did not accept your credentials for uploads.',
    refused: 'The server refused the file.',
    server: `The server failed to store it (HTTP ${status}).`,
    network: '',
    unconfigured: '',
    aborted: '',
  };
  return { ok: false, reason, message: said || fallback[reason], status };
}

/** The upload's ID: the last segment of its URL. */
const idOf = (url: string): string => decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '');

/** What one file's upload knows across its runs (a retry by hand is a new tus Upload of the same URL). */
interface FileState {
  /** It waits for tus's next retry after a network failure. */
  waiting: boolean;
  cancelled: boolean;
  /** The upload's URL, once the endpoint named it. */
  url: string | null;
  /** Settles a cancel that waits for the endpoint to name the upload (so it can delete it). */
  named: (() => void) | null;
}

const CANCEL_WAIT_MS = 15_000;

export function createTusUploader(options: TusUploaderOptions): Uploader {
  const endpoint = new URL(options.endpoint);
  /** Before each request of one file's upload. */
  const beforeRequest = async (state: FileState, req: HttpRequest): Promise<void> => {
    // A request is going out: the upload no longer waits for a retry.
    state.waiting = false;
    // The credentials go to the endpoint's origin only, not to wherever an answer's Location points.
    if (new URL(req.getURL(), endpoint).origin === endpoint.origin) {
      const token = await options.token?.();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
      const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
      if (options.withCredentials && xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
    }
    // Cancelled before this request left (while tus opened the file, or the token was read): it is not sent, and the
    // upload ends with an error, which settles the cancel. Only the DELETE of a cancel goes out.
    if (state.cancelled && req.getMethod() !== 'DELETE') throw new Error('tus: the upload was cancelled');
  };

  /** A tus Upload of the file: a new one (`state.url` null) or one that resumes at the endpoint's offset. */
  function tusUpload(file: Blob, meta: UploadMeta, state: FileState, onProgress: (progress: UploadProgress) => void): Upload {
    const upload: Upload = new Upload(file, {
      endpoint: options.endpoint,
      ...(state.url ? { uploadUrl: state.url } : {}),
      onBeforeRequest: (req) => beforeRequest(state, req),
      retryDelays: [...(options.retryDelays ?? RETRY_DELAYS)],
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      metadata: { filename: meta.name, filetype: meta.mediaType },
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      // Only a failure with no answer at all (the network) is retried: an answer is the endpoint's decision. Except
      // tus's own two: 409 (the offset sent is not the endpoint's, as after a cut request) and 423 (the upload is
      // still locked by that request), which a new HEAD resolves. Nothing is retried once cancelled but the cancel's
      // own DELETE (tus asks here for it too), which is retried the same way, so a network blip leaves nothing behind.
      onShouldRetry: (error: DetailedError) => {
        const status = error.originalResponse?.getStatus();
        if (error.originalRequest?.getMethod() === 'DELETE') return status === undefined || status === 423;
        return (state.waiting = !state.cancelled && (status === undefined || status === 409 || status === 423));
      },
      onProgress: (sent, total) => onProgress({ sent, total }),
      onUploadUrlAvailable: () => {
        state.url = upload.url;
        // Cancelled while the endpoint was creating it: delete it there now that it has a name.
        if (state.cancelled) void upload.abort(true).catch(() => undefined).finally(() => state.named?.());
      },
    });
    return upload;
  }

  /** Runs an upload; a retry runs a new tus Upload of the same file and URL (with its own retries). */
  function run(file: Blob, meta: UploadMeta, state: FileState, onProgress: (progress: UploadProgress) => void): UploadHandle {
    const upload = tusUpload(file, meta, state, onProgress);
    let settled = false;
    let settle!: (outcome: UploadOutcome) => void;
    const done = new Promise<UploadOutcome>((resolve) => (settle = resolve));
    const finish = (outcome: UploadOutcome): void => {
      if (settled) return;
      settled = true;
      settle(outcome);
    };
    upload.options.onSuccess = () => {
      const id = upload.url ? idOf(upload.url) : '';
      finish(id ? { ok: true, uploadId: id } : { ok: false, reason: 'server', message: 'The server gave the upload no address.' });
    };
    upload.options.onError = (error) => {
      if (state.cancelled) state.named?.();
      finish(failureOf(error));
    };
    upload.start();
    return {
      done,
      async cancel() {
        finish({ ok: false, reason: 'aborted', message: 'Cancelled.' });
        if (state.cancelled) return;
        state.cancelled = true;
        // The file's URL (the tus Upload of a retry has it only once it has opened the file, a moment after it started).
        const url = state.url;
        if (url) {
          // Stopped, and deleted on the endpoint (whether it had finished or not).
          await upload.abort(false);
          await Upload.terminate(url, upload.options).catch(() => undefined);
          return;
        }
        // Not named yet, and waiting to retry its creation: nothing is on its way, so stopping the retry is enough.
        if (state.waiting) {
          await upload.abort(false);
          return;
        }
        // Not named yet: the creating request is on its way, or about to leave. One on its way is not aborted, as the
        // endpoint may have created the upload already and only its answer names it: the upload is deleted once named
        // (onUploadUrlAvailable). One about to leave is not sent (beforeRequest), and the upload fails (onError).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            // No answer at all: stop waiting (the endpoint expires what it may hold).
            void upload.abort(false);
            resolve();
          }, CANCEL_WAIT_MS);
          state.named = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      },
      resume() {
        // Waiting for its next retry after a network failure: start again from the endpoint's offset now.
        if (settled || !state.waiting) return;
        state.waiting = false;
        void upload.abort(false).then(() => {
          if (!settled && !state.cancelled) upload.start();
        });
      },
      retry: () => run(file, meta, state, onProgress),
    };
  }

  return {
    upload: (file, meta, onProgress) => run(file, meta, { waiting: false, cancelled: false, url: null, named: null }, onProgress),
  };
}
