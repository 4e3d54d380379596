import { css, html, nothing, type TemplateResult } from 'lit';
import { formatBytes } from '../../src/format.js';
import type { PendingAttachment } from '../../src/uploads/tray.js';
import type { ChatSession } from '../../src/chat/session.js';

/*
 * The templates of the composer's attachment controls (attachments.ts keeps their state and handlers). Beside the IIFE
 * this is a file of its own, loaded once a chat has an upload endpoint, with its styles, which the chat adopts then.
 */

/** What the controls need from the chat. */
export interface ControlsHost {
  readonly session: () => ChatSession;
  /** Whether the chat takes files (a usable upload endpoint). */
  readonly enabled: () => boolean;
  readonly update: () => void;
  readonly focusInput: () => void;
}

/** The controls' state (refusals shown, a drag over the chat) and their handlers. */
export class AttachmentControls {
  readonly #host: ControlsHost;
  /** Why the last files given were refused, one sentence each (shown under the input until the next change). */
  #refusals: readonly string[] = [];
  #dragging = 0;

  constructor(host: ControlsHost) {
    this.#host = host;
  }

  /** Adds files from the picker, a drop or a paste; the refused ones are said under the input. */
  async add(files: readonly File[]): Promise<void> {
    if (files.length === 0) return;
    const refuse = !this.#host.enabled()
      ? 'Files cannot be attached in this chat.'
      : this.#host.session().waitingText !== null
        ? 'A message is waiting for its files: attach more once it is sent, or choose "Don\'t send yet".'
        : null;
    if (refuse) {
      this.#refusals = [refuse];
      this.#host.update();
      return;
    }
    const refused = await this.#host.session().attachments.add(files);
    this.#refusals = refused.map((r) => r.message);
    this.#host.update();
  }

  /** Forgets the refusals shown (the user typed, or sent). */
  clearRefusals(): void {
    if (this.#refusals.length === 0) return;
    this.#refusals = [];
    this.#host.update();
  }

  readonly onPaste = (event: ClipboardEvent): void => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length === 0 || !this.#host.enabled()) return;
    // The files are attached; the names a browser would paste as text are not.
    event.preventDefault();
    void this.add(files);
  };

