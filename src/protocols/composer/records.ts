import * as z from 'zod/mini';
import { lenient } from '../../schema/lenient.js';
import type { ChatMessage } from '../../message/messages.js';
import type { MantisPart, ReasoningPart, TodoPart, ToolPart } from '../../message/parts.js';
import type { RecordHandler } from '../module.js';
import { AttachmentEvent, TaskEvent, TodoEvent, ToolEvent } from './frames.js';
import { toolPart } from './tool-state.js';
import { MessageId, Sequence } from './wire-fields.js';

/*
 * The Composer's trusted records: what a message holds besides its text. Each comes from trusted events (never from
 * assistant text), is kept with the text offset where it arrived, and is applied to the message's parts the same way
 * live and on replay. Reasoning is one record per run, grown by its deltas; the others are the wire events as they
 * came. A stored record is read as leniently as a frame: its message and sequence may be missing (a history a backend
 * kept), unknown fields are left behind.
 */

/** One reasoning run: its deltas joined. */
export interface ReasoningRecord {
  readonly type: 'reasoning';
  readonly reasoning_id: string;
  readonly text: string;
  readonly state: 'streaming' | 'done';
}

/** A stored record may lack the message and sequence its frame had. */
const stored = <T extends z.core.$ZodLooseShape>(schema: z.ZodMiniObject<T>) =>
  // Its shape spread into a new object (not z.extend, which costs the bundle more than this saves).
  z.object({ ...schema.shape, message_id: lenient(MessageId), sequence: lenient(Sequence) });

const StoredTool = stored(ToolEvent);
const StoredTodo = stored(TodoEvent);
const StoredAttachment = stored(AttachmentEvent);
export type ToolRecord = z.infer<typeof StoredTool>;
export type TodoRecord = z.infer<typeof StoredTodo>;
export type AttachmentRecord = z.infer<typeof StoredAttachment>;
/** Progress of a delivered task, kept with the message whose todo list carries the task's ID. */
export type TaskRecord = z.infer<typeof TaskEvent>;

const ReasoningSchema = z.object({ type: z.literal('reasoning'), reasoning_id: MessageId, text: z.string(), state: z.literal(['streaming', 'done']) });

const parse = <T>(schema: z.ZodMiniType<T>, value: unknown): T | null => {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
};

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
const EVENT_RANK: Readonly<Record<string, number>> = { pending: 0, running: 1, awaiting_approval: 2, approval_recorded: 3, completed: 4, failed: 4, denied: 4 };

/**
 * The call a tool event belongs to. Explicit `tool_call_id` correlation wins. Without it (legacy backends) calls are
 * correlated by sequence: `pending` always starts a new call, named by its event's sequence; any other state advances
 * the earliest open call of the same tool that has not reached it yet, so overlapping calls of one tool stay separate
 * and progress in the order they started. A state this client does not know advances the latest open call.
 */
function correlate(record: ToolRecord, parts: readonly MantisPart[]): { id: string; previous?: ToolPart } {
  const tools = parts.filter((p): p is ToolPart => p.type === 'dynamic-tool');
  if (record.tool_call_id) return { id: record.tool_call_id, previous: tools.findLast((p) => p.toolCallId === record.tool_call_id) };
  const rank = EVENT_RANK[record.state];
  const open = (p: ToolPart): boolean => p.toolName === record.tool_name && !FINAL_TOOL_STATES.has(p.state);
  const previous = rank === 0 ? undefined : rank === undefined ? tools.findLast(open) : tools.find((p) => open(p) && TOOL_RANK[p.state] < rank);
  const own = record.sequence === undefined ? `${record.tool_name}-${tools.length}` : `${record.message_id ?? 'message'}-seq-${record.sequence}`;
  return { id: previous?.toolCallId ?? own, previous };
}

const TASK_TO_TODO: Readonly<Record<string, string>> = { delivered: 'pending', running: 'in_progress', completed: 'completed', failed: 'pending' };

