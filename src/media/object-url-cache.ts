/*
 * The preview cache: object URLs of image blobs, scoped to one authenticated account, least recently used first out,
 * bounded by a count and by the bytes behind the URLs. Whatever leaves it is revoked; the caller learns which keys
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
  readonly #entries = new Map<string, CachedPreview & { readonly account: string | undefined }>();
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
   * Keeps a preview (which must fit `maxBytes` on its own), evicting the least recently used ones until both bounds
   * hold. Returns the keys evicted, their URLs already revoked.
   */
  put(account: string | undefined, preview: CachedPreview): string[] {
    const id = ObjectUrlCache.#id(account, preview.key);
    const evicted: string[] = [];
    const old = this.#entries.get(id);
    if (old) {
      this.#drop(id, old, old.url !== preview.url);
      if (old.url !== preview.url) evicted.push(old.key);
    }
    this.#entries.set(id, { ...preview, account });
    this.#bytes += preview.bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      if (oldest === id) continue;
      this.#drop(oldest, entry);
      evicted.push(entry.key);
    }
    return evicted;
  }

  /** Revokes and forgets everything. */
  clear(): void {
    for (const [id, entry] of [...this.#entries]) this.#drop(id, entry);
  }

  #drop(id: string, entry: CachedPreview, revoke = true): void {
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
    if (revoke) this.urls.revoke(entry.url);
  }
}
