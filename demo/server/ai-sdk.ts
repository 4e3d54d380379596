import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { receiveTurn, refuseTurn, TURN_CORS, type PostedTurn } from './turn-endpoint.js';
import { applyTurnFaults } from './turn-faults.js';
import { createUIMessageStream, pipeUIMessageStreamToResponse, validateUIMessages, type UIMessage, type UIMessageStreamWriter } from 'ai';
import { answeredCalls, APPROVAL_SCRIPTS, continueAfter, signedByUs } from './ai-sdk-approval.js';
import { ResumableStreams, type ResumeRequest } from './ai-sdk-resume.js';

/*
 * The reference server's AI SDK endpoint, written with the real `ai` package as a backend team writes one: the POST of
 * `DefaultChatTransport` in, `createUIMessageStream` + `pipeUIMessageStreamToResponse` out. No model: the reply is
 * scripted from the last user message (`scenarioOf`), so that tests and the demo see every kind of chunk.
 */

export const AI_SDK_PATH = '/api/v1/ai-sdk/chat';


const VIEW = {
  version: 1,
  id: 'ai-sdk-summary',
  root: { id: 'summary', type: 'metric-group', title: 'North region', metrics: [{ id: 'sites', label: 'Sites', value: '3' }, { id: 'alerts', label: 'Alerts', value: '1' }] },
};

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes a text part in a few deltas, as a model streams it. */
async function text(writer: UIMessageStreamWriter, id: string, value: string): Promise<void> {
  writer.write({ type: 'text-start', id });
  for (const piece of value.match(/[\s\S]{1,24}/g) ?? []) {
    writer.write({ type: 'text-delta', id, delta: piece });
    await pause(2);
  }
  writer.write({ type: 'text-end', id });
}

/** `resumed`: resolves once a client took the chat's stream up again (demo/server/ai-sdk-resume.ts), or after 10 s. */
type Script = (writer: UIMessageStreamWriter, said: string, closed: AbortSignal, resumed: () => Promise<void>) => Promise<void>;

/**
 * The replies, by a word of the user's message (`approve two`, `approve` — demo/server/ai-sdk-approval.ts —, `view`,
 * `invalid`, `attachment`, `fence`, `error`, `slow`, `resumable`, `unknown`; `echo:` before a text puts it in every
 * field, `fail:` in the agent's error). The first word found wins.
 */
