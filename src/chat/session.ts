import type { ActionPreparation, BagDirectory } from '../actions/bags.js';
import { defaultActions, type ActionRegistry, type ActionRequest } from '../actions/registry.js';
import { ArtifactStore } from '../artifacts/artifact-store.js';
import type { ArtifactLimits } from '../artifacts/types.js';
import { COMPOSER_LIMITS } from '../limits.js';
import type { RenderStatus } from '../protocols/agent-ui/types.js';
import type { UiEnvelopeEvent } from '../protocols/composer/frames.js';
import type { MediaService } from '../media/types.js';
import { MODES, type ComposerMode } from '../message/marker.js';
import { defaultProtocols, type ProtocolRegistry } from '../protocols/registry.js';
import { notifyAll, type ConnectionState, type Transport, type TransportEvent } from '../protocols/composer/transport.js';
import { checkPersistedHistory, describeDropped } from './persisted-schema.js';
import { ActionRunner, type RunOptions } from './session-actions.js';
import { Thread, type AssistantMessage, type ChatMessage, type PersistedMessage, type UserMessage } from './thread.js';
import type { A2uiAction, A2uiError } from '../protocols/a2ui/types.js';
import { surfaceOf } from '../protocols/a2ui/placements.js';
import { capabilitiesOf, reportA2uiError, sendA2uiAction, type ClientDataModel, type A2uiSendResult, type ServerCapabilities } from '../protocols/a2ui/outbox.js';
import { AttachmentTray, type AttachedFile } from '../uploads/tray.js';
import { WaitingMessage, userMessageFrame } from './session-outbox.js';
import { REFUSAL_TEXT, globalGenerativeUiSwitch, type InterruptReason, type SendRefusal, type SendResult, type SessionEvent, type SessionListener } from './session-events.js';

export * from './session-events.js';
export type { ClientDataModel, A2uiSendResult, ServerCapabilities } from '../protocols/a2ui/outbox.js';
export type { WaitEnd } from './session-outbox.js';

/*
 * One conversation, DOM-free: the thread, the transport it talks through, what the client may advertise, sending,
 * stopping, actions and the persisted history. `<mantis-chat>` is a view of a session; a host or a test may drive
 * one without any element.
 */

export interface ChatSessionOptions {
  /** The transport to talk through; the session does not close it (see `useTransport` for owned ones). */
  readonly transport?: Transport | null;
  /** Whether the client may advertise inline UI (default true). The page-level switch still applies. */
  readonly generativeUi?: boolean;
  /** The mode new replies are authored under (default `orchestrator`). */
  readonly mode?: ComposerMode;
  readonly protocols?: ProtocolRegistry;
  readonly actions?: ActionRegistry;
  /** The bags API that add-to-bag confirmations consult (see `createBagDirectory`). */
  readonly bags?: BagDirectory | null;
  /** Milliseconds a streaming reply may stay silent while connected before it ends as interrupted. */
  readonly replyTimeout?: number;
  /** Milliseconds an action sent to the backend waits for its answer before it shows as failed. */
  readonly actionTimeout?: number;
  /** A persisted conversation to start from. */
  readonly messages?: readonly PersistedMessage[];
  /** The authenticated media service views of this conversation fetch through (see `createMediaService`). */
  readonly media?: MediaService | null;
  /** The caps of the artifact store (default ARTIFACT_LIMITS). */
  readonly artifactLimits?: Partial<ArtifactLimits>;
}

