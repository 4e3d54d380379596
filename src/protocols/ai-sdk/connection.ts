import type { ReplyWriter } from '../reply.js';
import { newReplyId, TurnConnection, type TurnFrame, type TurnReader } from '../turn-connection.js';
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

  protected body(frame: TurnFrame): unknown {
    return { id: this.#chatId, messages: toUiMessages(frame.conversation), trigger: 'submit-message' };
  }

  protected reader(reply: ReplyWriter): TurnReader {
    return new ChunkReader(reply);
  }
}