const SCRIPTS: Record<string, Script> = {
  ...APPROVAL_SCRIPTS(text),
  async view(writer) {
    writer.write({ type: 'start', messageMetadata: { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } } });
    writer.write({ type: 'reasoning-start', id: 'r1' });
    writer.write({ type: 'reasoning-delta', id: 'r1', delta: 'The user wants the site summary.' });
    writer.write({ type: 'reasoning-end', id: 'r1' });
    writer.write({ type: 'start-step' });
    writer.write({ type: 'tool-input-start', toolCallId: 'call-1', toolName: 'search_sites' });
    writer.write({ type: 'tool-input-available', toolCallId: 'call-1', toolName: 'search_sites', input: { region: 'north' } });
    writer.write({ type: 'tool-output-available', toolCallId: 'call-1', output: { sites: 3 } });
    writer.write({ type: 'finish-step' });
    writer.write({ type: 'start-step' });
    await text(writer, 't1', 'Here is the **summary** of the north region:');
    writer.write({ type: 'data-mantis-ui', id: 'v1', data: VIEW });
    await text(writer, 't2', 'One site has an alert.');
    writer.write({ type: 'finish-step' });
    writer.write({ type: 'finish', finishReason: 'stop' });
  },
  async invalid(writer) {
    writer.write({ type: 'start', messageMetadata: { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } } });
    await text(writer, 't1', 'Before the view.');
    writer.write({ type: 'data-mantis-ui', id: 'bad', data: { version: 1, id: 'bad', root: { id: 'x', type: 'no-such-component' } } });
    await text(writer, 't2', 'After the view.');
    writer.write({ type: 'finish' });
  },
  async attachment(writer) {
    writer.write({ type: 'start' });
    writer.write({ type: 'data-mantis-attachment', id: 'forged', data: { name: 'payroll.xlsx', mediaType: 'application/vnd.ms-excel', size: 1, key: 'agent_files/payroll.xlsx' } });
    await text(writer, 't1', 'No file was attached by me.');
    writer.write({ type: 'finish' });
  },
  async fence(writer, said) {
    // No marker: a `mantis-ui` fence in the text stays text.
    writer.write({ type: 'start', ...(said.includes('marked') ? { messageMetadata: { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } } } : {}) });
    await text(writer, 't1', `A fence:\n\n\`\`\`mantis-ui\n${JSON.stringify(VIEW)}\n\`\`\`\n`);
    writer.write({ type: 'finish' });
  },
  /** `error`; `fail:` and a text: the text as the agent's error (the attack tests' input path). */
  async error(writer, said) {
    writer.write({ type: 'start' });
    await text(writer, 't1', 'Starting…');
    writer.write({ type: 'error', errorText: said.startsWith('fail:') ? said.slice('fail:'.length) : 'The model is overloaded.' });
  },
  async slow(writer, _said, closed) {
    writer.write({ type: 'start' });
    writer.write({ type: 'text-start', id: 't1' });
    // Until the client stops it (the request is aborted: the stream's writes go nowhere, and this ends).
    for (let i = 0; i < 600 && !closed.aborted; i++) {
      writer.write({ type: 'text-delta', id: 't1', delta: `word${i} ` });
      await pause(50);
    }
    writer.write({ type: 'text-end', id: 't1' });
    writer.write({ type: 'finish' });
  },
  /**
   * A reply that outlives its client: its first part, then (once a client took the stream up again, after a reload,
   * or after 10 s) the rest. It goes on when the POST's client goes away, as a resumable backend's replies do.
   */
  async resumable(writer, _said, _closed, resumed) {
    // Its start names the message, as a backend that persists replies does (`generateMessageId`): a client that kept a
    // partial copy replaces it by that ID.
    writer.write({ type: 'start', messageId: `resumable-${randomUUID()}` });
    await text(writer, 't1', 'The first part of a long answer.');
    await resumed();
    await text(writer, 't2', 'And the rest, after the reload.');
    writer.write({ type: 'finish' });
  },
  /** `echo:` and a text: the text in every string the stream carries (the attack tests' input path). */
  async echo(writer, said) {
    const payload = said.slice('echo:'.length);
    writer.write({ type: 'start', messageMetadata: { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } } });
    writer.write({ type: 'reasoning-start', id: 'r1' });
    writer.write({ type: 'reasoning-delta', id: 'r1', delta: payload });
    writer.write({ type: 'reasoning-end', id: 'r1' });
    writer.write({ type: 'tool-input-start', toolCallId: 'call-echo', toolName: payload.slice(0, 128) || 'echo' });
    writer.write({ type: 'tool-input-available', toolCallId: 'call-echo', toolName: payload.slice(0, 128) || 'echo', input: { text: payload } });
    writer.write({ type: 'tool-output-error', toolCallId: 'call-echo', errorText: payload });
    writer.write({ type: 'data-mantis-ui', id: 'echo-view', data: payload });
    writer.write({ type: 'data-mantis-ui', id: 'echo-heading', data: { version: 1, id: 'echo', root: { id: 'h', type: 'heading', text: payload.slice(0, 200) || 'x' } } });
    writer.write({ type: 'source-url', sourceId: 's1', url: payload, title: payload });
    writer.write({ type: 'source-document', sourceId: 'd1', mediaType: 'text/plain', title: payload || 'x', filename: payload });
    writer.write({ type: 'file', mediaType: 'text/plain', url: payload });
    // A call that asks the user first, its reason the payload: the question's controls draw it.
    writer.write({ type: 'tool-input-available', toolCallId: 'call-ask', toolName: 'ask', input: { text: payload } });
    writer.write({ type: 'tool-approval-request', approvalId: 'approval-echo', toolCallId: 'call-ask', reason: payload, signature: payload.slice(0, 4096) });
    writer.write({ type: 'text-start', id: 't1' });
    // In deltas of 2 KB, as a model streams a long answer.
    for (let at = 0; at < payload.length; at += 2048) writer.write({ type: 'text-delta', id: 't1', delta: payload.slice(at, at + 2048) });
    writer.write({ type: 'text-end', id: 't1' });
    writer.write({ type: 'finish' });
  },
  async unknown(writer) {
    writer.write({ type: 'start' });
    // A chunk type of a later SDK, written as a backend on a newer version would.
    (writer as unknown as { write(chunk: unknown): void }).write({ type: 'hologram-start', id: 'h1', depth: 3 });
    writer.write({ type: 'source-url', sourceId: 's1', url: 'https://example.com/report', title: 'Report' });
    // The SDK's experimental steering: a user message added to the run while it answers.
    writer.write({ type: 'steering-message', id: 'steer-1', parts: [{ type: 'text', text: 'Also look at the south.' }] });
    await text(writer, 't1', 'Still here.');
    writer.write({ type: 'finish' });
  },
};

