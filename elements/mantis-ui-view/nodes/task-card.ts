import { css, html, nothing, type TemplateResult } from 'lit';
import type { TaskCardNode } from '../../../src/index.js';
import { markdown } from '../../internal/markdown.js';
import type { RenderContext } from './context.js';

/** A suggested task. It never shows progress or completion: those come only from trusted task events. */
export function taskCard(node: TaskCardNode, ctx: RenderContext): TemplateResult {
  return html`<article part="task-card" class="card task" aria-label=${`Suggested task: ${node.title}`}>
    <span part="task-state" class="task-state">Suggested</span>
    <div class="card-title" role="heading" aria-level=${Math.min(6, ctx.headingLevel + 1)}>${node.title}</div>
    ${node.description ? html`<div class="markdown">${markdown(node.description, 'restricted')}</div>` : nothing}
    ${ctx.renderActions(node.id, node.actions)}
  </article>`;
}

export const taskStyles = css`
  .task {
    border-style: dashed;
  }
  .task-state {
    align-self: flex-start;
    font-size: 0.75em;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--_muted);
    border: 1px solid var(--_border);
    border-radius: 999px;
    padding: 0 0.6em;
  }
`;
