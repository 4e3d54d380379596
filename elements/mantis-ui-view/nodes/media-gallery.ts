import { css, html, nothing, type TemplateResult } from 'lit';
import type { MediaGalleryNode } from '../../../src/index.js';
import type { RenderContext } from './context.js';
// Defines <mantis-media-item> (its code loads when the first one connects).
import '../../mantis-media-item/mantis-media-item.js';

/**
 * Authenticated media by `agent_files/...` key (the schema admits nothing else). Each item is a
 * `<mantis-media-item>` that fetches through the context's media service only, lazily, with the host's credentials;
 * without a service it shows its text alternative and requests nothing.
 */
export function mediaGallery(node: MediaGalleryNode, ctx: RenderContext): TemplateResult {
  // A group, not a section: a view may hold several galleries, and same-named region landmarks would clash.
  return html`<div part="media-gallery" class="gallery" role="group" aria-label=${node.title ?? 'Media'}>
    ${node.title ? html`<p class="group-title" aria-hidden="true">${node.title}</p>` : nothing}
    <ul class="media-items">
      ${node.items.map(
        // The figure captions the item itself, so the item gets no caption of its own. A caption that only repeated
        // the alt text would say it twice to a screen reader (axe: image-redundant-alt): the alt text alone is kept.
        (item) => html`<li>
          <figure part="media-item" class="media-item" data-key=${item.key}>
            <mantis-media-item .media=${ctx.media} key=${item.key} alt=${item.alt}></mantis-media-item>
            ${item.caption && item.caption !== item.alt ? html`<figcaption>${item.caption}</figcaption>` : nothing}
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
  figcaption {
    font-size: 0.8125em;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
`;
