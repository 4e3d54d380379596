import { EventType, type BaseEvent, type Interrupt, type ResumeEntry } from '@ag-ui/core';

/*
 * The AG-UI endpoint's interrupts (demo/server/ag-ui.ts), as an agent with human-in-the-loop steps runs them: a run
 * that needs the user ends with `RUN_FINISHED` and an interrupt outcome; the client answers with the next run of the
 * thread, whose input `resume`s each interrupt. No state is kept between runs: the resumed run says what it got back.
 */

const MARKER = { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } } as const;

type Emit = (event: BaseEvent & Record<string, unknown>) => void;
type Run = { readonly threadId: string; readonly runId: string };
type Text = (emit: Emit, messageId: string, value: string) => Promise<void>;

/** The form `interrupt form` asks for: one field of each kind the chat draws, one of them required. */
export const FORM_SCHEMA = {
  type: 'object',
  properties: {
    note: { type: 'string', title: 'Note' },
    priority: { type: 'string', enum: ['low', 'high'], title: 'Priority' },
    notify: { type: 'boolean', title: 'Notify the team' },
    copies: { type: 'integer', title: 'Copies' },
  },
  required: ['priority'],
} as const;

/** The interrupts each script ends with (`expired`'s computed when it runs: an hour before then). */
const INTERRUPTS: Readonly<Record<string, () => Interrupt[]>> = {
  'interrupt expired': () => [
    { id: 'int-old', reason: 'input', message: 'Still want the old report?', expiresAt: new Date(Date.now() - 3_600_000).toISOString() },
    { id: 'int-new', reason: 'input', message: 'Send the new report?' },
  ],
  // One that expires a moment after it is asked: answering the other before then, the answer goes once it has.
  'interrupt soon': () => [
    { id: 'int-soon', reason: 'input', message: 'Keep the draft?', expiresAt: new Date(Date.now() + 1_500).toISOString() },
    { id: 'int-now', reason: 'input', message: 'Send the report?' },
  ],
  'interrupt form': () => [{ id: 'int-form', reason: 'input', message: 'How should I file this?', responseSchema: FORM_SCHEMA }],
  interrupt: () => [{ id: 'int-1', reason: 'tool_approval', message: 'Delete site north-3?', toolCallId: 'call-del' }],
};

/** The runs that stop for the user (`interrupt`, `interrupt form`, `interrupt expired`, `interrupt soon`), longest word first. */
export const INTERRUPT_SCRIPTS = (text: Text): Record<string, (emit: Emit, run: Run) => Promise<void>> =>
  Object.fromEntries(
    Object.entries(INTERRUPTS).map(([word, interrupts]) => [
      word,
      async (emit: Emit, run: Run) => {
        emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
        if (word === 'interrupt') {
          emit({ type: EventType.TOOL_CALL_START, toolCallId: 'call-del', toolCallName: 'delete_site' });
          emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-del', delta: '{"site":"north-3"}' });
          emit({ type: EventType.TOOL_CALL_END, toolCallId: 'call-del' });
        }
        await text(emit, 'm-ask', word === 'interrupt' ? 'I need your go-ahead.' : 'I need a word from you first.');
        emit({ type: EventType.RUN_FINISHED, ...run, outcome: { type: 'interrupt', interrupts: interrupts() } });
      },
    ]),
  );

/**
 * The run that resumes: it says what came back (`Resumed: ` and the entries as JSON, for the tests to read), runs
 * the deletion the user approved, and finishes.
 */
export async function resumeRun(emit: Emit, run: Run, resume: readonly ResumeEntry[], text: Text): Promise<void> {
  emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
  await text(emit, 'm-resumed', `Resumed: ${JSON.stringify(resume)}`);
  if (resume.some((entry) => entry.interruptId === 'int-1' && entry.status === 'resolved')) {
    emit({ type: EventType.TOOL_CALL_RESULT, messageId: 'tool-del', toolCallId: 'call-del', content: '{"deleted":"north-3"}', role: 'tool' });
  }
  emit({ type: EventType.RUN_FINISHED, ...run, outcome: { type: 'success' } });
}
