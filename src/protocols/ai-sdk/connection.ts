import type { ReplyWriter } from '../reply.js';
import { newReplyId, TurnConnection, type AnswersFrame, type TurnFrame, type TurnReader } from '../turn-connection.js';
import type { ChatMessage } from '../../message/messages.js';
import { ChunkReader } from './chunks.js';
import { toUiMessages } from './messages.js';

/*
 * `<mantis-chat transport="ai-sdk" url="/api/chat">`: the AI SDK's chat protocol (`ai` 7, `DefaultChatTransport`).
 * Each user message POSTs what the SDK's default transport posts (`{ id, messages, trigger: "submit-message" }`, the
 * conversation as `UIMessage`s) and reads the answer as the UI message stream (SSE `data:` JSON chunks, `[DONE]`).
 */
export class AiSdkConnection extends TurnConnection {
  protected readonly name = 'AI SDK';
  /** The chat's ID on the backend: the page's (`chat-id`), kept with the conversation; else one per connection. */
  readonly #chatId = this.options.chatId ?? newReplyId('chat');

  /**
   * With the page's chat ID, as `useChat({ id, resume: true })` on mount: takes up a reply the backend is still
   * streaming for this chat (`GET {url}/{id}/stream`, 204 when there is none). The stream replays the reply from its
   * start: it replaces the conversation's last message when that is the agent's (a partial copy: the reply that was
   * cut), and otherwise answers the user's last message.
   */
  override connect(options: { signal?: AbortSignal } = {}): void {
    super.connect(options);
    if (this.options.chatId) void this.options.conversation?.().then((conversation) => this.#resume(this.options.chatId as string, conversation));
  }

  #resume(id: string, conversation: readonly ChatMessage[]): void {
    const last = conversation.at(-1);
    // Nothing to take up in a conversation that has not begun, or a reply that streams here already; or closed.
    if (!last || (last.role === 'assistant' && last.status === 'streaming') || this.state !== 'open') return;
    if (id === '.' || id === '..') {
      // As the SDK's transport refuses them: the URL would name another path.
      return this.emit({ type: 'protocol-notice', key: 'resume', reason: 'A chat ID of "." or ".." cannot name a stream to take up.' });
    }
    const url = new URL(this.options.url, this.options.relativeTo);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(id)}/stream`;
    const user = conversation.findLast((message) => message.role === 'user');
    this.turn(`resume:${id}`, undefined, {
      resume: url,
      ...(last.role === 'assistant' ? { continues: last.id } : {}),
      ...(user ? { replyTo: user.id } : {}),
    });
  }

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
