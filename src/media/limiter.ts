/*
 * The media service's concurrency limit (000_de6e533300a72cb9.txt: "distinct media fetches are limited to four
 * concurrent requests"). One limiter per page, shared by every service of every copy of the library (through a
 * registered symbol on globalThis): a FIFO queue of waiters, each of which leaves the queue, without ever holding a
 * slot, when its signal aborts.
 */
import { MEDIA_LIMITS } from './types.js';

/** A held slot: `release` gives it back (a second call does nothing). */
export interface Slot {
  release(): void;
}

interface Waiter {
  readonly grant: (slot: Slot) => void;
  readonly signal: AbortSignal;
  readonly onAbort: () => void;
}

export class Limiter {
  #active = 0;
  readonly #queue: Waiter[] = [];

  constructor(readonly max: number) {}

  /** Slots held now. */
  get active(): number {
    return this.#active;
  }

  /** Waiters in the queue now. */
  get queued(): number {
    return this.#queue.length;
  }

  /** A slot, in FIFO order; null when the signal aborted first (then no slot was ever taken). */
  acquire(signal: AbortSignal): Promise<Slot | null> {
    if (signal.aborted) return Promise.resolve(null);
    if (this.#active < this.max) return Promise.resolve(this.#take());
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: resolve,
        signal,
        onAbort: () => {
          const at = this.#queue.indexOf(waiter);
          if (at >= 0) this.#queue.splice(at, 1);
          resolve(null);
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  #take(): Slot {
    this.#active += 1;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.#active -= 1;
        this.#next();
      },
    };
  }

  #next(): void {
    while (this.#active < this.max) {
      const waiter = this.#queue.shift();
      if (!waiter) return;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      if (waiter.signal.aborted) {
        waiter.onAbort();
        continue;
      }
      waiter.grant(this.#take());
    }
  }
}

/** What a page-wide limiter must offer: the shape checked before one left by another copy of the library is used. */
export interface PageLimiter {
  readonly max: number;
  readonly active: number;
  readonly queued: number;
  acquire(signal: AbortSignal): Promise<Slot | null>;
}

/**
 * Where the page-wide limiter lives: a registered symbol, the same in every copy of the library on the page (the IIFE
 * bundle and the ES core loaded together share it, so the page still makes at most four fetches).
 */
export const PAGE_LIMITER_KEY: symbol = Symbol.for('mantis-ui.media-limiter');

function isPageLimiter(value: unknown): value is PageLimiter {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof PageLimiter, unknown>>;
  return (
    typeof candidate.acquire === 'function' &&
    typeof candidate.max === 'number' &&
    Number.isInteger(candidate.max) &&
    candidate.max >= 1 &&
    typeof candidate.active === 'number' &&
    typeof candidate.queued === 'number'
  );
}

/**
 * The limiter kept under PAGE_LIMITER_KEY on `scope` (globalThis by default): the one already there when it has the
 * limiter's shape (another copy of the library made it), else a new one of MEDIA_LIMITS.concurrent slots, left there
 * for the copies loaded later. When the key holds something else, or the scope cannot be written (a frozen global),
 * the new limiter is this copy's own.
 */
export function sharedLimiter(scope: object = globalThis): PageLimiter {
  const existing: unknown = (scope as Record<symbol, unknown>)[PAGE_LIMITER_KEY];
  if (isPageLimiter(existing)) return existing;
  const limiter = new Limiter(MEDIA_LIMITS.concurrent);
  if (existing === undefined) {
    try {
      Object.defineProperty(scope, PAGE_LIMITER_KEY, { value: limiter, configurable: false, enumerable: false, writable: false });
    } catch {
      // Not writable: this copy keeps its own.
    }
  }
  return limiter;
}

/**
 * The page-wide limiter: every media service on the page, of every copy of the library, takes its slots here. (Pure
 * for bundlers: a page that creates no media service need not register one.)
 */
export const PAGE_LIMITER: PageLimiter = /* @__PURE__ */ sharedLimiter();

/**
 * A slot of the page-wide limiter and, when the service asked for fewer concurrent fetches than the page allows, of
 * the service's own limiter first (so a service never holds a page slot while it waits for one of its own).
 */
export async function acquireSlot(signal: AbortSignal, own: Limiter | null, page: PageLimiter = PAGE_LIMITER): Promise<Slot | null> {
  const first = own ? await own.acquire(signal) : null;
  if (own && !first) return null;
  const slot = await page.acquire(signal);
  if (!slot) {
    first?.release();
    return null;
  }
  return {
    release: () => {
      slot.release();
      first?.release();
    },
  };
}
