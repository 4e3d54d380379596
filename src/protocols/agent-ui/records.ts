import * as z from 'zod/mini';
import { lenient } from '../../schema/lenient.js';
import type { ChatMessage, UiEnvelopeEntry } from '../../message/messages.js';
import { RENDER_STATUSES, type RenderStatus } from '../../message/messages.js';
import { ENVELOPE_THREAD_LIMITS } from '../../limits.js';
import type { EnvelopePart } from '../../message/parts.js';
import { utf8Length } from '../../utf8.js';
import type { MessageFields, RecordHandler, StoredRecord } from '../module.js';
import { parseEnvelope } from './envelope.js';
import { UiEnvelopeEvent } from './wire.js';

/*
 * agent-ui@1 envelopes as records of the message of their turn (001_996c0b4640eee42b.txt, "State Persistence"): each
 * envelope is one record, kept under its envelope ID (arriving again changes nothing; its render status replaces
 * it), shown as an envelope part after the message's other parts (never splitting its text), checked by its schema
 * here, in the core, as it arrives and as it replays, and persisted as the message's `uiEnvelopes` and `uiSessionId`.
 */

/** An envelope as a record: the wrapper as it came, with how it rendered. */
export interface EnvelopeRecord {
  readonly type: 'ui-envelope';
  readonly session_id: string;
  readonly envelope_id: string;
  readonly created_at: number;
  readonly envelope: unknown;
  readonly renderStatus: RenderStatus;
  readonly error?: string;
}

const Status = lenient(z.literal(RENDER_STATUSES));
const ErrorText = lenient(z.string());
const EnvelopeRecordSchema = z.object({ ...UiEnvelopeEvent.shape, renderStatus: Status, error: ErrorText });

/** Whether an envelope is JSON within ENVELOPE_THREAD_LIMITS.envelopeBytes (what a message keeps and persists). */
function keepable(envelope: unknown): boolean {
  try {
    const text = JSON.stringify(envelope);
    return text !== undefined && text.length <= ENVELOPE_THREAD_LIMITS.envelopeBytes && utf8Length(text) <= ENVELOPE_THREAD_LIMITS.envelopeBytes;
  } catch {
    return false;
  }
}

/** An envelope's fallbackText, read without trusting it (cut to ENVELOPE_THREAD_LIMITS.fallbackText); '' when it has none. */
function fallbackOf(envelope: unknown): string {
  const text = (envelope as { fallbackText?: unknown } | null)?.fallbackText;
  return typeof text === 'string' ? text.slice(0, ENVELOPE_THREAD_LIMITS.fallbackText) : '';
}

/**
 * An envelope record read from outside: `pending` until it renders. One too large (or not JSON) to keep and persist
 * keeps only its fallbackText, as a `fallback`.
 */
export function readEnvelope(value: unknown): EnvelopeRecord | null {
  const parsed = EnvelopeRecordSchema.safeParse(value);
  if (!parsed.success) return null;
  const { session_id, envelope_id, created_at, envelope, renderStatus, error } = parsed.data;
  const base = { type: 'ui-envelope', session_id, envelope_id, created_at } as const;
  const kept = error === undefined ? {} : { error: error.slice(0, ENVELOPE_THREAD_LIMITS.statusErrorChars) };
  if (keepable(envelope)) return { ...base, envelope, renderStatus: renderStatus ?? 'pending', ...kept };
  return { ...base, envelope: { fallbackText: fallbackOf(envelope) }, renderStatus: 'fallback', error: `The envelope was over ${ENVELOPE_THREAD_LIMITS.envelopeBytes} bytes of JSON and was not kept.` };
}

/** The persisted entry of an envelope record. */
export const entryOf = (r: EnvelopeRecord): UiEnvelopeEntry => ({
  envelopeId: r.envelope_id,
  createdAt: r.created_at,
  envelope: r.envelope,
  renderStatus: r.renderStatus,
  ...(r.error === undefined ? {} : { error: r.error }),
});

/** A short name of an envelope for people: its component, or its chart's title. */
function titleOf(envelope: { readonly kind: string; readonly component?: string; readonly spec?: unknown }): string {
  const title = envelope.kind === 'registered_component' ? envelope.component : (envelope.spec as { title?: { text?: unknown } } | undefined)?.title?.text;
  return typeof title === 'string' && title ? title.slice(0, 80) : 'Agent panel';
}