export class ChatSession {
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
  #transport: Transport | null = null;
  #owned = false;
  #unsubscribe: (() => void) | null = null;
  /** How many views or hosts hold the session connected (see `connect`). */
  #holders = 0;
  #generativeUi: boolean;
  #mode: ComposerMode;
  readonly #listeners = new Set<SessionListener>();
  readonly #silence = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #runner: ActionRunner;
  #capabilities: ServerCapabilities = {};
  /**
   * The data models of the A2UI surfaces shown that asked for them (`sendDataModel`), for A2UI's metadata: sent with
   * every user message and client action (`<mantis-chat>` sets it; null when none).
   */
  a2uiDataModel: (() => ClientDataModel | null) | null = null;
  /** `client_action` frames sent for A2UI actions, not answered yet. */
  readonly #a2uiActions = new Set<string>();
  /**
   * The files attached to the message being written: checked, uploaded at once, sent with the next message (which
   * waits for them). Without an `uploader` (`<mantis-chat upload-url>` sets one) files are refused.
   */
  readonly attachments = new AttachmentTray();
  readonly #waiting = new WaitingMessage(
    this.attachments,
    () => (this.#transport ? null : REFUSAL_TEXT['no-connection']),
    (text, files, mode) => this.#deliver(text, files, mode),
    (text, end) => this.#emit({ type: 'waiting', text, ...(end ? { end } : {}) }),
  );

