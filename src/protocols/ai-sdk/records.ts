import { validateView } from '../../catalog/validate.js';
import { LIMITS } from '../../limits.js';
import type { MantisPart, ViewErrorPart } from '../../message/parts.js';
import type { RecordHandler } from '../module.js';
import { failureText } from '../../message/failures.js';

/*
 * The AI SDK protocol's one record: a `data-mantis-ui` part of its UI message stream, a view carried beside the text
 * instead of inside it. It is validated exactly as a `mantis-ui` fence's view is (the same schemas, the same per-message
 * limits on views and media); an invalid one is its fallback part, and the stream goes on.
 */

/** A `data-mantis-ui` chunk as a record: its part ID and the view the agent wrote (not yet validated). */
export interface ViewDataRecord {
  readonly type: 'ai-sdk-view';
  readonly id: string;
  readonly data: unknown;
}

const refused = (id: string, reason: ViewErrorPart['data']['reason']): ViewErrorPart => ({ type: 'data-mantis-ui-error', id, data: { reason, message: failureText(reason) } });

/** The media items the views already in `parts` use (each validated again: at most a few per message). */
function mediaUsed(parts: readonly MantisPart[]): number {
  let used = 0;
  for (const part of parts) {
    if (part.type !== 'data-mantis-ui') continue;
    const checked = validateView(part.data);
    if (checked.ok) used += checked.media;
  }
  return used;
}

export const viewData: RecordHandler<ViewDataRecord> = {
  read(value) {
    const v = value as Partial<Record<keyof ViewDataRecord, unknown>> | null;
    return v && typeof v === 'object' && v.type === 'ai-sdk-view' && typeof v.id === 'string' && v.id.length > 0 && v.id.length <= 128 && 'data' in v
      ? { type: 'ai-sdk-view', id: v.id, data: v.data }
      : null;
  },
  apply(record, editor, parts) {
    const same = (p: MantisPart): boolean => (p.type === 'data-mantis-ui' || p.type === 'data-mantis-ui-error') && p.id === record.id;
    const views = parts.filter((p) => (p.type === 'data-mantis-ui' || p.type === 'data-mantis-ui-error') && p.id !== record.id).length;
    if (views >= LIMITS.viewsPerMessage) return editor.upsert(refused(record.id, 'too-many-views'), same);
    const result = validateView(record.data, { mediaBudget: LIMITS.mediaPerMessage - mediaUsed(parts.filter((p) => !same(p))) });
    return editor.upsert(result.ok ? { type: 'data-mantis-ui', id: record.id, data: result.view } : refused(record.id, result.reason), same);
  },
  // A part sent again under its ID replaces the first (the AI SDK's data-part reconciliation).
  key: (record) => record.id,
  merge: (_previous, next) => next,
};
