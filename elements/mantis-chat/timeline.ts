import { css, html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { citationIndex, copyText, type AssistantMessage, type ChatSession, type EnvelopePart, type MantisPart, type ReasoningPart, type ToolPart, type TruncatedPart, type MediaService } from '../../src/index.js';
import { emit } from '../events.js';
import type { MessageBlock } from './history-window.js';
import { streamingMarkdown } from '../internal/markdown.js';
import { renderTour } from './tour.js';
import type { EnvelopeSurfaces, EnvelopesController } from './envelopes.js';
import type { SurfacesController } from './surfaces.js';
import { renderUserMessage } from './user-message.js';
import { renderAttachmentCard } from './attachment-card.js';

/** The timeline's callbacks for a chat: copy (through the cancelable `mantis-copy`) and tour steps (as navigate actions). */
export function timelineContext(
  host: HTMLElement,
  session: () => ChatSession,
  announce: (text: string) => void,
  envelopes: EnvelopesController,
  a2ui: SurfacesController,
): TimelineContext {
  return {
    envelopes: () => envelopes.surfaces(),
    envelope: (message, part, ctx) => envelopes.render(message, part, ctx),
    a2ui,
    session,
    media: () => session().media,
    onCopy(message) {
      const text = copyText(message);
      if (!emit(host, 'mantis-copy', { text }, { cancelable: true })) return;
      void navigator.clipboard?.writeText(text).then(
        () => announce('Copied to the clipboard.'),
        () => announce('Could not copy to the clipboard.'),
      );
    },
    onTourStep(message, stepId) {
      const tour = message.parts.find((p) => p.type === 'data-mantis-tour');
      const step = tour?.type === 'data-mantis-tour' ? tour.data.steps.find((s) => s.id === stepId) : undefined;
      if (!step) return;
      // A tour step is a navigation: the same narrow, read-only action a view offers.
      const action = { id: step.id, type: 'navigate', label: step.title, target: step.target } as const;
      session().runAction({ messageId: message.id, viewId: `tour-${message.id}`, nodeId: step.id, action });
    },
  };
}

/** What rendering a message needs from the chat. */
export interface TimelineContext {
  /** A Visual Tour step was chosen. */
  readonly onTourStep: (message: AssistantMessage, stepId: string) => void;
  /** The copy button of a message was pressed. */
  readonly onCopy: (message: AssistantMessage) => void;
  /** Where the chat shows agent-ui@1 envelopes (the same object until that changes). */
  readonly envelopes: () => EnvelopeSurfaces;
  /** An envelope part, drawn where its surface says. */
  readonly envelope: (message: AssistantMessage, part: EnvelopePart, ctx: EnvelopeSurfaces) => TemplateResult;
  /** The chat's A2UI surfaces: a surface part renders the slot its surface may be placed in. */
  readonly a2ui: SurfacesController;
  /** The session shown (user turns a protocol wrote are described by it). */
  readonly session: () => ChatSession;
  /** The media service attachment cards fetch their files through (none: they show their names only). */
  readonly media: () => MediaService | null;
}

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

function renderTool(part: ToolPart): TemplateResult {
  const unlisted = part.unlistedState;
  const state = unlisted === undefined ? TOOL_STATE_DISPLAY[part.state] : { label: unlisted.replaceAll('_', ' '), icon: UNLISTED.icon };
  const name = part.title ?? part.toolName;
  const kind = unlisted === undefined ? part.state : 'unlisted';
  return html`<div part="tool tool-${kind}" class="tool state-${kind}" role="group" aria-label=${`Tool ${name}: ${state.label}`}>
    <span class="tool-icon" aria-hidden="true">${state.icon}</span>
    <span class="tool-name">${name}</span>
    <span class="tool-state">${state.label}</span>
    ${part.state === 'output-error' ? html`<span class="tool-error">${part.errorText}</span>` : nothing}
  </div>`;
}

/** Todo statuses as people read them; another the backend named shows neutrally under its own name. */
const TODO_STATUS: Readonly<Record<string, { readonly icon: string; readonly label: string }>> = {
  pending: { icon: '☐', label: 'pending' },
  in_progress: { icon: '☐', label: 'in progress' },
  completed: { icon: '☑', label: 'completed' },
};

function renderTodo(todo: { readonly text: string; readonly status: string }): TemplateResult {
  const known = Object.prototype.hasOwnProperty.call(TODO_STATUS, todo.status) ? TODO_STATUS[todo.status] : undefined;
  const { icon, label } = known ?? { icon: '•', label: todo.status.replaceAll('_', ' ') };
  return html`<li class="todo-item todo-${known ? todo.status : 'unlisted'}">
    <span aria-hidden="true">${icon}</span> ${todo.text}
    <span class="muted">(${label})</span>
  </li>`;
}

function renderPart(part: MantisPart, message: AssistantMessage, citationStart: number, ctx: TimelineContext): TemplateResult {
  switch (part.type) {
    case 'text':
      return html`<div part="text" class="markdown">${streamingMarkdown(part.text, 'prose', part.state === 'streaming')}</div>`;
    case 'data-mantis-ui':
      // The stored marker, not the selected mode, decides the action policy; nothing runs while streaming.
      return html`<mantis-ui-view
        part="view"
        message-id=${message.id}
        part-id=${part.id}
        .view=${part.data}
        ?read-only=${message.marker.mode === 'ask'}
        ?actions-disabled=${message.status === 'streaming'}
        .outcomes=${message.actions}
        citation-start=${citationStart}
      ></mantis-ui-view>`;
    case 'data-mantis-ui-pending':
      return html`<div part="view-pending" class="pending" aria-hidden="true"><span>Preparing a view…</span></div>`;
    case 'data-mantis-tour':
      return renderTour(part.data, (stepId) => ctx.onTourStep(message, stepId));
    case 'data-mantis-attachment':
      return renderAttachmentCard(part, ctx.media());
    case 'dynamic-tool':
      return renderTool(part);
    case 'reasoning': {
      const seconds = reasoningSeconds(message, part);
      return html`<details part="reasoning" class="reasoning">
        <summary>${part.state === 'streaming' ? 'Reasoning…' : seconds === null ? 'Reasoning' : `Reasoned for ${seconds.toFixed(1)} s`}</summary>
        <p class="reasoning-text">${part.text}</p>
      </details>`;
    }
    case 'data-mantis-todo':
      return html`<ul part="todo" class="todo" aria-label="Tasks">
        ${part.data.todos.map(renderTodo)}
      </ul>`;
    case 'data-mantis-ui-error':
      return html`<p part="view-error" class="fallback" role="note">
        <strong>This view can’t be shown.</strong> ${part.data.message}
      </p>`;
    case 'data-mantis-truncated':
      return renderTruncated(part.data);
    case 'data-mantis-surface':
      return ctx.a2ui.renderSlot(message, part.data.surfaceId);
    case 'data-mantis-envelope':
      return html`<div class="envelopes">${ctx.envelope(message, part, ctx.envelopes())}</div>`;
    case 'data-mantis-unavailable':
      return html`<p part="unavailable" class="fallback" role="note">${part.data.message}</p>`;
  }
}

/** Characters of a deprecated debug field shown. */
const DEBUG_CHARS = 4000;

/** The deprecated `tool_call` and `artifacts` of a loaded message (001): collapsed, as JSON text, never as UI. */
function renderDebug(debug: NonNullable<AssistantMessage['debug']>): TemplateResult {
  const json = (value: unknown): string => {
    try {
      const text = JSON.stringify(value, null, 2) ?? String(value);
      return text.length > DEBUG_CHARS ? `${text.slice(0, DEBUG_CHARS)}…` : text;
    } catch {
      return '(not JSON)';
    }
  };
  return html`${(['tool_call', 'artifacts'] as const).map((key) =>
    debug[key] === undefined
      ? nothing
      : html`<details part="debug" class="debug">
          <summary>Debug: ${key} (deprecated)</summary>
          <pre>${json(debug[key])}</pre>
        </details>`,
  )}`;
}

/** The notice where a reply's text stops being shown (COMPOSER_LIMITS.displayChars); the stored text is whole. */
function renderTruncated(data: TruncatedPart['data']): TemplateResult {
  const rest = data.totalChars === undefined ? null : data.totalChars - data.shownChars;
  const size = rest === null ? '' : ` (${rest.toLocaleString('en-US')} more ${rest === 1 ? 'character' : 'characters'})`;
  return html`<p part="truncated" class="truncated" role="note">
    This reply is longer than this chat shows; the rest${size} is not displayed. Copy it to read it all.
  </p>`;
}

/** The transcript's blocks of messages: a block that did not change is not evaluated again, nor is a message. */
export function renderBlocks(blocks: readonly MessageBlock[], ctx: TimelineContext): TemplateResult {
  // Once per render, not per block or message: where envelopes go is part of what every guard compares.
  const surfaces = ctx.envelopes();
  return html`${repeat(
    blocks,
    (block) => block.index,
    (block) =>
      guard([block, surfaces], () =>
        repeat(
          block.messages,
          (m) => m.id,
          // Where envelopes go is part of a message's render: a new map adapter or canvas draws them again.
          (m) => guard([m, surfaces], () => (m.role === 'assistant' ? renderAssistantMessage(m, ctx) : renderUserMessage(m, ctx.session().describeTurn(m)))),
        ),
      ),
  )}`;
}

/** An assistant message: its parts in source order, then its copy button once it is over. */
export function renderAssistantMessage(message: AssistantMessage, ctx: TimelineContext): TemplateResult {
  // Citation numbers continue across the message's text and views; only views need a start number.
  const starts = message.parts.some((p) => p.type === 'data-mantis-ui') ? citationIndex(message.parts, { trailingText: false }).viewStart : null;
  return html`<article part="message message-assistant" class="message assistant" aria-busy=${message.status === 'streaming'} aria-label="Assistant">
    ${repeat(
      message.parts,
      // Envelopes are keyed by their ID: they stay the same elements while text grows before them.
      (part, index) => (part.type === 'data-mantis-envelope' ? `envelope:${part.id}` : index),
      (part) => {
        const start = part.type === 'data-mantis-ui' ? (starts?.get(part.id) ?? 1) : 0;
        // A part that did not change keeps its identity: its template is not evaluated again. A view also follows
        // the outcomes of its message's actions.
        const outcomes = part.type === 'data-mantis-ui' ? message.actions : null;
        // An envelope follows where the page shows envelopes (a new map adapter or canvas draws it again).
        const where = part.type === 'data-mantis-envelope' ? ctx.envelopes() : null;
        return guard([part, message.status, message.marker, start, outcomes, where], () => renderPart(part, message, start, ctx));
      },
    )}
    ${message.debug ? renderDebug(message.debug) : nothing}
    ${message.status === 'interrupted'
      ? html`<p part="interrupted" class="interrupted" role="note">This reply was interrupted before it finished.</p>`
      : nothing}
    ${message.status !== 'streaming'
      ? html`<div class="message-tools"><button part="copy-button" class="copy" @click=${() => ctx.onCopy(message)}>Copy</button></div>`
      : nothing}
  </article>`;
}

export const timelineStyles = css`
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
  .state-output-denied {
    --_tool: var(--_danger);
  }
  .state-approval-requested {
    border-style: dashed;
  }
  .tool-error {
    flex-basis: 100%;
    color: var(--_danger);
  }
  .reasoning,
  .debug {
    font-size: 0.875em;
    color: var(--_muted);
  }
  .reasoning summary,
  .debug summary {
    cursor: pointer;
  }
  .debug pre {
    font-family: var(--_mono);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 16rem;
    overflow: auto;
    margin: calc(var(--_space) * 0.5) 0 0;
  }
  .envelopes {
    display: grid;
    gap: var(--_space);
    margin-block: var(--_space);
  }
  .envelope-elsewhere {
    margin: 0;
    font-size: 0.875em;
    color: var(--_muted);
  }
  .envelope-elsewhere .link {
    font: inherit;
    color: var(--_accent);
    background: none;
    border: 0;
    padding: 0 0 0 4px;
    text-decoration: underline;
    cursor: pointer;
  }
  .reasoning-text {
    white-space: pre-wrap;
    margin: calc(var(--_space) * 0.5) 0 0;
  }
  .todo {
    margin: 0;
    padding-inline-start: var(--_space);
    list-style: none;
  }
  .todo-completed {
    color: var(--_muted);
  }
  .interrupted {
    margin: 0;
    font-size: 0.875em;
    color: var(--_warning);
  }
  .interrupted::before {
    content: '⚠ ';
  }
  .truncated {
    margin: 0;
    font-size: 0.875em;
    color: var(--_muted);
    border-inline-start: 3px solid var(--_warning);
    padding-inline-start: var(--_space);
  }
  .message-tools {
    display: flex;
    gap: var(--_space);
  }
  /* The chat's small secondary buttons (the tour's step buttons too). */
  .copy,
  .suggestion,
  .stop,
  .tour-show {
    font: inherit;
    font-size: 0.8125em;
    color: var(--_accent);
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.15em 0.75em;
    cursor: pointer;
  }
  .surface-slot:empty {
    display: none;
  }
`;
