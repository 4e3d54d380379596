import type { ClientFrame, ServerEvent } from '../protocols/composer/frames.js';
import type { UiEnvelopeFrame as UiEnvelopeEvent } from '../protocols/composer/transport.js';

/*
 * A conversation as a scripted transport saw it, in order, made comparable across runs: the IDs the client chose
 * from its clock (`client_message_id`, `client_action_id`) become `client-1`, `client-2`, … in order of first use,
 * wherever they appear (a reply's `in_reply_to` too), and an A2UI action's `timestamp` (the time of the click) becomes `<timestamp>`.
 */

/** One entry of a transcript: a frame the client sent, an event the server sent, or an envelope. */
export type TranscriptEntry =
  | { readonly from: 'client'; readonly frame: ClientFrame }
  | { readonly from: 'server'; readonly event: ServerEvent }
  | { readonly from: 'server'; readonly envelope: UiEnvelopeEvent };

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const CLIENT_ID_KEYS = ['client_message_id', 'client_action_id'] as const;

/** A deep copy of the entries with client-chosen IDs and timestamps replaced by stable names. */
export function normalizeTranscript(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
  const aliases = new Map<string, string>();
  for (const entry of entries) {
    if (entry.from !== 'client') continue;
    const frame = entry.frame as Record<string, unknown>;
    for (const key of CLIENT_ID_KEYS) {
      const id = frame[key];
      if (typeof id === 'string' && !aliases.has(id)) aliases.set(id, `client-${aliases.size + 1}`);
    }
  }
  // `key` is the property holding the value: an ISO time under `timestamp` is an A2UI action's (or its tool input's).
  const rewrite = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return key === 'timestamp' && ISO_TIME.test(value) ? '<timestamp>' : (aliases.get(value) ?? value);
    if (Array.isArray(value)) return value.map((item) => rewrite(item, ''));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, k)]));
    }
    return value;
  };
  return entries.map((entry) => rewrite(entry, '') as TranscriptEntry);
}