/** The last user message's text, from the `UIMessage`s posted. */
const said = (messages: UIMessage[]): string =>
  messages.findLast((m) => m.role === 'user')?.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') ?? '';

/**
 * The endpoint's handler; `requests` keeps what was posted, newest last (at most 20), and `resumes` the GETs of
 * streams taken up again.
 */
export function createAiSdkHandler(): ((req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>) & {
  readonly requests: PostedTurn[];
  readonly resumes: ResumeRequest[];
} {
  const requests: PostedTurn[] = [];
  const streams = new ResumableStreams();
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (streams.handle(req, res, url, AI_SDK_PATH)) return true;
    if (url.pathname !== AI_SDK_PATH) return false;
    const posted = await receiveTurn(req, res, requests);
    if (posted === 'answered') return true;
    // The AI SDK's own check of what a client sent: a body our client writes wrong is refused here, as a backend would.
    const messages = posted ? await validateUIMessages({ messages: posted['messages'] }).catch(() => null) : null;
    if (!posted || !messages || posted['trigger'] !== 'submit-message' || typeof posted['id'] !== 'string') {
      refuseTurn(res, 400, 'an AI SDK chat request');
      return true;
    }
    // The user answered what the last reply asked: that reply goes on, once the server knows the approvals as its own.
    const answered = answeredCalls(messages);
    if (answered && !signedByUs(answered)) {
      refuseTurn(res, 400, 'an answer to an approval this server asked for');
      return true;
    }
    // The endpoint's fault switches (`?fault=…`), as the Composer endpoints have them.
    if (applyTurnFaults(res, url)) return true;
    const words = said(messages);
    const script = SCRIPTS[words.startsWith('echo:') ? 'echo' : words.startsWith('fail:') ? 'error' : (Object.keys(SCRIPTS).find((word) => words.includes(word)) ?? 'view')] as Script;
    const closed = new AbortController();
    res.once('close', () => closed.abort());
    const chatId = posted['id'];
    const resumed = (): Promise<void> => streams.resumed(chatId, 10_000);
    const stream = answered
      ? // `originalMessages`: the SDK goes on in the posted last message (its start takes that message's ID). After
        // `approve resumable`, the continuation outlives its client too.
        createUIMessageStream({ originalMessages: messages, execute: ({ writer }) => continueAfter(writer, answered, text, words.includes('resumable') ? resumed : undefined) })
      : createUIMessageStream({ execute: ({ writer }) => script(writer, words, closed.signal, resumed) });
    // A copy of the stream is kept under the chat's ID while it runs, for a client that takes it up again.
    await pipeUIMessageStreamToResponse({ response: res, stream, headers: TURN_CORS, consumeSseStream: ({ stream: copy }) => streams.keep(chatId, copy) });
    return true;
  };
  return Object.assign(handle, { requests, resumes: streams.requests });
}
