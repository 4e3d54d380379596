/*
 * What a file really is, from its first bytes, whatever its name or declared type says. DOM-free: the composer checks
 * a file before it uploads it, and the reference server checks the whole upload again before it stores it.
 */
import type { IMAGE_TYPES } from './policy.js';

export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * - `image`: one of IMAGE_TYPES by its signature;
 * - `pdf`: a PDF by its signature;
 * - `markup`: HTML, SVG or XML, which a browser could run script from: never accepted;
 * - `other`: none of these (text, CSV, JSON, archives: their declared type decides).
 */
export type Sniffed = { readonly kind: 'image'; readonly type: ImageType } | { readonly kind: 'pdf' } | { readonly kind: 'markup' } | { readonly kind: 'other' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The ISO base media file brands of AVIF (the `ftyp` box's major brand or a compatible one). */
const AVIF_BRANDS = new Set(['avif', 'avis']);

function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, Math.max(16, boxSize));
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // the minor version
    if (AVIF_BRANDS.has(String.fromCharCode(...bytes.subarray(at, at + 4)))) return true;
  }
  return false;
}

/**
 * Tags that make a document something a browser renders and runs, looked for anywhere in the bytes read (lower-cased
 * ASCII): a file that holds one is markup whatever it starts with.
 */
const MARKUP_TAGS = ['<!doctype', '<html', '<svg', '<script', '<iframe', '<object', '<embed', '<?xml', '<body', '<head'];

/** Whether the bytes read look like HTML, SVG or XML: a tag at the start (after a BOM, which reads as spaces, and white space), or a tag above anywhere. */
function isMarkup(bytes: Uint8Array): boolean {
  let text = '';
  for (const byte of bytes) text += byte < 0x80 ? String.fromCharCode(byte) : ' ';
  // A UTF-16 document shows as ASCII with NULs between: read it as such.
  text = text.replaceAll('\0', '').toLowerCase();
  if (/^<[a-z!?/]/.test(text.trimStart())) return true;
  return MARKUP_TAGS.some((tag) => text.includes(tag));
}

/** What the first bytes of a file (UPLOAD_LIMITS.sniffBytes of them are enough) say it is. */
export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', type: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', type: 'image/jpeg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { kind: 'image', type: 'image/gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { kind: 'image', type: 'image/webp' };
  if (isAvif(bytes)) return { kind: 'image', type: 'image/avif' };
  if (startsWith(bytes, ascii('%PDF-'))) return { kind: 'pdf' };
  if (isMarkup(bytes)) return { kind: 'markup' };
  return { kind: 'other' };
}
