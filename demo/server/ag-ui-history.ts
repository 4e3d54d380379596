import { EventType, type BaseEvent } from '@ag-ui/core';
import { MessagesSnapshotEventSchema } from '@ag-ui/core/schemas';

/*
 * The reference AG-UI endpoint's `history` script: a backend that keeps the thread itself and says so with
 * `MESSAGES_SNAPSHOT`, as agent frameworks do (LangGraph's sends the whole thread with each run). The run opens with
 * the thread as the backend has it (an earlier turn the client never saw, with reasoning and a tool call and its
 * result, then the messages the client posted, under the IDs it gave them), streams its reply, and ends with the whole
 * thread again, this reply included. Each snapshot is checked by `@ag-ui/core`'s own schema before it is sent.
 */

type Emit = (event: BaseEvent & Record<string, unknown>) => void;
type Run = { readonly threadId: string; readonly runId: string };
type Text = (emit: Emit, messageId: string, value: string) => Promise<void>;

/** The turn the backend holds from before this client (another device, an earlier session). */
export const EARLIER_TURN = [
  { id: 'earlier-user', role: 'user', content: 'Where are the sites?' },
  { id: 'earlier-reasoning', role: 'reasoning', content: 'Look the sites up first.' },
  { id: 'earlier-assistant', role: 'assistant', content: 'Let me look.', toolCalls: [{ id: 'earlier-call', type: 'function', function: { name: 'search_sites', arguments: '{"region":"north"}' } }] },
  { id: 'earlier-result', role: 'tool', toolCallId: 'earlier-call', content: '{"sites":3}' },
  { id: 'earlier-answer', role: 'assistant', content: 'Three sites, all in the **north**.' },
] as const;

export const HISTORY_REPLY = 'Welcome back: the three northern sites are unchanged.';

export async function historyRun(emit: Emit, run: Run, posted: readonly unknown[], text: Text): Promise<void> {
  const snapshot = (messages: readonly unknown[]): void => emit(MessagesSnapshotEventSchema.parse({ type: EventType.MESSAGES_SNAPSHOT, messages }));
  emit({ type: EventType.RUN_STARTED, ...run });
  snapshot([...EARLIER_TURN, ...posted]);
  await text(emit, 'history-reply', HISTORY_REPLY);
  snapshot([...EARLIER_TURN, ...posted, { id: 'history-reply', role: 'assistant', content: HISTORY_REPLY }]);
  emit({ type: EventType.RUN_FINISHED, ...run });
}
