import { css, html, nothing, type TemplateResult } from 'lit';
import type { EntityCardNode } from '../../../src/index.js';
import { markdown } from '../../internal/markdown.js';
import type { RenderContext } from './context.js';

export function entityCard(node: EntityCardNode, ctx: RenderContext): TemplateResult {
  return html`<article part="entity-card" class="card" aria-label=${node.title}>
    <div class="card-title" role="heading" aria-level=${Math.min(6, ctx.headingLevel + 1)}>${node.title}</div>
    ${node.description ? html`<div class="markdown card-description">${markdown(node.description, 'restricted')}</div>` : nothing}
    ${node.attributes?.length
      ? html`<dl class="attributes">
          ${node.attributes.map((attribute) => html`<div class="attribute"><dt>${attribute.label}</dt><dd>${attribute.value}</dd></div>`)}
        </dl>`
      : nothing}
    ${ctx.renderActions(node.id, node.actions)}
  </article>`;
}

export const cardStyles = css`
  .card {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    padding: calc(var(--_space) * 1.5);
    min-width: 0;
  }
  .card-title {
    font-weight: 650;
    font-size: 1.05em;
  }
  .attributes {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
    gap: calc(var(--_space) * 0.5) var(--_space);
    margin: 0;
  }
  .attribute dt {
    color: var(--_muted);
    font-size: 0.8125em;
  }
  .attribute dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
