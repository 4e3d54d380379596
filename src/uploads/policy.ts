import { UPLOAD_LIMITS } from '../limits.js';

/*
 * What may be attached to a message: the host's limits and accepted types, checked before anything is uploaded,
 * against what a file's bytes say it is, not only its name (check.ts, loaded with a chat's first attachment).
 */

/**
 * The image types an attachment may be previewed as (the media service's PREVIEW_TYPES). No SVG. Here rather than
 * beside the sniffing that recognizes them: the policy is in the script tag's first load, the sniffing is not.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;

export type AttachmentLimits = { -readonly [K in 'files' | 'fileBytes' | 'totalBytes']: number };

/** The types a chat accepts unless its host says otherwise: the preview images, PDF, and plain data. */
export const DEFAULT_ACCEPT: readonly string[] = [...IMAGE_TYPES, 'application/pdf', 'text/plain', 'text/csv', 'text/markdown', 'application/json'];

/** Types never accepted, whatever the host lists: a browser renders them and runs their script. */
export const NEVER_ACCEPTED: ReadonlySet<string> = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

export interface AttachmentPolicy {
  readonly limits: Readonly<AttachmentLimits>;
  /** Accepted media types: exact (`image/png`) or a whole family (`image/*`). */
  readonly accept: readonly string[];
}

const TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/;

/** A media type without parameters, lower-cased; '' for none, nonsense, or one longer than a frame takes (100). */
export function normalizeType(type: string): string {
  const bare = (type.split(';', 1)[0] ?? '').trim().toLowerCase();
  return bare.length <= 100 && TYPE_PATTERN.test(bare) && !bare.endsWith('/*') ? bare : '';
}

/**
 * The policy from a host's limits (each may only be lowered; a value that is not a whole number >= 1 is refused) and
 * its accepted types (a comma-separated list like an input's `accept`, media types only; empty: DEFAULT_ACCEPT).
 */
export function attachmentPolicy(limits: Partial<AttachmentLimits> = {}, accept = ''): AttachmentPolicy {
  const resolved: AttachmentLimits = { files: UPLOAD_LIMITS.files, fileBytes: UPLOAD_LIMITS.fileBytes, totalBytes: UPLOAD_LIMITS.totalBytes };
  for (const name of Object.keys(resolved) as Array<keyof AttachmentLimits>) {
    const value = limits[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(Math.floor(value) >= 1)) throw new RangeError(`attachment limit ${name} must be a number >= 1`);
    resolved[name] = Math.min(Math.floor(value), resolved[name]);
  }
  const listed = accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => TYPE_PATTERN.test(entry) && !NEVER_ACCEPTED.has(entry));
  return { limits: resolved, accept: listed.length > 0 ? listed : DEFAULT_ACCEPT };
}

/** Whether a media type is one the policy accepts (never one of NEVER_ACCEPTED). */
export function accepts(policy: AttachmentPolicy, type: string): boolean {
  if (type === '' || NEVER_ACCEPTED.has(type)) return false;
  return policy.accept.some((entry) => entry === type || (entry.endsWith('/*') && type.startsWith(entry.slice(0, -1))));
}

/** What is known of a file before it is read: its name, declared type (`File.type`, from its name) and size. */
export interface FileFacts {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

/**
 * Why a file was refused:
 * - `too-many`: the message has as many files as it may;
 * - `empty`: the file has no bytes;
 * - `too-large`: past the size of one file; `total-too-large`: past the size of the message's files together;
 * - `markup`: HTML, SVG or XML (whatever its name says);
 * - `disguised`: named or declared as an image, and not one by its bytes;
 * - `type`: a type the chat does not accept;
 * - `unreadable`: its first bytes could not be read.
 */
export type AttachmentRefusalReason = 'too-many' | 'empty' | 'too-large' | 'total-too-large' | 'markup' | 'disguised' | 'type' | 'unreadable';

export type AttachmentCheck =
  | { readonly ok: true; readonly name: string; readonly mediaType: string }
  | { readonly ok: false; readonly reason: AttachmentRefusalReason; readonly message: string };

/**
 * A file name as it is sent and shown: no folders, no control or bidirectional-override characters, at most
 * UPLOAD_LIMITS.nameLength characters with its extension kept; `file` when nothing is left.
 */
export function cleanFileName(name: string): string {
  const base = (String(name).split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (base === '' || base === '.' || base === '..') return 'file';
  const max = UPLOAD_LIMITS.nameLength;
  if (base.length <= max) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
  return `${base.slice(0, max - ext.length - 1)}…${ext}`;
}
