import { formatBytes } from '../format.js';
import { accepts, cleanFileName, NEVER_ACCEPTED, normalizeType, type AttachmentCheck, type AttachmentPolicy, type AttachmentRefusalReason, type FileFacts } from './policy.js';
import { sniff } from './sniff.js';

/*
 * The check of one attached file against the policy (policy.ts): by its size, its name and declared type, and what
 * its first bytes say it is. A tray loads it with its first file (a lazy part of the script-tag build).
 */

const LABEL: Readonly<Record<string, string>> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
  'image/avif': 'an AVIF image',
};

/**
 * Checks one file: `head` is its first UPLOAD_LIMITS.sniffBytes bytes, `taken` what the message holds already. The
 * media type sent is the one its bytes prove (an image's or a PDF's signature), else the declared one.
 */
export function checkAttachment(file: FileFacts, head: Uint8Array, policy: AttachmentPolicy, taken: { readonly files: number; readonly bytes: number }): AttachmentCheck {
  const name = cleanFileName(file.name);
  const refuse = (reason: AttachmentRefusalReason, message: string): AttachmentCheck => ({ ok: false, reason, message });
  const { limits } = policy;
  if (taken.files >= limits.files) return refuse('too-many', `${name} was not attached: a message can have at most ${limits.files} files.`);
  if (file.size === 0) return refuse('empty', `${name} was not attached: it is empty.`);
  if (file.size > limits.fileBytes) return refuse('too-large', `${name} was not attached: it is ${formatBytes(file.size)}, and a file can be at most ${formatBytes(limits.fileBytes)}.`);
  if (taken.bytes + file.size > limits.totalBytes) {
    return refuse('total-too-large', `${name} was not attached: the files of a message can be at most ${formatBytes(limits.totalBytes)} together.`);
  }
  const declared = normalizeType(file.type);
  const found = sniff(head);
  if (found.kind === 'markup') {
    return declared.startsWith('image/') && declared !== 'image/svg+xml'
      ? refuse('disguised', `${name} was not attached: it is named as ${LABEL[declared] ?? 'an image'}, but it holds HTML or XML.`)
      : refuse('markup', `${name} was not attached: HTML, SVG and XML files cannot be attached.`);
  }
  if (NEVER_ACCEPTED.has(declared)) return refuse('markup', `${name} was not attached: HTML, SVG and XML files cannot be attached.`);
  if (declared.startsWith('image/') && found.kind !== 'image') {
    return refuse('disguised', `${name} was not attached: it is named as ${LABEL[declared] ?? 'an image'}, but its content is not a supported image.`);
  }
  const mediaType = found.kind === 'image' ? found.type : found.kind === 'pdf' ? 'application/pdf' : declared;
  if (!accepts(policy, mediaType)) {
    return refuse('type', `${name} was not attached: ${mediaType ? `${mediaType} files are` : 'files of an unknown type are'} not accepted here.`);
  }
  return { ok: true, name, mediaType };
}
