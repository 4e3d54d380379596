import type { ActionPreparation, BagDirectory } from '../actions/bags.js';
import { defaultActions, type ActionRegistry, type ActionRequest } from '../actions/registry.js';
import { ArtifactStore } from '../artifacts/artifact-store.js';
import { COMPOSER_LIMITS } from '../limits.js';
import { MODES, type ComposerMode } from '../message/marker.js';
import type { MediaService } from '../media/types.js';
import type { Answer, ConnectionEvent, ServerCapabilities } from '../protocols/connection.js';
import type { ProtocolState, TurnDescription } from '../protocols/module.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import { defaultProtocols } from '../protocols/register.js';
import { AttachmentTray, type AttachedFile } from '../uploads/tray.js';
import type { ChatMessage, PersistedMessage, UserMessage } from '../message/messages.js';
import { HistoryLoads } from './session-history.js';
import type { ActionRunner, RunOptions } from './session-actions.js';
import type { ChatSessionConfig } from './session-config.js';
import type { ChatSessionOptions } from './session-base.js';
import { LinkedSession } from './session-link.js';
import type { SessionInbox } from './session-inbox.js';
import { wireSession } from './session-wiring.js';
import { REFUSAL_TEXT, type SendRefusal, type SendResult } from './session-events.js';
import { WaitingMessage } from './session-outbox.js';
import { ReplayedCitations } from './replayed-citations.js';
import type { SessionProtocols } from './session-protocols.js';
import { Thread } from './thread.js';

export * from './session-events.js';
export type { ServerCapabilities } from '../protocols/connection.js';
export type { WaitEnd } from './session-outbox.js';
export type { ChatSessionOptions } from './session-base.js';
export type { ChatSessionConfig, ConfigProblem, ConnectionConfig, MediaConfig, SessionFactories, UploaderOptions, UploadsConfig } from './session-config.js';

/*
 * One conversation, DOM-free, whatever protocol it speaks: the thread, the connection it talks through, what the
 * client may advertise, sending, stopping, actions and the persisted history. Protocols reach it only through their
 * connection's conversation events and their own state (src/protocols/). `<mantis-chat>` is a view of a session; a
 * host or a test may drive one without any element.
 */

