/*
 * What the media service reads from a response: the status, the declared type and length, the download's file name,
 * and the body, counted while it streams so that nothing past a ceiling is ever buffered.
 */
import type { MediaError, MediaFailure } from './types.js';

export function failure(reason: MediaFailure, status?: number): MediaError {
  return status === undefined ? { ok: false, reason } : { ok: false, reason, status };
}

export const ABORTED: MediaError = failure('aborted');

/** The failure of a non-2xx status, or null for a success. */
export function statusFailure(status: number): MediaError | null {
  if (status >= 200 && status < 300) return null;
  const reason: MediaFailure = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 404 ? 'not-found' : 'server';
  return failure(reason, status);
}

/** A Content-Type without its parameters, lowercased; '' when there is none. */
export function mediaTypeOf(header: string | null): string {
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** A declared Content-Length, or null when there is none (or it is not a plain decimal number). */
export function declaredLength(header: string | null): number | null {
  if (header === null || !/^\s*\d{1,16}\s*$/.test(header)) return null;
  return Number(header);
}

const MAX_HEADER = 2048;
const MAX_NAME = 200;

/** The file name a Content-Disposition header offers (`filename*=UTF-8''…` first, then `filename=`), unsanitised. */
export function dispositionFileName(header: string | null): string | null {
  if (header === null) return null;
  const text = header.slice(0, MAX_HEADER);
  const extended = /(?:^|;)\s*filename\*\s*=\s*utf-8'[^']*'([^;\s]+)/i.exec(text);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // A malformed extended value: fall back to the plain parameter.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(text);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s"]+)/i.exec(text);
  return token ? token[1]! : null;
}

/**
 * A file name safe to offer for saving: its last path segment, without control, zero-width or bidirectional
 * formatting characters, at most 200 characters; null when nothing usable is left (empty, `.`, `..`).
 */
export function safeFileName(name: string | null): string | null {
  if (name === null) return null;
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g, '').trim();
  if (clean === '' || /^\.+$/.test(clean)) return null;
  return [...clean].slice(0, MAX_NAME).join('');
}

export interface ReadBody {
  readonly chunks: Uint8Array[];
  readonly bytes: number;
}

/**
 * Reads a body chunk by chunk, counting bytes. The moment the count passes `max` it drops what it held, cancels the
 * stream and returns null: the body is never buffered past the ceiling. `onBytes` hears the count after each chunk
 * that fits. Rejects when the stream errors (an abort among others); when `signal` aborts, the stream is cancelled and
 * what was read is returned (the caller, seeing its signal aborted, drops it).
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  signal: AbortSignal,
  onBytes?: (received: number) => void,
): Promise<ReadBody | null> {
  const chunks: Uint8Array[] = [];
  if (!body) return { chunks, bytes: 0 };
  const reader = body.getReader();
  // A body that does not watch the request's signal (an injected fetch's) still stops when it aborts.
  const stop = (): void => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  if (signal.aborted) stop();
  try {
    return await readAll(reader, max, chunks, onBytes);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  max: number,
  chunks: Uint8Array[],
  onBytes: ((received: number) => void) | undefined,
): Promise<ReadBody | null> {
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, bytes };
    bytes += value.byteLength;
    if (bytes > max) {
      chunks.length = 0;
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
    onBytes?.(bytes);
  }
}

/** Cancels a body that will not be read, without waiting. */
export function discard(body: ReadableStream<Uint8Array> | null): void {
  if (body && !body.locked) body.cancel().catch(() => undefined);
}
