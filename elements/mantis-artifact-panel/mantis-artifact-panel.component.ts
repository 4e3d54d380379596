import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { ArtifactChange, ArtifactStore } from '../../src/index.js';
import { emit } from '../events.js';
import { themeStyles } from '../internal/theme.styles.js';
import { MantisArtifactPanel } from './mantis-artifact-panel.js';
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

/** The implementation of `<mantis-artifact-panel>` (mantis-artifact-panel.ts), loaded when a panel first has a tab. */
export class ArtifactPanelImpl extends MantisArtifactPanel {
  static override properties: PropertyDeclarations = {
    announcement: { state: true, attribute: false },
  };

  static override styles = [themeStyles, ...artifactPanelStyles];

  /** What the live region last said (a tab closed to make room). */
  private announcement = '';

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
  override get shownStore(): ArtifactStore | null {
    return this.#bound;
  }

  /**
   * Each update waits for the layout preferences being read (on connection, or for a new layout key): the panel's code
   * loads with its first tab, and it shows at the width the user chose, never at the default width first.
   */
  protected override async scheduleUpdate(): Promise<void> {
    await this.#layout.restored;
    super.scheduleUpdate();
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
