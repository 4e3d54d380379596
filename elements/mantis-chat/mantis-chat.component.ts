import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  MODES,
  SseTransport,
  Thread,
  WebSocketTransport,
  citationIndex,
  composerUrl,
  type AssistantMessage,
  type ChatMessage,
  type ComposerMode,
  type ConnectionState,
  type MantisPart,
  type ToolPart,
  type Transport,
  type TransportEvent,
} from '../../src/index.js';
import { emit } from '../events.js';
import { streamingMarkdown } from '../internal/markdown.js';
import { themeStyles, type Theme } from '../internal/theme.styles.js';
import { TransportController } from '../internal/transport-controller.js';
import { chatStyles } from './mantis-chat.styles.js';
import { renderTour, tourStyles } from './tour.js';

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

const formatBytes = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const citationCounts = new WeakMap<object, number>();
/** Citations in a view part, counted once per part. */
const citationCount = (part: MantisPart & { type: 'data-mantis-ui' }): number => {
  let count = citationCounts.get(part);
  if (count === undefined) {
    count = citationIndex([part]).citations.length;
    citationCounts.set(part, count);
  }
  return count;
};

/** What each tool state is called, for people (the timeline issue gives each its own look). */
const TOOL_STATE_TEXT: Record<ToolPart['state'], string> = {
  'input-streaming': 'pending',
  'input-available': 'running',
  'approval-requested': 'awaiting approval',
  'approval-responded': 'approval recorded',
  'output-available': 'completed',
  'output-error': 'failed',
  'output-denied': 'denied',
};

