import { css, type PropertyDeclarations } from 'lit';
import type { ArtifactStore } from '../../src/artifacts/artifact-store.js';
import { defineElement } from '../internal/define.js';
import { LazyElement, type Implementation } from '../internal/lazy-element.js';
import type { Theme } from '../internal/theme.styles.js';

export type { ArtifactCloseDetail, ArtifactPanelResizeDetail } from '../events.js';

/** Whether a value looks like an artifact store (the implementation checks it fully, and says when it is not). */
const isStoreLike = (value: unknown): value is ArtifactStore =>
  typeof value === 'object' && value !== null && Array.isArray((value as ArtifactStore).tabs) && typeof (value as ArtifactStore).subscribe === 'function';

/** The stores a panel waits on for its first tab, by panel (a shell keeps no private fields of its own). */
const waiting = new WeakMap<MantisArtifactPanel, ArtifactStore>();

/**
 * Where focus was when a panel's first tab opened, before its code was here (by panel): the implementation takes it
 * as the opener focus goes back to, as it does for every later tab.
 */
export const firstOpener = new WeakMap<HTMLElement, Element | null>();
/** Panels whose first artifact opened before their code was here: that opening expands them (panel-layout.ts). */
export const openedEarly = new WeakSet<HTMLElement>();

const deepActiveElement = (): Element | null => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};

/**
 * The artifact panel: the payloads of an artifact store as tabs, docked on the right of the workspace, resizable by
 * pointer and keyboard, and an overlay sheet on narrow screens. It shows nothing while the store holds no tab, so a
 * reload never brings back an orphaned panel: tabs and payloads live only in the store, in memory. Only its layout
 * preferences (width, collapsed or not) are kept, in IndexedDB, under `layout-key`.
 *
 * As an overlay (`narrow`, or a viewport below 40rem) the expanded sheet covers the whole viewport and is modal: a
 * `dialog` with `aria-modal="true"`, focus moves into it and Tab and Shift+Tab wrap around its controls (it cannot
 * make the host page inert, so it keeps focus itself), and Escape collapses it and returns focus to where it was.
 * Collapsed, the overlay is a bar pinned to the top of the viewport (the title, the tabs and the buttons), not the
 * bottom, so it never covers a chat's composer; it is not modal.
 *
 * @tagname mantis-artifact-panel
 * @summary The side panel of dense artifact payloads, one tab per artifact.
 *
 * @fires {CustomEvent<ArtifactCloseDetail>} mantis-artifact-close - A tab closed: by the user, or to make room when a cap of the store was reached (`detail.evicted`).
 * @fires {CustomEvent<ArtifactPanelResizeDetail>} mantis-artifact-panel-resize - The user resized the panel (as the width changes).
 * @fires {CustomEvent<ConfigErrorDetail>} mantis-config-error - `store` was set to something that is not an artifact store (ignored).
 *
 * @csspart base - The panel.
 * @csspart resize-handle - The separator that resizes it.
 * @csspart header - The title of the active artifact and the panel's buttons.
 * @csspart toggle - The button that collapses and expands the content.
 * @csspart close-all - The button that closes every tab, and so the panel.
 * @csspart tabs - The tab list.
 * @csspart tab - One tab.
 * @csspart tab-close - The button that closes a tab, after it.
 * @csspart content - The tab panel showing the active artifact.
 *
 * @cssprop --mantis-artifact-panel-width - Width of the docked panel until the user resizes it (default 26rem, at most 80vw).
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Font of text, code, JSON and CSV payloads.
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Unselected tabs and notes.
 * @cssprop --mantis-color-surface - The panel's background.
 * @cssprop --mantis-color-surface-raised - Header, table headers and hovered tabs.
 * @cssprop --mantis-color-border - Borders.
 * @cssprop --mantis-color-accent - The selected tab and the resize handle.
 * @cssprop --mantis-color-on-accent - Text on accent.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-color-info - Info accents in Markdown payloads.
 * @cssprop --mantis-color-success - Success accents.
 * @cssprop --mantis-color-warning - Warning accents.
 * @cssprop --mantis-color-danger - Danger accents.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 */
export class MantisArtifactPanel extends LazyElement {
  static override properties: PropertyDeclarations = {
    store: { attribute: false },
    htmlFor: { attribute: 'for' },
    width: { type: Number },
    collapsed: { type: Boolean, reflect: true },
    narrow: { type: Boolean, reflect: true },
    layoutKey: { attribute: 'layout-key' },
    theme: { reflect: true },
  };

  static override load = (): Promise<Implementation<LazyElement>> => import('./mantis-artifact-panel.component.js').then((m) => m.ArtifactPanelImpl);

  /** The artifact store shown. Takes precedence over `for`. */
  store: ArtifactStore | undefined = undefined;

  /**
   * The id of a `<mantis-chat>` in the same document or shadow root: the panel shows its session's artifacts
   * (`chat.session.artifacts`). When the chat is given another session, the panel follows it at the chat's next
   * event (`mantis-artifact-open`, `mantis-history-change` or `mantis-connection-change`) or the panel's next update.
   */
  htmlFor: string | undefined = undefined;

  /** Width of the docked panel in CSS pixels, kept within 240 and 80% of its container; unset, the CSS default. */
  width: number | undefined = undefined;

  /**
   * Content hidden, tabs kept. The user's choice (the toggle, or Escape on the overlay) is kept as a layout
   * preference; opening an artifact expands the panel again without changing it.
   */
  collapsed = false;

  /** Shows the panel as an overlay sheet, as it is anyway below 40rem of viewport width. */
  narrow = false;

  /** Where the layout preferences are kept (`layout:<layout-key>` in IndexedDB). Panels sharing it share them. */
  layoutKey = 'artifact-panel';

  /** Color scheme: `light`, `dark`, or `system`; unset inherits the scheme of where the panel is placed. */
  theme: Theme | undefined = undefined;

  // Hidden until its code is here: a panel with no tab shows nothing (its implementation's styles replace this). If
  // the code cannot be loaded, it shows why.
  static override styles = [css`:host(:not([data-mantis-unavailable])) { display: none; }`];

  /** The store shown: `store`, else the artifacts of the chat named by `for`; null while disconnected. */
  get shownStore(): ArtifactStore | null {
    // Before its code is here, only `store` can be shown (a panel named by `for` loads its code at once).
    return this.isConnected && isStoreLike(this.store) ? this.store : null;
  }

  /**
   * A panel with no tab shows nothing, so its code loads when its store first holds one (a chat's panel), or at once
   * when it shows a chat's store by `for`.
   */
  protected override needed(): boolean {
    const store = this.store;
    if (!isStoreLike(store) || store.tabs.length > 0) return true;
    if (waiting.get(this) !== store) {
      waiting.set(this, store as ArtifactStore);
      const stop = store.subscribe(() => {
        if (waiting.get(this) === store && store.tabs.length > 0) {
          firstOpener.set(this, deepActiveElement());
          openedEarly.add(this);
        }
        if (waiting.get(this) !== store || store.tabs.length > 0) stop();
        if (waiting.get(this) === store) this.requestUpdate();
      });
    }
    return false;
  }
}

defineElement('mantis-artifact-panel', MantisArtifactPanel);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-artifact-panel': MantisArtifactPanel;
  }
}
