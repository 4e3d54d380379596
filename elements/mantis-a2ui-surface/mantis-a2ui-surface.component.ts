import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
// From their modules, not the core's index: in the IIFE this element is a lazy file that carries only what it uses.
import type { CatalogDefinition } from '../../src/protocols/a2ui/catalog-basic.js';
import { resolveContext, evaluateString, type EvalContext } from '../../src/protocols/a2ui/evaluate.js';
import { OPEN_URL } from '../../src/protocols/a2ui/functions.js';
import { A2uiSurfaceStore } from '../../src/protocols/a2ui/surface.js';
import type { A2uiError, JsonObject, JsonValue } from '../../src/protocols/a2ui/types.js';
import { themeStyles, type Theme } from '../internal/theme.styles.js';
import { DEFAULT_CATALOGS, DEFAULT_RENDERERS, expandMessage, originalError } from './mantis-renderers.js';
import { surfaceOf } from '../../src/protocols/a2ui/placements.js';
import { InstanceCache } from './instance-cache.js';
import { LinkConfirmController } from './link-confirm.js';
import { surfaceStyles } from './mantis-a2ui-surface.styles.js';
import { emit, type A2uiActionDetail } from '../events.js';

export type { A2uiActionDetail, A2uiChangeDetail, A2uiErrorDetail } from '../events.js';
import { SurfaceWalk, type A2uiNode, type A2uiRenderers, type A2uiSurfaceHost } from './render-walk.js';


/** Resolves an `agent_files/...` key to an object URL (the page's authenticated media service). */
export type A2uiMediaResolver = (key: string) => Promise<string>;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Black or white, whichever contrasts more with a `#rrggbb` color (WCAG relative luminance). */
function onColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/**
 * Renders A2UI v0.9 surfaces (a2ui_protocol.md) from the server messages it is given: createSurface,
 * updateComponents, updateDataModel and deleteSurface, applied in order to a store of its own. Appending messages
 * applies only the new ones, so what the user typed, focus and the DOM survive; any other array starts over.
 *
 * Nothing is requested for any address from a message: images show only object URLs the page's `mediaResolver`
 * made for `agent_files/...` keys (else a placeholder with the image's description), video and audio are not played,
 * the theme's `iconUrl` is never fetched, and `openUrl` shows the full address in a confirmation dialog and opens
 * it (http(s) only) after a second, explicit click.
 *
 * @tagname mantis-a2ui-surface
 * @summary An A2UI v0.9 surface renderer (the basic catalog and ours).
 *
 * @fires {CustomEvent<A2uiActionDetail>} mantis-a2ui-action - A Button's server event, its context resolved; `dataModel` when the surface has `sendDataModel`.
 * @fires {CustomEvent<A2uiErrorDetail>} mantis-a2ui-error - A message was refused, or a surface (or a part of it) could not be rendered: a reference cycle, a missing component, a limit. Each distinct error once.
 * @fires {CustomEvent<A2uiChangeDetail>} mantis-a2ui-change - A surface changed: messages were applied or an input wrote its data model.
 *
 * @csspart base - The wrapper of all surfaces.
 * @csspart surface - One surface (`data-surface-id`).
 * @csspart agent - The name of the agent that made a surface (theme `agentDisplayName`).
 * @csspart fallback - The note shown instead of a surface that cannot be shown.
 * @csspart placeholder - The note shown instead of one component that cannot be shown.
 * @csspart note - A note such as "Showing the first 200 of 100000 items".
 * @csspart text - A Text.
 * @csspart image - An image shown from an object URL.
 * @csspart image-placeholder - What shows instead of an image that is not loaded.
 * @csspart icon - An Icon.
 * @csspart media-placeholder - What shows instead of a Video or AudioPlayer.
 * @csspart row - A Row.
 * @csspart column - A Column.
 * @csspart list - A List.
 * @csspart card - A Card.
 * @csspart tabs - A Tabs; `tablist`, `tab` and `tabpanel` are its pieces.
 * @csspart tablist - The tab headers of a Tabs.
 * @csspart tab - One tab header.
 * @csspart tabpanel - The selected tab's content.
 * @csspart modal - A Modal (its trigger and dialog).
 * @csspart dialog - A Modal's dialog.
 * @csspart dialog-close - The Close button of a Modal's dialog.
 * @csspart divider - A Divider.
 * @csspart button - A Button.
 * @csspart field - A TextField or DateTimeInput (label, input, message).
 * @csspart input - The native input of a TextField, Slider or DateTimeInput.
 * @csspart field-error - The message of an input's first failing check.
 * @csspart checkbox - A CheckBox.
 * @csspart choice-picker - A ChoicePicker.
 * @csspart filter - A filterable ChoicePicker's filter input.
 * @csspart slider - A Slider.
 * @csspart confirm - The dialog that confirms opening a link.
 * @csspart confirm-url - The full address in that dialog.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Monospace font (the address in the link dialog).
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Captions and notes.
 * @cssprop --mantis-color-surface - Backgrounds of dialogs and inputs.
 * @cssprop --mantis-color-surface-raised - Placeholders, chips and default buttons.
 * @cssprop --mantis-color-border - Borders of cards, inputs and dividers.
 * @cssprop --mantis-color-accent - Primary buttons, the selected tab, selected chips (a surface's theme `primaryColor` replaces it there).
 * @cssprop --mantis-color-on-accent - Text on primary buttons.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-color-info - Informational accent (shared token).
 * @cssprop --mantis-color-success - Success accent (shared token).
 * @cssprop --mantis-color-warning - Warning accent (shared token).
 * @cssprop --mantis-color-danger - Messages of failing checks.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit (the margin of leaf components).
 */
