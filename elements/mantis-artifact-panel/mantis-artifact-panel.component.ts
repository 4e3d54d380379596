import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ArtifactChange, ArtifactStore } from '../../src/index.js';
import { emit } from '../events.js';
import { themeStyles, type Theme } from '../internal/theme.styles.js';
import { rejectValue } from '../internal/reject-value.js';
import { renderArtifact } from './formats.js';
import { artifactPanelStyles } from './mantis-artifact-panel.styles.js';
import { PanelFocusController } from './panel-focus.js';
import { MIN_PANEL_WIDTH, PanelLayout } from './panel-layout.js';
import { artifactsOfChat, isArtifactStore } from './store-source.js';
import { CONTENT_ID, renderTabStrip, tabId } from './tabs.js';
// Entries are immutable per key: an artifact is rendered (CSV or JSON parsed) once while it stays active.
import { guard } from 'lit/directives/guard.js';
import { cssProperties } from '../internal/css-properties.js';

/** Events of `<mantis-chat>` (bubbling and composed) after which the chat named by `for` is looked up again. */
const CHAT_EVENTS = ['mantis-artifact-open', 'mantis-history-change', 'mantis-connection-change'] as const;

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
export class MantisArtifactPanel extends LitElement {
  static override styles = [themeStyles, ...artifactPanelStyles];

  /** The artifact store shown. Takes precedence over `for`. */
  @property({ attribute: false }) store: ArtifactStore | undefined = undefined;

  /**
   * The id of a `<mantis-chat>` in the same document or shadow root: the panel shows its session's artifacts
   * (`chat.session.artifacts`). When the chat is given another session, the panel follows it at the chat's next
   * event (`mantis-artifact-open`, `mantis-history-change` or `mantis-connection-change`) or the panel's next update.
   */
  @property({ attribute: 'for' }) htmlFor: string | undefined = undefined;

  /** Width of the docked panel in CSS pixels, kept within 240 and 80% of its container; unset, the CSS default. */
  @property({ type: Number }) width: number | undefined = undefined;

  /**
   * Content hidden, tabs kept. The user's choice (the toggle, or Escape on the overlay) is kept as a layout
   * preference; opening an artifact expands the panel again without changing it.
   */
  @property({ type: Boolean, reflect: true }) collapsed = false;

  /** Shows the panel as an overlay sheet, as it is anyway below 40rem of viewport width. */
  @property({ type: Boolean, reflect: true }) narrow = false;

  /** Where the layout preferences are kept (`layout:<layout-key>` in IndexedDB). Panels sharing it share them. */
  @property({ attribute: 'layout-key' }) layoutKey = 'artifact-panel';

  /** Color scheme: `light`, `dark`, or `system`; unset inherits the scheme of where the panel is placed. */
  @property({ reflect: true }) theme: Theme | undefined = undefined;

  /** What the live region last said (a tab closed to make room). */
  @state() private announcement = '';

  readonly #layout = new PanelLayout(this);
  readonly #focus = new PanelFocusController(this, () => this.#layout.setOpen(false));
  readonly #internals = this.attachInternals();
  #bound: ArtifactStore | null = null;
  #unsubscribe: (() => void) | null = null;
  #root: Node | null = null;

  constructor() {
    super();
    this.#setEmpty(true);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A chat named by `for` may get its session (or another one) after this panel connects. There is no event for a
    // replaced session, so the chat's own events that bubble to this root (composed) re-resolve it.
    this.#root = this.getRootNode();
    for (const type of CHAT_EVENTS) this.#root.addEventListener(type, this.#onChatEvent);
    this.#bind();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const type of CHAT_EVENTS) this.#root?.removeEventListener(type, this.#onChatEvent);
    this.#root = null;
    this.#bind();
  }