  readonly onDragEnter = (event: DragEvent): void => {
    if (!this.#host.enabled() || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    this.#dragging += 1;
    if (this.#dragging === 1) this.#host.update();
  };

  readonly onDragOver = (event: DragEvent): void => {
    if (!this.#host.enabled() || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };

  readonly onDragLeave = (): void => {
    if (this.#dragging === 0) return;
    this.#dragging -= 1;
    if (this.#dragging === 0) this.#host.update();
  };

  readonly onDrop = (event: DragEvent): void => {
    if (!this.#host.enabled()) return;
    const files = [...(event.dataTransfer?.files ?? [])];
    this.#dragging = 0;
    this.#host.update();
    if (files.length === 0) return;
    event.preventDefault();
    void this.add(files);
  };

  /** Whether files are being dragged over the chat (it shows where they would go). */
  get dragging(): boolean {
    return this.#dragging > 0;
  }

  #onPick = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const files = [...(input.files ?? [])];
    // The same file can be picked again after it was removed.
    input.value = '';
    void this.add(files);
  };

  /** The attach button and its hidden file input. */
  renderButton(): TemplateResult {
    return renderAttachButton(this.#host.session().attachments.policy.accept.join(','), this.#onPick);
  }

  /** The chips of the attached files, why files were refused, and the line of a message waiting for them. */
  renderTray(waiting: string | null, cancelWaiting: () => void): TemplateResult | typeof nothing {
    const tray = this.#host.session().attachments;
    if (tray.items.length === 0 && this.#refusals.length === 0 && waiting === null) return nothing;
    return renderAttachmentTray({
      items: tray.items,
      refusals: this.#refusals,
      waiting,
      cancelWaiting,
      retry: (id) => tray.retry(id),
      remove: (id) => {
        void tray.remove(id);
        // The focused button is gone with its chip: focus goes to the message box.
        this.#host.focusInput();
      },
    });
  }
}

/** The attach button and its hidden file input: the button opens the picker (Enter and Space, as any button). */
export function renderAttachButton(accept: string, onPick: (event: Event) => void): TemplateResult {
  return html`<input id="file-input" class="visually-hidden" type="file" multiple accept=${accept} tabindex="-1" aria-hidden="true" @change=${onPick} />
    <button
      part="attach-button"
      class="attach"
      type="button"
      aria-label="Attach files"
      title="Attach files"
      @click=${(event: Event) => (event.currentTarget as HTMLElement).parentElement?.querySelector<HTMLInputElement>('#file-input')?.click()}
    >
      <span aria-hidden="true">📎</span>
    </button>`;
}

export interface TrayView {
  readonly items: readonly PendingAttachment[];
  /** Why the last files given were refused, one sentence each. */
  readonly refusals: readonly string[];
  /** The text of a message waiting for its files, or null. */
  readonly waiting: string | null;
  readonly cancelWaiting: () => void;
  readonly retry: (id: string) => void;
  readonly remove: (id: string) => void;
}

/** The chips of the attached files, why files were refused, and the line of a message waiting for its files. */
export function renderAttachmentTray(view: TrayView): TemplateResult {
  const pending = view.items.filter((i) => i.state !== 'uploaded').length;
  return html`<div class="tray">
    ${view.items.length > 0 ? html`<ul part="attachments" class="chips" aria-label="Attached files">${view.items.map((item) => chip(item, view))}</ul>` : nothing}
    ${view.refusals.length > 0
      ? html`<div part="attachment-error" class="refusals" role="alert">${view.refusals.map((text) => html`<p>${text}</p>`)}</div>`
      : nothing}
    ${view.waiting !== null
      ? html`<p part="waiting" class="waiting">
          <span role="status">${pending === 0 ? 'Sending…' : 'Your message will be sent once its files have uploaded.'}</span>
          <button type="button" class="link" @click=${view.cancelWaiting}>Don't send yet</button>
        </p>`
      : nothing}
  </div>`;
}

function chip(item: PendingAttachment, view: TrayView): TemplateResult {
  const busy = item.state === 'uploading' || item.state === 'checking';
  const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 0;
  const status =
    item.state === 'checking' ? 'Checking…' : item.state === 'uploading' ? `Uploading, ${percent}%` : item.state === 'uploaded' ? 'Uploaded' : `Failed: ${item.error ?? ''}`;
  return html`<li part="attachment-chip attachment-${item.state}" class="chip state-${item.state}" data-state=${item.state}>
    <span class="chip-name" title=${item.name}>${item.name}</span>
    <span class="chip-meta">${item.mediaType || 'file'} · ${formatBytes(item.size)}</span>
    ${busy ? html`<progress part="attachment-progress" max=${item.size} .value=${item.sent} aria-label=${`Uploading ${item.name}`}></progress>` : nothing}
    <span class="chip-status">${status}</span>
    ${item.state === 'failed' && (item.failure === 'network' || item.failure === 'server')
      ? html`<button type="button" class="chip-button" aria-label=${`Retry ${item.name}`} @click=${() => view.retry(item.id)}>Retry</button>`
      : nothing}
    <button type="button" class="chip-button" aria-label=${`${busy ? 'Cancel upload of' : 'Remove'} ${item.name}`} @click=${() => view.remove(item.id)}>
      ${busy ? 'Cancel' : 'Remove'}
    </button>
  </li>`;
}

/** The controls' styles (on the chat's theme variables), adopted by the chat's shadow root with the controls. */
export const attachmentStyles = css`
  .attach {
    font: inherit;
    min-width: 2.25rem;
  }
  .tray {
    order: -1;
    flex-basis: 100%;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
  }
  .refusals p {
    margin: 0;
  }
  .chips {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
  }
  .chip {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 0 calc(var(--_space) * 0.5);
    align-items: center;
    max-width: 16rem;
    padding: calc(var(--_space) * 0.5) var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    font-size: 0.8125em;
  }
  .chip-name {
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .chip-meta,
  .chip-status {
    grid-column: 1;
    color: var(--_muted);
  }
  .chip progress {
    grid-column: 1 / -1;
    width: 100%;
    accent-color: var(--_accent);
  }
  .state-failed .chip-status,
  .refusals {
    font-size: 0.875em;
    color: var(--_danger);
  }
  .chip-button,
  .link {
    font: inherit;
    background: none;
    border: none;
    padding: 0;
    color: inherit;
    text-decoration: underline;
    cursor: pointer;
  }
  .waiting {
    margin: 0;
    font-size: 0.875em;
  }
  .dragging {
    outline: 2px dashed var(--_accent);
    outline-offset: -4px;
  }
`;
