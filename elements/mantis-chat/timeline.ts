import { css, html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { citationIndex, copyText, type AssistantMessage, type ChatSession, type EnvelopePart, type MantisPart, type MediaService } from '../../src/index.js';
import type { LazyParts } from './lazy-parts.js';
import { emit } from '../events.js';
import type { MessageBlock } from './history-window.js';
import { streamingMarkdown } from '../internal/markdown.js';
import type { EnvelopeSurfaces, EnvelopesController } from './envelopes.js';
import type { SurfacesController } from './surfaces.js';
import { renderUserMessage } from './user-message.js';
import { renderAttachmentCard } from './attachment-card.js';
import { partStyles, renderReasoning, renderTool, renderTruncated } from './timeline-parts.js';

/** The timeline's callbacks for a chat: copy (through the cancelable `mantis-copy`). */
export function timelineContext(
  host: HTMLElement,
  session: () => ChatSession,
  announce: (text: string) => void,
  envelopes: EnvelopesController,
  a2ui: SurfacesController,
  lazyParts: LazyParts,
): TimelineContext {
  return {
    lazyParts,
    loading: () => [envelopes.loading, a2ui.loading, lazyParts.loading].filter((p) => p !== null),
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
  };
}

/** What rendering a message needs from the chat. */
export interface TimelineContext {
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
  /** The parts drawn by a module loaded on first need: what the agent asks (with the controls to answer), sources, files, tours. */
  readonly lazyParts: LazyParts;
  /** The code that a render started loading (the first envelope's, surface's or question's), while it loads. */
  readonly loading: () => Promise<void>[];
}

/** What a question's drawing depends on beyond its message: whether its controls loaded, whether it can be answered. */
const asking = (ctx: TimelineContext): string => `${ctx.lazyParts.version}:${ctx.session().answerable}`;



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
    case 'data-mantis-attachment':
      return renderAttachmentCard(part, ctx.media());
    case 'dynamic-tool':
      return html`${renderTool(part)}${ctx.lazyParts.render(message, part)}`;
    case 'data-mantis-interrupt':
    case 'data-mantis-tour':
    case 'data-mantis-activity':
    case 'data-mantis-subagent':
    case 'data-mantis-agent-error':
    case 'data-mantis-todo':
    case 'source-url':
    case 'source-document':
    case 'file':
    case 'reasoning-file':
      return html`${ctx.lazyParts.render(message, part)}`;
    case 'reasoning':
      return renderReasoning(message, part);
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

/** The transcript's blocks of messages: a block that did not change is not evaluated again, nor is a message. */
export function renderBlocks(blocks: readonly MessageBlock[], ctx: TimelineContext): TemplateResult {
  // Once per render, not per block or message: where envelopes go is part of what every guard compares.
  const surfaces = ctx.envelopes();
  const asks = asking(ctx);
  return html`${repeat(
    blocks,
    (block) => block.index,
    (block) =>
      guard([block, surfaces, asks], () =>
        repeat(
          block.messages,
          (m) => m.id,
          // Where envelopes go is part of a message's render: a new map adapter or canvas draws them again.
          (m) => guard([m, surfaces, asks], () => (m.role === 'assistant' ? renderAssistantMessage(m, ctx) : renderUserMessage(m, ctx.session().describeTurn(m)))),
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
        // A part the lazy module draws follows its loading; what an agent asks, whether it can be answered and the
        // answers given in its message once it ended (views and text need none of it).
        const asks = part.type === 'text' || part.type === 'data-mantis-ui' ? null : [asking(ctx), message.status !== 'streaming' && message];
        return guard([part, message.status, message.marker, start, outcomes, where, asks], () => renderPart(part, message, start, ctx));
      },
    )}
    ${message.debug ? ctx.lazyParts.render(message, 'debug') : nothing}
    ${message.status === 'interrupted'
      ? html`<p part="interrupted" class="interrupted" role="note">This reply was interrupted before it finished.</p>`
      : nothing}
    ${message.status !== 'streaming'
      ? html`<div class="message-tools"><button part="copy-button" class="copy" @click=${() => ctx.onCopy(message)}>Copy</button></div>`
      : nothing}
  </article>`;
}

/** The timeline's styles: its parts' (timeline-parts.ts), then the assembly's and the chat's small buttons. */
export const timelineStyles = css`
${partStyles}
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
  .interrupted {
    margin: 0;
    font-size: 0.875em;
    color: var(--_warning);
  }
  .interrupted::before {
    content: '⚠ ';
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