  /** The store shown: `store`, else the artifacts of the chat named by `for`. */
  get shownStore(): ArtifactStore | null {
    return this.#bound;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store') && this.store !== undefined && !isArtifactStore(this.store)) {
      rejectValue(this, 'store', 'an ArtifactStore (open, activate, close, closeAll, get, subscribe, tabs)');
      this.store = undefined;
    }
    // Every update reads the store again: the chat named by `for` may show another session since the last one.
    this.#bind();
    if (changed.has('layoutKey') && changed.get('layoutKey') !== undefined && this.isConnected) this.#layout.restore();
    this.#setEmpty((this.#bound?.tabs.length ?? 0) === 0);
  }

  /** `:state(empty)` hides the host while no tab is open (from construction on, before any render). */
  #setEmpty(empty: boolean): void {
    try {
      if (empty) this.#internals.states.add('empty');
      else this.#internals.states.delete('empty');
    } catch {
      // Custom states are unsupported: the panel still renders nothing while empty.
    }
  }

  protected override updated(): void {
    this.#layout.observe(this.renderRoot.querySelector('.base'));
  }

  /** An event of a chat in this root: the chat named by `for` may show another session now. */
  #onChatEvent = (): void => {
    if (this.store === undefined && this.htmlFor) this.#bind();
  };

  /** Subscribes to the store to show, while connected. */
  #bind(): void {
    // A wrong `store` set before connecting is rejected at the next update; meanwhile it is not used.
    const own = isArtifactStore(this.store) ? this.store : null;
    const next = this.isConnected ? (own ?? artifactsOfChat(this, this.htmlFor, () => this.#bind())) : null;
    if (next === this.#bound) return;
    this.#unsubscribe?.();
    this.#bound = next;
    this.#unsubscribe = next ? next.subscribe(this.#onChange) : null;
    this.requestUpdate();
  }

  #onChange = (change: ArtifactChange): void => {
    const store = this.#bound;
    if (!store) return;
    const focus = this.#focus;
    const inside = this.matches(':focus-within');
    const wasShown = focus.showing;
    // Scheduled first, so that focus moves once this change is rendered.
    this.requestUpdate();
    if (change.type === 'closed') {
      const title = store.get(change.key)?.title ?? '';
      emit(this, 'mantis-artifact-close', { key: change.key, title, evicted: change.evicting });
      if (change.evicting) this.announcement = `${title} was closed to make room.`;
    } else if (change.type === 'opened' || change.type === 'activated') {
      if (!inside) focus.rememberOpener();
      // The user asked to see this artifact: a collapsed panel expands (not a preference change, so not written).
      this.collapsed = false;
      if (inside || (!wasShown && focus.isOverlay())) void focus.focusTab(change.key);
    }
    if (inside) void focus.keepFocus();
  };

  protected override render(): TemplateResult | typeof nothing {
    const store = this.#bound;
    const tabs = store?.tabs ?? [];
    const active = store?.active ?? null;
    if (!store || tabs.length === 0 || !active) return nothing;
    const index = tabs.indexOf(active);
    const layout = this.#layout;
    const width = layout.width;
    const style = this.width === undefined ? {} : { '--_width': `${width}px` };
    // Expanded over a narrow viewport, the sheet is a modal dialog; docked or collapsed, a labelled region.
    const modal = !this.collapsed && this.#focus.isOverlay();
    return html`<section
      part="base"
      class="base"
      role=${modal ? 'dialog' : nothing}
      aria-modal=${modal ? 'true' : nothing}
      aria-label="Artifacts"
      style=${cssProperties(style)}
      @keydown=${this.#focus.onKeydown}
    >
      <div
        part="resize-handle"
        class="handle"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize artifact panel"
        aria-valuemin=${MIN_PANEL_WIDTH}
        aria-valuemax=${layout.max}
        aria-valuenow=${width}
        tabindex="0"
        @keydown=${layout.onKeydown}
        @pointerdown=${layout.onPointerdown}
        @pointermove=${layout.onPointermove}
        @pointerup=${layout.onPointerend}
        @pointercancel=${layout.onPointerend}
        @lostpointercapture=${layout.onPointerend}
      ></div>
      <div part="header" class="header">
        <span class="title">${active.title}</span>
        <button part="toggle" class="icon" aria-expanded=${this.collapsed ? 'false' : 'true'} aria-controls=${CONTENT_ID} @click=${() => this.#layout.setOpen(this.collapsed)}>
          <span aria-hidden="true">${this.collapsed ? '▸' : '▾'}</span><span class="visually-hidden">Artifact content</span>
        </button>
        <button part="close-all" class="close-all" @click=${() => store.closeAll()}>Close all</button>
      </div>
      ${renderTabStrip(tabs, active.key, { select: (key) => store.activate(key), close: (key) => store.close(key), keydown: this.#focus.onTabKeydown })}
      <div part="content" class="content" role="tabpanel" id=${CONTENT_ID} aria-labelledby=${tabId(index)} tabindex="0" ?hidden=${this.collapsed}>
        ${guard([active], () => renderArtifact(active))}
      </div>
      <div class="visually-hidden" role="status">${this.announcement}</div>
    </section>`;
  }
}