export class MantisA2uiSurface extends LitElement {
  static override styles = [themeStyles, surfaceStyles];

  /** The A2UI server messages, in order (e.g. an example file's `messages`). An array that extends the last one applies only the new messages. */
  @property({ attribute: false }) messages: readonly unknown[] = [];

  /** Render only this surface; without it, every surface in creation order. */
  @property({ attribute: 'surface-id' }) surfaceId: string | undefined = undefined;

  /**
   * More messages may still come for these surfaces (the chat sets it while the agent's turn streams): a reference to
   * a component not defined yet shows a placeholder but is not reported as an error until this is false again.
   */
  @property({ type: Boolean }) pending = false;

  /**
   * For our v1 components (MANTIS_CATALOG_ID), as on `<mantis-ui-view>`: the assistant message whose actions they are,
   * Ask's read-only policy, and whether their actions are disabled (while the message streams). The chat sets them.
   */
  @property({ attribute: 'message-id' }) messageId: string | undefined = undefined;
  @property({ type: Boolean, attribute: 'read-only' }) readOnly = false;
  @property({ type: Boolean, attribute: 'actions-disabled' }) actionsDisabled = false;

  /** The catalogs surfaces may name (default: the basic catalog and ours, `DEFAULT_CATALOGS`). Changing them starts over. */
  @property({ attribute: false }) catalogs: readonly CatalogDefinition[] | undefined = undefined;

  /** Render functions per catalog ID, each a map of component name → function (default: the basic catalog's). */
  @property({ attribute: false }) renderers: Readonly<Record<string, A2uiRenderers>> = DEFAULT_RENDERERS;

  /** Resolves an `agent_files/...` image key to an object URL; without it, no image is shown (placeholders). */
  @property({ attribute: false }) mediaResolver: A2uiMediaResolver | null = null;

  /** The heading level of a surface's top heading (1-6): the surface's h1-h5 are counted from it. */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 3;

  /** Color scheme: `light`, `dark` or `system`; unset inherits the scheme of where it is placed. */
  @property({ reflect: true }) theme: Theme | undefined = undefined;

  #store = this.#createStore();
  /** How many messages of `messages` were applied, and the first and last of them (what an extension keeps). */
  #applied: { count: number; first?: unknown; last?: unknown } = { count: 0 };
  #applying = false;
  /** Messages the store refused since the last update: each is reported. */
  #refusals: A2uiError[] = [];
  /** Render-time errors since the last update. */
  #pendingErrors: A2uiError[] = [];
  /**
   * The render-time errors reported, per surface, while its components stay the same: one found again on the next
   * render (a keystroke) is not reported again, but it is after the agent's next updateComponents.
   */
  readonly #renderErrors = new Map<string, { components: unknown; keys: Set<string> }>();
  #changed = new Set<string>();
  readonly #cache = new InstanceCache(() => this.requestUpdate());
  readonly #hosts = new Map<string, A2uiSurfaceHost>();
  readonly #links = new LinkConfirmController(this);

  /** The surfaces' store (read-only use: the chat may read a surface's data model). */
  get store(): A2uiSurfaceStore {
    return this.#store;
  }

