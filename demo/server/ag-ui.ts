import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import { receiveTurn, refuseTurn, TURN_CORS, type PostedTurn } from './turn-endpoint.js';
import { applyTurnFaults } from './turn-faults.js';
import { INTERRUPT_SCRIPTS, resumeRun } from './ag-ui-interrupt.js';
import { A2UI_SCRIPTS, actionRun, callRun } from './ag-ui-a2ui.js';
import { BASIC_CATALOG_ID } from './a2ui-script.js';
import { historyRun } from './ag-ui-history.js';

/*
 * The reference server's AG-UI endpoint, written with the real `@ag-ui/core` (its `RunAgentInputSchema` checks what a
 * client posts) and `@ag-ui/encoder` (its `EventEncoder` writes the events), as an agent framework's endpoint is. No
 * model: the run is scripted from the last user message (`history` — demo/server/ag-ui-history.ts —, then
 * `interrupt expired`, `interrupt form`, `interrupt` — demo/server/ag-ui-interrupt.ts —, `state`, `subagent`, `view`,
 * `error`, `slow`, `unknown`, the first found; `echo:` before a text puts it in every field, `fail:` in the agent's
 * error); a run that resumes interrupts says what it got back.
 */

export const AG_UI_PATH = '/api/v1/ag-ui/agent';


const MARKER = { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } };
const VIEW = { version: 1, id: 'ag-ui-summary', root: { id: 'summary', type: 'metric-group', title: 'North region', metrics: [{ id: 'sites', label: 'Sites', value: '3' }] } };

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type Emit = (event: BaseEvent & Record<string, unknown>) => void;
/** `posted`: the messages the client posted (the backend's copy of the thread ends with them). */
type Script = (emit: Emit, run: { threadId: string; runId: string }, said: string, closed: AbortSignal, state: unknown, posted: readonly unknown[]) => Promise<void>;

async function text(emit: Emit, messageId: string, value: string, size = 24): Promise<void> {
  emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
  for (let at = 0; at < value.length; at += size) {
    emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: value.slice(at, at + size) });
    if (size < 1000) await pause(2);
  }
  emit({ type: EventType.TEXT_MESSAGE_END, messageId });
}

