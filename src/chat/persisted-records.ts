import * as z from 'zod/mini';
import type { ProtocolRecord } from '../protocols/connection.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import type { PersistedEvent } from '../message/messages.js';
import { integer } from '../schema/integer.js';

/*
 * A stored message's records, read back (docs/protocol.md "Histories from elsewhere"). Each is read by its protocol's
 * handler, which keeps only the fields it knows; a record of a protocol not loaded yet is kept as stored and read when
 * it loads; one of a type no protocol owns is left out. A record that says nothing of where it arrived in the text
 * (`at`) is placed by its `sequence`: after the record before it, before the text that came after that one.
 */

const Count = integer().check(z.nonnegative());
const Time = z.number().check(z.nonnegative());

interface Entry {
  readonly at: number | undefined;
  readonly receivedAt: number;
  readonly updatedAt?: number;
  readonly event: ProtocolRecord;
  readonly sequence: number | undefined;
}

const ofType = (value: unknown): value is ProtocolRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';

/** One record read by its protocol: the record, null when it could not be read, or the stored value when its protocol is not loaded. */
export function readRecord(event: ProtocolRecord, protocols: ProtocolRegistry): ProtocolRecord | null {
  const owner = protocols.owner({ record: event.type });
  if (!owner) return null;
  const handler = protocols.handler(event.type);
  if (!handler) return protocols.loaded(owner.name) ? null : event;
  return handler.read(event) as ProtocolRecord | null;
}

/** The records of a stored message's `events`, read and placed; `lost` counts those left out. */
export function readRecords(value: unknown, protocols: ProtocolRegistry, textLength: number): { readonly records: readonly PersistedEvent[]; readonly lost: number } {
  if (!Array.isArray(value)) return { records: [], lost: value === undefined ? 0 : 1 };
  const entries: Entry[] = [];
  let lost = 0;
  for (const item of value) {
    const stored = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const event = ofType(stored['event']) ? readRecord(stored['event'], protocols) : null;
    if (!event) {
      lost += 1;
      continue;
    }
    const sequence = Count.safeParse((stored['event'] as { sequence?: unknown }).sequence);
    const at = Count.safeParse(stored['at']);
    const receivedAt = Time.safeParse(stored['receivedAt']);
    const updatedAt = Time.safeParse(stored['updatedAt']);
    entries.push({
      at: at.success ? Math.min(at.data, textLength) : undefined,
      receivedAt: receivedAt.success ? receivedAt.data : 0,
      ...(updatedAt.success ? { updatedAt: updatedAt.data } : {}),
      event,
      sequence: sequence.success ? sequence.data : undefined,
    });
  }
  return { records: place(entries), lost };
}

/** Places records that lack `at` by their sequence; the others stay as stored. */
function place(entries: readonly Entry[]): PersistedEvent[] {
  if (entries.every((e) => e.at !== undefined)) return entries.map(({ sequence: _s, at, ...rest }) => ({ ...rest, at: at as number }));
  // Ordered by sequence where there is one (an entry without one keeps its place after the entry before it).
  let last = -1;
  const keyed = entries.map((entry, index) => {
    last = entry.sequence ?? last;
    return { entry, key: last, index };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  let at = 0;
  return keyed.map(({ entry }) => {
    const { sequence: _s, at: stored, ...rest } = entry;
    at = stored === undefined ? at : Math.max(at, stored);
    return { ...rest, at };
  });
}
