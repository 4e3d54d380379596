import { markerFromMetadata, type ProtocolMarker } from '../../message/marker.js';
import type { ReplyWriter } from '../reply.js';
import type { TurnReader } from '../turn-connection.js';
import { agentFailed } from '../agent-error.js';
import { interruptRecords } from './interrupts.js';
import type { A2uiActivities } from './activities.js';
import type { SharedState } from './state.js';
import { Subagents } from './subagents.js';
import type { Snapshots } from './snapshot.js';
import { parseArgs, str } from './values.js';

/*
 * AG-UI 1.0 events (`@ag-ui/core` `EventType`), event by event, on the one road (src/protocols/connection.ts). A run
 * is one reply: its text messages are the reply's paragraphs, its reasoning and tool calls the records the chat
 * already draws (`reasoning`, `tool`). Lenient as a wire must be: an event is read by the fields it needs; one that
 * lacks them is skipped and said (`protocol-error`); a type this client does not draw is skipped and noted once
 * (`protocol-notice`), never an error.
 */

type AgUiEvent = { readonly type: string; readonly [field: string]: unknown };

/** Event types that change nothing the chat draws. */
const QUIET = new Set(['RUN_STARTED', 'TEXT_MESSAGE_END', 'REASONING_MESSAGE_END', 'STEP_STARTED', 'STEP_FINISHED', 'REASONING_ENCRYPTED_VALUE']);

/** Event types this client reads the stream past without drawing them yet (docs: README "AG-UI"). */
const NOT_DRAWN: Readonly<Record<string, string>> = {
  MESSAGES_SNAPSHOT: 'its copy of the conversation',
  ACTIVITY_SNAPSHOT: 'an activity other than an A2UI surface',
  ACTIVITY_DELTA: 'a change of an activity other than an A2UI surface',
  CUSTOM: 'an event of its own',
  RAW: 'a provider event',
};

/** Reads one run's events into its `ReplyWriter`. */
export class EventReader implements TurnReader {
  readonly #reply: ReplyWriter;
  /** The marker of the run (its `RUN_STARTED` metadata), for the reply's start. */
  #marker: ProtocolMarker | null = null;
  /** Each tool call's name and its arguments so far, by call ID. */
  readonly #calls = new Map<string, { name: string; args: string }>();
  /**
   * The call whose arguments come as `TOOL_CALL_CHUNK`s: its arguments end with the first event that is not one of its
   * chunks (AG-UI's chunk events stand for start, args and end), or with its own `TOOL_CALL_END`.
   */
  #chunked: string | null = null;

  /** The connection's A2UI surface activities and the agent's shared state (they live across runs). */
  readonly #activities: A2uiActivities | null;
  readonly #state: SharedState | null;
  /** The run's subagents: a tool call one of them makes carries its name. */
  readonly #subagents = new Subagents();

  /** The agent's copies of the conversation (`MESSAGES_SNAPSHOT`), merged into the chat's across runs. */
  readonly #snapshots: Pick<Snapshots, 'read'> | null;

  constructor(reply: ReplyWriter, activities: A2uiActivities | null = null, state: SharedState | null = null, snapshots: Pick<Snapshots, 'read'> | null = null) {
    this.#reply = reply;
    this.#activities = activities;
    this.#state = state;
    this.#snapshots = snapshots;
  }