const SCRIPTS: Record<string, Script> = {
  ...INTERRUPT_SCRIPTS(text),
  ...A2UI_SCRIPTS(text),
  async view(emit, run) {
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    emit({ type: EventType.REASONING_START, messageId: 'r1' });
    emit({ type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' });
    emit({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'The user wants the site summary.' });
    emit({ type: EventType.REASONING_MESSAGE_END, messageId: 'r1' });
    emit({ type: EventType.REASONING_END, messageId: 'r1' });
    emit({ type: EventType.STEP_STARTED, stepName: 'search' });
    emit({ type: EventType.TOOL_CALL_START, toolCallId: 'call-1', toolCallName: 'search_sites' });
    emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-1', delta: '{"region":' });
    emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-1', delta: '"north"}' });
    emit({ type: EventType.TOOL_CALL_END, toolCallId: 'call-1' });
    emit({ type: EventType.TOOL_CALL_RESULT, messageId: 'tool-1', toolCallId: 'call-1', content: '{"sites":3}', role: 'tool' });
    emit({ type: EventType.STEP_FINISHED, stepName: 'search' });
    await text(emit, 'm1', `Here is the **summary** of the north region:\n\n\`\`\`mantis-ui\n${JSON.stringify(VIEW)}\n\`\`\`\n`);
    await text(emit, 'm2', 'One site has an alert.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** The agent's shared state: a snapshot, then a delta; the text says what state the run was given. */
  async state(emit, run, _said, _closed, given) {
    const runs = typeof (given as { runs?: unknown } | null)?.runs === 'number' ? (given as { runs: number }).runs : 0;
    emit({ type: EventType.RUN_STARTED, ...run });
    emit({ type: EventType.STATE_SNAPSHOT, snapshot: { runs, region: 'north', sites: ['north-1'] } });
    emit({ type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/sites/-', value: 'north-2' }, { op: 'replace', path: '/runs', value: runs + 1 }] });
    await text(emit, 'm1', `This run was given the state ${JSON.stringify(given)}.`);
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** Work handed to subagents: one searches (its tool call attributed to it) and finishes, one fails. */
  async subagent(emit, run) {
    emit({ type: EventType.RUN_STARTED, ...run });
    emit({ type: EventType.TOOL_CALL_START, toolCallId: 'call-delegate', toolCallName: 'delegate' });
    emit({ type: EventType.TOOL_CALL_END, toolCallId: 'call-delegate' });
    emit({ type: EventType.SUBAGENT_STARTED, subagentRunId: 'sub-1', name: 'researcher', description: 'Finds sources.', parentToolCallId: 'call-delegate' });
    emit({ type: EventType.TOOL_CALL_START, toolCallId: 'call-search', toolCallName: 'web_search', subagentRunId: 'sub-1' });
    emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-search', delta: '{"q":"north sites"}', subagentRunId: 'sub-1' });
    emit({ type: EventType.TOOL_CALL_END, toolCallId: 'call-search', subagentRunId: 'sub-1' });
    emit({ type: EventType.TOOL_CALL_RESULT, messageId: 'tool-search', toolCallId: 'call-search', content: '{"hits":2}', role: 'tool', subagentRunId: 'sub-1' });
    emit({ type: EventType.SUBAGENT_FINISHED, subagentRunId: 'sub-1', outcome: { type: 'success' } });
    emit({ type: EventType.SUBAGENT_STARTED, subagentRunId: 'sub-2', name: 'checker' });
    emit({ type: EventType.SUBAGENT_ERROR, subagentRunId: 'sub-2', message: 'The checker was rate limited.' });
    emit({ type: EventType.TOOL_CALL_RESULT, messageId: 'tool-delegate', toolCallId: 'call-delegate', content: '{"done":true}', role: 'tool' });
    await text(emit, 'm1', 'The researcher found two sites; the checker could not run.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** `error`; `fail:` and a text: the text as the agent's error (the attack tests' input path). */
  async error(emit, run, said) {
    emit({ type: EventType.RUN_STARTED, ...run });
    await text(emit, 'm1', 'Starting…');
    emit({ type: EventType.RUN_ERROR, message: said.startsWith('fail:') ? said.slice('fail:'.length) : 'The model is overloaded.', code: 'overloaded' });
  },
  async slow(emit, run, _said, closed) {
    emit({ type: EventType.RUN_STARTED, ...run });
    emit({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' });
    for (let i = 0; i < 600 && !closed.aborted; i++) {
      emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: `word${i} ` });
      await pause(50);
    }
    emit({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' });
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  async unknown(emit, run) {
    emit({ type: EventType.RUN_STARTED, ...run });
    emit({ type: EventType.STATE_SNAPSHOT, snapshot: { step: 1 } });
    // An event type of a later protocol version, written as an agent on a newer SDK would.
    emit({ type: 'HOLOGRAM_START' as EventType, messageId: 'h1', depth: 3 });
    await text(emit, 'm1', 'Still here.');
    emit({ type: EventType.RUN_FINISHED, ...run });
  },
  /** The text in every string the run carries (the attack tests' input path), in deltas of 2 KB. */
  async echo(emit, run, said, _closed, _state, posted) {
    const payload = said.slice('echo:'.length);
    emit({ type: EventType.RUN_STARTED, ...run, metadata: MARKER });
    // The backend's copy of the thread, with a turn before the client's that the client never saw, all payload.
    const [user, reasoning, assistant, call, result] = ['user', 'reasoning', 'assistant', 'call', 'result'].map((what) => `echo-${what}-${run.runId}`);
    emit({
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [
        { id: user, role: 'user', content: payload },
        { id: reasoning, role: 'reasoning', content: payload },
        { id: assistant, role: 'assistant', content: payload, toolCalls: [{ id: call, type: 'function', function: { name: payload.slice(0, 128) || 'echo', arguments: payload } }] },
        { id: result, role: 'tool', toolCallId: call, content: payload },
        ...posted,
      ],
    });
    emit({ type: EventType.REASONING_MESSAGE_CHUNK, messageId: 'r1', delta: payload });
    emit({ type: EventType.REASONING_END, messageId: 'r1' });
    emit({ type: EventType.TOOL_CALL_START, toolCallId: 'call-echo', toolCallName: payload.slice(0, 128) || 'echo' });
    emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-echo', delta: payload });
    emit({ type: EventType.TOOL_CALL_END, toolCallId: 'call-echo' });
    emit({ type: EventType.TOOL_CALL_RESULT, messageId: 'tool-echo', toolCallId: 'call-echo', content: payload });
    emit({ type: EventType.CUSTOM, name: payload.slice(0, 64), value: payload });
    await text(emit, 'm1', payload, 2048);
    // An A2UI surface over AG-UI whose text is the payload: the A2UI renderer draws it (or its fallback).
    const surface = [
      { version: 'v0.9', createSurface: { surfaceId: 'echo', catalogId: BASIC_CATALOG_ID } },
      { version: 'v0.9', updateComponents: { surfaceId: 'echo', components: [{ id: 'root', component: 'Text', text: payload.slice(0, 2000) }] } },
    ];
    emit({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'a2ui-surface-echo', activityType: 'a2ui-surface', content: { a2ui_operations: surface }, replace: true });
    // An interrupt whose words and form are the payload: the question's controls draw it.
    const interrupt = {
      id: 'int-echo',
      reason: payload.slice(0, 200) || 'x',
      message: payload,
      responseSchema: { type: 'object', properties: { note: { type: 'string', title: payload }, pick: { type: 'string', enum: [payload || 'x'] } }, required: ['pick'] },
    };
    emit({ type: EventType.RUN_FINISHED, ...run, outcome: { type: 'interrupt', interrupts: [interrupt] } });
  },
};

/** The last user message's text. */
function said(messages: ReadonlyArray<{ role: string; content?: unknown }>): string {
  const content = messages.findLast((m) => m.role === 'user')?.content;
  return typeof content === 'string' ? content : '';
}

/** The endpoint's handler; `requests` keeps what was posted, newest last (at most 20). */
export function createAgUiHandler(): ((req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>) & { readonly requests: PostedTurn[] } {
  const requests: PostedTurn[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== AG_UI_PATH) return false;
    const posted = await receiveTurn(req, res, requests);
    if (posted === 'answered') return true;
    // AG-UI's own check of what a client sent: an input our client writes wrong is refused here, as an agent would.
    const input = posted ? RunAgentInputSchema.safeParse(posted) : null;
    if (!input?.success) {
      refuseTurn(res, 422, 'an AG-UI RunAgentInput');
      return true;
    }
    // The endpoint's fault switches (`?fault=…`), as the Composer endpoints have them.
    if (applyTurnFaults(res, url)) return true;
    const encoder = new EventEncoder({ accept: req.headers.accept });
    res.writeHead(200, { ...TURN_CORS, 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' });
    const closed = new AbortController();
    res.once('close', () => closed.abort());
    const emit: Emit = (event) => {
      if (!closed.signal.aborted) res.write(encoder.encodeSSE(event));
    };
    const run = { threadId: input.data.threadId, runId: input.data.runId };
    const resume = input.data.resume ?? [];
    const forwarded = (input.data.forwardedProps ?? {}) as Record<string, unknown>;
    if (resume.length > 0) await resumeRun(emit, run, resume, text);
    else if (forwarded['a2uiAction'] !== undefined) await actionRun(emit, run, forwarded, text);
    else if (forwarded['a2uiCallAgentFunction'] !== undefined) callRun(emit, run, forwarded, url.searchParams.get('call_reply'));
    else {
      const words = said(input.data.messages as ReadonlyArray<{ role: string; content?: unknown }>);
      if (/^(?!echo:|fail:).*\bhistory\b/s.test(words)) {
        await historyRun(emit, run, input.data.messages, text);
        res.end();
        return true;
      }
      const script = SCRIPTS[words.startsWith('echo:') ? 'echo' : words.startsWith('fail:') ? 'error' : (Object.keys(SCRIPTS).find((word) => words.includes(word)) ?? 'view')] as Script;
      await script(emit, run, words, closed.signal, input.data.state, input.data.messages);
    }
    res.end();
    return true;
  };
  return Object.assign(handle, { requests });
}
