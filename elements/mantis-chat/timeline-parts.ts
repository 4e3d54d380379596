import { css, html, nothing, type TemplateResult } from 'lit';
import type { AssistantMessage, ReasoningPart, ToolPart, TruncatedPart } from '../../src/index.js';

/*
 * How the timeline draws the parts of an assistant message that are not Markdown, views, tours, attachments or
 * surfaces (each of those has a module of its own): tool calls, reasoning and the truncation notice, with their styles
 * (todo lists and the deprecated debug fields are drawn by todo-view.ts and debug-view.ts, loaded with the first). Separate from timeline.ts, which assembles messages and blocks from
 * these, so that what one part looks like can change without reading the transcript's assembly.
 */

/**
 * Tool states, as people read them, with a symbol that is not colour alone. The keys are AI SDK 7 `dynamic-tool`
 * states; docs/protocol.md maps the backend's states onto them.
 */
export const TOOL_STATE_DISPLAY: Record<ToolPart['state'], { readonly label: string; readonly icon: string }> = {
  'input-streaming': { label: 'pending', icon: '○' },
  'input-available': { label: 'running', icon: '◐' },
  'approval-requested': { label: 'awaiting approval', icon: '?' },
  'approval-responded': { label: 'approval recorded', icon: '☑' },
  'output-available': { label: 'completed', icon: '✓' },
  'output-error': { label: 'failed', icon: '✕' },
  'output-denied': { label: 'denied', icon: '⊘' },
};

/** How long a reasoning run took, from its record's arrival and last change; null while it streams. */
function reasoningSeconds(message: AssistantMessage, part: ReasoningPart): number | null {
  if (part.state !== 'done') return null;
  const entry = message.events.find((e) => e.event.type === 'reasoning' && (e.event as { reasoning_id?: unknown }).reasoning_id === part.id);
  return entry?.updatedAt === undefined ? null : (entry.updatedAt - entry.receivedAt) / 1000;
}

/** A state the backend named that this client does not list: shown neutrally, under its own name. */
const UNLISTED = { icon: '•' } as const;

/** A tool call: its name and its state, in words and by a symbol that is not colour alone. */
export function renderTool(part: ToolPart): TemplateResult {
  const unlisted = part.unlistedState;
  const denied = part.state === 'approval-responded' && !part.approval.approved;
  const state = unlisted !== undefined ? { label: unlisted.replaceAll('_', ' '), icon: UNLISTED.icon } : denied ? { label: 'denial recorded', icon: '⊘' } : TOOL_STATE_DISPLAY[part.state];
  const name = part.title ?? part.toolName;
  const kind = unlisted === undefined ? part.state : 'unlisted';
  const by = part.agent ? ` by ${part.agent}` : '';
  return html`<div part="tool tool-${kind}" class="tool state-${kind} ${denied ? 'denied' : ''}" role="group" aria-label=${`Tool ${name}${by}: ${state.label}`}>
    <span class="tool-icon" aria-hidden="true">${state.icon}</span>
    <span class="tool-name">${name}</span>${by ? html`<span part="tool-agent" class="muted">${by}</span>` : nothing}
    <span class="tool-state">${state.label}</span>
    ${part.state === 'output-error' ? html`<span class="tool-error">${part.errorText}</span>` : nothing}
  </div>`;
}

/** A reasoning run, collapsed: how long it took once it is over. */
export function renderReasoning(message: AssistantMessage, part: ReasoningPart): TemplateResult {
  const seconds = reasoningSeconds(message, part);
  return html`<details part="reasoning" class="reasoning">
        <summary>${part.state === 'streaming' ? 'Reasoning…' : seconds === null ? 'Reasoning' : `Reasoned for ${seconds.toFixed(1)} s`}</summary>
        <p class="reasoning-text">${part.text}</p>
      </details>`;
}

/** The notice where a reply's text stops being shown (COMPOSER_LIMITS.displayChars); the stored text is whole. */
export function renderTruncated(data: TruncatedPart['data']): TemplateResult {
  const rest = data.totalChars === undefined ? null : data.totalChars - data.shownChars;
  const size = rest === null ? '' : ` (${rest.toLocaleString('en-US')} more ${rest === 1 ? 'character' : 'characters'})`;
  return html`<p part="truncated" class="truncated" role="note">
    This reply is longer than this chat shows; the rest${size} is not displayed. Copy it to read it all.
  </p>`;
}

/** The styles of these parts (timeline.ts adds them to the timeline's). */
export const partStyles = css`
  .tool {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: calc(var(--_space) * 0.75);
    font-size: 0.875em;
    border: 1px solid var(--_border);
    border-inline-start: 3px solid var(--_tool);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.5) var(--_space);
    --_tool: var(--_muted);
  }
  .tool-name {
    font-family: var(--_mono);
  }
  .tool-state {
    color: var(--_tool);
    font-weight: 600;
  }
  .state-input-available,
  .state-approval-requested {
    --_tool: var(--_info);
  }
  .state-approval-responded,
  .state-output-available {
    --_tool: var(--_success);
  }
  .state-output-error,
  .state-output-denied,
  .tool.denied {
    --_tool: var(--_danger);
  }
  .state-approval-requested {
    border-style: dashed;
  }
  .tool-error {
    flex-basis: 100%;
    color: var(--_danger);
  }
  .reasoning {
    font-size: 0.875em;
    color: var(--_muted);
  }
  .reasoning summary {
    cursor: pointer;
  }
  .reasoning-text {
    white-space: pre-wrap;
    margin: calc(var(--_space) * 0.5) 0 0;
  }
  .truncated {
    margin: 0;
    font-size: 0.875em;
    color: var(--_muted);
    border-inline-start: 3px solid var(--_warning);
    padding-inline-start: var(--_space);
  }
`;