/** The part of an envelope: its entry, and what its schema says of it (checked here, before anything renders). */
export function envelopePart(record: EnvelopeRecord): EnvelopePart {
  const parsed = parseEnvelope(record.envelope);
  const check = parsed.ok
    ? { ok: true as const, kind: parsed.value.kind, surface: parsed.value.surface, title: titleOf(parsed.value) }
    : { ok: false as const, reason: parsed.reason, message: parsed.message };
  return { type: 'data-mantis-envelope', id: record.envelope_id, data: { entry: entryOf(record), sessionId: record.session_id, check } };
}

/** The message an envelope belongs to: the one streaming, else the newest (unless the user spoke last: then the next). */
function targetOf(record: EnvelopeRecord, messages: readonly ChatMessage[], streaming: readonly string[]): string | 'wait' | null {
  // An envelope ID already in the thread is a replay after a reconnect: it is kept once.
  if (messages.some((m) => m.role === 'assistant' && m.uiEnvelopes.some((e) => e.envelopeId === record.envelope_id))) return null;
  const live = streaming.at(-1);
  const message = live === undefined ? (messages.at(-1)?.role === 'user' ? undefined : messages.findLast((m) => m.role === 'assistant')) : messages.findLast((m) => m.id === live);
  if (!message || message.role !== 'assistant') return 'wait';
  return message.uiEnvelopes.length >= ENVELOPE_THREAD_LIMITS.envelopesPerMessage ? null : message.id;
}

export const ENVELOPE_RECORDS: Readonly<Record<string, RecordHandler>> = {
  'ui-envelope': {
    read: readEnvelope,
    apply: (record, editor) => editor.upsert(envelopePart(record as EnvelopeRecord), (p) => p.type === 'data-mantis-envelope' && p.id === (record as EnvelopeRecord).envelope_id),
    placement: 'end',
    key: (record) => (record as EnvelopeRecord).envelope_id,
    // Arriving again changes nothing; a status change comes as the whole record (`update`).
    merge: (previous) => previous,
    target: (record, messages, streaming) => targetOf(record as EnvelopeRecord, messages, streaming),
  },
};

const StoredEntry = z.object({
  envelopeId: z.string().check(z.minLength(1), z.maxLength(200)),
  createdAt: z.number().check(z.nonnegative()),
  envelope: z.unknown(),
  renderStatus: z.string(),
  error: lenient(z.string()),
});

/** `uiEnvelopes` and `uiSessionId` (001 "State Persistence", exactly): read leniently, written as they are. */
export const ENVELOPE_FIELDS: MessageFields = {
  inFields: ['ui-envelope'],
  view(records) {
    const envelopes = records.map((r) => r.event as EnvelopeRecord);
    const session = envelopes.find((e) => e.session_id)?.session_id;
    return { uiEnvelopes: envelopes.map(entryOf), ...(session ? { uiSessionId: session } : {}) };
  },
  write: (records) => ENVELOPE_FIELDS.view(records),
  read(stored, textLength) {
    const entries = Array.isArray(stored['uiEnvelopes']) ? stored['uiEnvelopes'].slice(0, ENVELOPE_THREAD_LIMITS.envelopesPerMessage) : [];
    const session = typeof stored['uiSessionId'] === 'string' ? stored['uiSessionId'].slice(0, 128) : '';
    const records: StoredRecord[] = [];
    let unread = Array.isArray(stored['uiEnvelopes']) ? stored['uiEnvelopes'].length - entries.length : stored['uiEnvelopes'] === undefined ? 0 : 1;
    for (const value of entries) {
      const entry = StoredEntry.safeParse(value);
      // A status this client does not list reads as pending: the envelope renders again and says how it went.
      const status = entry.success && (RENDER_STATUSES as readonly string[]).includes(entry.data.renderStatus) ? entry.data.renderStatus : undefined;
      const record = entry.success
        ? readEnvelope({ session_id: session || 'unknown', envelope_id: entry.data.envelopeId.slice(0, 128), created_at: Math.floor(entry.data.createdAt), envelope: entry.data.envelope, renderStatus: status, error: entry.data.error })
        : null;
      if (!record || !status) unread += 1;
      if (record) records.push({ at: textLength, receivedAt: record.created_at, event: session ? record : { ...record, session_id: '' } });
    }
    return { records, unread };
  },
};
