import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  MODES,
  SseTransport,
  Thread,
  WebSocketTransport,
  composerUrl,
  copyText,
  followUpPrompt,
  type AssistantMessage,
  type ChatMessage,
  type ComposerMode,
  type ConnectionState,
  type PersistedMessage,
  type Transport,
  type TransportEvent,
} from '../../src/index.js';
import { emit } from '../events.js';
import { themeStyles, type Theme } from '../internal/theme.styles.js';
import { TransportController } from '../internal/transport-controller.js';
import { chatStyles } from './mantis-chat.styles.js';
import { renderAssistantMessage, timelineStyles } from './timeline.js';
import { tourStyles } from './tour.js';

/**
 * The page-level switch, read once when the bundle loads, as NEXT_PUBLIC_COMPOSER_GENERATIVE_UI=false is in the
 * specification: `window.MANTIS_COMPOSER_GENERATIVE_UI = false` before the script, or
 * `<meta name="mantis-composer-generative-ui" content="false">`. Off, no chat advertises the capability.
 */
const PAGE_ALLOWS_GENERATIVE_UI: boolean = (() => {
  const flag = (globalThis as { MANTIS_COMPOSER_GENERATIVE_UI?: unknown }).MANTIS_COMPOSER_GENERATIVE_UI;
  if (flag === false || String(flag).toLowerCase() === 'false') return false;
  const meta = globalThis.document?.querySelector?.('meta[name="mantis-composer-generative-ui"]');
  return meta?.getAttribute('content')?.trim().toLowerCase() !== 'false';
})();

/** `generative-ui` is on unless the attribute says exactly "false". */
const onUnlessFalse = {
  fromAttribute: (value: string | null): boolean => value === null || value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean): string | null => (value ? null : 'false'),
};

const STATE_TEXT: Record<ConnectionState, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
};

const MODE_LABEL: Record<ComposerMode, string> = { orchestrator: 'Orchestrator', ask: 'Ask', 'visual-tour': 'Visual Tour' };

/** Messages painted first when a long history is set; older ones follow in batches while the page is idle. */
const FIRST_PAINT = 12;
const REVEAL_BATCH = 60;
/** A run of messages rendered together. */
interface MessageBlock {
  readonly index: number;
  readonly messages: readonly ChatMessage[];
}

/** Messages per rendering block (see #syncBlocks). */
const BLOCK = 40;

/**
 * The Composer: a transcript of streamed answers with validated views between their paragraphs, and an input.
 * It connects to a Composer WebSocket (`url`), advertising `inline_ui_version=1` while generative UI is on.
 *
 * @tagname mantis-chat
 * @summary A generative-UI chat.
 *
 * @slot header - Content above the transcript, such as a title.
 * @slot empty - Shown while the transcript has no messages.
 *
 * @fires {CustomEvent<SendDetail>} mantis-send - A message is about to be sent. Cancelable: cancel it to keep the message from being sent.
 * @fires {CustomEvent<MessageCompleteDetail>} mantis-message-complete - An assistant message finished streaming.
 * @fires {CustomEvent<HistoryChangeDetail>} mantis-history-change - The conversation changed (a message was sent, or a reply ended): `detail.messages` is its persisted format.
 * @fires {CustomEvent<SuggestionsRequestDetail>} mantis-suggestions-request - A reply ended: `detail.prompt` (the follow-up projection, without view payloads) is what to build follow-up suggestions from; set `suggestions` with them.
 * @fires {CustomEvent<CopyDetail>} mantis-copy - A message's copy button was pressed; `detail.text` is the copy projection. Cancelable: cancel it to copy yourself.
 * @fires {CustomEvent<ConnectionChangeDetail>} mantis-connection-change - The connection state changed.
 * @fires {CustomEvent<ActionDetail>} mantis-action - The user chose an action of a view, or a Visual Tour step (a navigate action).
 * @fires {CustomEvent<ProtocolErrorDetail>} mantis-protocol-error - A frame from the server failed validation and was skipped.
 *
 * @csspart base - The whole chat.
 * @csspart status - The connection state line.
 * @csspart retry-button - Reconnects now, shown while reconnecting or disconnected.
 * @csspart transcript - The scrolling list of messages.
 * @csspart message - One message; also `message-user` or `message-assistant`.
 * @csspart text - Rendered Markdown of an assistant message.
 * @csspart view - A view inside an assistant message.
 * @csspart view-pending - The placeholder of a view that is still streaming.
 * @csspart view-error - The fallback of a view that was refused.
 * @csspart tour - A Visual Tour; its steps are `tour-step` parts, their buttons `tour-show`.
 * @csspart tour-step - One step of a tour.
 * @csspart tour-show - The button that shows a tour step on the map.
 * @csspart attachment - An uploaded file in the timeline.
 * @csspart tool - A tool call in the timeline; also `tool-<state>` with its AI SDK state.
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
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Secondary text color.
 * @cssprop --mantis-color-surface - Background.
 * @cssprop --mantis-color-surface-raised - Background of user messages and the input.
 * @cssprop --mantis-color-border - Borders.
 * @cssprop --mantis-color-accent - The send button.
 * @cssprop --mantis-color-on-accent - Text on the send button.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 */
