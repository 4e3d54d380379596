import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { emit } from '../events.js';
import { readLayout, writeLayout } from '../internal/storage.js';
import { openedEarly } from './mantis-artifact-panel.js';

/** The narrowest the docked panel gets, in CSS pixels. */
export const MIN_PANEL_WIDTH = 240;
/** The widest it gets: this share of its container (or of the viewport, when narrower). */
export const MAX_PANEL_SHARE = 0.8;
/** What an arrow key, and PageUp or PageDown, change the width by. */
export const RESIZE_STEP = 16;
export const RESIZE_PAGE_STEP = 64;
/** A resize is written this long after the user's last change (at once when a pointer drag ends). */
export const WIDTH_WRITE_DELAY_MS = 250;

/** What the layout controller reads and sets on the panel. */
export interface LayoutHost extends ReactiveControllerHost, HTMLElement {
  width: number | undefined;
  collapsed: boolean;
  layoutKey: string;
}

/**
 * The panel's layout preferences: its width (set by the resize handle, by keyboard or pointer) and whether it is
 * collapsed. Both are read from storage when the panel connects (a value the user changed meanwhile wins) and
 * written only when the user changes them. Tabs and payloads are never written.
 */
export class PanelLayout implements ReactiveController {
  readonly #host: LayoutHost;
  /** Guards against a stale read: each connection (or change of layout key) reads again. */
  #call = 0;
  #touched = { width: false, open: false };
  #timer: ReturnType<typeof setTimeout> | undefined;
  #drag: { readonly pointerId: number; readonly x: number; readonly width: number } | null = null;
  #observer: ResizeObserver | null = null;
  #observed: Element | null = null;
  /** The rendered width of the panel, for the separator's value while no width was set. */
  #measured = 0;

  constructor(host: LayoutHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.restore();
    this.#observer = new ResizeObserver((entries) => {
      for (const entry of entries) if (entry.target === this.#observed) this.#measured = Math.round(entry.contentRect.width);
      this.#host.requestUpdate();
    });
    const container = this.#container();
    if (container) this.#observer.observe(container);
  }

  hostDisconnected(): void {
    this.#call++;
    this.#flush();
    this.#drag = null;
    this.#observer?.disconnect();
    this.#observer = null;
    this.#observed = null;
  }

  /** Measures this element (the panel's box) from now on. */
  observe(panel: Element | null): void {
    if (panel === this.#observed || !this.#observer) return;
    if (this.#observed) this.#observer.unobserve(this.#observed);
    this.#observed = panel;
    if (panel) this.#observer.observe(panel);
  }

  /** Settles once the preferences read last were applied (or could not be read). */
  restored: Promise<void> = Promise.resolve();

  /** Reads the preferences of the current layout key. */
  restore(): void {
    const call = ++this.#call;
    const host = this.#host;
    this.#touched = { width: false, open: false };
    // Taken now, so a read that fails or is overtaken never leaves it to expand the panel later.
    const early = openedEarly.delete(host);
    this.restored = readLayout(host.layoutKey).then(
      (preferences) => {
        if (call !== this.#call) return;
        if (preferences.panelWidth !== undefined && !this.#touched.width) host.width = preferences.panelWidth;
        // An artifact opened before the panel's code was here expands it, as any opening does.
        if (preferences.panelOpen !== undefined && !this.#touched.open) host.collapsed = !preferences.panelOpen && !early;
      },
      () => undefined,
    );
  }

  /** The widest the panel may be now. */
  get max(): number {
    const viewport = document.documentElement.clientWidth || window.innerWidth;
    const container = this.#container()?.clientWidth ?? 0;
    return Math.max(MIN_PANEL_WIDTH, Math.floor(MAX_PANEL_SHARE * (container > 0 ? Math.min(container, viewport) : viewport)));
  }

  /** The width shown: the panel's `width` (or its rendered width while none is set), clamped. */
  get width(): number {
    // Before the observer's first report (a key pressed right after the panel first showed), measured now.
    return this.clamp(this.#host.width ?? (this.#measured || Math.round(this.#observed?.getBoundingClientRect().width ?? 0) || MIN_PANEL_WIDTH));
  }

  clamp(width: number): number {
    return Math.round(Math.min(this.max, Math.max(MIN_PANEL_WIDTH, Number.isFinite(width) ? width : MIN_PANEL_WIDTH)));
  }

  /** The user collapsed or expanded the panel. */
  setOpen(open: boolean): void {
    this.#touched.open = true;
    this.#host.collapsed = !open;
    void writeLayout(this.#host.layoutKey, { panelOpen: open });
  }

  /** Keyboard resizing of the separator; the panel is on the right, so ArrowLeft widens it. */
  readonly onKeydown = (event: KeyboardEvent): void => {
    const width = this.width;
    const next: Record<string, number> = {
      ArrowLeft: width + RESIZE_STEP,
      ArrowRight: width - RESIZE_STEP,
      PageUp: width + RESIZE_PAGE_STEP,
      PageDown: width - RESIZE_PAGE_STEP,
      Home: MIN_PANEL_WIDTH,
      End: this.max,
    };
    const value = next[event.key];
    if (value === undefined) return;
    event.preventDefault();
    this.#resize(value);
  };

  readonly onPointerdown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget as HTMLElement;
    handle.focus();
    try {
      handle.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not know (a synthetic one): the drag still follows its moves on the handle.
    }
    this.#drag = { pointerId: event.pointerId, x: event.clientX, width: this.width };
  };

  readonly onPointermove = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.#resize(drag.width + (drag.x - event.clientX));
  };

  /** pointerup, pointercancel and lostpointercapture: the drag ends and its width is written now. */
  readonly onPointerend = (event: PointerEvent): void => {
    if (!this.#drag || event.pointerId !== this.#drag.pointerId) return;
    this.#drag = null;
    const handle = event.currentTarget as HTMLElement;
    if (handle.hasPointerCapture?.(event.pointerId)) handle.releasePointerCapture(event.pointerId);
    this.#flush();
  };

  #resize(value: number): void {
    const width = this.clamp(value);
    this.#touched.width = true;
    if (width === this.#host.width) return;
    this.#host.width = width;
    emit(this.#host, 'mantis-artifact-panel-resize', { width });
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), WIDTH_WRITE_DELAY_MS);
  }

  /** Writes a pending width change now. */
  #flush(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const width = this.#host.width;
    if (width !== undefined) void writeLayout(this.#host.layoutKey, { panelWidth: width });
  }

  /** The workspace the panel sits in: its parent, or the host of the shadow root it is placed in. */
  #container(): Element | null {
    const host = this.#host;
    const root = host.getRootNode();
    return host.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
  }
}
