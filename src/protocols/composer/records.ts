import type * as z from 'zod/mini';
import { toolPart } from './tool-state.js';
import type { A2uiEvent, AttachmentEvent, MessageEvent, TaskEvent, TodoEvent, ToolEvent } from './frames.js';
import { touchedSurfaces } from '../a2ui/placements.js';
import type { PartsEditor } from '../../message/parser.js';
import type { MantisPart, ReasoningPart, TodoPart, ToolPart } from '../../message/parts.js';

/*
 * Trusted records: what a message holds besides its text. Each comes from trusted transport events (never from
 * assistant text), is persisted with the text offset where it arrived, and is applied to the message's parts the
 * same way live and on replay. Reasoning is one record per reasoning run, grown by its deltas; the others are the
 * wire events as they came.
 */

/** One reasoning run: its deltas joined. */
export interface ReasoningRecord {
  readonly type: 'reasoning';
  readonly reasoning_id: string;
  readonly text: string;
  readonly state: 'streaming' | 'done';
}
export type ToolRecord = z.infer<typeof ToolEvent>;
export type TodoRecord = z.infer<typeof TodoEvent>;
export type AttachmentRecord = z.infer<typeof AttachmentEvent>;
/** Progress of a delivered task, kept with the message whose todo list carries the task's ID. */
export type TaskRecord = z.infer<typeof TaskEvent>;
/** A2UI messages of the turn, as they came: the surfaces' renderers validate them (src/protocols/a2ui/placements.ts places them). */
export type A2uiRecord = z.infer<typeof A2uiEvent>;

export type TrustedRecord = ReasoningRecord | ToolRecord | TodoRecord | AttachmentRecord | TaskRecord | A2uiRecord;
export type TrustedRecordType = TrustedRecord['type'];

/** How one kind of record changes a message's parts. `null`: it does not apply (nothing changes, nothing is kept). */
export interface RecordHandler<T extends TrustedRecordType> {
  apply(record: Extract<TrustedRecord, { type: T }>, editor: PartsEditor, parts: readonly MantisPart[]): readonly MantisPart[] | null;
}

/** Message events that become records, and the record each becomes (`previous`: the same reasoning run so far). */
export type RecordEvent = Extract<MessageEvent, { type: 'reasoning_start' | 'reasoning_delta' | 'reasoning_end' | 'tool' | 'todo' | 'attachment' | 'a2ui' }>;

export function isRecordEvent(event: MessageEvent): event is RecordEvent {
  return RECORD_EVENT_TYPES.has(event.type);
}
const RECORD_EVENT_TYPES: ReadonlySet<string> = new Set(['reasoning_start', 'reasoning_delta', 'reasoning_end', 'tool', 'todo', 'attachment', 'a2ui']);

/** The record a message event becomes; reasoning events grow the record of their run. */
export function toRecord(event: RecordEvent, previous?: ReasoningRecord): TrustedRecord {
  switch (event.type) {
    case 'reasoning_start':
    case 'reasoning_delta':
    case 'reasoning_end':
      return {
        type: 'reasoning',
        reasoning_id: event.reasoning_id,
        text: (previous?.text ?? '') + (event.type === 'reasoning_delta' ? event.delta : ''),
        state: event.type === 'reasoning_end' ? 'done' : 'streaming',
      };
    default:
      return event;
  }
}

const FINAL_TOOL_STATES: ReadonlySet<ToolPart['state']> = new Set(['output-available', 'output-error', 'output-denied']);
/** How far along its lifecycle a call is: a legacy event without `tool_call_id` advances the first call behind it. */
const TOOL_RANK: Record<ToolPart['state'], number> = {
  'input-streaming': 0,
  'input-available': 1,
  'approval-requested': 2,
  'approval-responded': 3,
  'output-available': 4,
  'output-error': 4,
  'output-denied': 4,
};
const EVENT_RANK: Record<ToolRecord['state'], number> = {
  pending: 0,
  running: 1,
  awaiting_approval: 2,
  approval_recorded: 3,
  completed: 4,
  failed: 4,
  denied: 4,
};

/**
 * The call a tool event belongs to. Explicit `tool_call_id` correlation wins. Without it (legacy backends) calls
 * are correlated by sequence: `pending` always starts a new call, named by its event's sequence; any other state
 * advances the earliest open call of the same tool that has not reached it yet, so overlapping calls of one tool
 * stay separate and progress in the order they started.
 */
function correlate(record: ToolRecord, parts: readonly MantisPart[]): { id: string; previous?: ToolPart } {
  const tools = parts.filter((p): p is ToolPart => p.type === 'dynamic-tool');
  if (record.tool_call_id) return { id: record.tool_call_id, previous: tools.findLast((p) => p.toolCallId === record.tool_call_id) };
  const rank = EVENT_RANK[record.state];
  const previous =
    rank === 0
      ? undefined
      : tools.find((p) => p.toolName === record.tool_name && !FINAL_TOOL_STATES.has(p.state) && TOOL_RANK[p.state] < rank);
  return { id: previous?.toolCallId ?? `${record.message_id}-seq-${record.sequence}`, previous };
}

const TASK_TO_TODO = { delivered: 'pending', running: 'in_progress', completed: 'completed', failed: 'pending' } as const;

/** Every record type's handler: adding a record type without one fails the type check. */
export const RECORD_HANDLERS: { readonly [T in TrustedRecordType]: RecordHandler<T> } = {
  reasoning: {
    apply(record, editor) {
      const part: ReasoningPart = { type: 'reasoning', id: record.reasoning_id, text: record.text, state: record.state };
      return editor.upsert(part, (p) => p.type === 'reasoning' && p.id === record.reasoning_id);
    },
  },
  tool: {
    apply(record, editor, parts) {
      const { id, previous } = correlate(record, parts);
      return editor.upsert(toolPart(record, id, previous), (p) => p.type === 'dynamic-tool' && p.toolCallId === id);
    },
  },
  todo: {
    apply(record, editor) {
      return editor.upsert({ type: 'data-mantis-todo', id: 'todo', data: { todos: record.todos } }, (p) => p.type === 'data-mantis-todo');
    },
  },
  attachment: {
    apply(record, editor) {
      return editor.insert({
        type: 'data-mantis-attachment',
        id: record.attachment_id,
        data: { name: record.name, mediaType: record.media_type, size: record.size, ...(record.key ? { key: record.key } : {}) },
      });
    },
  },
  a2ui: {
    // A surface part where the message first touched each surface; the record is kept even when it names none (its
    // renderer reports what is wrong with it).
    apply(record, editor, parts) {
      let next = parts;
      for (const surfaceId of touchedSurfaces(record.messages)) {
        if (!next.some((p) => p.type === 'data-mantis-surface' && p.id === surfaceId)) next = editor.insert({ type: 'data-mantis-surface', id: surfaceId, data: { surfaceId } });
      }
      return next;
    },
  },
  task: {
    // Only the trusted todo list carries persisted task IDs; generated tasks (ID 0) complete nothing here.
    apply(record, editor, parts) {
      const list = parts.findLast((p): p is TodoPart => p.type === 'data-mantis-todo');
      const status = TASK_TO_TODO[record.status];
      if (!list || !list.data.todos.some((t) => t.task_id === record.task_id && t.status !== status)) return null;
      const todos = list.data.todos.map((t) => (t.task_id === record.task_id ? { ...t, status } : t));
      return editor.upsert({ type: 'data-mantis-todo', id: 'todo', data: { todos } }, (p) => p.type === 'data-mantis-todo');
    },
  },
};