export class MantisChat extends LitElement {
  static override styles = [themeStyles, chatStyles, tourStyles, timelineStyles];
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** The Composer URL, absolute or relative to the page (its scheme follows `transport`). */
  @property() url: string | undefined = undefined;

  /** A transport to use instead of building one from `url`. The page keeps ownership: it is not closed here. */
  @property({ attribute: false }) transport: Transport | undefined = undefined;

  /** How to reach `url`: `ws` (WebSocket, the default) or `sse` (Server-Sent Events with POSTed frames). */
  @property({ attribute: 'transport' }) transportKind: 'ws' | 'sse' = 'ws';

  /** The Composer mode new replies are authored under. Replayed messages keep the mode they were authored in. */
  @property({ reflect: true }) mode: ComposerMode = 'orchestrator';

  /** Generative UI: on unless `generative-ui="false"`. Off, the capability is not advertised and replies are Markdown only. */
  @property({ attribute: 'generative-ui', converter: onUnlessFalse }) generativeUi = true;

  /** Color scheme: `light`, `dark`, or `system` (the default) to follow the operating system. */
  @property({ reflect: true }) theme: Theme = 'system';

  /** Placeholder text of the input. */
  @property() placeholder = 'Send a message';

  /** Follow-up suggestions shown under the last reply (see `mantis-suggestions-request`); choosing one sends it. */
  @property({ attribute: false }) suggestions: readonly string[] = [];

  /**
   * The conversation in its persisted format: original text, trusted marker and trusted events per message.
   * Setting it replays the conversation exactly as it was authored; the newest messages paint first.
   */
  @property({ attribute: false })
  get messages(): readonly PersistedMessage[] {
    return this.#thread.toPersisted();
  }
  set messages(value: readonly PersistedMessage[]) {
    this.#thread.load(Array.isArray(value) ? value : []);
    this.timeline = this.#thread.messages;
    this.renderFrom = Math.max(0, this.timeline.length - FIRST_PAINT);
    this.#stick = true;
    if (this.renderFrom > 0) this.#revealOlder();
  }

  @state() private connectionState: ConnectionState = 'idle';
  @state() private timeline: readonly ChatMessage[] = [];
  @state() private renderFrom = 0;
  @state() private announcement = '';

  @query('textarea') private input!: HTMLTextAreaElement;
  @query('.transcript') private transcript!: HTMLElement;

  readonly #thread = new Thread();
  readonly #connection = new TransportController(this, (event) => this.#onTransportEvent(event));
  /**
   * The rendered window of the timeline in blocks of BLOCK messages at fixed positions. A block keeps its array
   * while its messages do not change, so an update re-renders the block that changed, not every message.
   */
  #blocks: readonly MessageBlock[] = [];
  /** Follow the stream at the bottom unless the user scrolled up. */
  #stick = true;
  #revealTimer: ReturnType<typeof setTimeout> | undefined;
  #resize: ResizeObserver | undefined;

  /** The messages of the conversation, oldest first, with their parts. */
  get conversation(): readonly ChatMessage[] {
    return this.timeline;
  }

  /** Whether this chat advertises inline UI: its own attribute and the page-level switch must both allow it. */
  get generativeUiActive(): boolean {
    return this.generativeUi && PAGE_ALLOWS_GENERATIVE_UI;
  }

  /** Sends a user message as if typed. Returns false when it was empty or a `mantis-send` listener cancelled it. */
  send(text: string): boolean {
    if (text.trim().length === 0) return false;
    if (!emit(this, 'mantis-send', { text }, { cancelable: true })) return false;
    const message = this.#thread.addUserMessage(text);
    this.#setTimeline();
    this.suggestions = [];
    this.#stick = true;
    const mode = (MODES as readonly string[]).includes(this.mode) ? this.mode : 'orchestrator';
    this.#connection.transport?.send({ type: 'user_message', client_message_id: message.id, text, mode });
    emit(this, 'mantis-history-change', { messages: this.messages });
    return true;
  }

