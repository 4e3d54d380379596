import * as z from 'zod/mini';
import { Action } from '../../schema/actions.js';
import { COMPOSER_LIMITS, UPLOAD_LIMITS } from '../../limits.js';
import { MODES } from '../../message/marker.js';

/*
 * The Composer protocol (docs/protocol.md), the same over WebSocket and SSE. Every frame is one JSON object. Every
 * server event about a message carries that message's `sequence`, strictly increasing from 0 at `message_start`;
 * `(message_id, sequence)` also names the event for resumption.
 */

const MessageId = z.string().check(z.minLength(1), z.maxLength(128));
/** An upload's ID on a tus endpoint: the last segment of its URL (some servers' IDs are long, as tusd's on S3). */
const UploadId = z.string().check(z.minLength(1), z.maxLength(512));
const Sequence = z.int().check(z.nonnegative());
const Name = z.string().check(z.minLength(1), z.maxLength(200));

/** The trusted protocol marker on the wire. */
export const WireMarker = z.strictObject({
  inline_ui_version: z.union([z.literal(1), z.null()]),
  mode: z.enum(MODES),
});

const about = { message_id: MessageId, sequence: Sequence };

export const MessageStartEvent = z.strictObject({
  type: z.literal('message_start'),
  ...about,
  marker: WireMarker,
  /** The user message this answers (its `client_message_id`): the client stops resending it. */
  in_reply_to: z.optional(MessageId),
});

export const TextDeltaEvent = z.strictObject({ type: z.literal('text_delta'), ...about, delta: z.string().check(z.maxLength(64 * 1024)) });

export const ReasoningStartEvent = z.strictObject({ type: z.literal('reasoning_start'), ...about, reasoning_id: MessageId });
export const ReasoningDeltaEvent = z.strictObject({
  type: z.literal('reasoning_delta'),
  ...about,
  reasoning_id: MessageId,
  delta: z.string().check(z.maxLength(64 * 1024)),
});
export const ReasoningEndEvent = z.strictObject({ type: z.literal('reasoning_end'), ...about, reasoning_id: MessageId });

/** Tool lifecycle states as the backend names them; docs/protocol.md maps them onto AI SDK 7 `dynamic-tool` states. */
export const TOOL_STATES = ['pending', 'running', 'awaiting_approval', 'approval_recorded', 'completed', 'failed', 'denied'] as const;
export type ToolState = (typeof TOOL_STATES)[number];

export const ToolEvent = z.strictObject({
  type: z.literal('tool'),
  ...about,
  /** Explicit correlation; when absent (legacy backends) the event applies to the latest open call of the same tool. */
  tool_call_id: z.optional(MessageId),
  tool_name: Name,
  state: z.enum(TOOL_STATES),
  input: z.optional(z.unknown()),
  output: z.optional(z.unknown()),
  error: z.optional(z.string().check(z.maxLength(2000))),
});

export const TodoItem = z.strictObject({
  id: MessageId,
  text: z.string().check(z.minLength(1), z.maxLength(500)),
  status: z.enum(['pending', 'in_progress', 'completed']),
  /** Only the trusted legacy todo UI carries persisted task IDs. */
  task_id: z.optional(z.int().check(z.positive())),
});
export const TodoEvent = z.strictObject({ type: z.literal('todo'), ...about, todos: z.array(TodoItem).check(z.maxLength(50)) });

/** Trusted progress of a delivered task. Session-level: it belongs to no message's sequence. */
export const TaskEvent = z.strictObject({
  type: z.literal('task'),
  task_id: z.int().check(z.nonnegative()),
  status: z.enum(['delivered', 'running', 'completed', 'failed']),
  detail: z.optional(z.string().check(z.maxLength(1000))),
  /** The run-task action that started the task, when one did: its control follows these events. */
  client_action_id: z.optional(MessageId),
});

export const AttachmentEvent = z.strictObject({
  type: z.literal('attachment'),
  ...about,
  attachment_id: UploadId,
  name: Name,
  media_type: z.string().check(z.minLength(1), z.maxLength(100)),
  size: z.int().check(z.nonnegative()),
  key: z.optional(z.string().check(z.maxLength(512))),
});

export const MessageEndEvent = z.strictObject({ type: z.literal('message_end'), ...about });

/** A2UI v0.9 messages the agent sent in this turn, in order (docs/protocol.md "A2UI surfaces"); each is validated by its renderer. */
export const A2uiEvent = z.strictObject({
  type: z.literal('a2ui'),
  ...about,
  messages: z.array(z.unknown()).check(z.minLength(1), z.maxLength(64)),
});

/**
 * What the server offers beyond the base protocol (session-level, sent when a connection opens):
 * `client_action` says it takes A2UI actions as `client_action` frames (a tool result for the agent) rather than as
 * synthesized `[a2ui_action]` user turns; `a2ui_catalogs` names the A2UI catalogs its agent writes for.
 */
export const CapabilitiesEvent = z.strictObject({
  type: z.literal('capabilities'),
  client_action: z.optional(z.boolean()),
  a2ui_catalogs: z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(16))),
});

export const ServerErrorEvent = z.strictObject({
  type: z.literal('error'),
  message_id: z.optional(MessageId),
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  message: z.string().check(z.maxLength(1000)),
});

/** The outcome of a client `action` frame, decided by the server (Ask is read-only there too). */
export const ActionResultEvent = z.strictObject({
  type: z.literal('action_result'),
  client_action_id: MessageId,
  status: z.enum(['accepted', 'rejected']),
  reason: z.optional(z.string().check(z.maxLength(500))),
});

