import * as z from 'zod/mini';
import { Action } from '../../schema/actions.js';
import { COMPOSER_LIMITS, UPLOAD_LIMITS } from '../../limits.js';
import { MODES } from '../../message/marker.js';
import { MessageId, Sequence, UploadId, Name } from './wire-fields.js';
import { integer } from '../../schema/integer.js';

/*
 * The frames a Composer client sends (docs/protocol.md "Client frames"): ours, so they are checked strictly before
 * they leave; a server checks them with the same schemas.
 */

/**
 * The data models of the surfaces created with `sendDataModel` (client_data_model.json: `{version, surfaces}`), sent
 * with every user message and client action while one such surface is shown, as A2UI asks for its metadata.
 */
export const A2uiDataModel = z.strictObject({ version: z.literal(['v0.9', 'v1.0']), surfaces: z.looseObject({}) });

/**
 * A file sent with a user message, uploaded before the message was sent (docs/protocol.md "Attachments"). The server
 * trusts only `upload_id`, an upload it stored itself; the name, type and size are what the client showed, and the
 * server confirms its own with an `attachment` event.
 */
export const SentAttachment = z.strictObject({
  upload_id: UploadId,
  name: Name,
  media_type: z.string().check(z.minLength(1), z.maxLength(100)),
  size: integer().check(z.nonnegative()),
});

export const UserMessageFrame = z
  .strictObject({
    type: z.literal('user_message'),
    /** Chosen by the client; the server answers each ID once, so a resent frame is never answered twice. */
    client_message_id: MessageId,
    /** What the user typed; empty only when files are attached. */
    text: z.string().check(z.maxLength(COMPOSER_LIMITS.userMessageLength)),
    /** The Composer mode the reply is authored under; the server stamps it into the reply's marker. */
    mode: z.literal(MODES),
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

/**
 * An A2UI v1.0 renderer-to-agent message about a function call: the `rendererFunctionResponse` to an agent's
 * `callRendererFunction`, or the renderer's own `callAgentFunction`.
 */
export const A2uiFunctionFrame = z.strictObject({
  type: z.literal('a2ui_function'),
  message_id: z.optional(MessageId),
  a2ui: A2uiClientMessage,
});

export const ClientFrame = z.discriminatedUnion('type', [UserMessageFrame, ActionFrame, AbortFrame, ResumeFrame, ClientActionFrame, A2uiErrorFrame, A2uiFunctionFrame]);
export type ClientFrame = z.input<typeof ClientFrame>;

