import type { ChatMessage } from '../../message/messages.js';

/*
 * The conversation as AG-UI 1.0 messages (`@ag-ui/core` `Message`): a user message is its text; an assistant message
 * its whole text (views and fences as the agent wrote them) and its tool calls, each followed by a `tool` message with
 * its result when it has one.
 */

export interface AgUiMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant' | 'tool';
  readonly [field: string]: unknown;
}

const json = (value: unknown): string => {
  try {
    return JSON.stringify(value ?? {}) ?? '{}';
  } catch {
    return '{}';
  }
};

/** The messages of a conversation, as AG-UI messages. */
export function toAgUiMessages(conversation: readonly ChatMessage[]): AgUiMessage[] {
  return conversation.flatMap((message): AgUiMessage[] => {
    if (message.role === 'user') return [{ id: message.id, role: 'user', content: message.text }];
    const tools = message.parts.flatMap((part) => (part.type === 'dynamic-tool' ? [part] : []));
    const toolCalls = tools.map((tool) => ({ id: tool.toolCallId, type: 'function', function: { name: tool.toolName, arguments: json('input' in tool ? tool.input : undefined) } }));
    const results = tools.flatMap((tool): AgUiMessage[] =>
      tool.state === 'output-available' ? [{ id: `${tool.toolCallId}-result`, role: 'tool', toolCallId: tool.toolCallId, content: typeof tool.output === 'string' ? tool.output : json(tool.output) }] : [],
    );
    return [{ id: message.id, role: 'assistant', content: message.text, ...(toolCalls.length > 0 ? { toolCalls } : {}) }, ...results];
  });
}
