import { html, nothing, type TemplateResult } from 'lit';
import type { ChatSession } from '../../src/index.js';
import { themeStyles } from '../internal/theme.styles.js';
import { attachmentCardStyles } from './attachment-card.js';
import type { ChatAttachmentsController } from './attachments.js';
import { composerFormStyles } from './composer-form.js';
import { chatStyles } from './mantis-chat.styles.js';
import { timelineStyles } from './timeline.js';
import { userMessageStyles } from './user-message.js';

/*
 * The layout of `<mantis-chat>`: the conversation column (header slot, connection status, the transcript with its
 * suggestions, the composer) and the built-in artifact panel beside it. Its parts are drawn by their controllers; this
 * puts them in place, with the landmarks and live regions the chat promises.
 */

/** The chat's styles: its own, and those of the parts it draws. */
export const chatLayoutStyles = [themeStyles, chatStyles, composerFormStyles, timelineStyles, userMessageStyles, attachmentCardStyles];

export interface ChatLayout {
  readonly session: ChatSession;
  /** The drop zone's handlers and state. */
  readonly files: ChatAttachmentsController;
  readonly status: TemplateResult;
  /** What the polite live region says now. */
  readonly announcement: string;
  readonly onScroll: (event: Event) => void;
  /** Earlier messages are being revealed. */
  readonly revealing: boolean;
  readonly blocks: unknown;
  readonly suggestions: readonly string[];
  readonly send: (text: string) => void;
  readonly composer: (streaming: boolean) => TemplateResult;
  /** The built-in panel's layout key; null when the page places its own panel. */
  readonly panel: string | null;
}

export function renderChat(chat: ChatLayout): TemplateResult {
  const { session, files, suggestions } = chat;
  const streaming = session.thread.streaming.length > 0;
  return html`<div class="workspace"><div
    part="base"
    class=${files.dragging ? 'base dragging' : 'base'}
    @dragenter=${files.onDragEnter}
    @dragover=${files.onDragOver}
    @dragleave=${files.onDragLeave}
    @drop=${files.onDrop}
  >
    <slot name="header"></slot>
    ${chat.status}
    <div class="visually-hidden" aria-live="polite" aria-atomic="true">${chat.announcement}</div>
    <div part="transcript" class="transcript" role="log" aria-live="off" aria-label="Conversation" aria-busy=${streaming} tabindex="0" @scroll=${chat.onScroll}>
      <div class="empty" ?hidden=${session.messages.length > 0}><slot name="empty"><p>No messages yet.</p></slot></div>
      <p class="earlier" ?hidden=${!chat.revealing}>Loading earlier messages…</p>
      <div class="transcript-content">${chat.blocks}</div>
      <div part="suggestions" class="suggestions" role="group" aria-label="Suggested follow-ups" ?hidden=${suggestions.length === 0 || streaming}>
        ${suggestions.map((text) => html`<button part="suggestion" class="suggestion" @click=${() => chat.send(text)}>${text}</button>`)}
      </div>
    </div>
    ${chat.composer(streaming)}
  </div>${
    chat.panel === null ? nothing : html`<mantis-artifact-panel part="artifact-panel" .store=${session.artifacts} layout-key=${chat.panel}></mantis-artifact-panel>`
  }</div>`;
}
