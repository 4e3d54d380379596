import type { ChatMessage } from '../../message/messages.js';
import type { ToolPart } from '../../message/parts.js';

/*
 * The conversation as the AI SDK's chat transport posts it: `UIMessage`s (`ai` 7, `DefaultChatTransport`). A user
 * message is its text; an assistant message its reasoning, its whole text (views and fences included, as the agent
 * wrote them) and its tool calls in the SDK's `dynamic-tool` shape. What only this client draws (pending views,
 * fallbacks, notices) stays here.
 */

export interface UiMessagePart {
  readonly type: string;
  readonly [field: string]: unknown;
}

export interface UiMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly parts: readonly UiMessagePart[];
}

/** A tool part as the SDK validates it: the fields of its state, nothing of ours (`unlistedState`). */
function toolOf(part: ToolPart): UiMessagePart {
  const { unlistedState: _ours, ...sdk } = part;
  return sdk;
}

/** The messages of a conversation, as `UIMessage`s. */
export function toUiMessages(conversation: readonly ChatMessage[]): UiMessage[] {
  return conversation.map((message): UiMessage => {
    if (message.role === 'user') return { id: message.id, role: 'user', parts: [{ type: 'text', text: message.text }] };
    const parts: UiMessagePart[] = [];
    for (const part of message.parts) if (part.type === 'reasoning') parts.push({ type: 'reasoning', text: part.text, state: 'done' });
    if (message.text) parts.push({ type: 'text', text: message.text, state: 'done' });
    for (const part of message.parts) if (part.type === 'dynamic-tool') parts.push(toolOf(part));
    // Sources and files as the SDK's client keeps them (a file without a URL kept is left out: the SDK requires one).
    for (const part of message.parts) {
      if (part.type === 'source-url' || part.type === 'source-document' || ((part.type === 'file' || part.type === 'reasoning-file') && part.url)) parts.push({ ...part });
    }
    return { id: message.id, role: 'assistant', parts };
  });
}