  /** Starts the reply under the run's marker, or this event's (`metadata.mantis`). */
  #start(event: AgUiEvent): void {
    this.#marker ??= event['metadata'] === undefined ? null : markerFromMetadata(event['metadata']);
    this.#reply.start(this.#marker ?? undefined);
  }

  read(value: unknown): void {
    const reply = this.#reply;
    if (reply.ended) return;
    const event = value as AgUiEvent | null;
    if (!event || typeof event !== 'object' || typeof event.type !== 'string') {
      return reply.say({ type: 'protocol-error', reason: 'An AG-UI event has no type; it was skipped.' });
    }
    this.#endChunks(event);
    switch (event.type) {
      case 'RUN_STARTED':
        if (event['metadata'] !== undefined) this.#marker = markerFromMetadata(event['metadata']);
        return;
      case 'TEXT_MESSAGE_START':
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_CHUNK': {
        const delta = event.type === 'TEXT_MESSAGE_START' ? '' : event['delta'];
        if (typeof delta !== 'string' && !(event.type === 'TEXT_MESSAGE_CHUNK' && delta === undefined)) return this.#unreadable(event.type);
        this.#start(event);
        return reply.text(str(event['messageId']) ?? null, typeof delta === 'string' ? delta : '');
      }
      case 'REASONING_START':
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CHUNK':
      case 'REASONING_END': {
        const id = str(event['messageId']);
        const delta = event.type === 'REASONING_MESSAGE_CONTENT' || event.type === 'REASONING_MESSAGE_CHUNK' ? (event['delta'] ?? '') : '';
        if (!id || typeof delta !== 'string') return this.#unreadable(event.type);
        this.#start(event);
        return reply.record({ type: 'reasoning', reasoning_id: id, text: delta, state: event.type === 'REASONING_END' ? 'done' : 'streaming' });
      }
      case 'TOOL_CALL_START':
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_CHUNK':
      case 'TOOL_CALL_END':
      case 'TOOL_CALL_RESULT':
        return this.#tool(event);
      case 'RUN_FINISHED': {
        this.#start(event);
        // A run that waits for the user: its interrupts, answered from the UI and sent with the next run.
        const outcome = event['outcome'] as { readonly type?: unknown; readonly interrupts?: unknown; readonly pendingToolCallIds?: unknown } | null | undefined;
        if (outcome?.type === 'interrupt' && Array.isArray(outcome.interrupts)) for (const record of interruptRecords(outcome.interrupts, str(event['runId']) ?? 'run')) reply.record({ ...record });
        // Calls the run left for the application to answer (tools of the page's): this chat runs none, so each shows
        // neutrally as waiting for its result.
        if (Array.isArray(outcome?.pendingToolCallIds)) {
          for (const id of outcome.pendingToolCallIds.slice(0, 64)) {
            const callId = str(id);
            if (callId) reply.record({ type: 'tool', tool_call_id: callId, tool_name: this.#calls.get(callId)?.name ?? 'tool', state: 'awaiting_result' });
          }
        }
        return reply.end();
      }
      case 'RUN_ERROR':
        return agentFailed(reply, 'ag-ui-error', event['message']);
      case 'SUBAGENT_STARTED':
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR':
        this.#start(event);
        if (!this.#subagents.read(event, reply)) this.#unreadable(event.type);
        return;
      case 'MESSAGES_SNAPSHOT':
        if (this.#snapshots) return this.#snapshots.read(event, reply, reply.replyTo);
        break;
      case 'STATE_SNAPSHOT':
        if (this.#state) return this.#state.snapshot(event, reply);
        break;
      case 'STATE_DELTA':
        if (this.#state) return this.#state.delta(event, reply);
        break;
      case 'ACTIVITY_SNAPSHOT':
      case 'ACTIVITY_DELTA': {
        this.#start(event);
        const activities = this.#activities;
        if (activities && (event.type === 'ACTIVITY_SNAPSHOT' ? activities.snapshot(event, reply) : activities.delta(event, reply))) return;
        break;
      }
    }
    if (QUIET.has(event.type)) return;
    const what = NOT_DRAWN[event.type];
    const type = event.type.slice(0, 64);
    reply.say({
      type: 'protocol-notice',
      key: `ag-ui:${type}`,
      reason: what ? `The agent sent ${what} ("${type}"), which this chat does not show yet; the run goes on.` : `An AG-UI event of type "${type}" is not one this chat knows; it was skipped.`,
    });
  }

  /** A call given in chunks is complete once anything but its next chunk arrives: it runs with its arguments. */
  #endChunks(event: AgUiEvent): void {
    const open = this.#chunked;
    if (open === null) return;
    const id = str(event['toolCallId']);
    if (event.type === 'TOOL_CALL_CHUNK' && (id === undefined || id === open)) return;
    this.#chunked = null;
    const call = this.#calls.get(open);
    if (!call || (id === open && (event.type === 'TOOL_CALL_END' || event.type === 'TOOL_CALL_RESULT'))) return;
    this.#reply.record({ type: 'tool', tool_call_id: open, tool_name: call.name, state: 'running', input: parseArgs(call.args) });
  }

  #unreadable(type: string): void {
    this.#reply.say({ type: 'protocol-error', reason: `An AG-UI "${type.slice(0, 64)}" event lacks a field it needs; it was skipped.` });
  }

  /** A tool call's event, as the chat's `tool` record: started, its arguments (JSON, in pieces), ended, its result. */
  #tool(event: AgUiEvent): void {
    // A chunk without its call's ID continues the call the chunks before it started.
    const id = str(event['toolCallId']) ?? (event.type === 'TOOL_CALL_CHUNK' ? (this.#chunked ?? undefined) : undefined);
    if (!id) return this.#unreadable(event.type);
    if (event.type === 'TOOL_CALL_CHUNK') this.#chunked = id;
    this.#start(event);
    let call = this.#calls.get(id);
    const named = str(event['toolCallName'], 128);
    if (!call) this.#calls.set(id, (call = { name: named ?? 'tool', args: '' }));
    const agent = this.#subagents.agentOf(event);
    const record = { type: 'tool', tool_call_id: id, tool_name: call.name, ...(agent ? { agent } : {}) };
    const delta = event['delta'];
    if (typeof delta === 'string') call.args += delta;
    if (event.type === 'TOOL_CALL_START' || (event.type === 'TOOL_CALL_CHUNK' && named)) return this.#reply.record({ ...record, state: 'pending' });
    if (event.type === 'TOOL_CALL_END') return this.#reply.record({ ...record, state: 'running', input: parseArgs(call.args) });
    if (event.type === 'TOOL_CALL_RESULT') {
      const content = event['content'];
      return this.#reply.record({ ...record, state: 'completed', input: parseArgs(call.args), output: typeof content === 'string' ? parseArgs(content) : content });
    }
  }
}
