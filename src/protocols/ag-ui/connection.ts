import type { ChatMessage } from '../../message/messages.js';
import { RecordsInto, type KeepRecord, type ReplyWriter } from '../reply.js';
import { newReplyId, TurnConnection, type AnswersFrame, type CarryFrame, type TurnFrame, type TurnReader } from '../turn-connection.js';
import { A2uiActivities } from './activities.js';
import { a2uiContext } from './context.js';
import { EventReader } from './events.js';
import { toAgUiMessages } from './messages.js';
import { SharedState } from './state.js';
import { Snapshots } from './snapshot.js';

/*
 * `<mantis-chat transport="ag-ui" url="/agent">`: an AG-UI 1.0 agent. Each user message starts a run: it POSTs a
 * `RunAgentInput` (the thread kept for the conversation, a new run ID, the conversation as AG-UI messages, no tools,
 * the A2UI catalogs it renders in `context`: context.ts)
 * and reads the run's events as Server-Sent Events. A2UI goes as the AG-UI A2UI middleware has it (docs/protocol.md
 * "A2UI over AG-UI"): surfaces come in `ACTIVITY_*` events, a user's action on one starts a run with
 * `forwardedProps.a2uiAction`, the data models surfaces ask for go as `forwardedProps.a2uiClientDataModel`, and the
 * A2UI errors the chat reports go with the next run: every one, as A2UI messages (`{version, error}`), in
 * `forwardedProps.a2uiErrors`, and the last one's `error` in `forwardedProps.a2uiError`. A v1.0 surface's call to the
 * agent's function starts a run with `forwardedProps.a2uiCallAgentFunction` (the A2UI message), read only for the
 * `agentFunctionResponse` its activities carry; the renderer's answers to the agent's calls go with the next run, in
 * `forwardedProps.a2uiRendererFunctionResponses`. The agent's shared state
 * (`STATE_*`) is kept across runs and goes back as each run's `state`.
 */

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null;

/** The most calls to the agent's functions that wait for their run (the one running apart). */
const MAX_CALLS = 16;
/** Why a call whose run the chat's disconnection stopped, or never let start, got no answer. */
const CLOSED = 'this chat is not connected.';
/** A call's time (the chat's: a2ui/v1/calls.ts AGENT_CALL_TIMEOUT), from when it is carried, its run included. */
const CALL_TIME = 30_000;

/**
 * What the run of the call `functionCallId` may give the conversation: of its A2UI records, the agent's answer to that
 * call (agentFunctionResponse) only; an answer that shares an activity with other operations is kept, they are not,
 * and an answer to another call is not this run's (without this call's, the run ended without it).
 */
const callAnswer =
  (functionCallId: unknown): KeepRecord =>
  (record) => {
    const messages = record.type === 'a2ui' && Array.isArray(record['messages']) ? (record['messages'] as unknown[]) : [];
    const answers = messages.filter((m) => isObject(m) && isObject(m['agentFunctionResponse']) && m['agentFunctionResponse']['functionCallId'] === functionCallId);
    return answers.length === 0 ? null : answers.length === messages.length ? record : { ...record, messages: answers };
  };

