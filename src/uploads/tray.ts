import { attachmentPolicy, type AttachmentPolicy, type AttachmentRefusalReason } from './policy.js';
import type * as TrayWork from './tray-work.js';
import type { UploadFailure, Uploader } from './uploader.js';

/*
 * The files attached to the message being written, DOM-free: each is checked (the host's limits, its first bytes),
 * uploaded as soon as it is added, and can be cancelled, retried or removed. A session sends a message with its
 * files only once every one of them has uploaded (ChatSession.send). What checks and uploads them is tray-work.ts,
 * loaded with the first file (a lazy part of the script-tag build), so a chat without uploads carries none of it.
 */

/**
 * - `checking`: its first bytes are being read;
 * - `uploading`: bytes are going to the endpoint (`sent` of `size`), or it waits to retry after a network error;
 * - `uploaded`: the endpoint has it all (`uploadId`);
 * - `failed`: it could not upload (`error` says why); retry or remove it.
 */
export type AttachmentState = 'checking' | 'uploading' | 'uploaded' | 'failed';

/** A file attached to the message being written. */
export interface PendingAttachment {
  /** Local to this tray. */
  readonly id: string;
  readonly name: string;
  readonly mediaType: string;
  readonly size: number;
  readonly state: AttachmentState;
  /** Bytes uploaded so far. */
  readonly sent: number;
  /** The upload's ID on the endpoint, once it has uploaded. */
  readonly uploadId?: string;
  /** Why it failed, for people. */
  readonly error?: string;
  /** Why it failed: a `network` or `server` failure may succeed when tried again; the others will not. */
  readonly failure?: UploadFailure;
}

/** A file of a sent message, as the message keeps it (the frame's `attachments`, and the user message's). */
export interface AttachedFile {
  readonly uploadId: string;
  readonly name: string;
  readonly mediaType: string;
  readonly size: number;
}

export interface AttachmentRefusal {
  readonly name: string;
  readonly reason: AttachmentRefusalReason | 'unconfigured';
  readonly message: string;
}

/**
 * What the tray tells its listeners: its files changed; a file was refused by its checks (and left); or something to
 * say to a screen reader.
 */
export type TrayEvent = { readonly type: 'change' } | { readonly type: 'refused'; readonly id: string } | { readonly type: 'announce'; readonly text: string };

type Entry = TrayWork.TrayEntry;

let nextId = 0;

export class AttachmentTray {
  /** Carries the bytes; without one, files are refused as `unconfigured` (`<mantis-chat upload-url>` sets it). */
  uploader: Uploader | null = null;
  /** The host's limits and accepted types (see attachmentPolicy). */
  policy: AttachmentPolicy = attachmentPolicy();
  #entries: Entry[] = [];
  /** The `add` calls, one after another. */
  #adding: Promise<void> = Promise.resolve();
  #items: readonly PendingAttachment[] = [];
  readonly #listeners = new Set<(event: TrayEvent) => void>();

  /** The attached files, in the order they were added (a new array after each change). */
  get items(): readonly PendingAttachment[] {
    return this.#items;
  }

