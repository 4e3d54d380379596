import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatMessage } from '../../src/index.js';

/** Messages painted first when a long history is set; older ones follow in batches while the page is idle. */
const FIRST_PAINT = 12;
const REVEAL_BATCH = 60;
/** Messages per rendering block. */
const BLOCK = 40;

/** A run of messages rendered together: it keeps its array while its messages do not change. */
export interface MessageBlock {
  readonly index: number;
  readonly messages: readonly ChatMessage[];
}

/**
 * The rendered window of a transcript: a long history paints its newest messages first and reveals the rest in
 * batches; messages are grouped in blocks at fixed positions, so an update re-renders the block that changed, not
 * every message. The reveal goes on while the host is moved in the DOM; `stop()` ends it for good.
 */
export class HistoryWindowController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #messages: readonly ChatMessage[] = [];
  #from = 0;
  #blocks: readonly MessageBlock[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Whether older messages are still to be revealed. */
  get revealing(): boolean {
    return this.#from > 0;
  }

  get blocks(): readonly MessageBlock[] {
    return this.#blocks;
  }

  get messages(): readonly ChatMessage[] {
    return this.#messages;
  }

  /** The transcript changed. `replaced`: a whole history was set, so paint its newest messages first. */
  set(messages: readonly ChatMessage[], replaced = false): void {
    this.#messages = messages;
    if (replaced) {
      this.#from = Math.max(0, messages.length - FIRST_PAINT);
      if (this.#from > 0) this.#reveal();
    }
    this.#host.requestUpdate();
  }

  hostUpdate(): void {
    const messages = this.#messages;
    const blocks: MessageBlock[] = [];
    for (let start = Math.floor(this.#from / BLOCK) * BLOCK; start < messages.length; start += BLOCK) {
      const from = Math.max(start, this.#from);
      const to = Math.min(start + BLOCK, messages.length);
      const index = start / BLOCK;
      const previous = this.#blocks.find((b) => b.index === index);
      const same =
        previous !== undefined && previous.messages.length === to - from && previous.messages.every((m, i) => m === messages[from + i]);
      blocks.push(same ? previous : { index, messages: messages.slice(from, to) });
    }
    this.#blocks = blocks;
  }

  /** Ends the reveal (the host was removed for good). */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #reveal(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#from = Math.max(0, this.#from - REVEAL_BATCH);
      this.#host.requestUpdate();
      if (this.#from > 0) this.#reveal();
    }, 16);
  }
}
