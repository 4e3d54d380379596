import type { PropertyDeclarations } from 'lit';
import type { MediaService } from '../../src/media/types.js';
import { defineElement } from '../internal/define.js';
import { LazyElement, type Implementation } from '../internal/lazy-element.js';

export type { MediaErrorDetail } from '../events.js';

/**
 * One item of the authenticated media store, by its `agent_files/...` key: an image preview, or a download card
 * for any other file. Everything is fetched through the `media` service with the host's credentials; the element
 * never shows a URL the service did not create.
 *
 * A preview waits until the item is near the viewport, shows a busy skeleton while it loads, then the image, or a
 * placeholder that says why not (each reason its own, with `data-reason`). A download streams through the
 * service's ceiling with a progress bar and a Cancel button, then hands the file to the browser. Nothing retries
 * on its own: network and server failures offer a Retry button. Removing the item aborts what it was fetching; an
 * account change (the service's `reset`) drops the shown image and loads it again under the new account.
 *
 * @tagname mantis-media-item
 * @summary An authenticated image preview or file download.
 *
 * @fires {CustomEvent<MediaErrorDetail>} mantis-media-error - The preview or download failed; `detail.reason` says why (`unauthorized`, `forbidden`, `not-found`, `too-large`, `unsupported-type`, `server`, `network`, `invalid-key`, `aborted`). Not fired when no service is configured.
 *
 * @csspart base - The wrapper of the item.
 * @csspart skeleton - The box shown before and while a preview loads (`aria-busy` while loading).
 * @csspart image - The previewed image.
 * @csspart placeholder - What shows instead of a preview (or of an unavailable download), with a `data-reason` attribute.
 * @csspart retry-button - The button that asks again after a failure.
 * @csspart download - The card of a file that is downloaded rather than shown.
 * @csspart download-button - The button that starts a download.
 * @csspart progress - The progress bar of a running download.
 * @csspart cancel-button - The button that cancels a running download.
 * @csspart download-error - Why a download failed, with a `data-reason` attribute.
 * @csspart caption - The caption, when `caption` is set.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Monospace font (shared token).
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Secondary text color.
 * @cssprop --mantis-color-surface - Background of the download card.
 * @cssprop --mantis-color-surface-raised - Background of the skeleton and placeholders.
 * @cssprop --mantis-color-border - Borders.
 * @cssprop --mantis-color-accent - Buttons and the progress bar.
 * @cssprop --mantis-color-on-accent - Text on accent backgrounds.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-color-info - Informational accent (shared token).
 * @cssprop --mantis-color-success - The "Downloaded" note.
 * @cssprop --mantis-color-warning - Warning accent (shared token).
 * @cssprop --mantis-color-danger - Failure messages.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 */
export class MantisMediaItem extends LazyElement {
  static override properties: PropertyDeclarations = {
    media: { attribute: false },
    key: {},
    alt: {},
    caption: {},
  };

  static override load = (): Promise<Implementation<LazyElement>> => import('./mantis-media-item.component.js').then((m) => m.MediaItemImpl);

  /** The media service the item fetches through; a view passes its own. Without one, nothing is requested. */
  media: MediaService | null = null;

  /** The item's `agent_files/...` key. Image keys are previewed; any other file is offered as a download. */
  key = '';

  /** The text alternative of the media (required for images). */
  alt = '';

  /** A visible caption under the item; a gallery that captions its own figure leaves it unset. */
  caption: string | undefined = undefined;
}

defineElement('mantis-media-item', MantisMediaItem);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-media-item': MantisMediaItem;
  }
}