  subscribe(listener: (event: TrayEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: TrayEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('[mantis-ui] an attachment listener threw:', error);
      }
    }
  }

  #changed(): void {
    this.#items = this.#entries.map((e) => e.item);
    this.#emit({ type: 'change' });
  }

  #update(entry: Entry, patch: Partial<PendingAttachment>): void {
    if (!this.#entries.includes(entry)) return;
    entry.item = { ...entry.item, ...patch };
    this.#changed();
  }

  /**
   * Adds files: each is checked against the policy, the files already here and its own first bytes, then uploads at
   * once. Returns the files that were refused, each with a sentence that says why. Calls run one after another, so
   * the limits count every file once.
   */
  add(files: Iterable<Blob & { readonly name?: string }>): Promise<readonly AttachmentRefusal[]> {
    const list = [...files];
    // Placed at once (checking), so the order on screen is the order given.
    const placed = list.map((file): Entry => ({
      file,
      item: { id: `attachment-${nextId++}`, name: String(file.name ?? 'file'), mediaType: '', size: file.size, state: 'checking', sent: 0 },
    }));
    this.#entries = [...this.#entries, ...placed];
    this.#changed();
    const run = this.#adding.then(() => this.#check(placed));
    this.#adding = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** What the checks and uploads get of the tray (its private state, for tray-work.ts). */
  readonly #inner: TrayWork.TrayInner = {
    uploader: () => this.uploader,
    policy: () => this.policy,
    has: (entry) => this.#entries.includes(entry),
    entries: () => this.#entries,
    update: (entry, patch) => this.#update(entry, patch),
    drop: (entry) => {
      this.#entries = this.#entries.filter((e) => e !== entry);
      this.#changed();
    },
    emit: (event) => this.#emit(event),
  };
  #work: typeof TrayWork | null = null;

  async #check(placed: readonly Entry[]): Promise<readonly AttachmentRefusal[]> {
    this.#work ??= await import('./tray-work.js').catch(() => null);
    if (this.#work) return this.#work.checkPlaced(this.#inner, placed);
    // Nothing checks a file this page could not load: each is refused, as a check would.
    return placed.flatMap((entry) => {
      if (!this.#entries.includes(entry)) return [];
      this.#inner.drop(entry);
      this.#emit({ type: 'refused', id: entry.item.id });
      return [{ name: entry.item.name, reason: 'unreadable' as const, message: `${entry.item.name} was not attached: this page could not load what checks a file.` }];
    });
  }

  /** Uploads a failed file again (it resumes where it stopped when the endpoint kept what it received). */
  retry(id: string): void {
    const entry = this.#entries.find((e) => e.item.id === id);
    if (!entry || entry.item.state !== 'failed') return;
    this.#work?.startUpload(this.#inner, entry, entry.handle);
  }

  /**
   * Removes a file: an upload in flight is cancelled, and the endpoint is asked to delete what it received or
   * stored, so nothing of it is left there. Settles once that is done.
   */
  async remove(id: string): Promise<void> {
    const entry = this.#entries.find((e) => e.item.id === id);
    if (!entry) return;
    this.#entries = this.#entries.filter((e) => e !== entry);
    this.#changed();
    this.#emit({ type: 'announce', text: `${entry.item.name} removed.` });
    await this.#release(entry);
  }

  async #release(entry: Entry): Promise<void> {
    const handle = entry.handle;
    entry.handle = undefined;
    try {
      await handle?.cancel();
    } catch {
      // The endpoint deletes unfinished uploads when they expire.
    }
  }

  /**
   * The connection came back: uploads waiting for their next retry go on now, and those that failed for the network
   * are tried again.
   */
  resume(): void {
    for (const entry of this.#entries) {
      if (entry.item.state === 'uploading') entry.handle?.resume();
      else if (entry.item.state === 'failed' && entry.item.failure === 'network') this.#work?.startUpload(this.#inner, entry, entry.handle);
    }
  }

  /** Whether every file of `ids` that is still here has uploaded. */
  uploaded(ids: ReadonlySet<string>): boolean {
    return this.#entries.every((e) => !ids.has(e.item.id) || e.item.state === 'uploaded');
  }

  /**
   * Takes the uploaded files of `ids` for a message being sent: they leave the tray and nothing is deleted, as the
   * message refers to them now. Files added since stay.
   */
  take(ids: ReadonlySet<string>): readonly AttachedFile[] {
    const taken = this.#entries.filter((e) => ids.has(e.item.id) && e.item.state === 'uploaded');
    if (taken.length === 0) return [];
    this.#entries = this.#entries.filter((e) => !taken.includes(e));
    this.#changed();
    return taken.map(({ item }) => ({ uploadId: item.uploadId ?? '', name: item.name, mediaType: item.mediaType, size: item.size }));
  }

  /** Removes every file (cancelling and deleting them on the endpoint). */
  async clear(): Promise<void> {
    const entries = this.#entries;
    this.#entries = [];
    this.#changed();
    await Promise.all(entries.map((entry) => this.#release(entry)));
  }
}
