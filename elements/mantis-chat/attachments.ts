import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ChatSession } from '../../src/index.js';
import { loadAttachmentsView } from '../internal/lazy.js';
import type { AttachmentControls } from './attachments-view.js';

/*
 * The composer's files: a button that opens the file picker, drop anywhere on the chat, and paste into the message
 * box; each file a chip with its name, size, type, upload progress and its buttons (cancel, retry, remove). The files
 * themselves, their checks and uploads are the session's AttachmentTray (DOM-free); this draws them and feeds them.
 */

/** What the controller reads from the chat. */
export interface AttachmentsHost extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class ChatAttachmentsController implements ReactiveController {
  readonly #host: AttachmentsHost;
  readonly #announce: (text: string) => void;
  #unsubscribe: (() => void) | null = null;
  #session: ChatSession | null = null;
  /** The controls (a file of their own beside the IIFE, loaded once a chat has an upload endpoint). */
  #controls: AttachmentControls | null = null;

  constructor(host: AttachmentsHost, announce: (text: string) => void) {
    this.#host = host;
    this.#announce = announce;
    host.addController(this);
  }

  hostConnected(): void {
    this.#watch();
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#session = null;
  }

  /** Whether files can be attached: the session's configuration has a usable upload endpoint. */
  get enabled(): boolean {
    return this.#host.session.attachments.uploader !== null;
  }

  /**
   * Follows the session's tray (the chat's session may be replaced; its uploader and policy are the session's
   * configuration: config-controller.ts), and loads the controls once files can be attached.
   */
  configure(): void {
    this.#watch();
    if (!this.enabled || this.#controls) return;
    loadAttachmentsView().then(
      (view) => {
        if (this.#controls) return;
        this.#controls = new view.AttachmentControls({
          session: () => this.#host.session,
          enabled: () => this.enabled,
          update: () => this.#host.requestUpdate(),
          focusInput: () => void this.#host.updateComplete.then(() => this.#host.renderRoot.querySelector('textarea')?.focus()),
        });
        // The controls' styles come with them, added to the chat's own.
        const root = this.#host.renderRoot;
        const sheet = view.attachmentStyles.styleSheet;
        if (root instanceof ShadowRoot && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        this.#host.requestUpdate();
      },
      (error: unknown) => console.warn('[mantis-ui] the attachment controls could not be loaded:', error),
    );
  }

  #watch(): void {
    const session = this.#host.session;
    if (session === this.#session && this.#unsubscribe) return;
    this.#unsubscribe?.();
    this.#session = session;
    this.#unsubscribe = session.attachments.subscribe((event) => {
      if (event.type === 'announce') this.#announce(event.text);
      this.#host.requestUpdate();
    });
  }

  /** The account changed: a waiting message is not sent, and the files of the old account are removed. */
  forget(): void {
    const session = this.#host.session;
    session.cancelWaiting();
    void session.attachments.clear();
    this.#controls?.clearRefusals();
  }

  /** Forgets the refusals shown (the user typed, or sent). */
  clearRefusals(): void {
    this.#controls?.clearRefusals();
  }

  // The drop zone and the paste target: the controls handle them once loaded (until then a file dropped on the chat
  // does nothing, rather than open in the tab).
  readonly onPaste = (event: ClipboardEvent): void => this.#controls?.onPaste(event);
  readonly onDragEnter = (event: DragEvent): void => this.#controls?.onDragEnter(event);
  readonly onDragOver = (event: DragEvent): void => {
    if (this.#controls) this.#controls.onDragOver(event);
    else if (this.enabled) event.preventDefault();
  };
  readonly onDragLeave = (): void => this.#controls?.onDragLeave();
  readonly onDrop = (event: DragEvent): void => {
    if (this.#controls) this.#controls.onDrop(event);
    else if (this.enabled) event.preventDefault();
  };

  /** Whether files are being dragged over the chat (it shows where they would go). */
  get dragging(): boolean {
    return this.#controls?.dragging ?? false;
  }

  /** The attach button and its hidden file input; nothing until the controls have loaded (or when attachments are off). */
  renderButton(): TemplateResult | typeof nothing {
    return this.enabled && this.#controls ? this.#controls.renderButton() : nothing;
  }

  /** The chips of the attached files, why files were refused, and the line of a message waiting for them. */
  renderTray(waiting: string | null, cancelWaiting: () => void): TemplateResult | typeof nothing {
    return this.#controls ? this.#controls.renderTray(waiting, cancelWaiting) : nothing;
  }
}
