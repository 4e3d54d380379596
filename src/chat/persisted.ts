import type { MessageEvent } from '../protocols/composer/frames.js';
import type { MantisPart } from '../message/parts.js';
import { toRecord, type ReasoningRecord } from '../protocols/composer/records.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import type { AssistantMessage, PersistedEvent, UserMessage } from './thread.js';

/*
 * The persisted format of a conversation, and how a persisted assistant message is turned back into parts.
 */

/** Persisted assistant messages written before reasoning runs were single records still load. */
type LegacyReasoningEvent = Extract<MessageEvent, { type: 'reasoning_start' | 'reasoning_delta' | 'reasoning_end' }>;

/**
 * The persisted format of a conversation (`<mantis-chat>.messages`, `mantis-history-change`): the original text as
 * the source of truth, the trusted marker, and the trusted records with their reasoning_id, tool_call_id and
 * sequence. Parts are never stored: they are derived again, exactly, on replay. `status` is present only for a
 * reply that was interrupted; `actions` only when a state-changing action of its views ran (see ActionOutcome).
 */
export type PersistedMessage =
  | UserMessage
  | (Pick<AssistantMessage, 'id' | 'role' | 'text' | 'marker' | 'sequence' | 'inReplyTo' | 'events'> & {
      readonly status?: 'interrupted';
      /** The actions of its views that ran, with their outcomes; absent when none did. */
      readonly actions?: AssistantMessage['actions'];
      /** Its agent-ui@1 envelopes with their render status (001 "State Persistence"); absent when it has none. */
      readonly uiEnvelopes?: AssistantMessage['uiEnvelopes'];
      /** The agent-ui session of those envelopes (for their render_refs); absent when it has none. */
      readonly uiSessionId?: string;
      /**
       * The A2UI surfaces it touched (004's `surface_ids`), for a backend that stores rows; absent when none. Derived
       * from its `a2ui` records, which stay the source of truth: a loaded value is not read.
       */
      readonly surfaceIds?: readonly string[];
      /** Deprecated (001): kept and shown only as debug data. */
      readonly tool_call?: unknown;
      /** Deprecated (001): kept and shown only as debug data. */
      readonly artifacts?: unknown;
    });

export type PersistedAssistant = Extract<PersistedMessage, { role: 'assistant' }>;

/** Joins legacy per-delta reasoning events into one record per run; other lists are returned as they are. */
export function normalizeEvents(events: readonly PersistedEvent[]): readonly PersistedEvent[] {
  const legacy = (e: PersistedEvent): LegacyReasoningEvent | null =>
    ['reasoning_start', 'reasoning_delta', 'reasoning_end'].includes(e.event.type) ? (e.event as unknown as LegacyReasoningEvent) : null;
  if (!events.some(legacy)) return events;
  const out: PersistedEvent[] = [];
  const runs = new Map<string, number>();
  for (const entry of events) {
    const event = legacy(entry);
    if (!event) {
      out.push(entry);
      continue;
    }
    const index = runs.get(event.reasoning_id);
    const previous = index === undefined ? undefined : out[index];
    const record = toRecord(event, previous?.event as ReasoningRecord | undefined);
    if (previous && index !== undefined) out[index] = { ...previous, updatedAt: entry.receivedAt, event: record };
    else runs.set(event.reasoning_id, out.push({ at: entry.at, receivedAt: entry.receivedAt, event: record }) - 1);
  }
  return out;
}

/** The parts of a persisted assistant message: its text parsed under its stored marker, records where they arrived. */
export function replayParts(m: PersistedAssistant, protocols: ProtocolRegistry): readonly MantisPart[] {
  const parser = protocols.createParser(m.marker);
  let parts: readonly MantisPart[] = [];
  let offset = 0;
  for (const { at, event } of m.events) {
    const upTo = Math.min(Math.max(at, offset), m.text.length);
    if (upTo > offset) parts = parser.push(m.text.slice(offset, upTo));
    offset = upTo;
    parts = protocols.applyRecord(event, parser, parts) ?? parts;
  }
  if (offset < m.text.length) parser.push(m.text.slice(offset));
  return [...parser.end()];
}

