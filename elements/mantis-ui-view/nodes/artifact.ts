import { css, html, nothing, type TemplateResult } from 'lit';
import type { ArtifactNode } from '../../../src/index.js';
import { markdown } from '../../internal/markdown.js';
import type { RenderContext } from './context.js';

const FORMAT_LABEL: Record<ArtifactNode['format'], string> = {
  markdown: 'Document',
  text: 'Text',
  code: 'Code',
  csv: 'Table (CSV)',
  json: 'JSON',
};

/** An artifact card: a short preview, and a button that asks the host to open the payload in its panel. */
export function artifact(node: ArtifactNode, ctx: RenderContext, open: (node: ArtifactNode) => void): TemplateResult {
  const preview = node.content.split('\n', 6).join('\n').slice(0, 400);
  return html`<article part="artifact" class="card artifact" aria-label=${`${FORMAT_LABEL[node.format]}: ${node.title}`}>
    <div class="card-title" role="heading" aria-level=${Math.min(6, ctx.headingLevel + 1)}>${node.title}</div>
    <span class="artifact-format">${FORMAT_LABEL[node.format]}${node.language ? ` · ${node.language}` : nothing}</span>
    ${node.description ? html`<div class="markdown">${markdown(node.description, 'restricted')}</div>` : nothing}
    <pre class="artifact-preview">${preview}</pre>
    <div class="actions">
      <button part="action artifact-open" class="action" @click=${() => open(node)}>Open ${node.title}</button>
    </div>
  </article>`;
}

export const artifactStyles = css`
  .artifact-format {
    font-size: 0.8125em;
    color: var(--_muted);
  }
  .artifact-preview {
    margin: 0;
    max-height: 7.5em;
    overflow: hidden;
    font-family: var(--_mono);
    font-size: 0.8125em;
    background: var(--_raised);
    border-radius: var(--_radius);
    padding: var(--_space);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
