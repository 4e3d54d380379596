import * as z from 'zod';
import { MODES } from './marker.js';

/*
 * The Composer WebSocket protocol (docs/protocol.md). Every frame is one JSON object; every server event about a
 * message carries that message's `sequence`, strictly increasing from 0 at `message_start`.
 */

const MessageId = z.string().min(1).max(128);
const Sequence = z.number().int().nonnegative();

/** The trusted protocol marker on the wire. */
export const WireMarker = z.strictObject({
  inline_ui_version: z.union([z.literal(1), z.null()]),
  mode: z.enum(MODES),
});

export const MessageStartEvent = z.strictObject({
  type: z.literal('message_start'),
  message_id: MessageId,
  sequence: Sequence,
  marker: WireMarker,
});

export const TextDeltaEvent = z.strictObject({
  type: z.literal('text_delta'),
  message_id: MessageId,
  sequence: Sequence,
  delta: z.string().max(64 * 1024),
});

export const MessageEndEvent = z.strictObject({
  type: z.literal('message_end'),
  message_id: MessageId,
  sequence: Sequence,
});

export const ServerErrorEvent = z.strictObject({
  type: z.literal('error'),
  message_id: MessageId.optional(),
  code: z.string().min(1).max(64),
  message: z.string().max(1000),
});

export const ServerEvent = z.discriminatedUnion('type', [MessageStartEvent, TextDeltaEvent, MessageEndEvent, ServerErrorEvent]);
export type ServerEvent = z.infer<typeof ServerEvent>;

export const UserMessageFrame = z.strictObject({
  type: z.literal('user_message'),
  client_message_id: MessageId,
  text: z.string().min(1).max(32 * 1024),
  /** The Composer mode the reply is authored under; the server stamps it into the reply's marker. */
  mode: z.enum(MODES),
});

export const ClientFrame = z.discriminatedUnion('type', [UserMessageFrame]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/** Parses one frame's text. Never throws: bad JSON or a bad shape is an `{ok:false}` with a short reason. */
export function parseFrame<T>(schema: z.ZodType<T>, text: string): { ok: true; value: T } | { ok: false; reason: string } {
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