const STATE_TEXT: Record<ConnectionState, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
};

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
 * @csspart tool - A tool call in the timeline.
 * @csspart reasoning - Reasoning in the timeline (collapsible).
 * @csspart todo - The todo list from trusted todo events.
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
  static override styles = [themeStyles, chatStyles, tourStyles];
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** The Composer WebSocket URL, absolute or relative to the page (`http(s)` is turned into `ws(s)`). */
  @property() url: string | undefined = undefined;

  /** A transport to use instead of building one from `url`. The page keeps ownership: it is not closed here. */
  @property({ attribute: false }) transport: Transport | undefined = undefined;

  /** How to reach `url`: `ws` (WebSocket, the default) or `sse` (Server-Sent Events with POSTed frames). */
  @property({ attribute: 'transport' }) transportKind: 'ws' | 'sse' = 'ws';

  /** The Composer mode replies are authored under. */
  @property({ reflect: true }) mode: ComposerMode = 'orchestrator';

  /** Generative UI: on unless `generative-ui="false"`. Off, the capability is not advertised and replies are Markdown only. */
  @property({ attribute: 'generative-ui', converter: onUnlessFalse }) generativeUi = true;

  /** Color scheme: `light`, `dark`, or `system` (the default) to follow the operating system. */
  @property({ reflect: true }) theme: Theme = 'system';

  /** Placeholder text of the input. */
  @property() placeholder = 'Send a message';

  @state() private connectionState: ConnectionState = 'idle';
  @state() private messages: readonly ChatMessage[] = [];

  @query('textarea') private input!: HTMLTextAreaElement;

  readonly #thread = new Thread();
  readonly #connection = new TransportController(this, (event) => this.#onTransportEvent(event));

  /** The messages of the conversation, oldest first. */
  get conversation(): readonly ChatMessage[] {
    return this.messages;
  }

  /** Sends a user message as if typed. Returns false when it was empty or a `mantis-send` listener cancelled it. */
  send(text: string): boolean {
    if (text.trim().length === 0) return false;
    if (!emit(this, 'mantis-send', { text }, { cancelable: true })) return false;
    const message = this.#thread.addUserMessage(text);
    this.messages = this.#thread.messages;
    const mode = (MODES as readonly string[]).includes(this.mode) ? this.mode : 'orchestrator';
    this.#connection.transport?.send({ type: 'user_message', client_message_id: message.id, text, mode });
    return true;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('transport') || changed.has('url') || changed.has('generativeUi') || changed.has('transportKind')) {
      if (this.transport) this.#connection.use(this.transport, false);
      else if (this.url) this.#connection.use(this.#buildTransport(this.url), true);
      else this.#connection.use(null, false);
      this.connectionState = this.#connection.transport?.state ?? 'idle';
    }
  }

  /** Whether this chat advertises inline UI: its own attribute and the page-level switch must both allow it. */
  get generativeUiActive(): boolean {
    return this.generativeUi && PAGE_ALLOWS_GENERATIVE_UI;
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

  #onTransportEvent(event: TransportEvent): void {
    switch (event.type) {
      case 'state':
        this.connectionState = event.state;
        emit(this, 'mantis-connection-change', { state: event.state });
        return;
      case 'protocol-error':
        emit(this, 'mantis-protocol-error', { reason: event.reason });
        return;
      case 'server': {
        const changed = this.#thread.apply(event.event);
        if (!changed) return;
        this.messages = this.#thread.messages;
        if (changed.status === 'done') emit(this, 'mantis-message-complete', { message: changed });
      }
    }
  }

  #canRetry(): boolean {
    return typeof (this.#connection.transport as { retry?: unknown } | null)?.retry === 'function';
  }

  #retry(): void {
    const transport = this.#connection.transport as (Transport & { retry?: () => void; connect(): void }) | null;
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

  #renderPart(part: MantisPart, message: AssistantMessage, citationStart: number): TemplateResult {
    switch (part.type) {
      case 'text':
        return html`<div part="text" class="markdown">${streamingMarkdown(part.text, 'prose', part.state === 'streaming')}</div>`;
      case 'data-mantis-ui':
        // The stored marker, not the selected mode, decides the action policy; nothing runs while streaming.
        return html`<mantis-ui-view
          part="view"
          .view=${part.data}
          ?read-only=${message.marker.mode === 'ask'}
          ?actions-disabled=${message.status === 'streaming'}
          citation-start=${citationStart}
        ></mantis-ui-view>`;
      case 'data-mantis-ui-pending':
        return html`<div part="view-pending" class="pending" aria-hidden="true"><span>Preparing a view…</span></div>`;
      case 'data-mantis-tour':
        return renderTour(part.data, (stepId) => {
          const step = part.data.steps.find((s) => s.id === stepId);
          if (!step) return;
          // A tour step is a navigation: the same narrow, read-only action a view offers.
          emit(this, 'mantis-action', {
            viewId: `tour-${message.id}`,
            nodeId: step.id,
            action: { id: step.id, type: 'navigate', label: step.title, target: step.target },
          });
        });
      case 'data-mantis-attachment':
        return html`<p part="attachment" class="attachment">
          <span aria-hidden="true">📎</span> ${part.data.name} <span class="muted">(${part.data.mediaType}, ${formatBytes(part.data.size)})</span>
        </p>`;
      case 'dynamic-tool':
        // The full tool timeline (every state, approvals, correlation) comes with the timeline; this is its line.
        return html`<p part="tool" class="tool state-${part.state}">
          <span class="visually-hidden">Tool</span> ${part.title ?? part.toolName}: ${TOOL_STATE_TEXT[part.state]}
        </p>`;
      case 'reasoning':
        return html`<details part="reasoning" class="reasoning">
          <summary>${part.state === 'streaming' ? 'Reasoning…' : 'Reasoning'}</summary>
          <p class="reasoning-text">${part.text}</p>
        </details>`;
      case 'data-mantis-todo':
        return html`<ul part="todo" class="todo" aria-label="Tasks">
          ${part.data.todos.map((todo) => html`<li class="todo-${todo.status}">${todo.text} <span class="muted">(${todo.status.replace('_', ' ')})</span></li>`)}
        </ul>`;
      case 'data-mantis-ui-error':
        return html`<p part="view-error" class="fallback" role="note">
          <strong>This view can’t be shown.</strong> ${part.data.message}
        </p>`;
    }
  }

  #renderMessage(message: ChatMessage): TemplateResult {
    if (message.role === 'user') {
      return html`<div part="message message-user" class="message user">
        <span class="visually-hidden">You said:</span>
        <p class="user-text">${message.text}</p>
      </div>`;
    }
    let cited = 0;
    return html`<div part="message message-assistant" class="message assistant" aria-busy=${message.status === 'streaming'}>
      <span class="visually-hidden">Assistant:</span>
      ${repeat(message.parts, (_part, index) => index, (part) => {
        // Citation numbers continue across the message's views.
        const start = cited + 1;
        if (part.type === 'data-mantis-ui') cited += citationCount(part);
        // A part that did not change keeps its identity: its template is not evaluated again.
        return guard([part, message.status, message.marker, start], () => this.#renderPart(part, message, start));
      })}
    </div>`;
  }

  protected override render(): TemplateResult {
    const empty = this.messages.length === 0;
    const streaming = this.messages.some((m) => m.role === 'assistant' && m.status === 'streaming');
    return html`<div part="base" class="base">
      <slot name="header"></slot>
      <div part="status" class="status state-${this.connectionState}">
        <span role="status">${STATE_TEXT[this.connectionState]}</span>
        <button
          part="retry-button"
          class="retry"
          ?hidden=${!(this.connectionState === 'reconnecting' || this.connectionState === 'closed') || !this.#canRetry()}
          @click=${this.#retry}
        >
          Retry now
        </button>
      </div>
      <div part="transcript" class="transcript" role="log" aria-label="Conversation" aria-busy=${streaming} tabindex="0">
        <div class="empty" ?hidden=${!empty}><slot name="empty"><p>No messages yet.</p></slot></div>
        ${repeat(this.messages, (m) => m.id, (m) => this.#renderMessage(m))}
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
        <button part="send-button" type="submit">Send</button>
      </form>
    </div>`;
  }
}
