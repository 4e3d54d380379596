import * as z from 'zod/mini';
import { lenient } from '../../schema/lenient.js';
import { MODES, type ComposerMode, type ProtocolMarker } from '../../message/marker.js';
import { MessageId, Name, Sequence, UploadId } from './wire-fields.js';
import { integer } from '../../schema/integer.js';

export * from './client-frames.js';

/*
 * The events a Composer server sends (docs/protocol.md "Server events"), the same over WebSocket and SSE. Every
 * event about a message carries its `sequence`, strictly increasing from 0 at `message_start`; `(message_id,
 * sequence)` also names the event for resumption.
 *
 * Lenient at the wire (docs/protocol.md "What the wire forgives"): a field this client does not know is left behind,
 * never carried into parts, storage or templates; an event type it does not know is skipped and noted; a status
 * outside the listed ones is kept by its raw name and shown neutrally; an optional field of the wrong kind is left
 * out; only a required field missing or wrong skips its event. What the model wrote inside (views, A2UI components,
 * envelopes) is checked as strictly as ever by its own schema.
 */

/** An optional field: absent when it is absent or of the wrong kind (one odd field never costs its event). */
const optional = lenient;

/** A status as the server names it: one of the listed ones, or another name (up to 64 characters) shown neutrally. */
const Status = z.string().check(z.minLength(1), z.maxLength(64));

/** The trusted protocol marker on the wire; any value the client does not know reads as Markdown only (`markerOf`). */
export const WireMarker = z.object({ inline_ui_version: z.unknown(), mode: z.unknown() });

/**
 * The marker a message is shown under. A later inline-UI version, or none, is Markdown only (fences stay text); a mode
 * this client does not know is read-only Ask with Markdown only, the safest reading that still shows the reply.
 */
export function markerOf(wire: z.infer<typeof WireMarker> | undefined): ProtocolMarker {
  if (!wire) return { inlineUiVersion: null, mode: 'orchestrator' };
  const known = (MODES as readonly unknown[]).includes(wire.mode);
  return { inlineUiVersion: known && wire.inline_ui_version === 1 ? 1 : null, mode: known ? (wire.mode as ComposerMode) : 'ask' };
}

const about = { message_id: MessageId, sequence: Sequence };

export const MessageStartEvent = z.object({
  type: z.literal('message_start'),
  ...about,
  marker: optional(WireMarker),
  /** The user message this answers (its `client_message_id`): the client stops resending it. */
  in_reply_to: optional(MessageId),
});

export const TextDeltaEvent = z.object({ type: z.literal('text_delta'), ...about, delta: z.string().check(z.maxLength(64 * 1024)) });

export const ReasoningStartEvent = z.object({ type: z.literal('reasoning_start'), ...about, reasoning_id: MessageId });
export const ReasoningDeltaEvent = z.object({ type: z.literal('reasoning_delta'), ...about, reasoning_id: MessageId, delta: z.string().check(z.maxLength(64 * 1024)) });
export const ReasoningEndEvent = z.object({ type: z.literal('reasoning_end'), ...about, reasoning_id: MessageId });

/** Tool lifecycle states as the backend names them; docs/protocol.md maps them onto AI SDK 7 `dynamic-tool` states. */
export const TOOL_STATES = ['pending', 'running', 'awaiting_approval', 'approval_recorded', 'completed', 'failed', 'denied'] as const;
export type ToolState = (typeof TOOL_STATES)[number];

export const ToolEvent = z.object({
  type: z.literal('tool'),
  ...about,
  /** Explicit correlation; when absent (legacy backends) the event applies to the latest open call of the same tool. */
  tool_call_id: optional(MessageId),
  tool_name: Name,
  /** Who made the call when it was not the agent itself (a subagent's name). */
  agent: optional(Name),
  /** One of TOOL_STATES, or a state of a later backend, shown neutrally under its own name. */
  state: Status,
  input: z.optional(z.unknown()),
  output: z.optional(z.unknown()),
  error: optional(z.string().check(z.maxLength(2000))),
});

export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;

/** One item of a todo list; an item missing its id or text is left out of its list, not the list. */
export const TodoItem = z.object({
  id: MessageId,
  text: z.string().check(z.minLength(1), z.maxLength(500)),
  /** One of TODO_STATUSES, or another (`cancelled`) shown neutrally under its own name. */
  status: Status,
  /** Only the trusted legacy todo UI carries persisted task IDs. */
  task_id: optional(integer().check(z.positive())),
});
export type TodoItem = z.infer<typeof TodoItem>;

/** Items that are not todo items are left out of the list (a list of more than 50 is refused). */
// (An overwrite, not a pipe into a transform: a schema that changes a value's type costs every bundle two zod classes.)
const TodoItems = z.array(z.unknown()).check(
  z.maxLength(50),
  z.overwrite((items) => items.flatMap((item) => {
    const parsed = TodoItem.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  })),
) as unknown as z.ZodMiniType<TodoItem[], unknown[]>;

