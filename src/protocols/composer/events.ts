import type { ConversationEvent } from '../connection.js';
import { markerOf, type ServerEvent } from './frames.js';
import type { ReasoningRecord } from './records.js';

/*
 * The Composer's server events on the one road (src/protocols/connection.ts): each becomes the conversation event it
 * means. Records keep the wire event as it came (what a history stores), except reasoning, whose events are pieces
 * of one run.
 */

const piece = (event: Extract<ServerEvent, { type: 'reasoning_start' | 'reasoning_delta' | 'reasoning_end' }>): ReasoningRecord => ({
  type: 'reasoning',
  reasoning_id: event.reasoning_id,
  text: event.type === 'reasoning_delta' ? event.delta : '',
  state: event.type === 'reasoning_end' ? 'done' : 'streaming',
});

/** The conversation event of a Composer server event. */
export function toConversation(event: ServerEvent): ConversationEvent {
  switch (event.type) {
    case 'message_start':
      return {
        type: 'message-start',
        messageId: event.message_id,
        marker: markerOf(event.marker),
        sequence: event.sequence,
        ...(event.in_reply_to ? { inReplyTo: event.in_reply_to } : {}),
      };
    case 'text_delta':
      return { type: 'text-delta', messageId: event.message_id, delta: event.delta, sequence: event.sequence };
    case 'message_end':
      return { type: 'message-end', messageId: event.message_id, sequence: event.sequence };
    case 'reasoning_start':
    case 'reasoning_delta':
    case 'reasoning_end':
      return { type: 'record', messageId: event.message_id, sequence: event.sequence, record: piece(event) };
    case 'tool':
    case 'todo':
    case 'attachment':
    case 'a2ui':
      return { type: 'record', messageId: event.message_id, sequence: event.sequence, record: event };
    case 'task':
      return { type: 'record', record: event, ...(event.client_action_id ? { clientActionId: event.client_action_id, progress: event.status } : {}) };
    case 'error':
      return { type: 'error', code: event.code, message: event.message, ...(event.message_id ? { messageId: event.message_id } : {}) };
    case 'action_result':
      return { type: 'action-result', clientActionId: event.client_action_id, status: event.status, ...(event.reason ? { reason: event.reason } : {}) };
    case 'capabilities':
      return {
        type: 'capabilities',
        capabilities: {
          ...(event.client_action !== undefined ? { clientAction: event.client_action } : {}),
          ...(event.a2ui_catalogs ? { a2uiCatalogs: event.a2ui_catalogs } : {}),
        },
      };
  }
}
