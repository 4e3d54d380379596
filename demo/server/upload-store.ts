/*
 * The reference server's uploads, in memory: the tus DataStore behind `/api/v1/uploads/` (demo/server/uploads.ts),
 * and the record the Composer reads when a user message names its attachments (demo/server/composer.ts). A finished
 * upload is checked like the chat checks a file before it sends it (src/uploads/policy.ts) and, when accepted, stored
 * in the media store under `agent_files/uploads/<account>/<upload ID>/<name>`, where its owner reads it back with
 * `GET /api/v1/agent_files/...`. docs/reference-server.md "Uploads" describes it.
 *
 * This file is the tus side: the DataStore methods (creation, PATCH bodies as they arrive, HEAD, termination,
 * expiration) and the test faults of a PATCH. What is kept, and under which limits, is demo/server/upload-records.ts.
 */
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { AttachmentCheck } from '../../src/uploads/policy.js';
import type { MediaFiles } from './media.js';
import { UploadRecords, type Refusal, type StoredAttachment, type UploadLimits, type UploadRecord } from './upload-records.js';

export { isKeySafeAccount, keySafeName, uploadKey, type Refusal, type StoredAttachment, type UploadRecord } from './upload-records.js';

export interface UploadStoreOptions extends UploadLimits {
  /** How long an unfinished upload lives after its creation, in milliseconds (the tus expiration extension). Default 10 minutes. */
  readonly expiryMs?: number;
  /** How long a finished upload no message has claimed is kept, in milliseconds. Default 1 hour. */
  readonly unclaimedMs?: number;
}

/** The test faults of one PATCH (demo/server/uploads.ts sets them; `write` applies them). */
export interface WriteHooks {
  /** Called with the body bytes written, as they are. */
  received(bytes: number): void;
  /** Once this many body bytes of the request are written, `cut` is called and nothing more is read. */
  readonly cutAfter?: number;
  cut(): void;
  /** Body bytes per second, at most. */
  readonly rate?: number;
}

export class UploadStore extends DataStore {
  override extensions = ['creation', 'termination', 'expiration'];
  /** The media store the accepted files go to. */
  readonly files: MediaFiles;
  readonly #book: UploadRecords;
  /** The PATCH hooks, by upload ID. */
  readonly #hooks = new Map<string, WriteHooks>();
  /** Uploads whose running write was asked to stop (another request waits for the upload's lock). */
  readonly #interrupted = new Set<string>();
  /** Creations held by the `hold_create` test fault: milliseconds, by upload ID. */
  readonly #holds = new Map<string, number>();
  readonly expiryMs: number;
  readonly unclaimedMs: number;

  constructor(options: UploadStoreOptions = {}) {
    super();
    this.#book = new UploadRecords(options);
    this.files = this.#book.files;
    this.expiryMs = options.expiryMs ?? 10 * 60_000;
    this.unclaimedMs = options.unclaimedMs ?? 60 * 60_000;
  }

  // --- The server's side, kept by UploadRecords: reservations, the check at the end, claims, the record. ---

  reserve(id: string, account: string, facts: { name: string; type: string; size: number; metadata: Record<string, string | null> }): Refusal | null {
    return this.#book.reserve(id, account, facts);
  }

  release(id: string): void {
    this.#book.release(id);
  }

  owner(id: string): string | undefined {
    return this.#book.owner(id);
  }

  finish(id: string): AttachmentCheck | null {
    return this.#book.finish(id);
  }

  attachment(id: string): StoredAttachment | undefined {
    return this.#book.attachment(id);
  }

  claim(id: string, clientMessageId: string): StoredAttachment | undefined {
    return this.#book.claim(id, clientMessageId);
  }

  records(): UploadRecord[] {
    return this.#book.records();
  }

  storedKeys(): string[] {
    return this.#book.storedKeys();
  }

  // --- The test faults of a PATCH. ---

