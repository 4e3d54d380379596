import { css, html, nothing, type TemplateResult } from 'lit';
import type { MediaGalleryNode } from '../../../src/index.js';

/**
 * Authenticated media by `agent_files/...` key. The view itself never fetches: until the authenticated media
 * loader is attached (its own issue), each item shows its text alternative, so nothing is requested from any
 * address the host did not allow.
 */
export function mediaGallery(node: MediaGalleryNode): TemplateResult {
  // A group, not a section: a view may hold several galleries, and same-named region landmarks would clash.
  return html`<div part="media-gallery" class="gallery" role="group" aria-label=${node.title ?? 'Media'}>
    ${node.title ? html`<p class="group-title" aria-hidden="true">${node.title}</p>` : nothing}
    <ul class="media-items">
      ${node.items.map(
        (item) => html`<li>
          <figure part="media-item" class="media-item" data-key=${item.key}>
            <div class="media-placeholder" role="img" aria-label=${item.alt}><span aria-hidden="true">🖼</span></div>
            <figcaption>${item.caption ?? item.alt}</figcaption>
          </figure>
        </li>`,
      )}
    </ul>
  </div>`;
}

export const mediaStyles = css`
  .media-items {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr));
    gap: var(--_space);
  }
  .media-item {
    margin: 0;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
  }
  .media-placeholder {
    aspect-ratio: 4 / 3;
    display: grid;
    place-items: center;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_raised);
    font-size: 1.5em;
  }
  figcaption {
    font-size: 0.8125em;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
`;