export class ChatSession extends LinkedSession {
  readonly thread: Thread;
  /** The action handlers; a host may replace the registry at any time (`<mantis-chat>.actions`). */
  actions: ActionRegistry;
  /** The bags API add-to-bag confirmations consult (`<mantis-chat bags-url>`); without one they name what they can. */
  bags: BagDirectory | null;
  /** The media service views of this conversation fetch through (`<mantis-chat media-base-url>`); none by default. */
  media: MediaService | null;
  /** The artifacts open in this conversation's panel: bounded, in memory, never persisted. */
  readonly artifacts: ArtifactStore;
  readonly replyTimeout: number;
  /** The files attached to the message being written, sent with the next message (which waits for them). */
  readonly attachments = new AttachmentTray();
  readonly #protocols: SessionProtocols;
  #mode: ComposerMode;
  readonly #runner: ActionRunner;
  readonly #inbox: SessionInbox;
  #capabilities: ServerCapabilities = {};
  readonly #waiting = new WaitingMessage(
    this.attachments,
    () => this.check('', true)?.message ?? null,
    (text, files, mode) => this.#deliver(text, files, mode),
    (text, end) => this.emit({ type: 'waiting', text, ...(end ? { end } : {}) }),
  );
  readonly #history = new HistoryLoads();
  // Not while a history replaces the one shown: a set of a message about to go is not announced.
  readonly #replayed = new ReplayedCitations((messageId, citations) => !this.#history.loading && this.emit({ type: 'citations', messageId, citations }));

  constructor(options: ChatSessionOptions = {}) {
    super();
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the hosts below read the session's current state
    const session = this;
    const protocols = options.protocols ?? defaultProtocols;
    this.thread = new Thread(protocols, { derived: (message) => this.#replayed.derived(message), ...(options.clock ? { clock: options.clock } : {}) });
    this.actions = options.actions ?? defaultActions;
    this.bags = options.bags ?? null;
    this.media = options.media ?? null;
    this.artifacts = new ArtifactStore(options.artifactLimits);
    this.replyTimeout = options.replyTimeout ?? COMPOSER_LIMITS.replyTimeout;
    const parts = wireSession({
      thread: this.thread,
      registry: protocols,
      attachments: this.attachments,
      connection: this.link,
      replyTimeout: this.replyTimeout,
      actionTimeout: options.actionTimeout ?? COMPOSER_LIMITS.actionTimeout,
      get capabilities() {
        return session.#capabilities;
      },
      set capabilities(value) {
        session.#capabilities = value;
      },
      get state() {
        return session.state;
      },
      get persisted() {
        return session.persisted;
      },
      get actions() {
        return session.actions;
      },
      get bags() {
        return session.bags;
      },
      send: (text) => this.send(text),
      emit: (event) => this.emit(event),
    });
    this.#protocols = this.states = parts.protocols;
    this.#runner = parts.runner;
    this.#inbox = parts.inbox;
    if (options.generativeUi === false) this.generativeUi = false;
    this.#mode = options.mode ?? 'orchestrator';
    const { messages, transport } = options;
    if (messages) {
      const warn = (said: string | null): void => void (said && console.warn(`[mantis-ui] ${said}`));
      // The history shows before the transport connects, so nothing the agent sends can come before it.
      void this.#history
        .run(messages, protocols, ({ checked, said }) => (this.#show(checked?.messages ?? []), warn(said)), warn)
        .then(() => transport && !this.link.current && this.useTransport(transport));
    } else if (transport) this.useTransport(transport);
  }

  /** The messages, oldest first, with their parts. */
  get messages(): readonly ChatMessage[] {
    return this.thread.messages;
  }

  /** The conversation in its persisted format (a snapshot). */
  get persisted(): PersistedMessage[] {
    return this.thread.toPersisted();
  }

  /** The protocols this session may speak. */
  get protocols(): ProtocolRegistry {
    return this.thread.protocols;
  }

  /**
   * Replaces the conversation with a persisted one, replayed exactly as it was authored, once its check has loaded
   * (sends are refused as `loading` until then). A history from elsewhere is read leniently (`checkPersistedHistory`):
   * what was downgraded or left out is said in a `config-error`; a value that is not an array changes nothing.
   */
  load(messages: readonly unknown[]): Promise<void> {
    const say = (reason: string | null): void => void (reason && this.emit({ type: 'config-error', reason }));
    return this.#history.run(messages, this.protocols, ({ checked, said }) => (say(said), checked && this.#show(checked.messages)), say);
  }

  /** Settles once the history given last (the `messages` option or `load`) is shown, or was refused or unreadable. */
  get historyReady(): Promise<void> {
    return this.#history.settled;
  }

  #show(messages: readonly PersistedMessage[]): void {
    for (const id of this.thread.streaming) this.#inbox.interrupt(id, 'transport-changed', false);
    this.#replayed.reset();
    this.thread.load(messages);
    this.#protocols.loaded(this.thread.messages);
    this.emit({ type: 'messages' });
    this.link.current?.historyShown?.(); // The connection looks at it (an AI SDK chat takes up a reply still streaming).
  }

  get mode(): ComposerMode {
    return this.#mode;
  }
  set mode(mode: ComposerMode) {
    if ((MODES as readonly string[]).includes(mode)) this.#mode = mode;
  }

  /** Why `text` cannot be sent now, or null when it can (empty text can, with files attached). */
  check(text: string, withFiles = this.attachments.items.length > 0): { readonly reason: SendRefusal; readonly message: string } | null {
    const reason: SendRefusal | null =
      text.trim().length === 0 && !withFiles ? 'empty' : text.length > COMPOSER_LIMITS.userMessageLength ? 'too-long' : this.#history.loading ? 'loading' : !this.link.current ? 'no-connection' : null;
    return reason ? { reason, message: REFUSAL_TEXT[reason] } : null;
  }

  /** Sends a user message, text only (the files attached stay for the user's own message): checked, shown and sent. */
  send(text: string): SendResult {
    const refusal = this.check(text, false);
    return refusal ? { ok: false, ...refusal } : { ok: true, message: this.#deliver(text, [], this.#mode) };
  }

  /**
   * Sends what the user wrote with the files attached now, as the composer does. While one of those files is still
   * uploading (or failed, until it is retried or removed) the message waits, nowhere but in `waitingText`, and is
   * sent once they all have: `{ ok: true, waiting: true }`. Files attached meanwhile stay for the next message.
   */
  sendWithAttachments(text: string): SendResult {
    if (this.#waiting.text !== null) return { ok: false, reason: 'waiting', message: REFUSAL_TEXT.waiting };
    const refusal = this.check(text);
    if (refusal) return { ok: false, ...refusal };
    if (this.attachments.items.length === 0) return { ok: true, message: this.#deliver(text, [], this.#mode) };
    const sent = this.#waiting.send(text, this.#mode);
    return sent === 'waiting' ? { ok: true, waiting: true } : { ok: true, message: sent };
  }

  /** The text of a message waiting for its files to upload, or null. */
  get waitingText(): string | null {
    return this.#waiting.text;
  }

  /** Stops a message waiting for its files from being sent (the files stay attached); returns its text. */
  cancelWaiting(): string | null {
    return this.#waiting.cancel();
  }

  #deliver(text: string, files: readonly AttachedFile[], mode: ComposerMode): UserMessage {
    const message = this.thread.addUserMessage(text, undefined, files);
    const carried = this.#protocols.carried();
    this.link.current?.send({ type: 'user-message', message, mode, conversation: this.thread.messages, ...(carried ? { carried } : {}) });
    this.emit({ type: 'messages' });
    this.emit({ type: 'history-change', messages: this.persisted });
    return message;
  }

  /** The agent's shared state (AG-UI `STATE_SNAPSHOT`/`STATE_DELTA`, any JSON); undefined until its connection says one. */
  get agentState(): unknown {
    return this.#inbox.agentState;
  }

  /** What the server offered (empty until its connection said). */
  get serverCapabilities(): ServerCapabilities {
    return this.#capabilities;
  }

  /** A protocol's state in this session, once it is loaded (A2UI's surfaces: `a2uiOf(session)` types it). */
  protocol(name: string): ProtocolState | undefined {
    return this.#protocols.state(name);
  }
  /** A user turn a protocol wrote for the user (an A2UI action), described; null for the user's own words. */
  describeTurn(message: UserMessage): TurnDescription | null {
    return this.#protocols.describeTurn(message);
  }

  /** Hands the session an event as if its connection had sent it (an envelope from an `AgentUiStream`, say). */
  receive(event: ConnectionEvent): void {
    this.#protocols.receive(event);
  }
  protected received(event: ConnectionEvent): void {
    this.#protocols.receive(event);
  }

  protected connectionChanging(): void {
    for (const id of this.thread.streaming) this.#inbox.interrupt(id, 'transport-changed');
    this.#inbox.clearSilence();
    this.#capabilities = {};
    // Another connection is another thread: its state is its agent's to say.
    if (this.#inbox.agentState !== undefined) this.#inbox.onEvent({ type: 'agent-state', state: undefined });
    this.#protocols.reconnected();
  }

  protected releasing(): () => void {
    const streaming = this.thread.streaming;
    return () => {
      for (const id of streaming) this.#inbox.interrupt(id, 'released');
      this.#inbox.clearSilence();
    };
  }

  /** Stops the replies that are streaming. */
  stop(): void {
    for (const id of this.thread.streaming) this.link.current?.send({ type: 'abort', messageId: id });
  }

  /** What the user is asked to confirm before a state-changing action runs (for add-to-bag, from the bags API too). */
  prepareAction(request: ActionRequest): Promise<ActionPreparation> {
    return this.#runner.prepare(request);
  }

  /**
   * Runs an action chosen in a view with the registry's handler. False when nothing ran: no handler, or a state-changing
   * action that already ran for its message, or whose message still streams or was authored under Ask.
   */
  runAction(request: ActionRequest, options: RunOptions = {}): boolean {
    return this.#runner.run(request, options) === 'ran';
  }

  /** Whether the user may answer what the agent asks (tool approvals, interrupts): the connection carries answers. */
  get answerable(): boolean {
    return this.link.current?.carries('answers') === true;
  }

  /**
   * Answers a question of the agent's in the reply `messageId` (a tool approval, an interrupt): kept with the message,
   * and sent once every question of the message is answered; the agent goes on in that message. Resolves false when
   * nothing was kept (see `answerable`; the question is answered already, expired, or the reply still streams). The
   * code that answers loads with the first answer (src/chat/session-answers.ts).
   */
  async answer(messageId: string, given: Answer): Promise<boolean> {
    const { answer } = await import('./session-answers.js');
    return answer({ thread: this.thread, connection: this.link.current, persisted: () => this.persisted, emit: (event) => this.emit(event) }, messageId, given);
  }
}

/**
 * A session configured at once (see `ChatSession.configure`): `createChatSession({ connection: { kind: 'sse', url } })`.
 * What could not be used is said on the console and left off.
 */
export function createChatSession(config: ChatSessionConfig, options: ChatSessionOptions = {}): ChatSession {
  const session = new ChatSession(options);
  for (const problem of session.configure(config)) console.warn(`[mantis-ui] ${problem.setting} must be ${problem.expected}; it was left off.`);
  return session;
}