export class AgUiConnection extends TurnConnection {
  protected readonly name = 'AG-UI';
  /** The conversation's thread: the page's chat ID (`chat-id`), kept with the conversation; else one per connection. */
  readonly #threadId = this.options.chatId ?? newReplyId('thread');
  /** The A2UI surfaces of the thread's activities, across its runs. */
  readonly #activities = new A2uiActivities();
  /** The agent's shared state, which each run carries back. */
  readonly #state = new SharedState();
  /** What the client advertises (its A2UI catalogs): each run's `context` says it. */
  #advertised: Parameters<typeof a2uiContext>[0] = { advertises: this.options.advertises };
  /** The A2UI errors the chat reported since the last run (the last 16), for the next one. */
  readonly #a2uiErrors: Readonly<Record<string, unknown>>[] = [];
  /** The renderer's answers to the agent's v1.0 calls since the last run (the last 16), for the next one. */
  readonly #a2uiAnswers: Readonly<Record<string, unknown>>[] = [];
  /** The runs of calls to the agent's functions, one after another (a thread takes one run at a time). */
  #calls: Promise<void> = Promise.resolve();
  /** The calls waiting for their run, oldest first, each as what drops it unsent (the one running, or about to, apart). */
  readonly #waiting: (() => void)[] = [];
  /**
   * The call that runs, or is next to (from when the one before it is over until its run starts, microtasks later):
   * not waiting, so never dropped. Unset while no call is open.
   */
  #head: (() => void) | undefined;
  /** What fails the call whose run is running (the connection's close stops it unanswered). */
  #running: ((reason: string) => void) | undefined;
  /** The conversation the last run posted: what a snapshot is merged against where the session gives no live view. */
  #posted: readonly ChatMessage[] = [];
  /** The agent's copies of the conversation (`MESSAGES_SNAPSHOT`), merged into the chat's as it stands. */
  readonly #snapshots = new Snapshots(() => this.options.messages?.() ?? this.#posted);

  /** A call whose run the close stops is over unanswered, at once (the ones waiting fail when their turn comes). */
  override close(): void {
    this.#running?.(CLOSED);
    super.close();
  }

  /** Another history shows: the agent's copies of the conversation before it, still waiting, are not merged into it. */
  historyShown(): void {
    this.#snapshots.historyShown();
  }

  override connect(options: { signal?: AbortSignal } = {}): void {
    super.connect(options);
    // A2UI actions go as runs of their own (forwardedProps.a2uiAction), not as user turns.
    this.emit({ type: 'capabilities', capabilities: { clientAction: true } });
  }

  advertise(capabilities: Parameters<typeof a2uiContext>[0]): void {
    this.#advertised = capabilities;
  }

  override carries(kind: string): boolean {
    return kind === 'a2ui' || super.carries(kind);
  }

  /** A run's input: the conversation, what protocols forward, and the A2UI error waiting to be told. */
  #input(conversation: readonly ChatMessage[], forwarded: Readonly<Record<string, unknown>>, resume: readonly unknown[] = [], call = false): unknown {
    // A call's run is read for its answer only: what waits for the next run waits for a run the agent reads whole.
    const errors = call ? [] : this.#a2uiErrors.splice(0);
    const answers = call ? [] : this.#a2uiAnswers.splice(0);
    // A call's run is read apart (its conversation is the one when it was carried): the thread's view stays the turns'.
    if (!call) {
      this.#activities.known(conversation);
      this.#posted = conversation;
    }
    return {
      threadId: this.#threadId,
      runId: newReplyId('run'),
      protocolVersion: '1.0',
      state: this.#state.value,
      messages: toAgUiMessages(conversation),
      tools: [],
      context: a2uiContext(this.#advertised),
      // What the page adds to each run, then the A2UI middleware's fields (AG-UI's place for both).
      forwardedProps: {
        ...this.options.body?.(),
        ...forwarded,
        ...(errors.length > 0 ? { a2uiError: errors.at(-1)?.['error'], a2uiErrors: errors } : {}),
        ...(answers.length > 0 ? { a2uiRendererFunctionResponses: answers } : {}),
      },
      ...(resume.length > 0 ? { resume } : {}),
    };
  }

