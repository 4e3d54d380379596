import { html, type TemplateResult } from 'lit';
import type { ActionRowNode } from '../../../src/index.js';
import type { RenderContext } from './context.js';

export function actionRow(node: ActionRowNode, ctx: RenderContext): TemplateResult {
  return html`<div part="action-row" class="action-row">${ctx.renderActions(node.id, node.actions)}</div>`;
}