  constructor(options: ChatSessionOptions = {}) {
    this.thread = new Thread(options.protocols ?? defaultProtocols);
    this.actions = options.actions ?? defaultActions;
    this.bags = options.bags ?? null;
    this.media = options.media ?? null;
    this.artifacts = new ArtifactStore(options.artifactLimits);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the runner reads the session's current state
    const session = this;
    this.#runner = new ActionRunner({
      thread: this.thread,
      get transport() {
        return session.#transport;
      },
      get actions() {
        return session.actions;
      },
      get bags() {
        return session.bags;
      },
      actionTimeout: options.actionTimeout ?? COMPOSER_LIMITS.actionTimeout,
      deliver: (request) => this.#emit({ type: 'action', request }),
      prefill: (text) => this.#emit({ type: 'prefill', text }),
      // A follow-up goes alone: the files attached meanwhile wait for the user's own message.
      send: (text) => {
        const sent = this.send(text);
        return sent.ok ? { ok: true } : { ok: false, message: sent.message };
      },
      changed: (message, outcome) => {
        this.#emit({ type: 'messages' });
        this.#emit({ type: 'action-outcome', messageId: message.id, outcome });
        this.#emit({ type: 'history-change', messages: this.persisted });
      },
    });
    this.replyTimeout = options.replyTimeout ?? COMPOSER_LIMITS.replyTimeout;
    this.#generativeUi = options.generativeUi ?? true;
    this.#mode = options.mode ?? 'orchestrator';
    if (options.messages) {
      const checked = checkPersistedHistory(options.messages);
      this.thread.load(checked?.messages ?? []);
      if (checked === null || checked.dropped.length > 0) console.warn(`[mantis-ui] ${describeDropped(checked)}`);
    }
    if (options.transport) this.useTransport(options.transport);
  }

  /** The messages, oldest first, with their parts. */
  get messages(): readonly ChatMessage[] {
    return this.thread.messages;
  }

  /** The conversation in its persisted format (a snapshot). */
  get persisted(): PersistedMessage[] {
    return this.thread.toPersisted();
  }

  /**
   * Replaces the conversation with a persisted one, replayed exactly as it was authored. Entries that are not of the
   * persisted shape are left out, with a `config-error`; a value that is not an array changes nothing.
   */
  load(messages: readonly PersistedMessage[]): void {
    const checked = checkPersistedHistory(messages);
    if (checked === null || checked.dropped.length > 0) this.#emit({ type: 'config-error', reason: describeDropped(checked) });
    if (checked === null) return;
    for (const id of this.thread.streaming) this.#interrupt(id, 'transport-changed', false);
    this.thread.load(checked.messages);
    this.#emit({ type: 'messages' });
  }

  get transport(): Transport | null {
    return this.#transport;
  }

  get state(): ConnectionState {
    return this.#transport?.state ?? 'idle';
  }

  get mode(): ComposerMode {
    return this.#mode;
  }
  set mode(mode: ComposerMode) {
    if ((MODES as readonly string[]).includes(mode)) this.#mode = mode;
  }

  /** Whether the client may advertise inline UI: this session's setting and the page-level switch together. */
  get generativeUi(): boolean {
    return this.#generativeUi && globalGenerativeUiSwitch();
  }
  set generativeUi(value: boolean) {
    if (value === this.#generativeUi) return;
    this.#generativeUi = value;
    this.#advertise();
  }

  /**
   * Talks through another transport (or none). A reply still streaming on the previous one ends as interrupted.
   * `owned` transports are connected and closed by the session; others are only subscribed to, and left open.
   */
  useTransport(transport: Transport | null, options: { owned?: boolean } = {}): void {
    if (transport === this.#transport) return;
    for (const id of this.thread.streaming) this.#interrupt(id, 'transport-changed');
    this.#release();
    this.#transport = transport;
    this.#capabilities = {};
    this.#a2uiActions.clear();
    this.#owned = options.owned ?? false;
    this.#advertise();
    if (this.#holders > 0) this.#hold();
    this.#emit({ type: 'state', state: this.state });
  }

  /**
   * Holds the session connected: subscribes to its transport and opens it (an owned one, or any that is idle).
   * Every `connect()` is balanced by a `disconnect()`; the last one releases the connection.
   */
  connect(): void {
    this.#holders += 1;
    if (this.#holders === 1) this.#hold();
  }

  /** Releases one hold. The last release unsubscribes, closes an owned transport and interrupts streaming replies. */
  disconnect(): void {
    if (this.#holders === 0) return;
    this.#holders -= 1;
    if (this.#holders > 0) return;
    for (const id of this.thread.streaming) this.#interrupt(id, 'released');
    this.#release();
  }

  /** Why `text` cannot be sent now, or null when it can (empty text can, with files attached). */
  check(text: string, withFiles = this.attachments.items.length > 0): { readonly reason: SendRefusal; readonly message: string } | null {
    const reason: SendRefusal | null =
      text.trim().length === 0 && !withFiles
        ? 'empty'
        : text.length > COMPOSER_LIMITS.userMessageLength
          ? 'too-long'
          : !this.#transport
            ? 'no-connection'
            : null;
    return reason ? { reason, message: REFUSAL_TEXT[reason] } : null;
  }

  /**
   * Sends a user message, text only (the files attached stay for the user's own message): checked first (see
   * `check`), then shown and sent. A message sent while offline is queued by the transport and delivered exactly once.
   */
  send(text: string): SendResult {
    const refusal = this.check(text, false);
    return refusal ? { ok: false, ...refusal } : { ok: true, message: this.#deliver(text, [], this.#mode) };
  }

  /**
   * Sends what the user wrote with the files attached now (`attachments`), as the composer does: checked first (see
   * `check`; empty text is fine with files). While one of those files is still uploading (or failed, until it is
   * retried or removed) the message waits, nowhere but in `waitingText`, and is sent once they all have, under the
   * mode of now: `{ ok: true, waiting: true }`. Files attached meanwhile stay for the next message.
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
    this.#transport?.send(userMessageFrame(message, mode, this.a2uiDataModel?.() ?? undefined));
    this.#emit({ type: 'messages' });
    this.#emit({ type: 'history-change', messages: this.persisted });
    return message;
  }

  /** What the server offered in its `capabilities` event (empty until one came on the current transport). */
  get serverCapabilities(): ServerCapabilities {
    return this.#capabilities;
  }

  /**
   * Sends a user's action on an A2UI surface (owned by assistant message `messageId`) back to the agent: as a
   * `client_action` frame when the server offers it, else as the synthesized `[a2ui_action]` user turn (004).
   */
  sendA2uiAction(action: A2uiAction, messageId: string): A2uiSendResult {
    const result = sendA2uiAction(
      {
        transport: this.#transport,
        capabilities: this.#capabilities,
        dataModel: this.a2uiDataModel?.() ?? null,
        sendTurn: (text) => {
          const sent = this.send(text);
          return sent.ok && 'message' in sent ? { ok: true, id: sent.message.id } : { ok: false, message: sent.ok ? '' : sent.message };
        },
      },
      action,
      messageId,
    );
    if (result.ok && result.via === 'client_action') this.#a2uiActions.add(result.clientActionId);
    return result;
  }

  /** Tells the agent what was wrong with A2UI messages it sent (an `a2ui_error` frame). */
  reportA2uiError(error: A2uiError, messageId?: string): void {
    reportA2uiError(this.#transport, error, messageId);
  }

  /** Stops the replies that are streaming. */
  stop(): void {
    for (const id of this.thread.streaming) this.#transport?.send({ type: 'abort', message_id: id });
  }

  /** Reconnects now, without waiting for the backoff delay. */
  retry(): void {
    const transport = this.#transport as (Transport & { retry?: () => void }) | null;
    if (!transport) return;
    if (transport.state === 'closed' || transport.state === 'idle') transport.connect();
    else transport.retry?.();
  }

  /** Whether the transport can be asked to reconnect now. */
  get canRetry(): boolean {
    return typeof (this.#transport as { retry?: unknown } | null)?.retry === 'function';
  }

  /**
   * What the user is asked to confirm before a state-changing action runs, from validated data only (for add-to-bag,
   * from the bags API too: see ActionRunner.prepare).
   */
  prepareAction(request: ActionRequest): Promise<ActionPreparation> {
    return this.#runner.prepare(request);
  }

  /**
   * Runs an action chosen in a view with the registry's handler. False when nothing ran: no handler is registered,
   * or the action changes state and already ran for its message (its outcome is kept with the message), or its
   * message is still streaming, or its message was authored under Ask.
   */
  runAction(request: ActionRequest, options: RunOptions = {}): boolean {
    return this.#runner.run(request, options) === 'ran';
  }

  /**
   * Attaches an agent-ui@1 envelope (from the transport's SSE stream, or from an AgentUiStream the host connected)
   * to the assistant message of its turn, once per envelope ID, and persists it as `pending`.
   */
  addEnvelope(event: UiEnvelopeEvent): void {
    const message = this.thread.addEnvelope(event);
    if (message) {
      this.#emit({ type: 'messages' });
      this.#emit({ type: 'history-change', messages: this.persisted });
    }
    this.#emit({ type: 'ui-envelope', event, messageId: message?.id ?? null });
  }

  /** Records how an envelope rendered (its renderer reports it); the change is persisted. */
  setEnvelopeStatus(envelopeId: string, status: RenderStatus, error?: string): void {
    if (!this.thread.setEnvelopeStatus(envelopeId, status, error)) return;
    this.#emit({ type: 'messages' });
    this.#emit({ type: 'history-change', messages: this.persisted });
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: SessionEvent): void {
    notifyAll(this.#listeners, event);
  }

  #advertise(): void {
    const transport = this.#transport;
    if (!transport) return;
    if (transport.advertise) transport.advertise({ generativeUi: this.generativeUi });
    else if (!this.generativeUi) {
      this.#emit({ type: 'config-error', reason: 'generative UI is off, but the transport cannot stop advertising it (it has no advertise())' });
    }
  }

  #hold(): void {
    const transport = this.#transport;
    if (!transport || this.#unsubscribe) return;
    this.#unsubscribe = transport.subscribe((event) => this.#onTransportEvent(event));
    if (this.#owned || transport.state === 'idle') transport.connect();
  }

  #release(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    for (const timer of this.#silence.values()) clearTimeout(timer);
    this.#silence.clear();
    if (this.#owned) this.#transport?.close();
  }

  /** (Re)starts the silence timer of a streaming reply; only while connected. */
  #watch(messageId: string): void {
    clearTimeout(this.#silence.get(messageId));
    if (this.state !== 'open') {
      this.#silence.delete(messageId);
      return;
    }
    this.#silence.set(
      messageId,
      setTimeout(() => this.#interrupt(messageId, 'timeout'), this.replyTimeout),
    );
  }

  /** A2UI messages of a live reply that name no surface reach no renderer: the agent is told here instead. */
  #unplaced(messages: readonly unknown[], messageId: string): void {
    for (const message of messages) {
      if (surfaceOf(message)) continue;
      const text = 'This is not an A2UI v0.9 message for a surface (a version and one payload with its surfaceId), so it was not shown.';
      this.reportA2uiError({ code: 'VALIDATION_FAILED', surfaceId: '', path: '', message: text }, messageId);
    }
  }

  #interrupt(messageId: string, reason: InterruptReason, notify = true): void {
    clearTimeout(this.#silence.get(messageId));
    this.#silence.delete(messageId);
    const message = this.thread.interrupt(messageId);
    if (!message || !notify) return;
    this.#emit({ type: 'messages' });
    this.#emit({ type: 'message-interrupted', message, reason });
    this.#finished(message);
  }

  #finished(message: AssistantMessage): void {
    this.#emit({ type: 'citations', messageId: message.id, citations: message.citations });
    this.#emit({ type: 'history-change', messages: this.persisted });
  }

  #onTransportEvent(event: TransportEvent): void {
    switch (event.type) {
      case 'state':
        if (event.state === 'closed') for (const id of this.thread.streaming) this.#interrupt(id, 'connection-closed');
        else for (const id of this.thread.streaming) this.#watch(id);
        // Uploads that lost the network with the connection resume now, not at their next retry.
        if (event.state === 'open') this.attachments.resume();
        this.#emit({ type: 'state', state: event.state });
        return;
      case 'protocol-error':
        this.#emit({ type: 'protocol-error', reason: event.reason });
        return;
      case 'ui-envelope':
        this.addEnvelope(event.event);
        return;
      case 'backoff':
        this.#emit({ type: 'backoff', attempt: event.attempt, delay: event.delay });
        return;
      case 'server':
        break;
    }
    const server = event.event;
    if (server.type === 'error') {
      if (server.message_id && this.thread.streaming.includes(server.message_id)) {
        this.#interrupt(server.message_id, 'server-error');
      } else this.#emit({ type: 'protocol-error', reason: `server error ${server.code}: ${server.message}` });
      return;
    }
    if (server.type === 'capabilities') {
      this.#capabilities = capabilitiesOf(server);
      return;
    }
    if (server.type === 'action_result') {
      if (this.#a2uiActions.delete(server.client_action_id)) {
        this.#emit({ type: 'a2ui-action-result', clientActionId: server.client_action_id, status: server.status, ...(server.reason ? { reason: server.reason } : {}) });
        return;
      }
      this.#runner.apply(server);
      return;
    }
    if (server.type === 'task' && this.#runner.apply(server)) return;
    const changed = this.thread.apply(server);
    if (!changed) return;
    if (server.type === 'a2ui') this.#unplaced(server.messages, changed.id);
    this.#emit({ type: 'messages' });
    if (server.type === 'task') {
      this.#emit({ type: 'history-change', messages: this.persisted });
      return;
    }
    if (server.type === 'message_start') {
      this.#emit({ type: 'message-start', message: changed });
      // Envelopes that waited for this message are attached now: announced (and persisted) as such.
      const waited = changed.uiEnvelopes;
      if (waited.length > 0) this.#emit({ type: 'history-change', messages: this.persisted });
      for (const entry of waited) {
        this.#emit({
          type: 'ui-envelope',
          event: { session_id: changed.uiSessionId ?? '', envelope_id: entry.envelopeId, created_at: entry.createdAt, envelope: entry.envelope },
          messageId: changed.id,
        });
      }
    }
    if (changed.status === 'streaming') this.#watch(changed.id);
    else {
      clearTimeout(this.#silence.get(changed.id));
      this.#silence.delete(changed.id);
      this.#emit({ type: 'message-complete', message: changed });
      this.#finished(changed);
    }
  }
}

