import type { ReplyWriter } from '../reply.js';
import { newReplyId, TurnConnection, type TurnFrame, type TurnReader } from '../turn-connection.js';
import { EventReader } from './events.js';
import { toAgUiMessages } from './messages.js';

/*
 * `<mantis-chat transport="ag-ui" url="/agent">`: an AG-UI 1.0 agent. Each user message starts a run: it POSTs a
 * `RunAgentInput` (the thread kept for the conversation, a new run ID, the conversation as AG-UI messages, no tools)
 * and reads the run's events as Server-Sent Events.
 */
export class AgUiConnection extends TurnConnection {
  protected readonly name = 'AG-UI';
  /** The conversation's thread: one per connection. */
  readonly #threadId = newReplyId('thread');

  protected body(frame: TurnFrame): unknown {
    return {
      threadId: this.#threadId,
      runId: newReplyId('run'),
      protocolVersion: '1.0',
      state: {},
      messages: toAgUiMessages(frame.conversation),
      tools: [],
      context: [],
      forwardedProps: {},
    };
  }

  protected reader(reply: ReplyWriter): TurnReader {
    return new EventReader(reply);
  }
}
