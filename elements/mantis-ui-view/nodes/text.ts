import { css, html, nothing, type TemplateResult } from 'lit';
import type { CalloutNode, HeadingNode } from '../../../src/index.js';
import { markdown } from '../../internal/markdown.js';
import type { RenderContext } from './context.js';

const TONE_LABEL: Record<NonNullable<CalloutNode['tone']>, string> = {
  info: 'Note',
  success: 'Success',
  warning: 'Warning',
  danger: 'Important',
};

export function heading(node: HeadingNode, ctx: RenderContext): TemplateResult {
  const level = node.level ?? 1;
  return html`<div part="heading" class="heading level-${level}" role="heading" aria-level=${Math.min(6, ctx.headingLevel + level - 1)}>
    ${node.text}
  </div>`;
}

export function callout(node: CalloutNode): TemplateResult {
  const tone = node.tone ?? 'info';
  return html`<div part="callout" class="callout tone-${tone}" role="note">
    <span class="visually-hidden">${TONE_LABEL[tone]}:</span>
    ${node.title ? html`<p class="callout-title">${node.title}</p>` : nothing}
    <div class="markdown">${markdown(node.body, 'restricted')}</div>
  </div>`;
}

export const textStyles = css`
  .heading {
    font-weight: 650;
    margin: 0;
    line-height: 1.25;
  }
  .heading.level-1 {
    font-size: 1.25em;
  }
  .heading.level-2 {
    font-size: 1.1em;
  }
  .heading.level-3 {
    font-size: 1em;
  }
  .callout {
    position: relative;
    border: 1px solid var(--_border);
    border-inline-start: 4px solid var(--_tone);
    border-radius: var(--_radius);
    background: var(--_raised);
    padding: var(--_space) calc(var(--_space) * 1.5);
  }
  .tone-info {
    --_tone: var(--_info);
  }
  .tone-success {
    --_tone: var(--_success);
  }
  .tone-warning {
    --_tone: var(--_warning);
  }
  .tone-danger {
    --_tone: var(--_danger);
  }
  .callout-title {
    margin: 0 0 calc(var(--_space) * 0.5);
    font-weight: 650;
  }
`;