  /** The data models A2UI surfaces asked for (`sendDataModel`), as the middleware reads them. */
  #models(carried: CarryFrame['carried']): Readonly<Record<string, unknown>> {
    const model = carried?.['a2ui'];
    return model === undefined ? {} : { a2uiClientDataModel: model };
  }

  /** A run; after interrupts, the run that resumes: one `resume` entry per answered interrupt. */
  protected body(frame: TurnFrame | AnswersFrame): unknown {
    if (frame.type === 'user-message') return this.#input(frame.conversation, this.#models(frame.carried));
    const resume = frame.answers.flatMap((a) => (a.kind === 'interrupt' ? [{ interruptId: a.interruptId, status: a.status, ...(a.payload === undefined ? {} : { payload: a.payload }) }] : []));
    return this.#input(frame.conversation, {}, resume);
  }

  /**
   * An A2UI action starts a run of its own, and so does a call to the agent's function (its answer goes to the
   * message that owns the surface); an A2UI error, and an answer to the agent's call, wait for the next run.
   */
  protected override carry(frame: CarryFrame): boolean {
    const payload = frame.payload;
    if (frame.kind !== 'a2ui' || !isObject(payload)) return false;
    if ('error' in payload || 'rendererFunctionResponse' in payload) {
      const waiting = 'error' in payload ? this.#a2uiErrors : this.#a2uiAnswers;
      if (waiting.push(payload) > 16) waiting.shift();
      return true;
    }
    if ('callAgentFunction' in payload) return this.#call(frame, payload);
    const id = frame.clientActionId;
    if (!('action' in payload) || !id) return false;
    const body = this.#input(frame.conversation ?? [], { a2uiAction: { userAction: payload['action'] }, ...this.#models(frame.carried) });
    void this.turn(id, body, { taken: (ok, reason) => this.emit({ type: 'action-result', clientActionId: id, status: ok ? 'accepted' : 'rejected', ...(reason ? { reason } : {}) }) });
    return true;
  }

  /**
   * A call to the agent's function: a run of its own, after the calls before it, whose records go to the message that
   * owns the surface, its answers only. It has the call's time from now: a run past it is stopped (the chat's own timer
   * tells the surface and the agent), one still waiting then is never sent, so a run that hangs holds the calls after
   * it no longer than that. A run that fails or ends without its answer fails the call at once (`failed`). At most
   * MAX_CALLS wait: one more takes the place of the oldest still waiting, which is dropped unsent (its surface asks
   * again if it still needs that answer), so the calls of a field checked as the user types end with the last value's.
   */
  #call(frame: CarryFrame, payload: Readonly<Record<string, unknown>>): boolean {
    const messageId = frame.messageId;
    if (!messageId) return false;
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), CALL_TIME);
    const drop = (): void => {
      clearTimeout(timer);
      stop.abort();
      frame.failed?.();
    };
    // One runs (or is next to), at most MAX_CALLS wait behind it.
    if (!this.#head) this.#head = drop;
    else if (this.#waiting.push(drop) > MAX_CALLS) this.#waiting.shift()?.();
    // Stopped by its time, the call is the chat's timer's to tell; failed otherwise, it fails at once.
    const failed = (reason: string): void => void (stop.signal.aborted || frame.failed?.(reason));
    const run = (): Promise<void> | undefined => {
      this.#waiting.splice(this.#waiting.indexOf(drop) >>> 0, 1);
      if (this.state !== 'open') return void failed(CLOSED);
      if (stop.signal.aborted) return undefined;
      let body: unknown;
      try {
        // Made now, not when carried: it carries the shared state as the runs before it left it.
        body = this.#input(frame.conversation ?? [], { a2uiCallAgentFunction: payload, ...this.#models(frame.carried) }, [], true);
      } catch {
        // The request could not be made (a page's `body` function threw): this call fails, the next ones still go.
        this.emit({ type: 'protocol-error', reason: `A request to the ${this.name} agent could not be made; nothing was sent.` });
        return void failed('the request could not be made.');
      }
      this.#running = failed;
      return this.turn(newReplyId('call'), body, { into: { messageId, keep: callAnswer(isObject(payload['callAgentFunction']) && payload['callAgentFunction']['functionCallId']), failed }, signal: stop.signal });
    };
    this.#calls = this.#calls
      .then(run)
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        if (this.#running === failed) this.#running = undefined;
        // The oldest waiting is next: from now it is not dropped (a dropped call never was the head).
        if (this.#head === drop) this.#head = this.#waiting.shift();
      });
    return true;
  }

  protected reader(reply: ReplyWriter): TurnReader {
    // A call's run has activities of its own: what it sends of surfaces is not counted as applied to the thread's.
    return new EventReader(reply, reply instanceof RecordsInto ? new A2uiActivities() : this.#activities, this.#state, this.#snapshots.forRun());
  }
}
