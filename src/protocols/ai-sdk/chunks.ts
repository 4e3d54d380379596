import { markerFromMetadata } from '../../message/marker.js';
import type { ReplyWriter } from '../reply.js';
import type { TurnReader } from '../turn-connection.js';
import { agentFailed } from '../agent-error.js';
import { sdkPartOf } from './sources.js';
import { approvalOf } from './approvals.js';

/*
 * The AI SDK's UI message stream (`ai` 7, `uiMessageChunkSchema`), chunk by chunk, on the one road
 * (src/protocols/connection.ts). Lenient as a wire must be: a chunk is read by the fields it needs and nothing else;
 * one that lacks them is skipped and said once (`protocol-error`); a type this client does not draw is skipped and
 * noted once (`protocol-notice`), never an error. Reasoning and tool calls become the records the chat already
 * draws (`reasoning`, `tool`); a `data-mantis-ui` part becomes a view record, validated as a fence's view is.
 */

/** One chunk as it came: an object with a string `type`; every other field is read where it is needed. */
type Chunk = { readonly type: string; readonly [field: string]: unknown };

const str = (value: unknown, max = 256): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);

/** Chunk types that change nothing the chat draws: step bounds and metadata the marker does not need. */
const QUIET = new Set(['text-end', 'finish-step', 'message-metadata', 'tool-input-delta']);

/** Chunk types this client reads the stream past without drawing them yet (docs: README "The AI SDK"). */
const NOT_DRAWN: Readonly<Record<string, string>> = {
  'steering-message': 'a steering message',
  custom: 'a provider-specific part',
};

/** Reads one reply's chunks into its `ReplyWriter`. */
export class ChunkReader implements TurnReader {
  readonly doneMarker = '[DONE]';
  readonly #reply: ReplyWriter;
  /** Tool names by call ID (only `tool-input-*` chunks name the tool) and calls by approval ID. */
  readonly #tools = new Map<string, string>();
  readonly #approvals = new Map<string, string>();
  #views = 0;

  constructor(reply: ReplyWriter) {
    this.#reply = reply;
  }

  read(value: unknown): void {
    const reply = this.#reply;
    if (reply.ended) return;
    const chunk = value as Chunk | null;
    if (!chunk || typeof chunk !== 'object' || typeof chunk.type !== 'string') {
      return reply.say({ type: 'protocol-error', reason: 'A chunk of the AI SDK stream has no type; it was skipped.' });
    }
    switch (chunk.type) {
      case 'start':
        return void reply.start(markerFromMetadata(chunk['messageMetadata']), str(chunk['messageId']));
      case 'error':
        return agentFailed(reply, 'ai-sdk-error', chunk['errorText']);
      case 'text-start':
        return reply.text(str(chunk['id']) ?? null, '');
      case 'text-delta':
        return typeof chunk['delta'] === 'string' ? reply.text(str(chunk['id']) ?? null, chunk['delta']) : this.#unreadable(chunk.type);
      case 'reasoning-start':
      case 'reasoning-delta':
      case 'reasoning-end': {
        const reasoningId = str(chunk['id']);
        const text = chunk.type === 'reasoning-delta' ? chunk['delta'] : '';
        if (!reasoningId || typeof text !== 'string') return this.#unreadable(chunk.type);
        return reply.record({ type: 'reasoning', reasoning_id: reasoningId, text, state: chunk.type === 'reasoning-end' ? 'done' : 'streaming' });
      }
      case 'finish':
        reply.start();
        return reply.end();
      case 'abort':
        return reply.fail('aborted', 'The agent stopped this reply.');
      case 'start-step':
        return reply.step('start');
      case 'reset-step':
        // The step's text and parts go, as the SDK's client removes them.
        return reply.step('reset');
    }
    if (chunk.type.startsWith('tool-')) return this.#tool(chunk);
    if (chunk.type.startsWith('source-') || chunk.type === 'file' || chunk.type === 'reasoning-file') {
      const part = sdkPartOf(chunk);
      return part ? reply.record({ type: 'ai-sdk-part', part }) : this.#unreadable(chunk.type);
    }
    if (chunk.type.startsWith('data-')) return this.#data(chunk);
    if (QUIET.has(chunk.type)) return;
    const what = NOT_DRAWN[chunk.type];
    const type = chunk.type.slice(0, 64);
    reply.say({
      type: 'protocol-notice',
      key: `ai-sdk:${type}`,
      reason: what ? `The agent sent ${what} ("${type}"), which this chat does not show yet; the reply goes on.` : `An AI SDK chunk of type "${type}" is not one this chat knows; it was skipped.`,
    });
  }

