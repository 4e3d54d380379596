import { safeOpenUrl } from '../../src/protocols/a2ui/index.js';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

/*
 * openUrl, asked first (a2ui_custom_functions.md / basic catalog `openUrl`): a click shows the full address in a
 * modal dialog inside the surface element, and only its Open link button, a second explicit click, opens it, in a new
 * tab without opener or referrer. Only http(s) addresses (safeOpenUrl) get that button; any other is shown with a
 * note that it cannot be opened. Closing (Cancel, Escape, Open link) gives focus back to the button that asked.
 */

interface OpenRequest {
  /** The address as the agent gave it, shown in full. */
  readonly shown: string;
  /** The http(s) URL that may be opened, or null when it may not. */
  readonly url: string | null;
  readonly trigger: HTMLElement;
}

const TITLE_ID = 'a2ui-confirm-title';

export class LinkConfirmController implements ReactiveController {
  #open: OpenRequest | null = null;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment }) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#open = null;
  }

  /** Shows `address` for confirmation; `trigger` gets focus back when the dialog closes. */
  async ask(address: string, trigger: HTMLElement): Promise<void> {
    this.#open = { shown: address, url: safeOpenUrl(address), trigger };
    this.host.requestUpdate();
    await this.host.updateComplete;
    const dialog = this.#dialog();
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>('[data-confirm="cancel"]')?.focus();
  }

  /** The dialog: in the tree from the first link clicked on (this file loads then), its content only while an address waits. */
  render(): TemplateResult {
    const open = this.#open;
    return html`<dialog part="confirm" class="dialog confirm" aria-labelledby=${TITLE_ID} @close=${this.#closed}>
      ${open
        ? html`<h2 class="confirm-title" id=${TITLE_ID}>${open.url ? 'Open this link?' : 'This link cannot be opened'}</h2>
            <p class="confirm-text">${open.url ? 'It opens in a new tab:' : 'Only http and https addresses can be opened. The address is:'}</p>
            <p part="confirm-url" class="confirm-url">${open.shown}</p>
            <div class="dialog-actions">
              ${open.url ? html`<button type="button" class="button" data-variant="primary" data-confirm="open" @click=${this.#go}>Open link</button>` : nothing}
              <button type="button" class="button" data-variant="default" data-confirm="cancel" @click=${this.#close}>${open.url ? 'Cancel' : 'Close'}</button>
            </div>`
        : nothing}
    </dialog>`;
  }

  #dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector<HTMLDialogElement>('dialog[part="confirm"]');
  }

  #go = (): void => {
    const url = this.#open?.url;
    this.#close();
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  };

  /**
   * The dialog's `close` event (Escape, or a close of ours): it comes a task later, so it is dropped when the dialog
   * was opened again meanwhile (a second link clicked at once).
   */
  #closed = (): void => {
    if (!this.#dialog()?.open) this.#close();
  };

  #close = (): void => {
    const dialog = this.#dialog();
    if (dialog?.open) dialog.close();
    const trigger = this.#open?.trigger;
    if (!this.#open) return;
    this.#open = null;
    this.host.requestUpdate();
    if (trigger?.isConnected) trigger.focus();
  };
}
