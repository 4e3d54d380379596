import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
// From their modules, not the core's index: in the IIFE this element is a lazy file that carries only what it uses.
import { fileNameOf, isPreviewKey } from '../../src/media/jobs.js';
import type { MediaFailure } from '../../src/media/types.js';
import { emit } from '../events.js';
import { MantisMediaItem } from './mantis-media-item.js';
import { themeStyles } from '../internal/theme.styles.js';
import { DownloadController, DownloadStatus } from './download-controller.js';
import { mediaItemStyles } from './mantis-media-item.styles.js';
import { DOWNLOAD_MESSAGES, PREVIEW_MESSAGES, canRetry, formatBytes } from './messages.js';
import { PreviewController, PreviewStatus } from './preview-controller.js';

/** The implementation of `<mantis-media-item>` (mantis-media-item.ts), loaded when the first one connects. */
export class MediaItemImpl extends MantisMediaItem {
  static override styles = [themeStyles, mediaItemStyles];

  readonly #preview = new PreviewController(this, () => ({ media: this.media, key: this.key, enabled: isPreviewKey(this.key) }));
  readonly #download = new DownloadController(this, () => ({ media: this.media, key: this.key, name: fileNameOf(this.key) }));
  /** Whether focus was inside before an update, so it can move to the card's button when its control goes away. */
  #hadFocus = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('key') || changed.has('media')) && this.hasUpdated) this.#download.reset();
    this.#hadFocus = (this.shadowRoot?.activeElement ?? null) !== null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((changed.has('key') || changed.has('media')) && !isPreviewKey(this.key) && this.media?.configured && this.media.urlOf(this.key) === null) {
      emit(this, 'mantis-media-error', { key: this.key, reason: 'invalid-key' });
    }
    // The button that had focus was replaced (Download by Cancel, Cancel by Download or Retry, a preview's Retry by
    // its loading image): keep focus in the item, on the card's button or else on the item itself.
    if (this.#hadFocus && (this.shadowRoot?.activeElement ?? null) === null) {
      const target = this.renderRoot.querySelector<HTMLElement>('[part="download"] button') ?? this.renderRoot.querySelector<HTMLElement>('[part="base"]');
      target?.focus();
    }
  }

  protected override render(): TemplateResult {
    // Focusable from script only: focus lands here when the control that had it goes away.
    return html`<div part="base" class="base" tabindex="-1">
      ${isPreviewKey(this.key) ? this.#renderPreview() : this.#renderDownload()}
      ${this.caption ? html`<p part="caption" class="caption">${this.caption}</p>` : nothing}
    </div>`;
  }

  #renderPreview(): TemplateResult {
    const state = this.#preview.state;
    switch (state.status) {
      case PreviewStatus.idle:
        return html`<div part="skeleton" class="frame skeleton" role="img" aria-label=${this.alt}></div>`;
      case PreviewStatus.loading:
        return html`<div part="skeleton" class="frame skeleton loading" role="img" aria-label=${`${this.alt} — Loading`} aria-busy="true"></div>`;
      case PreviewStatus.shown:
        return html`<img part="image" class="frame image" src=${state.url} alt=${this.alt} decoding="async" @error=${() => this.#preview.imageFailed(state.url)} />`;
      case PreviewStatus.failed:
        return this.#placeholder(state.reason, PREVIEW_MESSAGES[state.reason], canRetry(state.reason, 'preview') ? () => this.#preview.retry() : null);
    }
  }

  /** A failure's stand-in: an image with its alt and the reason as its name, visibly saying why. */
  #placeholder(reason: MediaFailure, message: string, retry: (() => void) | null): TemplateResult {
    const label = this.alt ? `${this.alt} — ${message}` : message;
    return html`<div class="failure">
      <div part="placeholder" class="frame placeholder" role="img" aria-label=${label} data-reason=${reason}>
        <span class="icon" aria-hidden="true">${reason === 'unconfigured' ? '🖼' : '⚠'}</span>
        <span class="message">${message}</span>
      </div>
      ${retry ? html`<button part="retry-button" class="button" @click=${retry}>Retry</button>` : nothing}
    </div>`;
  }

  #renderDownload(): TemplateResult {
    const media = this.media;
    if (!media?.configured) return this.#placeholder('unconfigured', DOWNLOAD_MESSAGES.unconfigured, null);
    if (media.urlOf(this.key) === null) return this.#placeholder('invalid-key', DOWNLOAD_MESSAGES['invalid-key'], null);
    const name = fileNameOf(this.key);
    return html`<div part="download" class="download" role="group" aria-label=${`File ${name}`}>
      <div class="file">
        <span class="file-icon" aria-hidden="true">📄</span>
        <span class="file-text">
          <span class="file-name">${name}</span>
          ${this.alt && this.alt !== name ? html`<span class="file-alt">${this.alt}</span>` : nothing}
        </span>
      </div>
      <div class="download-controls">${this.#downloadControls(name)}</div>
      <p class="visually-hidden" role="status">${this.#download.announcement}</p>
    </div>`;
  }

  #downloadControls(name: string): TemplateResult {
    const state = this.#download.state;
    const start = () => void this.#download.start();
    const button = html`<button part="download-button" class="button" @click=${start}>Download ${name}</button>`;
    switch (state.status) {
      case DownloadStatus.idle:
        return button;
      case DownloadStatus.downloading: {
        const { received, total } = state;
        const text = total !== undefined ? `${formatBytes(received)} of ${formatBytes(total)}` : formatBytes(received);
        return html`<progress
            part="progress"
            class="progress"
            aria-label=${`Downloading ${name}`}
            aria-valuetext=${text}
            max=${total ?? nothing}
            value=${total !== undefined ? received : nothing}
          ></progress>
          <span class="progress-text" aria-hidden="true">${text}</span>
          <button part="cancel-button" class="button" aria-label=${`Cancel download of ${name}`} @click=${() => this.#download.cancel()}>
            Cancel
          </button>`;
      }
      case DownloadStatus.done:
        return html`<span class="done">Downloaded</span>${button}`;
      case DownloadStatus.failed:
        return html`<p part="download-error" class="download-error" data-reason=${state.reason}>${DOWNLOAD_MESSAGES[state.reason]}</p>
          ${canRetry(state.reason, 'download')
            ? html`<button part="retry-button" class="button" aria-label=${`Retry downloading ${name}`} @click=${start}>Retry</button>`
            : nothing}`;
    }
  }
}
