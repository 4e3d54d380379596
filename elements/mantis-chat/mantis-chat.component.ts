import { LitElement, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { ChatSession, PersistedMessage } from '../../src/index.js';
import { isTheme, type Theme } from '../internal/theme.styles.js';
import { MantisChatProperties } from './mantis-chat.properties.js';
import { renderStatus } from './composer-form.js';
import { chatLayoutStyles, renderChat } from './chat-layout.js';
import { ChatComposerController } from './composer-controller.js';
import { ChatSessionController, checkConnectionValues, isSession, rejectValue, type BindingEvent } from './session-binding.js';
import { HistoryWindowController } from './history-window.js';
import { FollowBottomController } from './follow-bottom.js';
import { FramePacerController } from './frame-pacer.js';
import { renderBlocks, timelineContext } from './timeline.js';
import { LazyParts } from './lazy-parts.js';
import { dispatchSessionEvent } from './session-events.js';
import { ChatWorkspaceController } from './workspace.js';
import { ChatConfigController } from './config-controller.js';
import { EnvelopesController } from './envelopes.js';
import { SurfacesController } from './surfaces.js';
import { ChatAttachmentsController } from './attachments.js';

/**
 * The Composer: a transcript of streamed answers with validated views between their paragraphs, and an input. It is a
 * view of a `ChatSession` (DOM-free, in `mantis-ui/core`): its own, connected to `url` over the `transport` kind, or
 * one a host set as `session`. Views inside reach the session's services through context.
 *
 * @tagname mantis-chat
 * @summary A generative-UI chat.
 *
 * @slot header - Content above the transcript, such as a title.
 * @slot empty - Shown while the transcript has no messages.
 *
 * @fires {CustomEvent<SendDetail>} mantis-send - A message is about to be sent. Cancelable: cancel it to keep the message from being sent.
 * @fires {CustomEvent<SendErrorDetail>} mantis-send-error - A message could not be sent (empty, too long, no connection); nothing of it was shown or sent.
 * @fires {CustomEvent<MessageCompleteDetail>} mantis-message-complete - An assistant message finished streaming.
 * @fires {CustomEvent<MessageInterruptedDetail>} mantis-message-interrupted - An assistant message was cut short and ended as interrupted.
 * @fires {CustomEvent<CitationsDetail>} mantis-citations - A message's one aggregate citation set, numbered across its text and views, for the host's canvas: when a reply ends, and once for each assistant message of a replayed history (`messages` set, or restored from `history-key`) when it is first shown.
 * @fires {CustomEvent<HistoryChangeDetail>} mantis-history-change - The persisted conversation changed: `detail.messages` is its persisted format.
 * @fires {CustomEvent<SuggestionsRequestDetail>} mantis-suggestions-request - A reply ended: `detail.prompt` (the follow-up projection) is what to build follow-up suggestions from; set `suggestions` with them.
 * @fires {CustomEvent<CopyDetail>} mantis-copy - A message's copy button was pressed; `detail.text` is the copy projection. Cancelable: cancel it to copy yourself.
 * @fires {CustomEvent<ConnectionChangeDetail>} mantis-connection-change - The connection state changed.
 * @fires {CustomEvent<ActionDetail>} mantis-action - An action for the page to carry out: navigate and summarize (the page owns the map and the canvas), or a Visual Tour step (a navigate action).
 * @fires {CustomEvent<ActionRequestDetail>} mantis-action-request - The user chose an action of a view (after its confirmation), before any handler runs it. Cancelable: cancel it to handle the action yourself.
 * @fires {CustomEvent<ActionOutcomeDetail>} mantis-action-outcome - A state-changing action was confirmed (pending), then delivered, rejected (with the server's reason) or failed; or its task reported progress. Persisted with its message.
 * @fires {CustomEvent<ProtocolErrorDetail>} mantis-protocol-error - A frame from the server failed validation (a required field missing or wrong) and was skipped, or the server reported an error.
 * @fires {CustomEvent<AgentStateDetail>} mantis-agent-state - The agent's shared state changed (AG-UI `STATE_SNAPSHOT`/`STATE_DELTA`): `detail.state` is the whole state now, also `agentState`.
 * @fires {CustomEvent<ProtocolNoticeDetail>} mantis-protocol-notice - Something on the wire this chat does not know (an event type of a later protocol version) was skipped; never an error. Each kind once per conversation.
 * @fires {CustomEvent<ConfigErrorDetail>} mantis-config-error - A property was given a value of the wrong kind (it was ignored), or the configuration cannot be honoured.
 * @fires {CustomEvent<ViewErrorDetail>} mantis-view-error - A view of a message, or some of its children, failed validation (from a nested view).
 * @fires {CustomEvent<ArtifactCloseDetail>} mantis-artifact-close - A tab of the built-in artifact panel closed: by the user, or to make room when a cap of the store was reached (`detail.evicted`).
 * @fires {CustomEvent<ArtifactPanelResizeDetail>} mantis-artifact-panel-resize - The user resized the built-in artifact panel.
 * @fires {CustomEvent<MediaErrorDetail>} mantis-media-error - A media item of a nested view could not be shown or downloaded (401, 403, 404, too large, wrong type, network); `detail.reason` says which.
 * @fires {CustomEvent<A2uiActionDetail>} mantis-a2ui-action - The user triggered an action of an A2UI surface (from a nested `<mantis-a2ui-surface>`); the chat sends it to the agent as a `client_action` frame or an `[a2ui_action]` turn.
 * @fires {CustomEvent<A2uiErrorDetail>} mantis-a2ui-error - An A2UI message of a reply was refused, or a surface could not be shown (from a nested `<mantis-a2ui-surface>`); the chat reports it to the agent as an `a2ui_error` frame.
 * @fires {CustomEvent<A2uiChangeDetail>} mantis-a2ui-change - An A2UI surface changed: a message applied, or the user's input wrote its data model (from a nested `<mantis-a2ui-surface>`).
 * @fires {CustomEvent<EnvelopeStatusDetail>} mantis-envelope-status - An agent-ui@1 envelope of a message rendered, fell back (with why) or failed; the chat persists the status with the message.
 * @fires {CustomEvent<ArtifactOpenDetail>} mantis-artifact-open - The user asked to open an artifact's payload (from a nested view). Cancelable: cancel it to show the artifact yourself; otherwise it opens in the artifact panel.
 *
 * @csspart base - The conversation column (status, transcript, input).
 * @csspart artifact-panel - The built-in artifact panel, to the right of the conversation (an overlay on narrow screens).
 * @csspart status - The connection state line.
 * @csspart retry-button - Reconnects now, shown while reconnecting or disconnected.
 * @csspart transcript - The scrolling list of messages.
 * @csspart message - One message; also `message-user` or `message-assistant`.
 * @csspart text - Rendered Markdown of an assistant message.
 * @csspart view - A view inside an assistant message.
 * @csspart view-pending - The placeholder of a view that is still streaming.
 * @csspart view-error - The fallback of a view that was refused.
 * @csspart interrupted - The note under a reply that was cut short.
 * @csspart envelope - An agent-ui@1 envelope of a message (an `<agent-envelope>`).
 * @csspart envelope-elsewhere - The line of an envelope shown in the side panel or the canvas.
 * @csspart debug - A loaded message's deprecated `tool_call` or `artifacts` field, shown collapsed as JSON text.
 * @csspart truncated - The note where a reply's text stops being shown: it is longer than the chat displays.
 * @csspart unavailable - The note in a reply where part of it belongs to a protocol this page could not load.
 * @csspart tour - A Visual Tour; its steps are `tour-step` parts, their buttons `tour-show`.
 * @csspart tour-step - One step of a tour.
 * @csspart tour-show - The button that shows a tour step on the map.
 * @csspart attachment - A file the backend confirmed (a trusted `attachment` event), in the reply: its name, type and size, with the image's preview or the file's download.
 * @csspart sent-files - The files a user message was sent with, named.
 * @csspart attach-button - Opens the file picker (shown when `upload-url` is set).
 * @csspart attachments - The files attached to the message being written; each is an `attachment-chip` part.
 * @csspart attachment-chip - One attached file: name, type, size, progress and its buttons; also `attachment-<state>` (`checking`, `uploading`, `uploaded`, `failed`).
 * @csspart attachment-progress - The upload progress bar of an attached file.
 * @csspart attachment-error - Why files were not attached (over a limit, a type not accepted, content that is not what its name says).
 * @csspart waiting - The line of a message waiting for its files to upload, with a button that keeps it from being sent.
 * @csspart tool - A tool call in the timeline; also `tool-<state>` with its AI SDK state, or `tool-unlisted` for a state the backend named that the protocol does not list (shown neutrally, under its own name).
 * @csspart approval - What the agent asks before it runs a tool (an AI SDK tool approval), where the connection carries answers (`transport="ai-sdk"` or `"ag-ui"`): the tool, why it asks, a reason field (`approval-reason`) and the two buttons.
 * @csspart approval-approve - Approves the tool call, or answers an interrupt (with its form).
 * @csspart approval-deny - Denies the tool call, or cancels an interrupt.
 * @csspart interrupt - An AG-UI interrupt: its prompt, the form its `responseSchema` asks for, and the buttons, or what became of it (`interrupt-state`: answered, cancelled, expired); after the tool call it concerns, or where the run stopped.
 * @csspart source - A source or file an AI SDK reply cites (`file` for a file): its title, host or type, and its Open button (`source-open`).
 * @csspart open-dialog - The confirmation before a source or file opens in a new tab: its whole address (`open-url`) and its buttons (`open-confirm`, `open-cancel`).
 * @csspart tool-agent - At a tool call a subagent made, its name.
 * @csspart subagent - A subagent the agent handed work to (AG-UI), where it started, with how it is doing.
 * @csspart subagent-message - What the agent said when a subagent failed.
 * @csspart agent-error - What the agent said when its reply failed (AI SDK `error`, AG-UI `RUN_ERROR`), as plain text.
 * @csspart question-loading - The line shown while the controls to answer the agent load (a file of their own), or if they could not be loaded.
 * @csspart reasoning - Reasoning in the timeline (collapsible).
 * @csspart todo - The todo list from trusted todo events.
 * @csspart copy-button - The copy button of an assistant message.
 * @csspart suggestions - The follow-up suggestions; each is a `suggestion` part.
 * @csspart suggestion - One follow-up suggestion.
 * @csspart stop-button - Stops the reply that is streaming.
 * @csspart mode-select - The mode selector.
 * @csspart composer - The input area.
 * @csspart input - The message textarea.
 * @csspart send-button - The send button.
 * @csspart send-error - Why the last message could not be sent.
 * @csspart surface-slot - Where an assistant message first touched an A2UI surface; only the latest message that touched it holds the surface.
 * @csspart surface-fallback - Shown instead of an A2UI surface when the page defined `<mantis-a2ui-surface>` itself.
 * @csspart a2ui-surface - An A2UI surface (a `<mantis-a2ui-surface>`; style its inside through that element's parts).
 * @csspart action-chip - A user turn that was an action on an A2UI surface (`[a2ui_action]`), shown as a compact chip.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Font of code and tool names.
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Secondary text color.
 * @cssprop --mantis-color-surface - Background.
 * @cssprop --mantis-color-surface-raised - Background of user messages and the input.
 * @cssprop --mantis-color-border - Borders.
 * @cssprop --mantis-color-accent - The send button.
 * @cssprop --mantis-color-on-accent - Text on the send button.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-color-info - Tool calls awaiting input or approval.
 * @cssprop --mantis-color-success - The connected state and finished tool calls.
 * @cssprop --mantis-color-warning - The note under an interrupted reply.
 * @cssprop --mantis-color-danger - The disconnected state, failed tool calls and send errors.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 * @cssprop --mantis-chat-height - Height of the chat (default 32rem).
 */
export class MantisChat extends MantisChatProperties {
  static override properties: PropertyDeclarations = { session: { attribute: false }, messages: { attribute: false }, announcement: { state: true, attribute: false }, retryDelay: { state: true, attribute: false } };

  static override styles = chatLayoutStyles;
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** The session this chat shows: its own, or one a host made (`new ChatSession()` from `mantis-ui/core`). */
  get session(): ChatSession {
    return this.#binding.session;
  }
  set session(value: ChatSession | undefined) {
    if (value !== undefined && !isSession(value)) {
      rejectValue(this, 'session', 'a ChatSession');
      return;
    }
    this.#binding.show(value ?? null);
    this.#binding.applyGenerativeUi(this.generativeUiActive);
    this.#window.set(this.session.messages, true);
  }

  /**
   * The conversation in its persisted format: original text, trusted marker and trusted records per message.
   * Setting it replays the conversation exactly as it was authored; the newest messages paint first.
   */
  get messages(): readonly PersistedMessage[] {
    return this.session.persisted;
  }
  set messages(value: readonly PersistedMessage[]) {
    if (!Array.isArray(value)) {
      rejectValue(this, 'messages', 'an array of persisted messages');
      return;
    }
    // Entries not of the persisted shape are left out, with mantis-config-error; it shows once its check has loaded.
    void this.session.load(value).then(() => {
      this.#window.set(this.session.messages, true);
      this.#follow.stick();
    });
  }

  private announcement = '';
  /** The delay of the reconnect that is scheduled, in ms, while reconnecting. */
  private retryDelay: number | undefined = undefined;

  readonly #window = new HistoryWindowController(this);
  readonly #pacer = new FramePacerController(this);
  readonly #binding = new ChatSessionController(
    this,
    (event) => this.#onSession(event),
    () => {
      this.#window.stop();
      this.#config.release();
    },
    () => this.#envelopes.portChanged(),
  );
  readonly #follow = new FollowBottomController(this, () => this.renderRoot?.querySelector?.('.transcript') ?? null, () => this.renderRoot?.querySelector?.('.transcript-content') ?? null);
  readonly #workspace = new ChatWorkspaceController(this);
  readonly #config = new ChatConfigController(this, () => this.#binding.refreshServices());
  readonly #envelopes = new EnvelopesController(this, () => this.#binding.services);
  readonly #attachments = new ChatAttachmentsController(this, (text) => (this.announcement = text));
  readonly #composer = new ChatComposerController(this, this.#attachments, () => this.performUpdate(), () => this.#follow.stick());
  readonly #timeline = timelineContext(this, () => this.session, (text) => (this.announcement = text), this.#envelopes, new SurfacesController(this), new LazyParts(this, (text) => (this.announcement = text)));

  /** Whether this chat advertises inline UI: its own attribute and the page-level switch must both allow it. */
  get generativeUiActive(): boolean {
    return this.#binding.generativeUiAllowed(this.generativeUi);
  }

  /**
   * Sends a user message as if typed, text only (files the user attached stay for the user's own message). Returns
   * false when it was refused (empty, too long, no connection: the reason is shown under the input and fired as
   * `mantis-send-error`) or a `mantis-send` listener cancelled it.
   */
  send(text: string): boolean {
    return this.#composer.send(text, false);
  }

  /**
   * The user chose a color scheme (from the page's theme toggle): it applies now and is remembered (IndexedDB,
   * under `layout-key`) over the `theme` attribute when the page loads again.
   */
  chooseTheme(theme: Theme): void {
    if (isTheme(theme)) this.#workspace.chooseTheme(theme);
    else rejectValue(this, 'theme', '"light", "dark" or "system"');
  }

  /** Deletes the conversation stored under `history-key` from IndexedDB. The transcript on screen stays. */
  clearStoredHistory(): Promise<void> {
    return this.#workspace.clearHistory();
  }

  /** Settles once the conversation stored under `history-key` was read back (and shown, into an empty transcript). */
  get historyRestored(): Promise<void> {
    return this.#workspace.restored;
  }

  /** Stops the reply that is streaming, if any. */
  stop(): void {
    this.session.stop();
  }

  /** Commits at most once per animation frame while chunks arrive faster than that (see FramePacerController). */
  protected override async scheduleUpdate(): Promise<void> {
    await this.#pacer.ready();
    super.scheduleUpdate();
  }

  /** Resolves once the chat, the code its update started loading and the views inside it have rendered. */
  protected override async getUpdateComplete(): Promise<boolean> {
    // The update that took what a host set (before the upgrade too), then the history and media code it loaded.
    await super.getUpdateComplete().then(() => Promise.all([this.session.historyReady, this.#config.settled]));
    let done = await super.getUpdateComplete();
    for (let loading = this.#timeline.loading(); loading.length > 0; loading = this.#timeline.loading()) {
      await Promise.all(loading);
      done = await super.getUpdateComplete();
    }
    const views = this.renderRoot.querySelectorAll<HTMLElement & { updateComplete?: Promise<unknown> }>('mantis-ui-view');
    await Promise.all([...views].map((view) => view.updateComplete));
    this.#follow.follow();
    return done;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A value of the wrong kind is put back (with a warning and mantis-config-error); then nothing changed.
    const moved = checkConnectionValues(this, changed as Map<PropertyKey, unknown>);
    if (changed.has('generativeUi')) this.#binding.applyGenerativeUi(this.generativeUiActive);
    if (this.#config.update(changed as Map<PropertyKey, unknown>, this.hasUpdated)) this.#attachments.configure();
    if (changed.has('historyKey')) void this.#workspace.restoreHistory();
    // Another account: nothing of the old one's files goes with the new one's messages (its uploads expire there).
    if (changed.has('account') && this.hasUpdated) this.#attachments.forget();
    if (moved) this.#binding.connect({ url: this.url, kind: this.transport, chatId: this.chatId, connection: this.connection, relativeTo: document.baseURI, options: () => this.requestOptions });
    this.#binding.providePort();
  }

  #onSession(event: BindingEvent): void {
    if (event.type === 'messages') return this.#window.set(this.session.messages);
    if (event.type === 'waiting') this.#composer.waited(event.end);
    if (event.type === 'session') {
      this.#config.sessionShown();
      this.#attachments.configure();
      this.#binding.providePort();
    }
    if (event.type === 'history-change') this.#workspace.saveHistory(event.messages);
    if (event.type === 'session' || event.type === 'state') this.requestUpdate();
    if (event.type === 'backoff') this.retryDelay = event.delay;
    if (event.type === 'prefill') void this.#composer.prefill(event.text);
    // Something a protocol refused (the agent did not take an A2UI action, say) shows under the input.
    if (event.type === 'protocol-event' && event.event.type === 'refused' && typeof event.event['message'] === 'string') this.#composer.error = event.event['message'];
    if (event.type !== 'session') dispatchSessionEvent(this, event, (text) => (this.announcement = text));
  }

  protected override render(): TemplateResult {
    const session = this.session;
    return renderChat({
      session,
      files: this.#attachments,
      status: renderStatus(session.state, session.canRetry, () => session.retry(), this.retryDelay),
      announcement: this.announcement,
      onScroll: this.#follow.onScroll,
      revealing: this.#window.revealing,
      blocks: renderBlocks(this.#window.blocks, this.#timeline),
      suggestions: this.suggestions,
      send: (text) => this.send(text),
      composer: (streaming) => this.#composer.render(streaming),
      panel: this.artifactPanel === 'none' ? null : `${this.layoutKey}/artifact-panel`,
    });
  }
}