  /** Sets the test faults of a PATCH of this upload; the function returned clears them. */
  hook(id: string, hooks: WriteHooks): () => void {
    this.#hooks.set(id, hooks);
    return () => {
      if (this.#hooks.get(id) === hooks) this.#hooks.delete(id);
    };
  }

  /** A test fault: the creation of this (reserved) upload is answered `ms` milliseconds after it was created. */
  holdCreation(id: string, ms: number): void {
    if (this.#book.get(id)?.state === 'reserved') this.#holds.set(id, ms);
  }

  /** Asks the write in progress of an upload, if any, to stop after the bytes it has (another request waits for it). */
  interrupt(id: string): void {
    if (this.#book.get(id)?.state === 'open') this.#interrupted.add(id);
  }

  // --- The tus DataStore. ---

  override async create(upload: Upload): Promise<Upload> {
    const record = this.#book.get(upload.id);
    if (record?.state !== 'reserved') throw ERRORS.UNKNOWN_ERROR;
    record.state = 'open';
    record.created = upload.creation_date ? Date.parse(upload.creation_date) : Date.now();
    const hold = this.#holds.get(upload.id);
    if (hold !== undefined) {
      this.#holds.delete(upload.id);
      await new Promise((resolve) => setTimeout(resolve, hold));
    }
    return upload;
  }

  /**
   * Appends a request body to an upload, bytes as they arrive (a connection cut halfway keeps what came: the client's
   * HEAD resumes from there). Applies the PATCH's test faults.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const record = this.#book.get(id);
    if (record?.state !== 'open') throw ERRORS.FILE_NOT_FOUND;
    if (offset !== record.offset) throw ERRORS.INVALID_OFFSET;
    this.#interrupted.delete(id);
    const hooks = this.#hooks.get(id);
    const rate = hooks?.rate;
    let written = 0;
    const stop = (): boolean => {
      if (hooks?.cutAfter !== undefined && written >= hooks.cutAfter) {
        hooks.cut();
        return true;
      }
      return this.#interrupted.delete(id);
    };
    if (stop()) return record.offset;
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      while (data.length > 0) {
        if (this.#book.get(id) !== record || record.state !== 'open') throw ERRORS.FILE_NOT_FOUND;
        if (record.offset + data.length > record.size) throw ERRORS.ERR_SIZE_EXCEEDED;
        let take = data.length;
        // Throttled, a body is taken in slices of a twentieth of a second.
        if (rate !== undefined) take = Math.min(take, Math.max(1, Math.floor(rate / 20)));
        if (hooks?.cutAfter !== undefined) take = Math.min(take, hooks.cutAfter - written);
        record.chunks.push(Buffer.from(data.subarray(0, take)));
        record.offset += take;
        written += take;
        hooks?.received(take);
        data = data.subarray(take);
        if (rate !== undefined) await new Promise((done) => setTimeout(done, (take / rate) * 1000));
        if (stop()) return record.offset;
      }
    }
    return record.offset;
  }

  override async getUpload(id: string): Promise<Upload> {
    const record = this.#book.get(id);
    if (!record || record.state === 'reserved') throw ERRORS.FILE_NOT_FOUND;
    const upload = new Upload({ id, size: record.size, offset: record.offset, metadata: { ...record.metadata }, creation_date: new Date(record.created).toISOString() });
    // Only an unfinished upload expires: tus answers 410 to a HEAD or PATCH of one past its expiry.
    if (record.state === 'stored') upload.creation_date = undefined;
    return upload;
  }

  /** Termination: the upload and its stored file go; refused (409) once a user message claimed it. */
  override async remove(id: string): Promise<void> {
    const record = this.#book.get(id);
    if (!record || record.state === 'reserved') throw ERRORS.FILE_NOT_FOUND;
    if (record.claimedBy !== null) throw { status_code: 409, body: 'This file was sent with a message and cannot be deleted.\n' };
    this.#drop(record);
  }

  /** Removes the unfinished uploads past their expiry, and the finished ones no message claimed in time. */
  override async deleteExpired(): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (const record of this.#book.records()) {
      const expired =
        record.state === 'stored' ? record.claimedBy === null && (record.stored ?? now) + this.unclaimedMs < now : record.created + this.expiryMs < now;
      if (!expired) continue;
      this.#drop(record);
      removed += 1;
    }
    return removed;
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  #drop(record: UploadRecord): void {
    this.#book.drop(record);
    this.#interrupted.delete(record.id);
  }
}