export const ServerEvent = z.discriminatedUnion('type', [
  MessageStartEvent,
  TextDeltaEvent,
  ReasoningStartEvent,
  ReasoningDeltaEvent,
  ReasoningEndEvent,
  ToolEvent,
  TodoEvent,
  TaskEvent,
  AttachmentEvent,
  A2uiEvent,
  MessageEndEvent,
  ServerErrorEvent,
  ActionResultEvent,
  CapabilitiesEvent,
]);
export type ServerEvent = z.infer<typeof ServerEvent>;
/** Server events that belong to a message's sequence. */
export type MessageEvent = Extract<ServerEvent, { sequence: number }>;

/**
 * The data models of the surfaces created with `sendDataModel` (client_data_model.json: `{version, surfaces}`), sent
 * with every user message and client action while one such surface is shown, as A2UI asks for its metadata.
 */
export const A2uiDataModel = z.strictObject({ version: z.literal('v0.9'), surfaces: z.looseObject({}) });

/**
 * A file sent with a user message, uploaded before the message was sent (docs/protocol.md "Attachments"). The server
 * trusts only `upload_id`, an upload it stored itself; the name, type and size are what the client showed, and the
 * server confirms its own with an `attachment` event.
 */
export const SentAttachment = z.strictObject({
  upload_id: UploadId,
  name: Name,
  media_type: z.string().check(z.minLength(1), z.maxLength(100)),
  size: z.int().check(z.nonnegative()),
});

export const UserMessageFrame = z
  .strictObject({
    type: z.literal('user_message'),
    /** Chosen by the client; the server answers each ID once, so a resent frame is never answered twice. */
    client_message_id: MessageId,
    /** What the user typed; empty only when files are attached. */
    text: z.string().check(z.maxLength(COMPOSER_LIMITS.userMessageLength)),
    /** The Composer mode the reply is authored under; the server stamps it into the reply's marker. */
    mode: z.enum(MODES),
    a2ui_data_model: z.optional(A2uiDataModel),
    attachments: z.optional(z.array(SentAttachment).check(z.minLength(1), z.maxLength(UPLOAD_LIMITS.files))),
  })
  .check(z.refine((frame) => frame.text.length > 0 || (frame.attachments?.length ?? 0) > 0, { message: 'a user message needs text or attachments' }));

export const ActionFrame = z.strictObject({
  type: z.literal('action'),
  client_action_id: MessageId,
  message_id: MessageId,
  view_id: MessageId,
  node_id: MessageId,
  action: Action,
  /**
   * add-to-bag with no destination while no mutable bag is active: the user confirmed creating the "Composer
   * selection" bag. Without it the server creates nothing and rejects the action.
   */
  create_selection_bag: z.optional(z.literal(true)),
});

export const AbortFrame = z.strictObject({ type: z.literal('abort'), message_id: MessageId });

/** Resume after the last event the client applied; without `after`, from the start of the session's log. */
export const ResumeFrame = z.strictObject({
  type: z.literal('resume'),
  after: z.optional(z.strictObject({ message_id: MessageId, sequence: Sequence })),
});

/** The A2UI client-to-server message (client_to_server.json), as a frame carries it: validated by its own schema. */
const A2uiClientMessage = z.looseObject({});

/**
 * An A2UI `action` sent as a first-class client action (when the server's `capabilities` offer `client_action`):
 * the server hands it to the agent as a tool result and answers with `action_result`.
 */
export const ClientActionFrame = z.strictObject({
  type: z.literal('client_action'),
  client_action_id: MessageId,
  /** The assistant message whose surface the action came from (the surface's owner). */
  message_id: MessageId,
  a2ui: A2uiClientMessage,
  a2ui_data_model: z.optional(A2uiDataModel),
});

/** An A2UI `error` (VALIDATION_FAILED or another code) the client reports to the agent about what it sent. */
export const A2uiErrorFrame = z.strictObject({
  type: z.literal('a2ui_error'),
  message_id: z.optional(MessageId),
  a2ui: A2uiClientMessage,
});

export const ClientFrame = z.discriminatedUnion('type', [UserMessageFrame, ActionFrame, AbortFrame, ResumeFrame, ClientActionFrame, A2uiErrorFrame]);
export type ClientFrame = z.input<typeof ClientFrame>;

/** The agent-ui@1 SSE event (001_996c0b4640eee42b.txt): the wrapper; the envelope itself is validated by its renderer. */
export const UiEnvelopeEvent = z.strictObject({
  session_id: z.string().check(z.minLength(1), z.maxLength(128)),
  envelope_id: z.string().check(z.minLength(1), z.maxLength(128)),
  created_at: z.int().check(z.nonnegative()),
  envelope: z.unknown(),
});
export type UiEnvelopeEvent = z.infer<typeof UiEnvelopeEvent>;

/** The SSE `id:` of a Composer event, and the resume position it names. */
export const eventId = (event: { message_id: string; sequence: number }): string => `${event.message_id}:${event.sequence}`;
export function parseEventId(id: string): { message_id: string; sequence: number } | null {
  const at = id.lastIndexOf(':');
  const sequence = Number(id.slice(at + 1));
  if (at <= 0 || !Number.isInteger(sequence) || sequence < 0) return null;
  return { message_id: id.slice(0, at), sequence };
}

/** Parses one frame's text. Never throws: bad JSON or a bad shape is an `{ok:false}` with a short reason. */
export function parseFrame<T>(schema: z.ZodMiniType<T>, text: string): { ok: true; value: T } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'frame is not JSON' };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, reason: `invalid frame${issue ? ` at /${issue.path.join('/')}: ${issue.message}` : ''}` };
  }
  return { ok: true, value: result.data };
}
