/** What a test's connection received, in order, and a way to wait for some of it (5 s, then the whole log in the error). */
export class EventLog<E> {
  readonly seen: E[] = [];
  readonly #waiters = new Set<() => void>();

  /** Keeps an event and wakes whoever waits. */
  protected record(event: E): void {
    this.seen.push(event);
    for (const wake of [...this.#waiters]) wake();
  }

  /** Resolves with the events matching `pred` once there are `count` of them. */
  next<F extends E>(pred: (e: E) => e is F, count?: number): Promise<F[]>;
  next(pred: (e: E) => boolean, count?: number): Promise<E[]>;
  next(pred: (e: E) => boolean, count = 1): Promise<E[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`timed out; seen ${JSON.stringify(this.seen)}`));
      }, 5000);
      const check = (): void => {
        const found = this.seen.filter(pred);
        if (found.length < count) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(found);
      };
      this.#waiters.add(check);
      check();
    });
  }
}
