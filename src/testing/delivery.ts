import type { TransportEvent } from '../protocols/composer/transport.js';
import { defaultProtocols } from '../protocols/register.js';

/*
 * How a ScriptedTransport (scripted-transport.ts) hands its planned events to the chat: one queue, in order, one event
 * per task, or step by step while paused. Apart from the transport because when an event goes out is a job of its own;
 * the transport decides only what goes in the queue.
 */

type Queued = { readonly event: TransportEvent; readonly messageId?: string };

/** The protocol an event's record belongs to, when it is not the Composer's own (an envelope, A2UI messages). */
function protocolOf(event: TransportEvent | undefined): string | undefined {
  const type = event?.type === 'ui-envelope' ? 'ui-envelope' : event?.type === 'server' ? event.event.type : undefined;
  return type === undefined ? undefined : defaultProtocols.owner({ record: type })?.name;
}

/** What the queue delivers through: the transport's delivery (record and emit) and whether it is open. */
export interface DeliveryTarget {
  deliver(event: TransportEvent): void;
  isOpen(): boolean;
}

/** The events a ScriptedTransport waits to deliver, and when it delivers them. */
export class Delivery {
  readonly #queue: Queued[] = [];
  readonly #target: DeliveryTarget;
  #paused: boolean;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #settled: Array<() => void> = [];

  constructor(target: DeliveryTarget, paused: boolean) {
    this.#target = target;
    this.#paused = paused;
  }

  /** How many events wait to be delivered. */
  get pending(): number {
    return this.#queue.length;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** Queues an event behind those waiting (`messageId`: the reply it belongs to, for `cut`). */
  push(event: TransportEvent, messageId?: string): void {
    this.#queue.push(messageId === undefined ? { event } : { event, messageId });
  }

  /** Drops every waiting event and stops the timer (the connection closed). */
  clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#queue.length = 0;
  }

  /**
   * Drops the waiting events of one reply, putting `end()` where the first of them was; nothing when none waits
   * (`end` is then not called).
   */
  cut(messageId: string, end: () => TransportEvent): void {
    const index = this.#queue.findIndex((queued) => queued.messageId === messageId);
    if (index === -1) return;
    const kept = this.#queue.filter((queued) => queued.messageId !== messageId);
    kept.splice(index, 0, { event: end(), messageId });
    this.#queue.splice(0, this.#queue.length, ...kept);
  }

  pause(): void {
    this.#paused = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  resume(): void {
    this.#paused = false;
    this.schedule();
  }

  /** Delivers the next `count` waiting events now, paused or not; returns them. */
  step(count: number): TransportEvent[] {
    const delivered: TransportEvent[] = [];
    while (delivered.length < count && this.#queue.length > 0) {
      const next = this.#queue.shift() as Queued;
      delivered.push(next.event);
      this.#target.deliver(next.event);
    }
    if (this.#queue.length === 0) this.notifySettled();
    return delivered;
  }

  /** Resolves once no event waits to be delivered (at once when none does). */
  settled(): Promise<void> {
    if (this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#settled.push(resolve));
  }

  /** Delivers one waiting event per task, in order, unless paused or closed. */
  schedule(): void {
    if (this.#paused || this.#timer !== undefined || !this.#target.isOpen()) return;
    if (this.#queue.length === 0) return this.notifySettled();
    // An event of a protocol that loads on first need waits for it, so a session applies it the moment it comes.
    const loading = protocolOf(this.#queue[0]?.event);
    if (loading && !defaultProtocols.loaded(loading)) {
      this.#timer = setTimeout(() => undefined);
      void defaultProtocols.load(loading).finally(() => {
        clearTimeout(this.#timer);
        this.#timer = undefined;
        this.schedule();
      });
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#paused || !this.#target.isOpen()) return;
      this.step(1);
      this.schedule();
    }, 0);
  }

  /** Resolves every `settled()` waiting. */
  notifySettled(): void {
    const waiting = this.#settled;
    this.#settled = [];
    for (const resolve of waiting) resolve();
  }
}