  #createStore(): A2uiSurfaceStore {
    const store = new A2uiSurfaceStore({ catalogs: this.catalogs ?? DEFAULT_CATALOGS });
    store.subscribe((surfaceId) => {
      this.#changed.add(surfaceId);
      if (!this.#applying) this.requestUpdate();
    });
    return store;
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    root.addEventListener('click', this.#openModal, { capture: true });
    return root;
  }

  /**
   * A click inside a Modal's trigger opens its dialog instead of reaching the trigger (render-layout.ts). Focus goes
   * to the trigger's button first, so the dialog gives it back when it closes, whether it was clicked or pressed.
   */
  #openModal = (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    const wrapper = target?.closest('.modal-trigger');
    const dialog = wrapper?.parentElement?.querySelector<HTMLDialogElement>(':scope > dialog');
    if (!wrapper || !dialog) return;
    event.stopPropagation();
    event.preventDefault();
    if (dialog.open) return;
    (target?.closest<HTMLElement>('button') ?? null)?.focus();
    dialog.showModal();
  };

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('catalogs') && this.#applied.count > 0) this.#reset();
    if (changed.has('mediaResolver')) this.#cache.resetMedia();
    if (changed.has('messages') || changed.has('catalogs')) this.#apply(Array.isArray(this.messages) ? this.messages : []);
  }

  /** Applies the messages past those already applied, or starts over when the array is not an extension. */
  #apply(messages: readonly unknown[]): void {
    // An extension keeps the messages applied: checked by its ends (not item by item: a long-lived surface's list
    // grows with every update, and this runs for each).
    const { count, first, last } = this.#applied;
    const extends_ = messages.length >= count && (count === 0 || (messages[0] === first && messages[count - 1] === last));
    if (!extends_) this.#reset();
    this.#applying = true;
    try {
      for (const message of messages.slice(this.#applied.count)) {
        let error: A2uiError | null;
        try {
          const { message: expanded, origins } = this.#expand(message);
          const refused = this.#store.apply(expanded);
          error = refused && originalError(refused, origins);
          if (!error) this.#afterApply(message);
        } catch {
          error = { code: 'INVALID_MESSAGE', surfaceId: '', message: 'The message could not be applied.' };
        }
        // A refused message is reported every time: the agent may send the same mistake again.
        if (error) this.#refusals.push(error);
      }
    } finally {
      this.#applying = false;
    }
    this.#applied = { count: messages.length, first: messages[0], last: messages.at(-1) };
  }

  /** After a message applied: a surface deleted or created anew starts without the state of one before it. */
  #afterApply(message: unknown): void {
    const surface = surfaceOf(message);
    if (surface?.kind !== 'deleteSurface' && surface?.kind !== 'createSurface') return;
    this.#cache.forget(`${surface.surfaceId}\u0000`);
    this.#hosts.delete(surface.surfaceId);
    this.#renderErrors.delete(surface.surfaceId);
  }

  /** A message with the higher-order components of its surface's catalog expanded (mantis-renderers.ts). */
  #expand(message: unknown): { message: unknown; origins?: number[] } {
    const surfaceId = surfaceOf(message)?.surfaceId;
    const catalogId = surfaceId === undefined ? undefined : this.#store.get(surfaceId)?.catalogId;
    return catalogId === undefined ? { message } : expandMessage(message, (this.catalogs ?? DEFAULT_CATALOGS).find((c) => c.catalogId === catalogId));
  }

  #reset(): void {
    this.#store = this.#createStore();
    this.#applied = { count: 0 };
    this.#renderErrors.clear();
    this.#cache.reset();
    this.#hosts.clear();
  }

  protected override render(): TemplateResult {
    const ids = this.surfaceId !== undefined ? [this.surfaceId] : this.#store.surfaceIds();
    return html`<div part="base" class="base">
        ${repeat(
          ids,
          (id) => id,
          (id) => this.#renderSurface(id),
        )}
      </div>
      ${this.#links.render()}`;
  }

  #renderSurface(surfaceId: string): TemplateResult | typeof nothing {
    const surface = this.#store.get(surfaceId);
    if (!surface) return nothing;
    const renderers = Object.prototype.hasOwnProperty.call(this.renderers, surface.catalogId) ? this.renderers[surface.catalogId] : undefined;
    let body: TemplateResult | typeof nothing;
    if (!renderers) {
      this.#pendingErrors.push({ code: 'VALIDATION_FAILED', surfaceId, path: '/catalogId', message: `This page cannot render the catalog "${surface.catalogId}".` });
      body = html`<p part="fallback" class="fallback" role="status">This surface could not be shown: its catalog is not supported here.</p>`;
    } else {
      const walk = new SurfaceWalk(this.#hostOf(surfaceId), surface, renderers);
      try {
        body = walk.root();
      } catch {
        body = html`<p part="fallback" class="fallback" role="status">This surface could not be shown.</p>`;
      }
      this.#pendingErrors.push(...walk.errors, ...(this.pending ? [] : walk.missing));
    }
    const theme: Readonly<Record<string, unknown>> = surface.theme ?? {};
    const color = theme['primaryColor'];
    const name = theme['agentDisplayName'];
    const primary = typeof color === 'string' && HEX_COLOR.test(color) ? color : '';
    const agent = typeof name === 'string' ? name.slice(0, 200) : '';
    const style = primary ? `--_a2ui-primary: ${primary}; --_a2ui-on-primary: ${onColor(primary)}` : '';
    return html`<div part="surface" class="surface" data-surface-id=${surfaceId} .style=${style}>
      ${agent ? html`<p part="agent" class="agent">${agent}</p>` : nothing}${body}
    </div>`;
  }

  protected override updated(): void {
    const refusals = this.#refusals;
    const errors = this.#pendingErrors;
    this.#refusals = [];
    this.#pendingErrors = [];
    for (const error of refusals) emit(this, 'mantis-a2ui-error', { error });
    for (const error of errors) {
      const components = this.#store.get(error.surfaceId)?.components;
      let seen = this.#renderErrors.get(error.surfaceId);
      if (!seen || seen.components !== components) this.#renderErrors.set(error.surfaceId, (seen = { components, keys: new Set() }));
      const key = JSON.stringify(error);
      if (seen.keys.has(key)) continue;
      seen.keys.add(key);
      emit(this, 'mantis-a2ui-error', { error });
    }
    const changed = [...this.#changed];
    this.#changed.clear();
    for (const surfaceId of changed) emit(this, 'mantis-a2ui-change', { surfaceId });
  }

  #hostOf(surfaceId: string): A2uiSurfaceHost {
    const known = this.#hosts.get(surfaceId);
    if (known) return known;
    const host: A2uiSurfaceHost = {
      surfaceId,
      headingLevel: () => Math.max(1, Math.min(6, Math.trunc(this.headingLevel) || 3)),
      viewPolicy: () => ({ messageId: this.messageId, readOnly: this.readOnly, actionsDisabled: this.actionsDisabled }),
      write: (pointer, value) => {
        if (!this.#store.setData(surfaceId, pointer, value)) this.requestUpdate();
      },
      activate: (node, trigger) => this.#activate(surfaceId, node, trigger),
      local: (key, initial) => this.#cache.local(`${surfaceId}\u0000${key}`, initial),
      markdown: (key, text, inline) => this.#cache.markdown(`${surfaceId}\u0000${key}`, text, inline),
      media: (key) => this.#cache.media(key, this.mediaResolver),
      domId: (key, part) => this.#cache.domId(`${surfaceId}\u0000${key}\u0000${part}`),
      update: () => {
        this.requestUpdate();
        return this.updateComplete;
      },
    };
    this.#hosts.set(surfaceId, host);
    return host;
  }

  /** A Button was clicked: its server event (context resolved now, against the data model as it is now) or openUrl. */
  #activate(surfaceId: string, node: A2uiNode, trigger: HTMLElement): void {
    const surface = this.#store.get(surfaceId);
    const action = node.component['action'];
    if (!surface || typeof action !== 'object' || action === null) return;
    const ctx: EvalContext = { data: surface.data, scope: node.scope };
    const { event, functionCall } = action as { event?: { name?: unknown; context?: unknown }; functionCall?: { call?: unknown; args?: Record<string, unknown> } };
    if (event && typeof event.name === 'string') {
      const context: JsonObject =
        typeof event.context === 'object' && event.context !== null ? resolveContext(event.context as JsonObject, ctx) : {};
      const detail: A2uiActionDetail = {
        action: { name: event.name, surfaceId, sourceComponentId: node.id, timestamp: new Date().toISOString(), context },
        ...(surface.sendDataModel ? { dataModel: surface.data } : {}),
      };
      emit(this, 'mantis-a2ui-action', detail);
    } else if (functionCall && functionCall.call === OPEN_URL) {
      const shown = evaluateString((functionCall.args?.['url'] ?? '') as JsonValue, ctx);
      void this.#links.ask(shown, trigger);
    }
  }
}