export const TodoEvent = z.object({ type: z.literal('todo'), ...about, todos: TodoItems });

/** Trusted progress of a delivered task. Session-level: it belongs to no message's sequence. */
export const TaskEvent = z.object({
  type: z.literal('task'),
  task_id: integer().check(z.nonnegative()),
  /** `delivered`, `running`, `completed`, `failed`, or a later one (which moves no todo item). */
  status: Status,
  detail: optional(z.string().check(z.maxLength(1000))),
  /** The run-task action that started the task, when one did: its control follows these events. */
  client_action_id: optional(MessageId),
});

export const AttachmentEvent = z.object({
  type: z.literal('attachment'),
  ...about,
  attachment_id: UploadId,
  name: Name,
  media_type: z.string().check(z.minLength(1), z.maxLength(100)),
  size: integer().check(z.nonnegative()),
  key: optional(z.string().check(z.maxLength(512))),
});

export const MessageEndEvent = z.object({ type: z.literal('message_end'), ...about });

/** A2UI messages the agent sent in this turn, in order: carried to the A2UI protocol, which validates each. */
export const A2uiEvent = z.object({ type: z.literal('a2ui'), ...about, messages: z.array(z.unknown()).check(z.minLength(1), z.maxLength(64)) });

/**
 * What the server offers beyond the base protocol (session-level, sent when a connection opens): `client_action` says
 * it takes A2UI actions as `client_action` frames rather than as synthesized `[a2ui_action]` user turns;
 * `a2ui_catalogs` names the A2UI catalogs its agent writes for.
 */
export const CapabilitiesEvent = z.object({
  type: z.literal('capabilities'),
  client_action: optional(z.boolean()),
  a2ui_catalogs: optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(16))),
});

export const ServerErrorEvent = z.object({
  type: z.literal('error'),
  message_id: optional(MessageId),
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  message: z.string().check(z.maxLength(1000)),
});

/** The outcome of a client `action` frame, decided by the server (Ask is read-only there too). */
export const ActionResultEvent = z.object({
  type: z.literal('action_result'),
  client_action_id: MessageId,
  status: z.literal(['accepted', 'rejected']),
  reason: optional(z.string().check(z.maxLength(500))),
});

const EVENTS = {
  message_start: MessageStartEvent,
  text_delta: TextDeltaEvent,
  reasoning_start: ReasoningStartEvent,
  reasoning_delta: ReasoningDeltaEvent,
  reasoning_end: ReasoningEndEvent,
  tool: ToolEvent,
  todo: TodoEvent,
  task: TaskEvent,
  attachment: AttachmentEvent,
  a2ui: A2uiEvent,
  message_end: MessageEndEvent,
  error: ServerErrorEvent,
  action_result: ActionResultEvent,
  capabilities: CapabilitiesEvent,
} as const;

export const ServerEvent = z.discriminatedUnion('type', Object.values(EVENTS) as unknown as [typeof MessageStartEvent, ...(typeof EVENTS)[keyof typeof EVENTS][]]);
export type ServerEvent = z.infer<(typeof EVENTS)[keyof typeof EVENTS]>;
/** Server events that belong to a message's sequence. */
export type MessageEvent = Extract<ServerEvent, { sequence: number }>;

/** What one frame's text is: an event; a frame this client does not know (`notice`); or one it cannot use (`error`). */
export type ParsedEvent =
  | { readonly ok: true; readonly event: ServerEvent }
  | { readonly ok: false; readonly notice: string; readonly key: string }
  | { readonly ok: false; readonly reason: string };

/** Reads one server frame leniently (see above). `type`: the SSE event name, used when the data names no type. Never throws. */
export function parseServerEvent(text: string, type?: string): ParsedEvent {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'frame is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'frame is not a JSON object' };
  const named = (json as { type?: unknown }).type;
  const kind = typeof named === 'string' ? named : type && type !== 'message' ? type : undefined;
  if (kind === undefined) return { ok: false, reason: 'frame names no type' };
  if (!Object.prototype.hasOwnProperty.call(EVENTS, kind)) {
    return { ok: false, key: `event:${kind.slice(0, 64)}`, notice: `An event of type "${kind.slice(0, 64)}" is not one this client knows; it was skipped.` };
  }
  const result = EVENTS[kind as keyof typeof EVENTS].safeParse({ ...json, type: kind });
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, reason: `invalid ${kind} event${issue ? ` at /${issue.path.join('/')}: ${issue.message}` : ''}` };
  }
  return { ok: true, event: result.data as ServerEvent };
}

/** The SSE `id:` of a Composer event, and the resume position it names. */
export const eventId = (event: { message_id: string; sequence: number }): string => `${event.message_id}:${event.sequence}`;
export function parseEventId(id: string): { message_id: string; sequence: number } | null {
  const at = id.lastIndexOf(':');
  const sequence = Number(id.slice(at + 1));
  if (at <= 0 || !Number.isInteger(sequence) || sequence < 0) return null;
  return { message_id: id.slice(0, at), sequence };
}

export { parseFrame } from '../parse-frame.js';
