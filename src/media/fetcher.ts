/*
 * One fetch of the media service, from its page-wide slot to its body: the credentials, the request's options, the
 * status, and the idle timeout (no progress for `idleMs`, from the moment the slot is held: the token, the response's
 * headers, then each chunk of the body) that aborts a stalled fetch as `network` so that it gives its slot back.
 */
import { ABORTED, discard, failure, statusFailure } from './http.js';
import { acquireSlot, type Limiter, type PageLimiter } from './limiter.js';
import type { MediaError, MediaTokenProvider } from './types.js';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export const isFailure = (value: Response | MediaError): value is MediaError => 'reason' in value && value.ok === false;

/** What a fetch is run with; `token` and `onRequest` are read at each request. */
export interface FetcherOptions {
  readonly fetch: typeof fetch;
  readonly credentials: 'omit' | 'same-origin' | 'include';
  /** No progress for this long aborts the fetch as `network`. */
  readonly idleMs: number;
  /** The service's own share of the page's slots, when it asked for fewer. */
  readonly own: Limiter | null;
  readonly page: PageLimiter;
  readonly token: () => MediaTokenProvider | undefined;
  /** Called once per HTTP request started. */
  readonly onRequest: () => void;
}

/** Reads a response's body: `progress` tells the idle timeout that bytes arrived. */
export type BodyReader<R> = (response: Response, progress: () => void) => Promise<R | MediaError>;

/** Runs a fetch while it holds a page-wide slot; the slot is released however it ends. */
export type Fetching = <R extends { ok: boolean }>(url: URL, controller: AbortController, body: BodyReader<R>) => Promise<R | MediaError>;

const LEFT = Symbol('aborted');

/** A value, or LEFT as soon as the signal aborts (a token provider or a fetch that ignores the signal cannot hold on). */
function orAbort<T>(start: () => T | Promise<T>, signal: AbortSignal): Promise<T | typeof LEFT> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return resolve(LEFT);
    const onAbort = (): void => resolve(LEFT);
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (): void => signal.removeEventListener('abort', onAbort);
    let value: Promise<T>;
    try {
      value = Promise.resolve(start());
    } catch (error) {
      value = Promise.reject(error as Error);
    }
    value.then(
      (result) => {
        done();
        resolve(result);
      },
      (error: unknown) => {
        done();
        reject(error as Error);
      },
    );
  });
}

/** Calls `onIdle` once after `ms` without a `touch`. */
class IdleWatch {
  fired = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly ms: number,
    readonly onIdle: () => void,
  ) {
    this.touch();
  }

  touch(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.fired = true;
      this.onIdle();
    }, this.ms);
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}

export function createFetching(options: FetcherOptions): Fetching {
  /** One GET, with the credentials, while the caller holds a slot. */
  async function request(url: URL, signal: AbortSignal): Promise<Response | MediaError> {
    let bearer: string | null | undefined | typeof LEFT;
    try {
      const provider = options.token();
      bearer = await orAbort(() => provider?.(), signal);
    } catch {
      return signal.aborted ? ABORTED : failure('unauthorized');
    }
    if (bearer === LEFT || signal.aborted) return ABORTED;
    if (bearer !== null && bearer !== undefined && !(typeof bearer === 'string' && VISIBLE_ASCII.test(bearer))) return failure('unauthorized');
    const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
    options.onRequest();
    try {
      // `cache` is not in Node's RequestInit type, hence the assertion; browsers and Node's fetch both honour it.
      const init = { method: 'GET', headers, credentials: options.credentials, cache: 'no-store', redirect: 'error', referrerPolicy: 'no-referrer', signal } as RequestInit;
      const response = await orAbort(() => options.fetch(url.href, init), signal);
      return response === LEFT ? ABORTED : response;
    } catch {
      return signal.aborted ? ABORTED : failure('network');
    }
  }

  async function fetching<R extends { ok: boolean }>(url: URL, controller: AbortController, body: BodyReader<R>): Promise<R | MediaError> {
    const slot = await acquireSlot(controller.signal, options.own, options.page);
    if (!slot) return ABORTED;
    const idle = new IdleWatch(options.idleMs, () => controller.abort());
    let result: R | MediaError;
    try {
      const response = await request(url, controller.signal);
      if (isFailure(response)) result = response;
      else {
        const failed = statusFailure(response.status);
        if (failed) discard(response.body);
        result = failed ?? (await body(response, () => idle.touch()));
      }
    } catch {
      result = controller.signal.aborted ? ABORTED : failure('network');
    } finally {
      idle.stop();
      slot.release();
    }
    // Stopped for want of progress: a network failure, whatever the abort made of it.
    return idle.fired && isFailure(result as MediaError) && (result as MediaError).reason === 'aborted' ? failure('network') : result;
  }

  return fetching;
}

/** Too large: the body is cancelled and the request aborted, so the connection stops too. */
export function tooLarge(response: Response, controller: AbortController): MediaError {
  discard(response.body);
  controller.abort();
  return failure('too-large', response.status);
}
