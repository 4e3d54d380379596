import type { ReplyWriter } from '../reply.js';
import { newReplyId, TurnConnection, type AnswersFrame, type TurnFrame, type TurnReader } from '../turn-connection.js';
import type { ChatMessage } from '../../message/messages.js';
import type { OutgoingFrame } from '../connection.js';
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
   * streaming for this chat (`GET {url}/{id}/stream`, 204 when there is none), once the history given last shows, and
   * again whenever another history is shown. The stream replays the reply from its start: a message of the ID its
   * start names is replaced, any other start is a new message answering the user's last one; when the last message
   * is the agent's with an approval answered, the stream is that message's continuation and goes on in it (as the
   * SDK's client decides).
   */
  override connect(options: { signal?: AbortSignal } = {}): void {
    super.connect(options);
    this.#look();
  }

  historyShown(): void {
    this.#look();
  }

  /** Looks at the conversation once the history given last shows, and takes up what streams for it. */
  #look(): void {
    const id = this.options.chatId;
    if (id) this.options.conversation?.().then((conversation) => this.#resume(id, conversation), () => undefined);
  }

  /** The GET of a stream taken up, while it is asked for or read: one at a time. */
  #resuming: Promise<void> | null = null;
  /** Something was sent on this connection: what streams now is that turn's, never one to take up. */
  #sent = false;

  override send(frame: OutgoingFrame): boolean {
    const sent = super.send(frame);
    if (sent && (frame.type === 'user-message' || frame.type === 'answers')) {
      this.#sent = true;
      // The user went on before the agent said whether a reply still streams: their turn wins, and the reply it would
      // have taken up (answering what came before) is not shown after theirs.
      if (this.#resuming && this.options.chatId && this.dropUnanswered(`resume:${this.options.chatId}`)) {
        this.emit({ type: 'protocol-notice', key: 'resume-dropped', reason: 'A reply still streaming was not taken up: the conversation went on before the agent said whether there was one.' });
      }
    }
    return sent;
  }

  #resume(id: string, conversation: readonly ChatMessage[]): void {
    const last = conversation.at(-1);
    // Nothing to take up in a conversation that has not begun, a reply that streams here already, or after this
    // connection sent a turn (its reply is read from its own request); nor once closed.
    if (!last || (last.role === 'assistant' && last.status === 'streaming') || this.state !== 'open' || this.#resuming || this.#sent) return;
    if (id === '.' || id === '..') {
      // As the SDK's transport refuses them: the URL would name another path.
      return this.emit({ type: 'protocol-notice', key: 'resume-id', reason: 'A chat ID of "." or ".." cannot name a stream to take up.' });
    }
    const url = new URL(this.options.url, this.options.relativeTo);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(id)}/stream`;
    const user = conversation.findLast((message) => message.role === 'user');
    const answered = last.role === 'assistant' && last.parts.some((part) => part.type === 'dynamic-tool' && part.state === 'approval-responded');
    this.#resuming = this.turn(`resume:${id}`, undefined, {
      resume: url,
      ...(answered ? { continues: last.id } : {}),
      ...(user ? { replyTo: user.id } : {}),
    }).finally(() => (this.#resuming = null));
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
