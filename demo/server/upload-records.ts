/*
 * The storage side of the reference server's uploads (demo/server/upload-store.ts is the tus side): the record of
 * every upload, the room a new one may take, the check of a finished one and its place in the media store under
 * `agent_files/uploads/<account>/<upload ID>/<name>`, and the claims of the user messages that name them. Apart from
 * the tus DataStore so that what is kept, and under which limits, reads without the byte streaming of the protocol.
 */
import { UPLOAD_LIMITS } from '../../src/limits.js';
import { AGENT_FILE_KEY_MAX, AGENT_FILE_KEY_PATTERN } from '../../src/schema/uri-patterns.js';
import { attachmentPolicy, type AttachmentCheck } from '../../src/uploads/policy.js';
import { checkAttachment } from '../../src/uploads/check.js';
import { demoMediaFiles, UPLOADS_PREFIX, type MediaFiles } from './media.js';

const MiB = 1024 * 1024;

/** Where accepted files go, and the room uploads may take. */
export interface UploadLimits {
  /** The media store the accepted files go to (share it with `createMediaHandler({ files })`). Default: a fresh `demoMediaFiles()`. */
  readonly files?: MediaFiles;
  /** Bytes all unfinished uploads may hold together (their declared lengths). Default 256 MiB. */
  readonly maxPendingBytes?: number;
  /** Bytes all uploads, finished or not, may hold together. Default 512 MiB. */
  readonly maxBytes?: number;
  /** Uploads held at once, finished or not. Default 1,000. */
  readonly maxUploads?: number;
  /** Unfinished uploads of one account at once. Default 20. */
  readonly maxOpenPerAccount?: number;
  /** Bytes the unfinished uploads of one account may hold together (their declared lengths). Default 128 MiB. */
  readonly maxPendingPerAccount?: number;
}

/** One upload: `open` while its bytes arrive, `stored` once checked and in the media store. */
export interface UploadRecord {
  readonly id: string;
  readonly account: string;
  /** The file name sent (`filename` metadata), cleaned (`cleanFileName`). */
  readonly name: string;
  /** The declared type (`filetype` metadata), as sent. */
  readonly declaredType: string;
  readonly size: number;
  readonly metadata: Readonly<Record<string, string | null>>;
  state: 'reserved' | 'open' | 'stored';
  offset: number;
  /** When it was created (ms since the epoch). */
  created: number;
  /** The bytes received, until the upload is stored. */
  chunks: Buffer[];
  /** Once stored: the media type its bytes were checked as, its key, when it was stored. */
  mediaType?: string;
  key?: string;
  stored?: number;
  /** The client_message_id of the first user message that named it. */
  claimedBy: string | null;
}

/** What a user message's attachment resolves to: the server's own record of a stored upload. */
export interface StoredAttachment {
  readonly id: string;
  readonly name: string;
  readonly mediaType: string;
  readonly size: number;
  readonly key: string;
}

/** Why an upload cannot be created: an HTTP status and a one-sentence message. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
}

/** The extension of a stored file's name, by the media type its bytes were checked as. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'application/json': 'json',
};

/** A key segment: what AGENT_FILE_KEY_PATTERN allows between two slashes, without dots. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

/**
 * The name a file is stored under: the cleaned name's stem in key-safe characters (accents dropped, any other run of
 * characters a `-`; at most 100; `file` when nothing is left), and the extension of its checked media type.
 */
export function keySafeName(name: string, mediaType: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const safe = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return `${safe === '' ? 'file' : safe}.${EXTENSIONS[mediaType] ?? 'bin'}`;
}

/** The key of an accepted upload: `agent_files/uploads/<account>/<upload ID>/<key-safe name>`. */
export function uploadKey(account: string, id: string, name: string, mediaType: string): string {
  const key = `${UPLOADS_PREFIX}${account}/${id}/${keySafeName(name, mediaType)}`;
  if (key.length > AGENT_FILE_KEY_MAX || !AGENT_FILE_KEY_PATTERN.test(key)) throw new Error(`not a valid agent_files key: ${key}`);
  return key;
}

/** Whether an account name can be a key segment (`agent_files/uploads/<account>/...`). */
export const isKeySafeAccount = (account: string): boolean => account.length <= 64 && SEGMENT.test(account);

const IMAGE = /^image\//;

/** Every upload held, by ID, within its limits (UploadStore keeps one and answers tus from it). */
export class UploadRecords {
  /** The media store the accepted files go to. */
  readonly files: MediaFiles;
  readonly #records = new Map<string, UploadRecord>();
  readonly #maxPendingBytes: number;
  readonly #maxBytes: number;
  readonly #maxUploads: number;
  readonly #maxOpenPerAccount: number;
  readonly #maxPendingPerAccount: number;

