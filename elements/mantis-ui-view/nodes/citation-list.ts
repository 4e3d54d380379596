import { css, html, nothing, type TemplateResult } from 'lit';
import type { CitationListNode } from '../../../src/index.js';
import type { RenderContext } from './context.js';

/**
 * A numbered list of sources. With a context, numbering continues from the citations before this list in the
 * message (`ctx.citationStart`); `<ol start>` keeps the numbers in the accessibility tree too.
 */
export function citationList(node: CitationListNode, ctx?: Pick<RenderContext, 'citationStart'>): TemplateResult {
  const start = ctx?.citationStart ? Math.max(1, Math.trunc(ctx.citationStart(node.id)) || 1) : 1;
  return html`<section part="citation-list" class="citations" aria-label=${node.title ?? 'Sources'}>
    ${node.title ? html`<p class="group-title" aria-hidden="true">${node.title}</p>` : nothing}
    <ol class="citation-items" start=${start === 1 ? nothing : start}>
      ${node.citations.map(
        (citation) => html`<li part="citation" class="citation" id=${`citation-${citation.id}`}>
          <span class="citation-title">${citation.title}</span>
          ${citation.source ? html`<span class="citation-source"> — ${citation.source}</span>` : nothing}
          ${citation.excerpt ? html`<blockquote class="excerpt">${citation.excerpt}</blockquote>` : nothing}
        </li>`,
      )}
    </ol>
  </section>`;
}

export const citationStyles = css`
  .citation-items {
    margin: 0;
    padding-inline-start: 1.75em;
    display: grid;
    gap: calc(var(--_space) * 0.75);
  }
  .citation-title {
    font-weight: 600;
  }
  .citation-source {
    color: var(--_muted);
  }
  .excerpt {
    margin: calc(var(--_space) * 0.25) 0 0;
    padding-inline-start: var(--_space);
    border-inline-start: 2px solid var(--_border);
    color: var(--_muted);
    font-size: 0.875em;
  }
`;
