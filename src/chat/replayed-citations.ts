import type { MessageCitation } from '../message/citations.js';
import type { AssistantMessage } from '../message/messages.js';

/*
 * 000, "Persistence, copy, and model context": "the canvas receives one aggregate citation set per message". A live
 * reply announces its set when it ends; a replayed one (a history set or restored) has no end to wait for, and its
 * parts are derived only on first use, so that a long history paints its newest messages without parsing the oldest
 * (Thread.load). Its set is announced then, once: when the chat reveals the message, or anything else first reads
 * its parts. Never all at once: replaying a history announces nothing by itself.
 */

/** Announces the citation sets of replayed messages as their parts are first derived. */
export class ReplayedCitations {
  readonly #announce: (messageId: string, citations: readonly MessageCitation[]) => void;
  #queue: AssistantMessage[] = [];

  constructor(announce: (messageId: string, citations: readonly MessageCitation[]) => void) {
    this.#announce = announce;
  }

  /**
   * A replayed message's parts were just derived. Parts are derived while something reads them (a view rendering):
   * the set is announced in a microtask, after that reader is done, never from inside it.
   */
  derived(message: AssistantMessage): void {
    if (this.#queue.push(message) === 1) queueMicrotask(() => this.#flush());
  }

  /** The conversation was replaced: sets of the old one not announced yet never are. */
  reset(): void {
    this.#queue = [];
  }

  #flush(): void {
    const queue = this.#queue;
    this.#queue = [];
    for (const message of queue) this.#announce(message.id, message.citations);
  }
}
