import { css, html, nothing, type TemplateResult } from 'lit';
import { cleanFileName, formatBytes, type AttachedFile, type AttachmentPart, type MediaService } from '../../src/index.js';
// Defines <mantis-media-item> (its code loads when the first one connects).
import '../mantis-media-item/mantis-media-item.js';

/**
 * A file the backend confirmed with a trusted `attachment` event: its name, type and size, and, once stored, the file
 * itself through the authenticated media service (`<mantis-media-item>`: an image's preview, any other file's
 * download). Nothing else ever makes one: no text of a message can.
 */
export function renderAttachmentCard(part: AttachmentPart, media: MediaService | null): TemplateResult {
  const { mediaType, size, key } = part.data;
  // As the composer shows names: no folders, no control or direction-override characters.
  const name = cleanFileName(part.data.name);
  return html`<figure part="attachment" class="attachment" data-attachment-id=${part.id}>
    ${key ? html`<mantis-media-item .media=${media} key=${key} alt=${name}></mantis-media-item>` : nothing}
    <figcaption><span aria-hidden="true">📎</span> ${name} <span class="muted">(${mediaType}, ${formatBytes(size)})</span></figcaption>
  </figure>`;
}

/** The files a user message was sent with, named (the reply's cards show what the backend stored). */
export function renderSentFiles(files: readonly AttachedFile[] | undefined): TemplateResult | typeof nothing {
  if (!files || files.length === 0) return nothing;
  return html`<ul part="sent-files" class="sent-files" aria-label="Files sent">
    ${files.map((file) => html`<li><span aria-hidden="true">📎</span> ${cleanFileName(file.name)} <span class="muted">(${file.mediaType}, ${formatBytes(file.size)})</span></li>`)}
  </ul>`;
}

export const attachmentCardStyles = css`
  .attachment {
    margin: 0;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
    max-width: 16rem;
  }
  .attachment figcaption {
    font-size: 0.875em;
    overflow-wrap: anywhere;
  }
  .sent-files {
    list-style: none;
    margin: calc(var(--_space) * 0.5) 0 0;
    padding: 0;
    font-size: 0.875em;
    overflow-wrap: anywhere;
  }
`;
