import { parseActionTurn } from '../protocols/a2ui/action.js';
import { BASIC_CATALOG_ID } from '../protocols/a2ui/types.js';
import { ClientFrame, type ServerEvent } from '../protocols/composer/frames.js';
import { BaseTransport, type TransportCapabilities, type TransportEvent } from '../protocols/composer/transport.js';
import { Delivery } from './delivery.js';
import { ScriptIds, playReply, type PlayContext } from './play.js';
import { ReplyBuilder } from './reply.js';
import { normalizeTranscript, type TranscriptEntry } from './transcript.js';
import type { ActionAnswer, RecordedA2uiAction, ScriptedTransportOptions, TextMatcher } from './types.js';

/*
 * A Transport with a script instead of a server: it answers what the chat sends with scripted replies, as the
 * reference server (demo/server/composer.ts) would, event for event. Deterministic: replies are planned in full
 * when their message arrives and delivered from one queue, in order, one event per task (or step by step while
 * paused; the queue is delivery.ts). No clock decides anything: IDs are counted, envelope times are fixed.
 */

type Rule = { readonly test: (text: string) => boolean; readonly reply: ReplyBuilder };
type ActionRule = { readonly test: (action: RecordedA2uiAction) => boolean; readonly reply: ReplyBuilder };

const toTest = (match: TextMatcher): ((text: string) => boolean) =>
  typeof match === 'string' ? (text) => text.includes(match) : match instanceof RegExp ? (text) => new RegExp(match.source, match.flags).test(text) : match;

/**
 * Plays a conversation for a chat, with no backend. Give it to `<mantis-chat>` as its `connection`, or to a
 * `ChatSession` as its `transport`. Records every frame the chat sent, for assertions.
 */
export class ScriptedTransport extends BaseTransport {
  readonly #replies: ReplyBuilder[];
  readonly #rules: Rule[] = [];
  readonly #actionRules: ActionRule[] = [];
  readonly #actionAnswers: Array<{ readonly test: (type: string) => boolean; readonly answer: ActionAnswer }> = [];
  readonly #log: TranscriptEntry[] = [];
  readonly #frames: ClientFrame[] = [];
  readonly #a2uiActions: RecordedA2uiAction[] = [];
  readonly #unscripted: string[] = [];
  readonly #answered = new Set<string>();
  readonly #ids: ScriptIds;
  readonly #chunk: number;
  readonly #clientAction: boolean;
  readonly #sessionId: string;
  readonly #delivery: Delivery;
  #inlineUi = true;
  #signal: AbortSignal | undefined;

  constructor(options: ScriptedTransportOptions = {}) {
    super();
    this.#replies = [...(options.replies ?? [])];
    this.#chunk = options.chunk ?? 0;
    this.#delivery = new Delivery({ deliver: (event) => this.#deliver(event), isOpen: () => this.state === 'open' }, options.paused ?? false);
    this.#clientAction = options.clientAction ?? true;
    this.#sessionId = options.sessionId ?? 'scripted-session';
    this.#ids = new ScriptIds(options.idPrefix);
  }

  /** Adds replies to answer with, after those already waiting. */
  queue(...replies: ReplyBuilder[]): this {
    this.#replies.push(...replies);
    return this;
  }

  /** Answers every user message that matches with this reply, before the queued replies are used. */
  on(match: TextMatcher, reply: ReplyBuilder): this {
    this.#rules.push({ test: toTest(match), reply });
    return this;
  }

  /** Answers every A2UI action that matches (by action name, or a test) with a new assistant turn. */
  onA2uiAction(match: string | ((action: RecordedA2uiAction) => boolean), reply: ReplyBuilder): this {
    this.#actionRules.push({ test: typeof match === 'string' ? (action) => action.name === match : match, reply });
    return this;
  }

  /** Answers `action` frames of this action type (`add-to-bag`, `run-task`) so; the default is `accepted`. */
  onAction(type: string, answer: ActionAnswer): this {
    this.#actionAnswers.push({ test: (t) => t === type, answer });
    return this;
  }

  /** Every frame the chat sent, in order (deep copies). */
  get frames(): readonly ClientFrame[] {
    return this.#frames;
  }

  /** The text of every user message the chat sent, in order. */
  get userMessages(): readonly string[] {
    return this.#frames.flatMap((frame) => (frame.type === 'user_message' ? [frame.text] : []));
  }

