import type { ReplyWriter } from '../reply.js';
import { newReplyId, TurnConnection, type AnswersFrame, type TurnFrame, type TurnReader } from '../turn-connection.js';
import { ChunkReader } from './chunks.js';
import { toUiMessages } from './messages.js';

/*
 * `<mantis-chat transport="ai-sdk" url="/api/chat">`: the AI SDK's chat protocol (`ai` 7, `DefaultChatTransport`).
 * Each user message POSTs what the SDK's default transport posts (`{ id, messages, trigger: "submit-message" }`, the
 * conversation as `UIMessage`s) and reads the answer as the UI message stream (SSE `data:` JSON chunks, `[DONE]`).
 */
export class AiSdkConnection extends TurnConnection {
  protected readonly name = 'AI SDK';
  /** The chat's ID on the backend: one per connection, as `useChat` keeps one per chat. */
  readonly #chatId = newReplyId('chat');

  /**
   * A turn, or the approvals the user answered: then, as `addToolApprovalResponse` and `sendAutomaticallyWhen` post
   * them, the conversation with the answered tool parts (`approval-responded`, the request's `approval` whole) and the
   * ID of the message that goes on.
   */
  protected body(frame: TurnFrame | AnswersFrame): unknown {
    // As DefaultChatTransport merges its `body` option: under the fields of the protocol.
    return { ...this.options.body?.(), id: this.#chatId, messages: toUiMessages(frame.conversation), trigger: 'submit-message', ...(frame.type === 'answers' ? { messageId: frame.messageId } : {}) };
  }

  protected reader(reply: ReplyWriter): TurnReader {
    return new ChunkReader(reply);
  }
}