  /** Stops the reply that is streaming, if any. */
  stop(): void {
    const streaming = this.#streaming();
    if (streaming) this.#connection.transport?.send({ type: 'abort', message_id: streaming.id });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#revealTimer);
    this.#resize?.disconnect();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const content = this.renderRoot?.querySelector?.('.transcript-content');
    if (this.#resize && content) this.#resize.observe(content);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('transport') || changed.has('url') || changed.has('generativeUi') || changed.has('transportKind')) {
      if (this.transport) this.#connection.use(this.transport, false);
      else if (this.url) this.#connection.use(this.#buildTransport(this.url), true);
      else this.#connection.use(null, false);
      this.connectionState = this.#connection.transport?.state ?? 'idle';
    }
    this.#syncBlocks();
  }

  protected override firstUpdated(): void {
    // Views and Markdown below grow after this element's own update: follow them while sticking to the bottom.
    this.#resize = new ResizeObserver(() => this.#followBottom());
    const content = this.renderRoot.querySelector('.transcript-content');
    if (content) this.#resize.observe(content);
  }

  protected override updated(): void {
    this.#followBottom();
  }

  #followBottom(): void {
    if (this.#stick && this.transcript) this.transcript.scrollTop = this.transcript.scrollHeight;
  }

  #buildTransport(url: string): Transport | null {
    const options = { generativeUi: this.generativeUiActive };
    try {
      return this.transportKind === 'sse'
        ? new SseTransport(composerUrl(url, options, document.baseURI, 'http'))
        : new WebSocketTransport(composerUrl(url, options, document.baseURI, 'ws'));
    } catch {
      emit(this, 'mantis-protocol-error', { reason: 'invalid url' });
      return null;
    }
  }

  #syncBlocks(): void {
    const timeline = this.timeline;
    const blocks: MessageBlock[] = [];
    for (let start = Math.floor(this.renderFrom / BLOCK) * BLOCK; start < timeline.length; start += BLOCK) {
      const from = Math.max(start, this.renderFrom);
      const to = Math.min(start + BLOCK, timeline.length);
      const index = start / BLOCK;
      const previous = this.#blocks.find((b) => b.index === index);
      const same =
        previous !== undefined &&
        previous.messages.length === to - from &&
        previous.messages.every((m, i) => m === timeline[from + i]);
      blocks.push(same ? previous : { index, messages: timeline.slice(from, to) });
    }
    this.#blocks = blocks;
  }

  #streaming(): AssistantMessage | undefined {
    const last = this.timeline.at(-1);
    return last?.role === 'assistant' && last.status === 'streaming' ? last : undefined;
  }

  #setTimeline(): void {
    this.timeline = this.#thread.messages;
  }

  #revealOlder(): void {
    clearTimeout(this.#revealTimer);
    this.#revealTimer = setTimeout(() => {
      this.renderFrom = Math.max(0, this.renderFrom - REVEAL_BATCH);
      if (this.renderFrom > 0) this.#revealOlder();
    }, 16);
  }

  #onTransportEvent(event: TransportEvent): void {
    switch (event.type) {
      case 'state':
        this.connectionState = event.state;
        emit(this, 'mantis-connection-change', { state: event.state });
        return;
      case 'protocol-error':
        emit(this, 'mantis-protocol-error', { reason: event.reason });
        return;
      case 'ui-envelope':
        return;
      case 'server': {
        const changed = this.#thread.apply(event.event);
        if (!changed) return;
        this.#setTimeline();
        if (event.event.type === 'message_start') this.announcement = 'Assistant is replying…';
        if (changed.status === 'done') {
          this.announcement = `Assistant replied: ${copyText(changed).slice(0, 300)}`;
          emit(this, 'mantis-message-complete', { message: changed });
          emit(this, 'mantis-history-change', { messages: this.messages });
          emit(this, 'mantis-suggestions-request', { messageId: changed.id, prompt: followUpPrompt(changed) });
        }
      }
    }
  }

  #copy(message: AssistantMessage): void {
    const text = copyText(message);
    if (!emit(this, 'mantis-copy', { text }, { cancelable: true })) return;
    void navigator.clipboard?.writeText(text).then(
      () => (this.announcement = 'Copied to the clipboard.'),
      () => (this.announcement = 'Could not copy to the clipboard.'),
    );
  }

  #onTourStep(message: AssistantMessage, stepId: string): void {
    const tour = message.parts.find((p) => p.type === 'data-mantis-tour');
    const step = tour?.type === 'data-mantis-tour' ? tour.data.steps.find((s) => s.id === stepId) : undefined;
    if (!step) return;
    // A tour step is a navigation: the same narrow, read-only action a view offers.
    emit(this, 'mantis-action', {
      viewId: `tour-${message.id}`,
      nodeId: step.id,
      action: { id: step.id, type: 'navigate', label: step.title, target: step.target },
    });
  }

  readonly #timelineContext = {
    onTourStep: (message: AssistantMessage, stepId: string) => this.#onTourStep(message, stepId),
    onCopy: (message: AssistantMessage) => this.#copy(message),
  };

  #retry(): void {
    const transport = this.#connection.transport as (Transport & { retry?: () => void }) | null;
    if (!transport) return;
    if (transport.state === 'closed') transport.connect();
    else transport.retry?.();
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (this.send(this.input.value)) this.input.value = '';
    this.input.focus();
  }

  #onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.input.form?.requestSubmit();
    }
  }

  #onScroll(): void {
    const t = this.transcript;
    this.#stick = t.scrollHeight - t.scrollTop - t.clientHeight < 48;
  }

  #renderMessage(message: ChatMessage): TemplateResult {
    if (message.role === 'user') {
      return html`<div part="message message-user" class="message user">
        <span class="visually-hidden">You said:</span>
        <p class="user-text">${message.text}</p>
      </div>`;
    }
    return renderAssistantMessage(message, this.#timelineContext);
  }

  protected override render(): TemplateResult {
    const empty = this.timeline.length === 0;
    const streaming = this.#streaming();
    const canRetry = typeof (this.#connection.transport as { retry?: unknown } | null)?.retry === 'function';
    const blocks = this.#blocks;
    return html`<div part="base" class="base">
      <slot name="header"></slot>
      <div part="status" class="status state-${this.connectionState}">
        <span role="status">${STATE_TEXT[this.connectionState]}</span>
        <button
          part="retry-button"
          class="retry"
          ?hidden=${!(this.connectionState === 'reconnecting' || this.connectionState === 'closed') || !canRetry}
          @click=${this.#retry}
        >
          Retry now
        </button>
      </div>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">${this.announcement}</div>
      <div
        part="transcript"
        class="transcript"
        role="log"
        aria-live="off"
        aria-label="Conversation"
        aria-busy=${Boolean(streaming)}
        tabindex="0"
        @scroll=${this.#onScroll}
      >
        <div class="empty" ?hidden=${!empty}><slot name="empty"><p>No messages yet.</p></slot></div>
        <p class="earlier" ?hidden=${this.renderFrom === 0}>Loading earlier messages…</p>
        <div class="transcript-content">
          ${repeat(
            blocks,
            (block) => block.index,
            (block) => guard([block], () => repeat(block.messages, (m) => m.id, (m) => guard([m], () => this.#renderMessage(m)))),
          )}
        </div>
        <div part="suggestions" class="suggestions" role="group" aria-label="Suggested follow-ups" ?hidden=${this.suggestions.length === 0 || Boolean(streaming)}>
          ${this.suggestions.map(
            (text) => html`<button part="suggestion" class="suggestion" @click=${() => this.send(text)}>${text}</button>`,
          )}
        </div>
      </div>
      <form part="composer" class="composer" @submit=${this.#onSubmit}>
        <label class="visually-hidden" for="input">Message</label>
        <textarea
          id="input"
          part="input"
          rows="2"
          placeholder=${this.placeholder}
          enterkeyhint="send"
          @keydown=${this.#onKeyDown}
        ></textarea>
        <div class="composer-actions">
          <select part="mode-select" aria-label="Mode" .value=${this.mode} @change=${(e: Event) => (this.mode = (e.target as HTMLSelectElement).value as ComposerMode)}>
            ${MODES.map((mode) => html`<option value=${mode} ?selected=${mode === this.mode}>${MODE_LABEL[mode]}</option>`)}
          </select>
          <button part="stop-button" class="stop" type="button" ?hidden=${!streaming} @click=${this.stop}>Stop</button>
          <button part="send-button" class="send" type="submit">Send</button>
        </div>
      </form>
    </div>`;
  }
}
