import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ArtifactStore } from '../../src/index.js';
import { wrapFocus } from './focus-wrap.js';
import { NARROW_QUERY } from './mantis-artifact-panel.styles.js';
import { deepActiveElement } from './store-source.js';
import { firstOpener } from './mantis-artifact-panel.js';

/*
 * Where focus goes in the artifact panel: whether the panel is the overlay sheet (`narrow`, or a narrow viewport),
 * focus moving into the sheet when it comes to cover the page, wrapping inside it, going back to where it was when
 * the sheet closes, and moving along the tabs by keyboard. A controller of its own because these rules follow the
 * panel's renders and key presses, not its store: the element binds the store and renders; this decides focus.
 */

/** What the focus controller reads on the panel. */
export interface FocusHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The store shown (the panel's `shownStore`). */
  readonly shownStore: ArtifactStore | null;
  readonly collapsed: boolean;
  readonly narrow: boolean;
}

export class PanelFocusController implements ReactiveController {
  readonly #host: FocusHost;
  /** Collapses the panel as the user's choice (Escape on the sheet). */
  readonly #collapse: () => void;
  /** Where focus was when an artifact last opened from outside the panel: it goes back there when the sheet closes. */
  #opener: HTMLElement | null = null;
  /** Whether the last render showed the panel's content (tabs open, not collapsed). */
  #showing = false;
  /** Whether the last render showed the modal overlay sheet (expanded, narrow). */
  #modal = false;
  #media: MediaQueryList | null = null;

  constructor(host: FocusHost, collapse: () => void) {
    this.#host = host;
    this.#collapse = collapse;
    host.addController(this);
  }

  hostConnected(): void {
    const first = firstOpener.get(this.#host);
    if (first !== undefined) {
      firstOpener.delete(this.#host);
      if (first instanceof HTMLElement) this.#opener = first;
    }
    this.#media = window.matchMedia(NARROW_QUERY);
    this.#media.addEventListener('change', this.#onMedia);
  }

  hostDisconnected(): void {
    this.#media?.removeEventListener('change', this.#onMedia);
    this.#media = null;
  }

  hostUpdated(): void {
    const host = this.#host;
    const base = host.renderRoot.querySelector('.base');
    this.#showing = base !== null && !host.collapsed;
    const modal = this.#showing && this.isOverlay();
    // The sheet now covers the page (it expanded, or the viewport narrowed): focus goes in, as when it opens.
    if (modal && !this.#modal && !host.matches(':focus-within')) {
      this.#opener = deepActiveElement();
      void this.focusTab(host.shownStore?.active?.key);
    }
    this.#modal = modal;
  }

  /** Whether the last render showed the panel's content (tabs open, not collapsed). */
  get showing(): boolean {
    return this.#showing;
  }

  /** Whether the panel is the overlay sheet: `narrow`, or a viewport below 40rem. */
  isOverlay(): boolean {
    return this.#host.narrow || (this.#media?.matches ?? window.matchMedia(NARROW_QUERY).matches);
  }

  /** An artifact opened from outside the panel: focus goes back to where it is now when the sheet closes. */
  rememberOpener(): void {
    this.#opener = deepActiveElement();
  }

  async focusTab(key: string | undefined): Promise<void> {
    const host = this.#host;
    await host.updateComplete;
    const tab = [...host.renderRoot.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.dataset.key === key);
    tab?.focus();
  }

  /** Focus was inside and its element went away: it moves to the active tab, or back to the opener. */
  async keepFocus(): Promise<void> {
    const host = this.#host;
    await host.updateComplete;
    if (host.matches(':focus-within')) return;
    const active = host.shownStore?.active;
    if (active) return this.focusTab(active.key);
    this.#restoreOpener();
  }

  #restoreOpener(): void {
    if (this.#opener?.isConnected) this.#opener.focus();
  }

  #onMedia = (): void => {
    this.#host.requestUpdate();
  };

  /** Arrow keys, Home and End move along the tabs (activating them); Delete closes one. */
  readonly onTabKeydown = (event: KeyboardEvent): void => {
    const store = this.#host.shownStore;
    const key = (event.target as HTMLElement).dataset.key;
    if (!store || key === undefined) return;
    const keys = store.tabs.map((t) => t.key);
    const at = keys.indexOf(key);
    const moves: Record<string, number> = { ArrowLeft: at - 1 + keys.length, ArrowRight: at + 1, Home: 0, End: keys.length - 1 };
    if (event.key === 'Delete') {
      event.preventDefault();
      store.close(key);
      return;
    }
    const index = moves[event.key];
    if (index === undefined) return;
    event.preventDefault();
    const next = keys[index % keys.length] as string;
    store.activate(next);
    void this.focusTab(next);
  };

  /** On the expanded sheet: Tab and Shift+Tab wrap around its controls, Escape collapses it and gives focus back. */
  readonly onKeydown = (event: KeyboardEvent): void => {
    const host = this.#host;
    if (!this.isOverlay() || host.collapsed) return;
    if (event.key === 'Tab') {
      wrapFocus(event, event.currentTarget as Element, host.renderRoot instanceof ShadowRoot ? host.renderRoot.activeElement : null);
      return;
    }
    if (event.key !== 'Escape') return;
    event.preventDefault();
    this.#collapse();
    this.#restoreOpener();
  };
}
