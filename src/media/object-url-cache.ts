/*
 * The preview cache: object URLs of image blobs, scoped to one authenticated account, least recently used first out,
 * bounded by a count and by the bytes behind the URLs. An entry shown on screen is pinned and never evicted: the
 * least recently used unpinned entries go first, and only when everything left is pinned (or just stored) may the
 * cache stay over its bounds, until a pin is released. Whatever leaves it is revoked; the caller learns which keys
 * left so the elements that show them can ask again.
 */

export interface CachedPreview {
  readonly key: string;
  readonly url: string;
  readonly type: string;
  readonly bytes: number;
}

export interface UrlFactory {
  /** Revokes an object URL this cache held. */
  revoke(url: string): void;
}

export class ObjectUrlCache {
  /** In insertion order, refreshed on use: the first entry is the least recently used. */
  readonly #entries = new Map<string, CachedPreview>();
  /** Pins by entry id, counted (several elements may show one key); an id may be pinned before its entry arrives. */
  #pins = new Map<string, number>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    readonly urls: UrlFactory,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Entries pinned now (present in the cache). */
  get pinned(): number {
    let count = 0;
    for (const id of this.#entries.keys()) if (this.#pins.has(id)) count += 1;
    return count;
  }

  static #id(account: string | undefined, key: string): string {
    // The account is scoped in the id too: an entry can only ever answer the account it was fetched for.
    return `${account === undefined ? '-' : `+${account}`}\u0000${key}`;
  }

  /** The preview of a key for an account, made most recently used; undefined when absent. */
  get(account: string | undefined, key: string): CachedPreview | undefined {
    const id = ObjectUrlCache.#id(account, key);
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    return entry;
  }

  /**
   * Keeps a preview (which must fit `maxBytes` on its own), evicting the least recently used unpinned ones until both
   * bounds hold or only pinned ones and this one are left. Returns the keys evicted, their URLs already revoked.
   */
  put(account: string | undefined, preview: CachedPreview): string[] {
    const id = ObjectUrlCache.#id(account, preview.key);
    const evicted: string[] = [];
    const old = this.#entries.get(id);
    if (old) {
      this.#drop(id, old, old.url !== preview.url);
      if (old.url !== preview.url) evicted.push(old.key);
    }
    this.#entries.set(id, preview);
    this.#bytes += preview.bytes;
    return evicted.concat(this.#trim(id));
  }

  /**
   * Pins the entry of a key for an account (present or still to come) until the returned function is called; that
   * call evicts what the bounds no longer allow and returns those keys, their URLs already revoked. A second call does
   * nothing. `clear` drops every pin.
   */
  pin(account: string | undefined, key: string): () => string[] {
    const id = ObjectUrlCache.#id(account, key);
    this.#pins.set(id, (this.#pins.get(id) ?? 0) + 1);
    const pins = this.#pins;
    let held = true;
    return () => {
      // A pin of before a `clear` (the map was replaced by then) releases nothing.
      if (!held || pins !== this.#pins) return [];
      held = false;
      const count = (pins.get(id) ?? 1) - 1;
      if (count > 0) pins.set(id, count);
      else pins.delete(id);
      return this.#trim(null);
    };
  }

  /** Revokes and forgets everything, pins included. */
  clear(): void {
    for (const [id, entry] of [...this.#entries]) this.#drop(id, entry);
    this.#pins = new Map();
  }

  /** Evicts least recently used unpinned entries (never `keep`) while a bound is exceeded; returns their keys. */
  #trim(keep: string | null): string[] {
    const evicted: string[] = [];
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      if (id === keep || this.#pins.has(id)) continue;
      this.#drop(id, entry);
      evicted.push(entry.key);
    }
    return evicted;
  }

  #drop(id: string, entry: CachedPreview, revoke = true): void {
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
    if (revoke) this.urls.revoke(entry.url);
  }
}
