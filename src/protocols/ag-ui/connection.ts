import type { ReplyWriter } from '../reply.js';
import { newReplyId, TurnConnection, type AnswersFrame, type TurnFrame, type TurnReader } from '../turn-connection.js';
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

  /** A run; after interrupts, the run that resumes: one `resume` entry per answered interrupt. */
  protected body(frame: TurnFrame | AnswersFrame): unknown {
    const resume = frame.type === 'answers' ? frame.answers.flatMap((a) => (a.kind === 'interrupt' ? [{ interruptId: a.interruptId, status: a.status, ...(a.payload === undefined ? {} : { payload: a.payload }) }] : [])) : [];
    return {
      threadId: this.#threadId,
      runId: newReplyId('run'),
      protocolVersion: '1.0',
      state: {},
      messages: toAgUiMessages(frame.conversation),
      tools: [],
      context: [],
      // What the page adds to each run: AG-UI's place for it.
      forwardedProps: { ...this.options.body?.() },
      ...(resume.length > 0 ? { resume } : {}),
    };
  }

  protected reader(reply: ReplyWriter): TurnReader {
    return new EventReader(reply);
  }
}
