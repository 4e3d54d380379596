import { UPLOAD_LIMITS } from '../limits.js';
import { checkAttachment } from './check.js';
import type { AttachmentPolicy } from './policy.js';
import type { AttachmentRefusal, PendingAttachment, TrayEvent } from './tray.js';
import type { UploadHandle, UploadProgress, Uploader } from './uploader.js';

/*
 * What checks and uploads the files of an attachment tray (tray.ts), loaded with the first file the user attaches:
 * each file is checked against the host's policy, the files already there and its own first bytes, then uploads at
 * once, its progress and outcome written back to the tray.
 */

/** A file in the tray: what the user sees of it, its bytes, and its upload once it started. */
export interface TrayEntry {
  item: PendingAttachment;
  readonly file: Blob;
  handle?: UploadHandle;
}

/** What a tray lends the code that checks and uploads its files. */
export interface TrayInner {
  readonly uploader: () => Uploader | null;
  readonly policy: () => AttachmentPolicy;
  /** Whether the file is still in the tray (it may be removed at any await). */
  has(entry: TrayEntry): boolean;
  entries(): readonly TrayEntry[];
  update(entry: TrayEntry, patch: Partial<PendingAttachment>): void;
  /** Takes a file out of the tray (refused), telling its listeners. */
  drop(entry: TrayEntry): void;
  emit(event: TrayEvent): void;
}

/**
 * Checks the files just placed in the tray, one after another, and starts uploading each that passed. Returns the
 * files that were refused, each with a sentence that says why.
 */
export async function checkPlaced(tray: TrayInner, placed: readonly TrayEntry[]): Promise<readonly AttachmentRefusal[]> {
  const refusals: AttachmentRefusal[] = [];
  const accepted: TrayEntry[] = [];
  for (const entry of placed) {
    // Removed while it waited to be checked.
    if (!tray.has(entry)) continue;
    const { file } = entry;
    let head: Uint8Array;
    try {
      head = new Uint8Array(await file.slice(0, UPLOAD_LIMITS.sniffBytes).arrayBuffer());
    } catch {
      head = new Uint8Array(0);
    }
    if (!tray.has(entry)) continue;
    // What the message holds already: the files checked before this one (those still waiting are not counted).
    const others = tray.entries().filter((e) => e !== entry && e.item.state !== 'checking');
    const taken = { files: others.length, bytes: others.reduce((sum, e) => sum + e.item.size, 0) };
    const name = entry.item.name;
    const check =
      tray.uploader() === null
        ? ({ ok: false, reason: 'unconfigured', message: `${name} was not attached: this chat has no upload endpoint.` } as const)
        : head.length === 0 && file.size > 0
          ? ({ ok: false, reason: 'unreadable', message: `${name} was not attached: it could not be read.` } as const)
          : checkAttachment({ name, type: file.type, size: file.size }, head, tray.policy(), taken);
    if (!check.ok) {
      refusals.push({ name, reason: check.reason, message: check.message });
      tray.drop(entry);
      tray.emit({ type: 'refused', id: entry.item.id });
      continue;
    }
    // Checked: counted from now on, and uploading at once.
    entry.item = { ...entry.item, name: check.name, mediaType: check.mediaType, state: 'uploading' };
    accepted.push(entry);
    startUpload(tray, entry);
  }
  if (accepted.length > 0) tray.emit({ type: 'announce', text: `Uploading ${accepted.map((e) => e.item.name).join(', ')}.` });
  return refusals;
}

/** Starts uploading a file, or (`again`) continues the upload that failed. */
export function startUpload(tray: TrayInner, entry: TrayEntry, again?: UploadHandle): void {
  if (!tray.has(entry)) return;
  const uploader = tray.uploader();
  if (!uploader && !again) {
    tray.update(entry, { state: 'failed', error: 'This chat has no upload endpoint.', failure: 'unconfigured' });
    return;
  }
  tray.update(entry, { state: 'uploading', error: undefined, failure: undefined });
  // Removed by a listener of that change: it was released with no upload to cancel, so none starts.
  if (!tray.has(entry)) return;
  // A retried upload keeps reporting to the callback it started with: the entry, not the handle, decides.
  const progress = (p: UploadProgress): void => {
    if (entry.item.state === 'uploading') tray.update(entry, { sent: Math.min(p.sent, entry.item.size) });
  };
  const handle = again ? again.retry() : (uploader as Uploader).upload(entry.file, { name: entry.item.name, mediaType: entry.item.mediaType }, progress);
  entry.handle = handle;
  void handle.done.then((outcome) => {
    if (entry.handle !== handle || !tray.has(entry)) return;
    if (outcome.ok) {
      tray.update(entry, { state: 'uploaded', sent: entry.item.size, uploadId: outcome.uploadId });
      tray.emit({ type: 'announce', text: `${entry.item.name} uploaded.` });
    } else if (outcome.reason !== 'aborted') {
      tray.update(entry, { state: 'failed', error: outcome.message, failure: outcome.reason });
      tray.emit({ type: 'announce', text: `${entry.item.name} could not be uploaded: ${outcome.message}` });
    }
  });
}
