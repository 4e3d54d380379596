import { css, html, nothing, type TemplateResult } from 'lit';
import { COMPOSER_LIMITS, MODES, type ComposerMode, type ConnectionState } from '../../src/index.js';

const MODE_LABEL: Record<ComposerMode, string> = { orchestrator: 'Orchestrator', ask: 'Ask', 'visual-tour': 'Visual Tour' };

const STATE_TEXT: Record<ConnectionState, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
};

/** The connection state line, with a button that reconnects now while reconnecting or disconnected. */
export function renderStatus(state: ConnectionState, canRetry: boolean, retry: () => void, retryDelay?: number): TemplateResult {
  const next = state === 'reconnecting' && retryDelay !== undefined ? ` Next try in ${Math.max(1, Math.round(retryDelay / 1000))} s.` : '';
  return html`<div part="status" class="status state-${state}">
    <span role="status">${STATE_TEXT[state]}${next}</span>
    <button part="retry-button" class="retry" ?hidden=${!(state === 'reconnecting' || state === 'closed') || !canRetry} @click=${retry}>
      Retry now
    </button>
  </div>`;
}

/** What the input area needs from the chat. */
export interface ComposerFormContext {
  readonly mode: ComposerMode;
  readonly placeholder: string;
  readonly streaming: boolean;
  /** Why the last message could not be sent; empty when it could. */
  readonly error: string;
  readonly onSubmit: (event: SubmitEvent) => void;
  readonly onInput: () => void;
  readonly onMode: (mode: ComposerMode) => void;
  readonly onStop: () => void;
  /** A message waits for its files: the input is read-only and sending again does nothing. */
  readonly waiting: boolean;
  readonly onPaste: (event: ClipboardEvent) => void;
  /** The attach button (nothing when attachments are off). */
  readonly attachButton: TemplateResult | typeof nothing;
  /** The attached files' chips, refusals and the waiting line. */
  readonly tray: TemplateResult | typeof nothing;
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    (event.target as HTMLTextAreaElement).form?.requestSubmit();
  }
}

/** The input area: the message box (it knows the protocol's length limit), the mode selector, stop and send. */
export function renderComposerForm(ctx: ComposerFormContext): TemplateResult {
  return html`<form part="composer" class="composer" @submit=${ctx.onSubmit}>
    <label class="visually-hidden" for="input">Message</label>
    <textarea
      id="input"
      part="input"
      rows="2"
      maxlength=${COMPOSER_LIMITS.userMessageLength}
      placeholder=${ctx.placeholder}
      enterkeyhint="send"
      aria-invalid=${ctx.error ? 'true' : 'false'}
      aria-describedby=${ctx.error ? 'send-error' : nothing}
      ?readonly=${ctx.waiting}
      @keydown=${onKeyDown}
      @input=${ctx.onInput}
      @paste=${ctx.onPaste}
    ></textarea>
    ${ctx.tray}
    <div class="composer-actions">
      ${ctx.attachButton}
      <select part="mode-select" aria-label="Mode" .value=${ctx.mode} @change=${(e: Event) => ctx.onMode((e.target as HTMLSelectElement).value as ComposerMode)}>
        ${MODES.map((mode) => html`<option value=${mode} ?selected=${mode === ctx.mode}>${MODE_LABEL[mode]}</option>`)}
      </select>
      <button part="stop-button" class="stop" type="button" ?hidden=${!ctx.streaming} @click=${ctx.onStop}>Stop</button>
      <button part="send-button" class="send" type="submit" ?disabled=${ctx.waiting}>Send</button>
    </div>
    <p part="send-error" id="send-error" class="send-error" role="alert">${ctx.error}</p>
  </form>`;
}

export const composerFormStyles = css`
  .composer {
    flex-wrap: wrap;
  }
  .send-error {
    flex-basis: 100%;
    margin: 0;
    font-size: 0.875em;
    color: var(--_danger);
  }
  .send-error:empty {
    display: none;
  }
`;

/** Puts a prefill-composer action's text in the message box after any draft (kept), focused, caret at the end. */
export function prefillInput(input: HTMLTextAreaElement, text: string): void {
  input.value = input.value.trim() ? `${input.value.trimEnd()}\n${text}` : text;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}
