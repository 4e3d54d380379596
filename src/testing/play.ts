import type { MessageEvent, ServerEvent } from '../protocols/composer/frames.js';
import type { TransportEvent } from '../protocols/composer/transport.js';
import { fenceOf, type ReplyBuilder, type ScriptedTool, type UnsequencedEvent } from './reply.js';

/*
 * How a scripted reply becomes the events the reference server (demo/server/composer.ts) would send for it:
 * `message_start` with the trusted marker, the steps numbered from sequence 1, `message_end`. Pure and
 * deterministic: the same reply and context give the same events, whatever the clock says.
 */

/** The largest `text_delta` the protocol takes (TextDeltaEvent). */
const MAX_DELTA = 64 * 1024;

/** The creation time of the first scripted envelope (2024-01-01T00:00:00Z): a fixed clock, for equal transcripts. */
export const SCRIPT_EPOCH = Date.UTC(2024, 0, 1);

/** Hands out the IDs a transport's replies use, numbered per kind. */
export class ScriptIds {
  readonly #counts = new Map<string, number>();

  constructor(readonly prefix = '') {}

  /** The next ID of a kind: `assistant-1`, `call-1`, `reasoning-1`, `envelope-1`, …, after the prefix. */
  next(kind: 'assistant' | 'call' | 'reasoning' | 'envelope'): string {
    const n = (this.#counts.get(kind) ?? 0) + 1;
    this.#counts.set(kind, n);
    return `${this.prefix}${kind}-${n}`;
  }
}

/** What a reply is played under. */
export interface PlayContext {
  readonly messageId: string;
  readonly marker: { readonly inline_ui_version: 1 | null; readonly mode: 'orchestrator' | 'ask' | 'visual-tour' };
  /** The user message it answers (none for the turn after a client action). */
  readonly inReplyTo?: string;
  /** Largest delta in characters; 0 sends each step's text in one delta. */
  readonly chunk: number;
  /** The agent-ui session its envelopes belong to. */
  readonly sessionId: string;
  readonly ids: ScriptIds;
  /** Events that open the turn, before its steps (the tool result of a client action). */
  readonly prelude?: readonly UnsequencedEvent[];
}

/** Splits text into deltas of at most `chunk` characters (never inside a surrogate pair). */
export function splitText(text: string, chunk: number): string[] {
  const size = chunk > 0 ? Math.min(chunk, MAX_DELTA) : MAX_DELTA;
  const pieces: string[] = [];
  for (let i = 0; i < text.length; ) {
    let end = Math.min(i + size, text.length);
    if (end < text.length && end - i > 1 && /[\ud800-\udbff]/.test(text.charAt(end - 1))) end -= 1;
    pieces.push(text.slice(i, end));
    i = end;
  }
  return pieces;
}

/** What goes before a fence so it starts a block of its own: a blank line after any text. */
const fenceGap = (written: string): string => (written === '' || written.endsWith('\n\n') ? '' : written.endsWith('\n') ? '\n' : '\n\n');

function toolEvents(tool: ScriptedTool, id: string): UnsequencedEvent[] {
  const states = tool.states ?? ['running', 'completed'];
  return states.map((state, index) => ({
    type: 'tool',
    tool_call_id: id,
    tool_name: tool.name,
    state,
    ...(index === 0 && tool.input !== undefined ? { input: tool.input } : {}),
    ...(state === 'completed' && tool.output !== undefined ? { output: tool.output } : {}),
    ...(state === 'failed' && tool.error !== undefined ? { error: tool.error } : {}),
  }));
}

/** The events of one reply, in the order they go out. */
export function playReply(builder: ReplyBuilder, context: PlayContext): TransportEvent[] {
  const { messageId: message_id, ids, chunk } = context;
  const out: TransportEvent[] = [];
  let sequence = 0;
  const send = (event: UnsequencedEvent | { type: 'message_start' | 'message_end' }, extra: object = {}): void => {
    out.push({ type: 'server', event: { ...event, ...extra, message_id, sequence: sequence++ } as MessageEvent });
  };
  send({ type: 'message_start' }, { marker: context.marker, ...(context.inReplyTo === undefined ? {} : { in_reply_to: context.inReplyTo }) });
  for (const event of context.prelude ?? []) send(event);
  let written = '';
  const write = (text: string): void => {
    written += text;
    for (const delta of splitText(text, chunk)) send({ type: 'text_delta', delta });
  };
  for (const step of builder.steps) {
    switch (step.kind) {
      case 'text':
        // Text after a fence starts a paragraph of its own, as the reference agent writes it.
        write(written.endsWith('```\n') ? `\n${step.text}` : step.text);
        break;
      case 'view':
        write(fenceGap(written) + fenceOf(step.body));
        break;
      case 'reasoning': {
        const reasoning_id = ids.next('reasoning');
        send({ type: 'reasoning_start', reasoning_id });
        for (const delta of splitText(step.text, chunk)) send({ type: 'reasoning_delta', reasoning_id, delta });
        send({ type: 'reasoning_end', reasoning_id });
        break;
      }
      case 'tool':
        for (const event of toolEvents(step.tool, step.tool.id ?? ids.next('call'))) send(event);
        break;
      case 'todo':
        send({ type: 'todo', todos: [...step.todos] });
        break;
      case 'envelope': {
        const envelope_id = ids.next('envelope');
        const created_at = SCRIPT_EPOCH + Number(envelope_id.slice('envelope-'.length));
        // The reference server logs an envelope with the reply's next sequence number (its SSE `id:`).
        sequence += 1;
        out.push({ type: 'ui-envelope', event: { session_id: context.sessionId, envelope_id, created_at, envelope: step.envelope } });
        break;
      }
      case 'a2ui':
        send({ type: 'a2ui', messages: [...step.messages] });
        break;
      case 'event':
        send(step.event);
        break;
      case 'fail':
        // A server error about the message ends it (interrupted): no message_end follows.
        out.push({ type: 'server', event: { type: 'error', message_id, code: step.code, message: step.message } satisfies ServerEvent });
        return out;
    }
  }
  send({ type: 'message_end' });
  return out;
}
