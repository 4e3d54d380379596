/*
 * The media service's concurrency limit (000_de6e533300a72cb9.txt: "distinct media fetches are limited to four
 * concurrent requests"). One limiter per page, shared by every service: a FIFO queue of waiters, each of which leaves
 * the queue, without ever holding a slot, when its signal aborts.
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

/** The page-wide limiter: every media service on the page takes its slots here. */
export const PAGE_LIMITER = new Limiter(MEDIA_LIMITS.concurrent);

/**
 * A slot of the page-wide limiter and, when the service asked for fewer concurrent fetches than the page allows, of
 * the service's own limiter first (so a service never holds a page slot while it waits for one of its own).
 */
export async function acquireSlot(signal: AbortSignal, own: Limiter | null): Promise<Slot | null> {
  const first = own ? await own.acquire(signal) : null;
  if (own && !first) return null;
  const page = await PAGE_LIMITER.acquire(signal);
  if (!page) {
    first?.release();
    return null;
  }
  return {
    release: () => {
      page.release();
      first?.release();
    },
  };
}