const LegacyReasoning = z.object({ reasoning_id: MessageId, delta: z.optional(z.string()) });

/** A legacy per-delta reasoning event (histories written before runs were one record), read as a piece of its run. */
const legacyReasoning = (state: 'streaming' | 'done'): RecordHandler<ReasoningRecord> => ({
  read: (value) => {
    const event = parse(LegacyReasoning, value);
    return event && { type: 'reasoning', reasoning_id: event.reasoning_id, text: event.delta ?? '', state };
  },
  // Read as `reasoning`: its handler applies it.
  apply: () => null,
});

const reasoning: RecordHandler<ReasoningRecord> = {
  read: (value) => parse(ReasoningSchema, value),
  apply(record, editor) {
    const part: ReasoningPart = { type: 'reasoning', id: record.reasoning_id, text: record.text, state: record.state };
    return editor.upsert(part, (p) => p.type === 'reasoning' && p.id === record.reasoning_id);
  },
  key: (record) => record.reasoning_id,
  // A run's pieces are appended; its state is the latest piece's.
  merge: (previous, next) => ({ ...previous, text: previous.text + next.text, state: next.state }),
};

/** The newest assistant message that holds a todo list: where task progress goes. */
function todoOwner(_record: TaskRecord, messages: readonly ChatMessage[]): string | null {
  const owner = messages.findLast((m) => m.role === 'assistant' && m.events.some((e) => e.event.type === 'todo'));
  return owner?.id ?? null;
}

/** Every record type of the Composer's, with its handler. */
export const COMPOSER_RECORDS: Readonly<Record<string, RecordHandler>> = {
  reasoning: reasoning as RecordHandler,
  reasoning_start: legacyReasoning('streaming') as RecordHandler,
  reasoning_delta: legacyReasoning('streaming') as RecordHandler,
  reasoning_end: legacyReasoning('done') as RecordHandler,
  tool: {
    read: (value) => parse(StoredTool, value),
    apply(record, editor, parts) {
      const tool = record as ToolRecord;
      const { id, previous } = correlate(tool, parts);
      return editor.upsert(toolPart(tool, id, previous), (p) => p.type === 'dynamic-tool' && p.toolCallId === id);
    },
  } satisfies RecordHandler<ToolRecord> as RecordHandler,
  todo: {
    read: (value) => parse(StoredTodo, value),
    apply(record, editor) {
      const todos = (record as TodoRecord).todos;
      return editor.upsert({ type: 'data-mantis-todo', id: 'todo', data: { todos } }, (p) => p.type === 'data-mantis-todo');
    },
  } satisfies RecordHandler<TodoRecord> as RecordHandler,
  attachment: {
    read: (value) => parse(StoredAttachment, value),
    apply(record, editor) {
      const file = record as AttachmentRecord;
      return editor.insert({
        type: 'data-mantis-attachment',
        id: file.attachment_id,
        data: { name: file.name, mediaType: file.media_type, size: file.size, ...(file.key ? { key: file.key } : {}) },
      });
    },
  } satisfies RecordHandler<AttachmentRecord> as RecordHandler,
  task: {
    read: (value) => parse(TaskEvent, value),
    // Only the trusted todo list carries persisted task IDs; generated tasks (ID 0) complete nothing here, nor does a
    // status this client does not know.
    apply(record, editor, parts) {
      const task = record as TaskRecord;
      const list = parts.findLast((p): p is TodoPart => p.type === 'data-mantis-todo');
      const status = TASK_TO_TODO[task.status];
      if (!list || status === undefined || !list.data.todos.some((t) => t.task_id === task.task_id && t.status !== status)) return null;
      const todos = list.data.todos.map((t) => (t.task_id === task.task_id ? { ...t, status } : t));
      return editor.upsert({ type: 'data-mantis-todo', id: 'todo', data: { todos } }, (p) => p.type === 'data-mantis-todo');
    },
    target: (record, messages) => todoOwner(record as TaskRecord, messages),
  },
};
