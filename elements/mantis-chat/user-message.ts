import { css, html, nothing, type TemplateResult } from 'lit';
import { renderSentFiles } from './attachment-card.js';
import { parseActionTurn } from '../../src/protocols/a2ui/action.js';
import type { UserMessage } from '../../src/index.js';

/** A user message: always plain text, fences included; a synthesized A2UI action turn (004) shows as a compact chip. */
export function renderUserMessage(message: UserMessage): TemplateResult {
  const action = parseActionTurn(message.text);
  if (action) {
    const context = JSON.stringify(action.context, null, 2);
    return html`<div part="message message-user action-chip" class="message user action-chip">
      <details class="chip">
        <summary><span class="visually-hidden">You used</span> <span aria-hidden="true">⚡</span> <span class="chip-name">${action.name}</span>
          <span class="muted">on ${action.surfaceId}</span></summary>
        <pre class="chip-context" aria-label="Action context">${context}</pre>
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
