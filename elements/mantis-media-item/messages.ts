import { MEDIA_LIMITS } from '../../src/limits.js';
import type { MediaFailure } from '../../src/media/types.js';

export { formatBytes } from '../internal/format.js';


const MIB = 1024 * 1024;

/** What a preview's placeholder says, per reason: each reason reads differently. */
export const PREVIEW_MESSAGES: Readonly<Record<MediaFailure, string>> = {
  'invalid-key': 'Not a file this view can show',
  unconfigured: 'Preview unavailable',
  unauthorized: 'Sign in to see this file',
  forbidden: 'You don’t have access to this file',
  'not-found': 'File not found',
  'too-large': `Too large to preview (over ${MEDIA_LIMITS.previewBytes / MIB} MiB)`,
  'unsupported-type': 'Not a supported image',
  server: 'Couldn’t load (server error)',
  network: 'Couldn’t load',
  aborted: 'Loading was stopped',
};

/** What a download says when it fails, per reason. */
export const DOWNLOAD_MESSAGES: Readonly<Record<MediaFailure, string>> = {
  ...PREVIEW_MESSAGES,
  unconfigured: 'Download unavailable',
  unauthorized: 'Sign in to download this file',
  'too-large': `Stopped: larger than ${MEDIA_LIMITS.downloadBytes / MIB} MiB`,
  'unsupported-type': 'Not a file that can be downloaded',
  server: 'Couldn’t download (server error)',
  network: 'Couldn’t download',
  aborted: 'The download was stopped',
};

/** Failures a person can reasonably try again; the others would fail the same way. Never retried automatically. */
export function canRetry(reason: MediaFailure, kind: 'preview' | 'download'): boolean {
  if (reason === 'network' || reason === 'server' || reason === 'aborted') return true;
  // A download that failed for its account may succeed after signing in; a preview reloads on its own then (reset).
  return kind === 'download' && (reason === 'unauthorized' || reason === 'forbidden' || reason === 'not-found');
}
