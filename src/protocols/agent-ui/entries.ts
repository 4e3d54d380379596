/*
 * What an assistant message keeps of agent-ui@1 (001_996c0b4640eee42b.txt, "State Persistence") besides its text:
 * each envelope as an entry with its render status, and the deprecated `tool_call` and `artifacts` fields of a
 * persisted message. Pure functions; the Thread decides which message an envelope belongs to.
 */
import type { RenderStatus, UiEnvelopeEntry } from './types.js';
import { ENVELOPE_THREAD_LIMITS } from '../../limits.js';
import type { UiEnvelopeEvent } from '../composer/frames.js';
import { utf8Length } from '../../utf8.js';
import type { PersistedAssistant } from '../../chat/persisted.js';

/** A persisted message's deprecated `tool_call` and `artifacts` fields, as they were. */
export interface LegacyDebug {
  readonly tool_call?: unknown;
  readonly artifacts?: unknown;
}

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
 * The entry of an envelope that just arrived: `pending`, the envelope as received. One too large (or not JSON) to
 * keep and persist keeps only its fallbackText, as a `fallback`.
 */
export function envelopeEntry(event: UiEnvelopeEvent): UiEnvelopeEntry {
  const base = { envelopeId: event.envelope_id, createdAt: event.created_at };
  if (keepable(event.envelope)) return { ...base, envelope: event.envelope as UiEnvelopeEntry['envelope'], renderStatus: 'pending' };
  return {
    ...base,
    envelope: { fallbackText: fallbackOf(event.envelope) } as unknown as UiEnvelopeEntry['envelope'],
    renderStatus: 'fallback',
    error: `The envelope was over ${ENVELOPE_THREAD_LIMITS.envelopeBytes} bytes of JSON and was not kept.`,
  };
}

/** The entry with this status and error (cut to ENVELOPE_THREAD_LIMITS.statusErrorChars); null when nothing changes. */
export function withStatus(entry: UiEnvelopeEntry, status: RenderStatus, error?: string): UiEnvelopeEntry | null {
  const kept = error?.slice(0, ENVELOPE_THREAD_LIMITS.statusErrorChars);
  if (entry.renderStatus === status && entry.error === kept) return null;
  const { error: _previous, ...rest } = entry;
  return { ...rest, renderStatus: status, ...(kept === undefined ? {} : { error: kept }) };
}

/** The deprecated debug fields of a persisted message, when it has any. */
export function legacyDebug(m: PersistedAssistant): { debug?: LegacyDebug } {
  const debug: { tool_call?: unknown; artifacts?: unknown } = {};
  if (m.tool_call !== undefined) debug.tool_call = m.tool_call;
  if (m.artifacts !== undefined) debug.artifacts = m.artifacts;
  return Object.keys(debug).length > 0 ? { debug } : {};
}
