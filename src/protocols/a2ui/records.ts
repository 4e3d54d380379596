import * as z from 'zod/mini';
import { lenient } from '../../schema/lenient.js';
import type { MessageFields, RecordHandler, StoredRecord } from '../module.js';
import { touchedSurfaces } from './placements.js';
import { integer } from '../../schema/integer.js';

/*
 * A2UI's records (docs/protocol.md "A2UI surfaces"): the A2UI messages of a turn as they came (an `a2ui` record, which
 * a connection carries for A2UI: a Composer `a2ui` event, say), and the surfaces a stored message says it touched
 * (`surface_ids`, 004's stamped column) beyond what its records show. A message shows a surface part where it first
 * touched each surface; the surface renders only in the latest message that touched it.
 */

const SurfaceId = z.string().check(z.minLength(1), z.maxLength(128));

const A2uiRecord = z.object({
  type: z.literal('a2ui'),
  messages: z.array(z.unknown()).check(z.minLength(1), z.maxLength(64)),
  message_id: lenient(z.string().check(z.maxLength(128))),
  sequence: lenient(integer().check(z.nonnegative())),
});
export type A2uiRecord = z.infer<typeof A2uiRecord>;

const SurfacesRecord = z.object({ type: z.literal('a2ui-surfaces'), surface_ids: z.array(SurfaceId).check(z.minLength(1), z.maxLength(64)) });
export type SurfacesRecord = z.infer<typeof SurfacesRecord>;

const parse = <T>(schema: z.ZodMiniType<T>, value: unknown): T | null => {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
};

/** The surfaces a record touches, in first-touch order. */
export function touchedBy(record: { readonly type: string }): readonly string[] {
  if (record.type === 'a2ui') return touchedSurfaces((record as A2uiRecord).messages);
  if (record.type === 'a2ui-surfaces') return (record as SurfacesRecord).surface_ids;
  return [];
}

const placeSurfaces: RecordHandler['apply'] = (record, editor, parts) => {
  let next = parts;
  for (const surfaceId of touchedBy(record)) {
    if (!next.some((p) => p.type === 'data-mantis-surface' && p.id === surfaceId)) next = editor.insert({ type: 'data-mantis-surface', id: surfaceId, data: { surfaceId } });
  }
  return next;
};

export const A2UI_RECORDS: Readonly<Record<string, RecordHandler>> = {
  // The record is kept even when it names no surface: the surface group reports what is wrong with it.
  // One that touches no surface may come after its message ended (docs/protocol.md): the agent's answer to a renderer's
  // call, or a call of its own; what would create or change a surface never does.
  a2ui: { read: (value) => parse(A2uiRecord, value), apply: placeSurfaces, late: (record) => touchedBy(record).length === 0 },
  'a2ui-surfaces': { read: (value) => parse(SurfacesRecord, value), apply: placeSurfaces },
};

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => SurfaceId.safeParse(id).success) : []);

/** `surfaceIds`: the surfaces a message touched, persisted for a backend that stores rows (004's `surface_ids`). */
export const A2UI_FIELDS: MessageFields = {
  inFields: ['a2ui-surfaces'],
  view(records) {
    const ids: string[] = [];
    for (const { event } of records) for (const id of touchedBy(event)) if (!ids.includes(id)) ids.push(id);
    return { surfaceIds: ids };
  },
  write(records) {
    const { surfaceIds } = A2UI_FIELDS.view(records);
    return surfaceIds && surfaceIds.length > 0 ? { surfaceIds } : {};
  },
  // Stamped IDs the message's own records do not touch move those surfaces here too, as 004's surfaceOwner map does.
  read(stored, textLength) {
    const stamped = [...idsOf(stored['surfaceIds']), ...idsOf(stored['surface_ids'])];
    const events = Array.isArray(stored['events']) ? stored['events'] : [];
    const touched = new Set(events.flatMap((e: { event?: { type?: unknown; messages?: unknown } }) => (e?.event?.type === 'a2ui' && Array.isArray(e.event.messages) ? touchedSurfaces(e.event.messages) : [])));
    const extra = [...new Set(stamped)].filter((id) => !touched.has(id)).slice(0, 64);
    const given = [stored['surfaceIds'], stored['surface_ids']].filter((v) => v !== undefined);
    const unread = given.reduce<number>((n, v) => n + (Array.isArray(v) ? v.length - idsOf(v).length : 1), 0);
    const records: StoredRecord[] = extra.length > 0 ? [{ at: textLength, receivedAt: 0, event: { type: 'a2ui-surfaces', surface_ids: extra } as SurfacesRecord }] : [];
    return { records, unread };
  },
};
