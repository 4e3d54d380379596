import { css, html, nothing, type TemplateResult } from 'lit';
import { renderSentFiles } from './attachment-card.js';
import type { TurnDescription, UserMessage } from '../../src/index.js';

/**
 * A user message: always plain text, fences included. A turn a protocol wrote for the user (an A2UI action, 004),
 * which its protocol describes (`turn`), shows as a compact chip.
 */
export function renderUserMessage(message: UserMessage, turn: TurnDescription | null): TemplateResult {
  if (turn) {
    return html`<div part="message message-user action-chip" class="message user action-chip">
      <details class="chip">
        <summary><span class="visually-hidden">You used</span> <span aria-hidden="true">⚡</span> <span class="chip-name">${turn.name}</span>
          <span class="muted">on ${turn.where}</span></summary>
        <pre class="chip-context" aria-label="Action context">${turn.details}</pre>
      </details>
    </div>`;
  }
  return html`<div part="message message-user" class="message user">
    <span class="visually-hidden">You said:</span>
    ${message.text ? html`<p class="user-text">${message.text}</p>` : nothing}${renderSentFiles(message.attachments)}
  </div>`;
}

export const userMessageStyles = css`
  .action-chip .chip {
    font-size: 0.875em;
  }
  .action-chip summary {
    cursor: pointer;
  }
  .chip-name {
    font-weight: 600;
  }
  .chip-context {
    margin: calc(var(--_space) * 0.5) 0 0;
    font-family: var(--_mono);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