  constructor(options: UploadLimits = {}) {
    this.files = options.files ?? demoMediaFiles();
    this.#maxPendingBytes = options.maxPendingBytes ?? 256 * MiB;
    this.#maxBytes = options.maxBytes ?? 512 * MiB;
    this.#maxUploads = options.maxUploads ?? 1000;
    this.#maxOpenPerAccount = options.maxOpenPerAccount ?? 20;
    this.#maxPendingPerAccount = options.maxPendingPerAccount ?? 128 * MiB;
  }

  /** The record of an upload, in any state. */
  get(id: string): UploadRecord | undefined {
    return this.#records.get(id);
  }

  /**
   * Takes room for a new upload before tus creates it (the endpoint's `onUploadCreate`): refused past the number of
   * unfinished uploads of the account (429), or past what the server holds in memory (507).
   */
  reserve(id: string, account: string, facts: { name: string; type: string; size: number; metadata: Record<string, string | null> }): Refusal | null {
    let open = 0;
    let pending = 0;
    let mine = 0;
    let held = 0;
    for (const record of this.#records.values()) {
      held += record.size;
      if (record.state === 'stored') continue;
      pending += record.size;
      if (record.account !== account) continue;
      open += 1;
      mine += record.size;
    }
    if (open >= this.#maxOpenPerAccount) {
      return { status: 429, message: `You have ${open} unfinished uploads, the most at once: finish or cancel one first.` };
    }
    // One account's unfinished uploads cannot take the room of everyone's.
    if (mine + facts.size > this.#maxPendingPerAccount) {
      return { status: 429, message: 'Your unfinished uploads hold as much as one account may: finish or cancel one first.' };
    }
    if (this.#records.size >= this.#maxUploads || pending + facts.size > this.#maxPendingBytes || held + facts.size > this.#maxBytes) {
      return { status: 507, message: 'The server has no room for this upload now; try again later.' };
    }
    this.#records.set(id, {
      id,
      account,
      name: facts.name,
      declaredType: facts.type,
      size: facts.size,
      metadata: facts.metadata,
      state: 'reserved',
      offset: 0,
      created: Date.now(),
      chunks: [],
      claimedBy: null,
    });
    return null;
  }

  /** Gives back a reservation tus did not turn into an upload (its creation failed). */
  release(id: string): void {
    if (this.#records.get(id)?.state === 'reserved') this.#records.delete(id);
  }

  /** The account an upload belongs to; undefined for an unknown upload. */
  owner(id: string): string | undefined {
    return this.#records.get(id)?.account;
  }

  /**
   * Checks a complete upload as the chat checks a file (`checkAttachment`, on the bytes received) and stores it in
   * the media store, or, refused, removes it entirely. Null when there is no complete unstored upload of that ID.
   */
  finish(id: string): AttachmentCheck | null {
    const record = this.#records.get(id);
    if (!record || record.state !== 'open' || record.offset !== record.size) return null;
    const body = Buffer.concat(record.chunks, record.size);
    const check = checkAttachment(
      { name: record.name, type: record.declaredType, size: record.size },
      body.subarray(0, UPLOAD_LIMITS.sniffBytes),
      attachmentPolicy(),
      { files: 0, bytes: 0 },
    );
    if (!check.ok) {
      this.#records.delete(id);
      return check;
    }
    const key = uploadKey(record.account, id, check.name, check.mediaType);
    // Images are shown; anything else is a download under its (cleaned) name.
    this.files.set(key, IMAGE.test(check.mediaType) ? { contentType: check.mediaType, body } : { contentType: check.mediaType, body, filename: check.name });
    Object.assign(record, { state: 'stored', chunks: [], mediaType: check.mediaType, key, stored: Date.now() });
    return check;
  }

  /** A stored upload, by ID: what the Composer confirms. Undefined for an unknown, unfinished or refused one. */
  attachment(id: string): StoredAttachment | undefined {
    const record = this.#records.get(id);
    if (record?.state !== 'stored' || record.key === undefined || record.mediaType === undefined) return undefined;
    return { id, name: record.name, mediaType: record.mediaType, size: record.size, key: record.key };
  }

  /**
   * Marks a stored upload as sent with a user message (the first message that names it keeps the claim): from then on
   * it cannot be deleted, and it does not expire. Returns the attachment, or undefined as `attachment` does.
   */
  claim(id: string, clientMessageId: string): StoredAttachment | undefined {
    const found = this.attachment(id);
    const record = this.#records.get(id);
    if (found && record && record.claimedBy === null) record.claimedBy = clientMessageId;
    return found;
  }

  /** Every upload held, oldest first (the test-control API reports them). */
  records(): UploadRecord[] {
    return [...this.#records.values()];
  }

  /** The keys of the stored uploads in the media store. */
  storedKeys(): string[] {
    return [...this.files.keys()].filter((key) => key.startsWith(UPLOADS_PREFIX));
  }

  /** Forgets an upload and removes its stored file. */
  drop(record: UploadRecord): void {
    this.#records.delete(record.id);
    if (record.key !== undefined) this.files.delete(record.key);
    record.chunks = [];
  }
}
