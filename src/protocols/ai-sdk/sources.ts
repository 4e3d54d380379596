import type { FilePart, SourceDocumentPart, SourceUrlPart } from '../../message/parts.js';
import type { RecordHandler } from '../module.js';

/*
 * The AI SDK's sources and files (`source-url`, `source-document`, `file`, `reasoning-file` chunks) as the record
 * `ai-sdk-part`: the part the SDK's own client would make, placed where it arrived. Read as leniently as the wire:
 * fields this client does not draw are left behind (`providerMetadata`, `providerReference`); a chunk without what
 * its part needs is skipped. Nothing here fetches: a URL is kept as text (at most `MAX_URL` characters; a longer one,
 * such as a large `data:` URL, is kept as no URL at all and the file shows it cannot be opened), and opening one takes
 * a click and a confirmation (elements/mantis-chat/sources-view.ts).
 */

export type SdkPart = SourceUrlPart | SourceDocumentPart | FilePart;

export interface SdkPartRecord {
  readonly type: 'ai-sdk-part';
  readonly part: SdkPart;
}

/** The longest URL kept. */
export const MAX_URL = 2048;

type Loose = Readonly<Record<string, unknown>>;
const text = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** The part of a source or file chunk (or of a stored record's part); null when it lacks what the part needs. */
export function sdkPartOf(chunk: unknown): SdkPart | null {
  if (!isObject(chunk)) return null;
  const mediaType = text(chunk['mediaType'], 128);
  const filename = text(chunk['filename'], 256);
  const named = filename ? { filename } : {};
  switch (chunk['type']) {
    case 'source-url': {
      const sourceId = text(chunk['sourceId'], 128);
      const url = text(chunk['url'], MAX_URL);
      const title = text(chunk['title'], 500);
      return sourceId && url ? { type: 'source-url', sourceId, url, ...(title ? { title } : {}) } : null;
    }
    case 'source-document': {
      const sourceId = text(chunk['sourceId'], 128);
      const title = text(chunk['title'], 500);
      return sourceId && title && mediaType ? { type: 'source-document', sourceId, mediaType, title, ...named } : null;
    }
    case 'file':
    case 'reasoning-file':
      // A URL too long to keep leaves the file named but not openable.
      return mediaType && typeof chunk['url'] === 'string' ? { type: chunk['type'], mediaType, url: text(chunk['url'], MAX_URL) ?? '', ...named } : null;
  }
  return null;
}

export const sdkPart: RecordHandler<SdkPartRecord> = {
  read(value) {
    const part = isObject(value) && value['type'] === 'ai-sdk-part' ? sdkPartOf(value['part']) : null;
    return part && { type: 'ai-sdk-part', part };
  },
  apply: (record, editor) => editor.insert(record.part),
};
