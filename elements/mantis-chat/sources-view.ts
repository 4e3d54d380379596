import { css, html, render, type TemplateResult } from 'lit';
import type { FilePart, SourceDocumentPart, SourceUrlPart } from '../../src/message/parts.js';
import type { PartsHostElement } from './lazy-parts.js';

/*
 * The sources and files a reply cites (AI SDK `source-url`, `source-document`, `file`, `reasoning-file`): each a line
 * with its title or name, its address's host or its type. The chat never fetches them: an http(s) address is opened
 * only by a click on Open and a second one in the confirmation that shows it in full, in a new tab without opener or
 * referrer; any other address (a `data:` URL, a scheme of an app) cannot be opened here and says so. Part of
 * parts-view.ts, loaded with the first such part.
 */

export type SourcePart = SourceUrlPart | SourceDocumentPart | FilePart;

/** An http(s) address that may be opened, or null. */
function openable(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const TITLE_ID = 'mantis-open-title';

export class SourceControls {
  readonly #host: PartsHostElement;
  /** The confirmation, made on first use beside the transcript in the chat's shadow root. */
  #dialog: HTMLDialogElement | null = null;

  constructor(host: PartsHostElement) {
    this.#host = host;
  }

  render(part: SourcePart): TemplateResult {
    if (part.type === 'source-document') {
      return html`<p part="source" class="source"><span class="source-kind">Document</span> <span class="source-title">${part.title}</span> <span class="muted">${part.filename ?? part.mediaType}</span></p>`;
    }
    const url = openable(part.url);
    const label = part.type === 'source-url' ? (part.title ?? part.url) : (part.filename ?? 'File');
    const detail = part.type === 'source-url' ? (url ? new URL(url).host : '') : part.mediaType;
    const kind = part.type === 'source-url' ? 'Source' : part.type === 'reasoning-file' ? 'File of the reasoning' : 'File';
    return html`<p part=${part.type === 'source-url' ? 'source' : 'file'} class="source">
      <span class="source-kind">${kind}</span> <span class="source-title">${label}</span> <span class="muted">${detail}</span>
      ${url
        ? html`<button type="button" part="source-open" class="source-open" aria-label=${`Open ${label}`} @click=${(e: Event) => this.#ask(url, label, e.currentTarget as HTMLElement)}>Open</button>`
        : html`<span class="muted">(cannot be opened here)</span>`}
    </p>`;
  }

  /** Shows the full address and asks before opening it; focus goes back to the button that asked. */
  #ask(url: string, label: string, trigger: HTMLElement): void {
    const dialog = (this.#dialog ??= this.#make());
    const close = () => dialog.close();
    const go = () => {
      close();
      window.open(url, '_blank', 'noopener,noreferrer');
    };
    render(
      html`<h2 id=${TITLE_ID} class="open-title">Open this link?</h2>
        <p>${label} opens in a new tab:</p>
        <p part="open-url" class="open-url">${url}</p>
        <div class="open-buttons">
          <button type="button" part="open-confirm" @click=${go}>Open link</button>
          <button type="button" part="open-cancel" @click=${close}>Cancel</button>
        </div>`,
      dialog,
    );
    dialog.addEventListener('close', () => trigger.isConnected && trigger.focus(), { once: true });
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[part="open-cancel"]')?.focus();
  }

  #make(): HTMLDialogElement {
    const dialog = document.createElement('dialog');
    dialog.setAttribute('part', 'open-dialog');
    dialog.setAttribute('aria-labelledby', TITLE_ID);
    dialog.className = 'open-dialog';
    this.#host.renderRoot.append(dialog);
    return dialog;
  }
}

export const sourceStyles = css`
  .source {
    margin: 0;
    font-size: 0.875em;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: calc(var(--_space) * 0.5);
  }
  .source-kind {
    font-weight: 600;
  }
  .source-title {
    overflow-wrap: anywhere;
  }
  .source-open,
  .open-buttons button {
    font: inherit;
  }
  .open-dialog {
    max-width: min(36rem, 90vw);
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .open-title {
    font-size: 1em;
    margin: 0 0 var(--_space);
  }
  .open-url {
    font-family: var(--_mono);
    overflow-wrap: anywhere;
  }
  .open-buttons {
    display: flex;
    gap: calc(var(--_space) * 0.5);
    justify-content: flex-end;
  }
`;
