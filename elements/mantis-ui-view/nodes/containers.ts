import { css, html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { GridNode, StackNode } from '../../../src/index.js';
import type { RenderContext } from './context.js';

const key = (child: { type: string; id?: string }, index: number): string => ('id' in child && child.id ? child.id : `invalid-${index}`);

export function stack(node: StackNode, ctx: RenderContext): TemplateResult {
  return html`<div part="stack" class="stack ${node.direction ?? 'vertical'} gap-${node.gap ?? 'medium'}">
    ${repeat(node.children, key, (child) => ctx.renderChild(child))}
  </div>`;
}

export function grid(node: GridNode, ctx: RenderContext): TemplateResult {
  // A class, not a style attribute: inline styles are blocked under a strict CSP.
  return html`<div part="grid" class="grid cols-${node.columns ?? 2}">
    ${repeat(node.children, key, (child) => ctx.renderChild(child))}
  </div>`;
}

export const containerStyles = css`
  .stack {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .stack.horizontal {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: flex-start;
  }
  .stack.horizontal > * {
    flex: 1 1 12rem;
    min-width: 0;
  }
  .gap-small {
    gap: calc(var(--_space) * 0.5);
  }
  .gap-medium {
    gap: var(--_space);
  }
  .gap-large {
    gap: calc(var(--_space) * 2);
  }
  /* Responsive: as many of --_columns as fit at 14rem each, never more. */
  .grid {
    display: grid;
    gap: var(--_space);
    grid-template-columns: repeat(auto-fit, minmax(max(14rem, calc((100% - (var(--_columns) - 1) * var(--_space)) / var(--_columns))), 1fr));
    min-width: 0;
  }
  .grid > * {
    min-width: 0;
  }
  .cols-1 {
    --_columns: 1;
  }
  .cols-2 {
    --_columns: 2;
  }
  .cols-3 {
    --_columns: 3;
  }
  .cols-4 {
    --_columns: 4;
  }
`;
