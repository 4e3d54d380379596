import { TEXT_LIMITS } from '../limits.js';
import { notifyAll } from '../protocols/composer/transport.js';
import { utf8Length } from '../utf8.js';
import { ARTIFACT_LIMITS, type ArtifactChange, type ArtifactEntry, type ArtifactLimits, type ArtifactSource } from './types.js';

/**
 * The key of an artifact: `<messageId or "view">/<viewId>/<nodeId>`, with the view's part ID before its view ID when
 * it has one (`<messageId>/<partId>/<viewId>/<nodeId>`): two views of one message may share a view ID. IDs hold no
 * `/`, so the two forms never meet.
 */
export function artifactKey(source: ArtifactSource): string {
  return `${source.messageId ?? 'view'}/${source.partId ? `${source.partId}/` : ''}${source.viewId}/${source.node.id}`;
}

/**
 * The most UTF-8 bytes one valid artifact can hold (4 per UTF-16 unit is a safe bound): the byte cap is never set
 * below it, so any artifact a view validated fits on its own and the cap is never exceeded.
 */
export const MIN_ARTIFACT_BYTES_CAP = TEXT_LIMITS.artifact * 4;

/** The caps in force: whole numbers, at least one entry and one maximal artifact; anything unusable is the default. */
function effectiveLimits(limits: Partial<ArtifactLimits>): ArtifactLimits {
  const whole = (value: number | undefined, fallback: number): number =>
    typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : fallback;
  return {
    entries: Math.max(1, whole(limits.entries, ARTIFACT_LIMITS.entries)),
    bytes: Math.max(MIN_ARTIFACT_BYTES_CAP, whole(limits.bytes, ARTIFACT_LIMITS.bytes)),
  };
}

/**
 * The bounded in-memory store of open artifacts: each payload has exactly one tab, oldest first. Opening past a cap
 * closes the oldest tabs (announced `closed` with `evicting`, then `evicted`) before their payloads leave, so no
 * payload is ever evicted under an open tab. Never persisted. Subscribers hear every change synchronously; while a
 * `closed` change is delivered the tab is gone but its payload is still readable with `get`, and it is gone by the
 * `evicted` change that follows.
 *
 * `limits.bytes` is never below MIN_ARTIFACT_BYTES_CAP and `limits.entries` never below 1 (smaller values are
 * raised), so any valid artifact fits alone. A payload larger than the byte cap (content no view would have
 * validated) is refused with a RangeError before anything is closed.
 */
export class ArtifactStore {
  readonly limits: ArtifactLimits;
  /** Open tabs, oldest first. */
  #tabs: string[] = [];
  /** Payloads held, by key. Between operations, exactly the keys of `#tabs`. */
  readonly #payloads = new Map<string, ArtifactEntry>();
  #active: string | null = null;
  #bytes = 0;
  readonly #listeners = new Set<(change: ArtifactChange) => void>();

  constructor(limits: Partial<ArtifactLimits> = {}) {
    this.limits = effectiveLimits(limits);
  }

  /**
   * Opens an artifact and makes it the active tab. A key already open keeps its tab, its place and its payload,
   * and is activated (an `activated` change, even when it was active already, so a view can bring it forward).
   * A new key first closes and evicts the oldest tabs until it fits both caps, then is added (`opened`).
   */
  open(source: ArtifactSource): ArtifactEntry {
    const key = artifactKey(source);
    const existing = this.#payloads.get(key);
    if (existing && this.#tabs.includes(key)) {
      this.#active = key;
      this.#emit({ type: 'activated', key });
      return existing;
    }
    // Reopened while its tab closes (from a `closed` listener): the old payload leaves first.
    if (existing) this.#evict(key);
    const { node } = source;
    const bytes = utf8Length(node.content);
    if (bytes > this.limits.bytes) {
      throw new RangeError(`artifact ${key} holds ${bytes} bytes, more than the store's cap of ${this.limits.bytes}`);
    }
    // Listeners run between evictions and may change the store: the caps are checked again after each one.
    while (this.#tabs.length > 0 && (this.#tabs.length + 1 > this.limits.entries || this.#bytes + bytes > this.limits.bytes)) {
      this.#remove(this.#tabs[0] as string, true);
    }
    const entry: ArtifactEntry = {
      key,
      title: node.title,
      format: node.format,
      ...(node.language ? { language: node.language } : {}),
      content: node.content,
      bytes,
      viewId: source.viewId,
      nodeId: node.id,
      ...(source.messageId ? { messageId: source.messageId } : {}),
      ...(source.partId ? { partId: source.partId } : {}),
      ...(source.envelope ? { envelope: source.envelope } : {}),
    };
    this.#tabs.push(key);
    this.#payloads.set(key, entry);
    this.#bytes += bytes;
    this.#active = key;
    this.#emit({ type: 'opened', key });
    return entry;
  }

  /** Makes an open tab the active one (`activated`); an unknown key or the active one changes nothing. */
  activate(key: string): void {
    if (!this.#tabs.includes(key) || this.#active === key) return;
    this.#active = key;
    this.#emit({ type: 'activated', key });
  }

  /**
   * Closes a tab (`closed`, not evicting) and drops its payload (`evicted`). When it was the active tab, the tab
   * after it becomes active (or the one before it, at the end). An unknown key changes nothing.
   */
  close(key: string): void {
    if (this.#tabs.includes(key)) this.#remove(key, false);
  }

  /** Closes every tab, oldest first, each as `close` does. */
  closeAll(): void {
    for (const key of [...this.#tabs]) this.close(key);
  }

  /** Open tabs, oldest first. */
  get tabs(): readonly ArtifactEntry[] {
    return this.#tabs.flatMap((key) => {
      const entry = this.#payloads.get(key);
      return entry ? [entry] : [];
    });
  }

  /** The active tab, or null when none is open. */
  get active(): ArtifactEntry | null {
    return this.#active === null ? null : (this.#payloads.get(this.#active) ?? null);
  }

  /** The payload held under a key. */
  get(key: string): ArtifactEntry | undefined {
    return this.#payloads.get(key);
  }

  /** UTF-8 bytes of the payloads held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Adds a listener, called synchronously on every change; returns the function that removes it. */
  subscribe(listener: (change: ArtifactChange) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Closes the tab, announces it, then evicts the payload and announces that: always in this order. */
  #remove(key: string, evicting: boolean): void {
    const index = this.#tabs.indexOf(key);
    this.#tabs = this.#tabs.filter((k) => k !== key);
    if (this.#active === key) this.#active = this.#tabs[Math.min(index, this.#tabs.length - 1)] ?? null;
    this.#emit({ type: 'closed', key, evicting });
    // A listener may have reopened the key meanwhile: its new payload then stays with its new tab.
    if (!this.#tabs.includes(key)) this.#evict(key);
  }

  #evict(key: string): void {
    const entry = this.#payloads.get(key);
    if (!entry) return;
    this.#payloads.delete(key);
    this.#bytes -= entry.bytes;
    this.#emit({ type: 'evicted', key });
  }

  #emit(change: ArtifactChange): void {
    notifyAll(this.#listeners, change);
  }
}