  /** The `action` frames the chat sent (actions of views that go to the backend). */
  get actionFrames(): ReadonlyArray<Extract<ClientFrame, { type: 'action' }>> {
    return this.#frames.filter((frame): frame is Extract<ClientFrame, { type: 'action' }> => frame.type === 'action');
  }

  /** The A2UI actions the chat sent, either way. */
  get a2uiActions(): readonly RecordedA2uiAction[] {
    return this.#a2uiActions;
  }

  /**
   * What no rule or queued reply answered, each answered with a server error: the text of a user message, or
   * `[a2ui_action] <name> on <surfaceId>` for an A2UI action sent as a `client_action` frame.
   */
  get unscripted(): readonly string[] {
    return this.#unscripted;
  }

  /** The conversation so far, comparable across runs (see normalizeTranscript). */
  get transcript(): TranscriptEntry[] {
    return normalizeTranscript(this.#log);
  }

  /** How many events wait to be delivered. */
  get pending(): number {
    return this.#delivery.pending;
  }

  /** Whether delivery is paused (see `pause`, `step`). */
  get paused(): boolean {
    return this.#delivery.paused;
  }

  /** Opens at once and greets as the reference server does: `capabilities` (client actions, the basic A2UI catalog). */
  connect(options: { signal?: AbortSignal } = {}): void {
    if (this.state === 'open') return;
    this.setState('connecting');
    this.setState('open');
    // Only the signal of the current connection closes it: one of an earlier connection may abort any time later.
    const signal = options.signal;
    this.#signal = signal;
    signal?.addEventListener('abort', () => {
      if (this.#signal === signal) this.close();
    }, { once: true });
    // The greeting of the reference server to a client that renders the basic A2UI catalog.
    this.#deliver({ type: 'server', event: { type: 'capabilities', ...(this.#clientAction ? { client_action: true } : {}), a2ui_catalogs: [BASIC_CATALOG_ID] } });
    this.#delivery.schedule();
  }

  /** What the chat advertises: replies carry inline UI in their marker only while it advertises it. */
  advertise(capabilities: TransportCapabilities): void {
    this.#inlineUi = capabilities.generativeUi;
  }

  /** Closes the connection; events not delivered yet are dropped. */
  close(): void {
    this.#delivery.clear();
    this.#signal = undefined;
    this.setState('closed');
    this.#delivery.notifySettled();
  }

  /** Records the frame and answers it as scripted; a frame that fails the protocol's schema gets a `bad_frame` error. */
  send(frame: ClientFrame): void {
    const copy = JSON.parse(JSON.stringify(frame)) as ClientFrame;
    this.#frames.push(copy);
    this.#log.push({ from: 'client', frame: copy });
    const parsed = ClientFrame.safeParse(copy);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.#answer({ type: 'error', code: 'bad_frame', message: `invalid frame${issue ? ` at /${issue.path.join('/')}: ${issue.message}` : ''}` });
      return;
    }
    this.#handle(copy);
    this.#delivery.schedule();
  }

  /** Stops delivering events (they wait in the queue). */
  pause(): void {
    this.#delivery.pause();
  }

  /** Delivers the waiting events again, one per task. */
  resume(): void {
    this.#delivery.resume();
  }

  /** Delivers the next `count` waiting events now, paused or not; returns them. */
  step(count = 1): TransportEvent[] {
    return this.#delivery.step(count);
  }

  /** Delivers every waiting event now; returns them. */
  flush(): TransportEvent[] {
    return this.step(Number.POSITIVE_INFINITY);
  }

  /** Resolves once no event waits to be delivered (at once when none does). While paused, `step`/`flush` get it there. */
  settled(): Promise<void> {
    return this.#delivery.settled();
  }

  #handle(frame: ClientFrame): void {
    switch (frame.type) {
      case 'user_message': {
        if (this.#answered.has(frame.client_message_id)) return;
        this.#answered.add(frame.client_message_id);
        const turn = parseActionTurn(frame.text);
        const action: RecordedA2uiAction | null = turn ? { ...turn, via: 'turn' } : null;
        if (action) this.#a2uiActions.push(action);
        const reply = (action && this.#actionRules.find((rule) => rule.test(action))?.reply) ?? this.#rules.find((rule) => rule.test(frame.text))?.reply ?? this.#replies.shift();
        // A user message nothing was scripted for gets a reply that fails at once, so the test sees it.
        this.#play(reply ?? this.#unscriptedReply(frame.text, 'user message'), { mode: frame.mode, inReplyTo: frame.client_message_id });
        return;
      }
      case 'client_action': {
        const a2ui = frame.a2ui as { action?: Omit<RecordedA2uiAction, 'via'> & { timestamp?: string } };
        const action: RecordedA2uiAction = { name: '', surfaceId: '', sourceComponentId: '', context: {}, ...a2ui.action, via: 'client_action' };
        this.#a2uiActions.push(action);
        this.#answer({ type: 'action_result', client_action_id: frame.client_action_id, status: 'accepted' });
        const reply = this.#actionRules.find((rule) => rule.test(action))?.reply ?? this.#replies.shift();
        // The agent's turn after the action opens with it as a completed tool call, as the reference server's does.
        const output = { accepted: true, ...(frame.a2ui_data_model ? { data_model: frame.a2ui_data_model } : {}) };
        const prelude = [{ type: 'tool', tool_call_id: frame.client_action_id, tool_name: 'a2ui_action', state: 'completed', input: a2ui.action, output } as const];
        // An action nothing was scripted for gets a turn that fails at once, as an unscripted message does.
        this.#play(reply ?? this.#unscriptedReply(`[a2ui_action] ${action.name} on ${action.surfaceId}`, 'A2UI action'), { mode: 'orchestrator', prelude });
        return;
      }
      case 'action': {
        const answer = this.#actionAnswers.find((rule) => rule.test(frame.action.type))?.answer ?? { status: 'accepted' };
        this.#answer({ type: 'action_result', client_action_id: frame.client_action_id, ...answer });
        return;
      }
      case 'abort':
        this.#abort(frame.message_id);
        return;
      case 'a2ui_error':
      case 'a2ui_function':
      case 'resume':
        return;
    }
  }

  /** Plans a reply in full and queues its events. */
  #play(reply: ReplyBuilder, turn: { mode: PlayContext['marker']['mode']; inReplyTo?: string; prelude?: PlayContext['prelude'] }): void {
    const messageId = this.#ids.next('assistant');
    const context: PlayContext = {
      messageId,
      // The server alone decides the marker: inline UI only when the client advertised it, and never in a tour.
      marker: { inline_ui_version: this.#inlineUi && turn.mode !== 'visual-tour' ? 1 : null, mode: turn.mode },
      ...(turn.inReplyTo === undefined ? {} : { inReplyTo: turn.inReplyTo }),
      ...(turn.prelude ? { prelude: turn.prelude } : {}),
      chunk: this.#chunk,
      sessionId: this.#sessionId,
      ids: this.#ids,
    };
    for (const event of playReply(reply, context)) this.#delivery.push(event, messageId);
  }

  /** Records what nothing answered (`unscripted`) and makes the reply that says so. */
  #unscriptedReply(what: string, kind: string): ReplyBuilder {
    this.#unscripted.push(what);
    const text = what.length > 80 ? `${what.slice(0, 80)}…` : what;
    return new ReplyBuilder().fail(`No scripted reply for the ${kind} "${text}".`, 'unscripted');
  }

  /** An answer to the sender (an action result, an error), queued behind what is already waiting. */
  #answer(event: ServerEvent): void {
    this.#delivery.push({ type: 'server', event });
  }

  /** `abort`: the rest of that reply is dropped and it ends at once, as the reference server's streams do. */
  #abort(messageId: string): void {
    this.#delivery.cut(messageId, () => {
      // After everything of it delivered so far (sequences may skip the numbers envelopes took).
      const sequences = this.#log.map((entry) => ('event' in entry && 'sequence' in entry.event && entry.event.message_id === messageId ? entry.event.sequence : -1));
      const sequence = 1 + Math.max(-1, ...sequences);
      return { type: 'server', event: { type: 'message_end', message_id: messageId, sequence } };
    });
  }

  /** Delivered events so far: the scripted clock's ticks. */
  #ticks = 0;

  /**
   * The scripted clock, for a session's record times (`new ChatSession({ clock: () => transport.now() })`, as
   * mountChat does): 100 ms per event delivered, so what the chat derives from time (how long reasoning took) is the
   * same in every run, whatever the machine's load.
   */
  now(): number {
    return this.#ticks * 100;
  }

  #deliver(event: TransportEvent): void {
    this.#ticks += 1;
    if (event.type === 'server') this.#log.push({ from: 'server', event: event.event });
    else if (event.type === 'ui-envelope') this.#log.push({ from: 'server', envelope: event.event });
    this.emit(event);
  }
}
