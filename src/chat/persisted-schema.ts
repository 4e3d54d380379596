import * as z from 'zod/mini';
import { ACTION_TYPES } from '../schema/actions.js';
import {
  A2uiEvent,
  AttachmentEvent,
  ReasoningDeltaEvent,
  ReasoningEndEvent,
  ReasoningStartEvent,
  TaskEvent,
  TodoEvent,
  ToolEvent,
} from '../protocols/composer/frames.js';
import { MODES } from '../message/marker.js';
import { RENDER_STATUSES } from '../protocols/agent-ui/types.js';
import { ENVELOPE_THREAD_LIMITS, UPLOAD_LIMITS } from '../limits.js';
import type { PersistedMessage } from './persisted.js';

/*
 * The persisted format, checked where it comes back from outside the session: a history a host sets, or one read
 * from storage (another build, another script on the origin, a hand-edited database). Replay trusts what it is given,
 * so a message of the wrong shape must never reach it. Unknown extra keys are allowed (a host may keep its own).
 */

const Id = z.string().check(z.minLength(1), z.maxLength(200));
const Count = z.number().check(z.int(), z.nonnegative());
const Time = z.number().check(z.nonnegative());

const ReasoningRecord = z.object({
  type: z.literal('reasoning'),
  reasoning_id: Id,
  text: z.string(),
  state: z.enum(['streaming', 'done']),
});

/** A trusted record as it is stored; per-delta reasoning events of older histories still load. */
const StoredRecord = z.union([ReasoningRecord, ToolEvent, TodoEvent, AttachmentEvent, TaskEvent, A2uiEvent, ReasoningStartEvent, ReasoningDeltaEvent, ReasoningEndEvent]);

const StoredEvent = z.object({ at: Count, receivedAt: Time, updatedAt: z.optional(Time), event: StoredRecord });

const StoredOutcome = z.object({
  viewId: Id,
  actionId: Id,
  type: z.enum(ACTION_TYPES as unknown as [string, ...string[]]),
  clientActionId: Id,
  status: z.enum(['pending', 'delivered', 'rejected', 'failed']),
  reason: z.optional(z.string()),
  task: z.optional(z.enum(['delivered', 'running', 'completed', 'failed'])),
  at: Time,
});

/** An envelope as persisted: the entry's shape only; the envelope itself is checked each time it renders. */
const StoredEnvelope = z.object({
  envelopeId: Id,
  createdAt: Time,
  envelope: z.unknown(),
  renderStatus: z.enum(RENDER_STATUSES),
  error: z.optional(z.string().check(z.maxLength(ENVELOPE_THREAD_LIMITS.statusErrorChars))),
});

const StoredFile = z.object({ uploadId: z.string().check(z.minLength(1), z.maxLength(512)), name: z.string().check(z.maxLength(UPLOAD_LIMITS.nameLength)), mediaType: z.string().check(z.maxLength(100)), size: Count });

const StoredUser = z.object({
  id: Id,
  role: z.literal('user'),
  text: z.string(),
  attachments: z.optional(z.array(StoredFile).check(z.maxLength(UPLOAD_LIMITS.files))),
});

const StoredAssistant = z.object({
  id: Id,
  role: z.literal('assistant'),
  text: z.string(),
  marker: z.object({ inlineUiVersion: z.union([z.literal(1), z.null()]), mode: z.enum(MODES) }),
  sequence: Count,
  events: z.array(StoredEvent),
  inReplyTo: z.optional(Id),
  status: z.optional(z.literal('interrupted')),
  actions: z.optional(z.array(StoredOutcome)),
  uiEnvelopes: z.optional(z.array(StoredEnvelope).check(z.maxLength(ENVELOPE_THREAD_LIMITS.envelopesPerMessage))),
  uiSessionId: z.optional(Id),
});

const StoredMessage = z.discriminatedUnion('role', [StoredUser, StoredAssistant]);

export interface CheckedHistory {
  /** The messages of the persisted shape, in order (the values given, not copies). */
  readonly messages: PersistedMessage[];
  /** The indexes of the entries that were not, and were left out. */
  readonly dropped: readonly number[];
}

/** Keeps the messages of a history that have the persisted shape and leaves out the others; null for a non-array. */
export function checkPersistedHistory(value: unknown): CheckedHistory | null {
  if (!Array.isArray(value)) return null;
  const messages: PersistedMessage[] = [];
  const dropped: number[] = [];
  value.forEach((entry: unknown, index) => {
    if (StoredMessage.safeParse(entry).success) messages.push(entry as PersistedMessage);
    else dropped.push(index);
  });
  return { messages, dropped };
}

/** Says which entries of a history were left out (null: it was not an array). */
export function describeDropped(checked: CheckedHistory | null): string {
  if (checked === null) return 'A conversation must be an array of persisted messages; it was ignored.';
  const shown = checked.dropped.slice(0, 10).join(', ');
  return `${checked.dropped.length} message(s) of the conversation are not in the persisted format and were left out (index ${shown}${checked.dropped.length > 10 ? ', …' : ''}).`;
}
