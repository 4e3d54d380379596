import { html, nothing, type TemplateResult } from 'lit';
import type { CalloutNode, ComposerNode, HeadingNode, InvalidNode, StackNode } from '../../src/index.js';
import { markdown } from '../internal/markdown.js';

/** Rendering context: where view headings sit in the page's outline. */
export interface RenderContext {
  /** The `aria-level` of a level-1 view heading. */
  readonly headingLevel: number;
}

const TONE_LABEL: Record<NonNullable<CalloutNode['tone']>, string> = {
  info: 'Note',
  success: 'Success',
  warning: 'Warning',
  danger: 'Important',
};

function heading(node: HeadingNode, ctx: RenderContext): TemplateResult {
  const level = node.level ?? 1;
  return html`<div part="heading" class="heading level-${level}" role="heading" aria-level=${Math.min(6, ctx.headingLevel + level - 1)}>
    ${node.text}
  </div>`;
}

function callout(node: CalloutNode): TemplateResult {
  const tone = node.tone ?? 'info';
  return html`<div part="callout" class="callout tone-${tone}" role="note">
    <span class="visually-hidden">${TONE_LABEL[tone]}:</span>
    ${node.title ? html`<p class="callout-title">${node.title}</p>` : nothing}
    <div class="markdown">${markdown(node.body, 'restricted')}</div>
  </div>`;
}

function stack(node: StackNode, ctx: RenderContext): TemplateResult {
  return html`<div part="stack" class="stack ${node.direction ?? 'vertical'} gap-${node.gap ?? 'medium'}">
    ${node.children.map((child) => renderNode(child, ctx))}
  </div>`;
}

/** An invalid child: small, inert, and free of the model's data. */
export function invalidNode(node: InvalidNode): TemplateResult {
  return html`<p part="invalid" class="invalid" role="note">This part of the view could not be shown (${node.reason}).</p>`;
}

/** The renderer switch of the closed catalog: one case per `ComposerNode` type. */
export function renderNode(node: ComposerNode | InvalidNode, ctx: RenderContext): TemplateResult {
  switch (node.type) {
    case 'heading':
      return heading(node, ctx);
    case 'callout':
      return callout(node);
    case 'stack':
      return stack(node, ctx);
    case 'invalid':
      return invalidNode(node);
  }
}