  #unreadable(type: string): void {
    this.#reply.say({ type: 'protocol-error', reason: `An AI SDK "${type.slice(0, 64)}" chunk lacks a field it needs; it was skipped.` });
  }

  /** A tool call's chunk, as the chat's `tool` record (the Composer's tool states: docs/protocol.md). */
  #tool(chunk: Chunk): void {
    const approvalId = str(chunk['approvalId']);
    const callId = str(chunk['toolCallId']) ?? (approvalId ? this.#approvals.get(approvalId) : undefined);
    // An answer to an approval asked in an earlier stream names only the approval: its record finds the call.
    if (!callId && chunk.type === 'tool-approval-response' && approvalId) {
      return this.#reply.record({ type: 'approval', approval: approvalOf({ id: approvalId, approved: chunk['approved'] === true, reason: chunk['reason'] }) });
    }
    if (!callId) return this.#unreadable(chunk.type);
    const named = str(chunk['toolName'], 128);
    if (named) this.#tools.set(callId, named);
    const name = this.#tools.get(callId) ?? 'tool';
    const call = { type: 'tool', tool_call_id: callId, tool_name: name };
    const error = str(chunk['errorText'], 2000);
    switch (chunk.type) {
      case 'tool-input-start':
        return this.#reply.record({ ...call, state: 'pending' });
      case 'tool-input-available':
        return this.#reply.record({ ...call, state: 'running', input: chunk['input'] });
      case 'tool-input-error':
        return this.#reply.record({ ...call, state: 'failed', input: chunk['input'], error: error ?? 'The tool input was not valid.' });
      case 'tool-approval-request':
      case 'tool-approval-response': {
        // As the SDK keeps it on the part (a request's `reason` is `requestReason` there); the record checks each field.
        const asked = chunk.type === 'tool-approval-request';
        if (!approvalId) return this.#unreadable(chunk.type);
        if (asked) this.#approvals.set(approvalId, callId);
        const fields = asked
          ? { id: approvalId, descriptor: chunk['approvalDescriptor'], inputSchemaInput: chunk['inputSchemaInput'], requestReason: chunk['reason'], isAutomatic: chunk['isAutomatic'], signature: chunk['signature'] }
          : { id: approvalId, approved: chunk['approved'] === true, reason: chunk['reason'] };
        return this.#reply.record({ type: 'approval', tool_call_id: callId, tool_name: name, approval: approvalOf(fields) });
      }
      case 'tool-output-available':
        // A preliminary output is a partial result: the call still runs.
        return chunk['preliminary'] === true ? undefined : this.#reply.record({ ...call, state: 'completed', output: chunk['output'] });
      case 'tool-output-error':
        return this.#reply.record({ ...call, state: 'failed', error: error ?? 'The tool failed.' });
      case 'tool-output-denied':
        return this.#reply.record({ ...call, state: 'denied' });
    }
    this.#reply.say({ type: 'protocol-notice', key: `ai-sdk:${chunk.type.slice(0, 64)}`, reason: `An AI SDK chunk of type "${chunk.type.slice(0, 64)}" is not one this chat knows; it was skipped.` });
  }

  /**
   * A data part. `data-mantis-ui` is a view, validated by its record; no other `data-mantis-*` part is taken from the
   * wire (they are the chat's own trusted parts: an attachment, a surface); any other is the page's data.
   */
  #data(chunk: Chunk): void {
    const name = chunk.type.slice('data-'.length, 64);
    if (name === 'mantis-ui') {
      return this.#reply.record({ type: 'ai-sdk-view', id: str(chunk['id'], 128) ?? `view-${++this.#views}`, data: chunk['data'] });
    }
    if (name.startsWith('mantis-')) {
      return this.#reply.say({ type: 'protocol-error', reason: `A "data-${name}" part is the chat's own and is never taken from the agent's stream; it was refused.` });
    }
    this.#reply.say({ type: 'protocol-notice', key: `ai-sdk:data-${name}`, reason: `The agent sent "data-${name}" parts, which are for the page; the chat does not draw them.` });
  }
}
