import type { ProtocolRegistry } from '../protocols/registry.js';
import type { CheckedHistory } from './persisted-schema.js';

/** A history from outside, read: what of it is kept, and what is said about the rest (null: nothing to say). */
export interface ReadHistory {
  readonly checked: CheckedHistory | null;
  readonly said: string | null;
}

/** What a session says when the check of a history could not be loaded (the conversation on screen stays). */
export const HISTORY_UNREAD = 'The conversation could not be shown: the code that reads a history did not load.';

/**
 * Reads a history from outside (set by a host, restored from storage, kept by a backend) with the persisted-format
 * check, whose module loads on first need: a page that never sets or restores a history never fetches it (the script
 * tag's first load does not carry it, issue 29). Rejects only when that module could not be loaded.
 */
export async function readHistory(value: unknown, protocols: ProtocolRegistry): Promise<ReadHistory> {
  const { checkPersistedHistory, describeChecked } = await import('./persisted-schema.js');
  const checked = checkPersistedHistory(value, protocols);
  return { checked, said: describeChecked(checked) };
}

/** A session's history loads, in order: the last one given wins, and `settled` waits for it. */
export class HistoryLoads {
  readonly #read: typeof readHistory;
  #latest = 0;
  /** The last history given that was shown, refused or could not be read. */
  #done = 0;
  #settled: Promise<void> = Promise.resolve();

  /** `read` is the reader (a test gives one whose code did not load). */
  constructor(read: typeof readHistory = readHistory) {
    this.#read = read;
  }

  /** True while the history given last is being read: the session refuses to send until it shows. */
  get loading(): boolean {
    return this.#done !== this.#latest;
  }

  /** Settles once the history given last is shown, refused, or could not be read. */
  get settled(): Promise<void> {
    return this.#settled;
  }

  /** Reads `value`, then `apply`s it unless a later history was given meanwhile; `failed` if it could not be read. */
  run(value: unknown, protocols: ProtocolRegistry, apply: (read: ReadHistory) => void, failed: (reason: string) => void): Promise<void> {
    const turn = ++this.#latest;
    // An earlier history read after a later one was given is never shown (nor said); the last one ends the loading.
    const last = (settle: () => void): void => {
      if (turn !== this.#latest) return;
      try {
        settle();
      } finally {
        this.#done = turn;
      }
    };
    const done = this.#read(value, protocols).then(
      (read) => last(() => apply(read)),
      () => last(() => failed(HISTORY_UNREAD)),
    );
    this.#settled = done;
    return done;
  }
}
