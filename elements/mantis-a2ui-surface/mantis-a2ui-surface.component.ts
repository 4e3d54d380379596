import { consume } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
// From the A2UI core's index: in the IIFE this element is a lazy file, and so is the core, which it imports whole.
import type { A2uiError, A2uiSurfaceStore, CatalogDefinition, SurfaceModel } from '../../src/protocols/a2ui/index.js';
import { chatPort, type ChatPort } from '../internal/chat-context.js';
import { themeStyles, type Theme } from '../internal/theme.styles.js';
import { DEFAULT_RENDERERS } from './mantis-renderers.js';
import { InstanceCache } from './instance-cache.js';
import { LinkConfirmController } from './link-confirm.js';
import { surfaceStyles } from './mantis-a2ui-surface.styles.js';
import { emit, type A2uiActionDetail } from '../events.js';
import { MessagesController } from './messages-controller.js';
import { surfaceHost, type SurfaceElement } from './surface-host.js';
import { openModal, themeOf } from './surface-dom.js';

export type { A2uiActionDetail, A2uiChangeDetail, A2uiErrorDetail } from '../events.js';
import { SurfaceWalk, type A2uiRenderers, type A2uiSurfaceHost } from './render-walk.js';


/** Resolves an `agent_files/...` key to an object URL (the page's authenticated media service). */
export type A2uiMediaResolver = (key: string) => Promise<string>;

/**
 * Renders A2UI v0.9 surfaces (a2ui_protocol.md). On its own it is given the server messages (createSurface,
 * updateComponents, updateDataModel, deleteSurface), applied in order by a surface group of its own (the same core
 * code a chat's session uses); appending messages applies only the new ones, so what the user typed, focus and the
 * DOM survive; any other array starts over. In a chat it is given one surface's model by the session, which applied
 * its messages and reports its errors, and draws it.
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
export class MantisA2uiSurface extends LitElement implements SurfaceElement {
  static override styles = [themeStyles, surfaceStyles];

  /** The A2UI server messages, in order (e.g. an example file's `messages`). An array that extends the last one applies only the new messages. */
  @property({ attribute: false }) messages: readonly unknown[] = [];

  /** Render only this surface; without it, every surface in creation order. */
  @property({ attribute: 'surface-id' }) surfaceId: string | undefined = undefined;

  /**
   * One surface as a chat's session holds it (the chat sets it): drawn as it is, instead of `messages`. Its messages
   * were applied, and its errors are reported, by the session.
   */
  @property({ attribute: false }) surface: SurfaceModel | null = null;

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

  /** Resolves an `agent_files/...` image key to an object URL; without it (and outside a chat), no image is shown (placeholders). */
  @property({ attribute: false }) mediaResolver: A2uiMediaResolver | null = null;

  /** The heading level of a surface's top heading (1-6): the surface's h1-h5 are counted from it. */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 3;

  /** Color scheme: `light`, `dark` or `system`; unset inherits the scheme of where it is placed. */
  @property({ reflect: true }) theme: Theme | undefined = undefined;

  /** The chat's port, when the surface is inside one: actions go to the agent and media come from its service. */
  @consume({ context: chatPort, subscribe: true })
  @state()
  private port: ChatPort | undefined = undefined;

  /** The surfaces of `messages`, applied by a surface group of the element's own. */
  readonly #own: MessagesController = new MessagesController(this, (surfaceId) => this.#touched(surfaceId));
  /** What the last render found it could not draw, by surface: handed to its model after the update. */
  #found = new Map<SurfaceModel, A2uiError[]>();
  #changed = new Set<string>();
  #unwatch: (() => void) | null = null;
  /** @internal The state the element keeps per rendered instance (surface-host.ts). */
  readonly cache = new InstanceCache(() => this.requestUpdate());
  readonly #hosts = new Map<SurfaceModel, A2uiSurfaceHost>();
  readonly #links = new LinkConfirmController(this);

  /** The store of the surfaces it was given as messages (read-only use: a surface's data model). */
  get store(): A2uiSurfaceStore {
    return this.#own.group.store;
  }

  #touched(surfaceId: string): void {
    this.#changed.add(surfaceId);
    this.requestUpdate();
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    root.addEventListener('click', openModal, { capture: true });
    return root;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.surface && !this.#unwatch) this.#watch(this.surface);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unwatch?.();
    this.#unwatch = null;
  }

  #watch(model: SurfaceModel): void {
    this.#unwatch?.();
    this.#unwatch = model.subscribe(() => this.#touched(model.surfaceId));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('mediaResolver')) this.cache.resetMedia();
    if (changed.has('surface')) {
      // Another surface (or a new life of one) starts without the state of the one before it.
      this.cache.reset();
      this.#hosts.clear();
      if (this.surface) this.#watch(this.surface);
      else {
        this.#unwatch?.();
        this.#unwatch = null;
      }
    }
    if (!this.surface && (changed.has('messages') || changed.has('catalogs'))) this.#own.apply(this.messages, this.catalogs, changed.has('catalogs'));
  }

  /** @internal The element's own surfaces started over: nothing of the ones before stays. */
  restarted(): void {
    this.cache.reset();
    this.#hosts.clear();
  }

  protected override render(): TemplateResult {
    const models = this.surface ? [this.surface] : this.#own.models(this.surfaceId);
    return html`<div part="base" class="base">
        ${repeat(
          models,
          (model) => `${model.surfaceId}#${model.generation}`,
          (model) => this.#renderSurface(model),
        )}
      </div>
      ${this.#links.render()}`;
  }

  #renderSurface(model: SurfaceModel): TemplateResult | typeof nothing {
    const surface = model.state;
    const surfaceId = model.surfaceId;
    if (!surface) {
      return this.surface
        ? html`<div part="surface" class="surface" data-surface-id=${surfaceId}><p part="fallback" class="fallback" role="status">This surface could not be shown.</p></div>`
        : nothing;
    }
    const renderers = Object.prototype.hasOwnProperty.call(this.renderers, surface.catalogId) ? this.renderers[surface.catalogId] : undefined;
    let body: TemplateResult | typeof nothing;
    const found: A2uiError[] = [];
    if (!renderers) {
      found.push({ code: 'VALIDATION_FAILED', surfaceId, path: '/catalogId', message: `This page cannot render the catalog "${surface.catalogId}".` });
      body = html`<p part="fallback" class="fallback" role="status">This surface could not be shown: its catalog is not supported here.</p>`;
    } else {
      let host = this.#hosts.get(model);
      if (!host) this.#hosts.set(model, (host = surfaceHost(this, model)));
      const walk = new SurfaceWalk(host, surface, renderers);
      try {
        body = walk.root();
      } catch {
        body = html`<p part="fallback" class="fallback" role="status">This surface could not be shown.</p>`;
      }
      found.push(...walk.errors, ...(this.pending ? [] : walk.missing));
    }
    this.#found.set(model, found);
    const { style, agent } = themeOf(surface.theme);
    return html`<div part="surface" class="surface" data-surface-id=${surfaceId} .style=${style}>
      ${agent ? html`<p part="agent" class="agent">${agent}</p>` : nothing}${body}
    </div>`;
  }

  protected override updated(): void {
    // What a render could not draw goes to each surface's model, which reports each error once.
    const found = this.#found;
    this.#found = new Map();
    for (const [model, errors] of found) if (errors.length > 0) model.rendered(errors);
    for (const error of this.#own.takeErrors()) emit(this, 'mantis-a2ui-error', { error });
    const changed = [...this.#changed];
    this.#changed.clear();
    for (const surfaceId of changed) emit(this, 'mantis-a2ui-change', { surfaceId });
  }

  /** @internal The heading level of a surface's top heading, bounded (surface-host.ts). */
  level(): number {
    return Math.max(1, Math.min(6, Math.trunc(this.headingLevel) || 3));
  }

  /** @internal The message, read-only and disabled state our v1 components follow (surface-host.ts). */
  viewPolicy(): ReturnType<A2uiSurfaceHost['viewPolicy']> {
    return { messageId: this.messageId, readOnly: this.readOnly, actionsDisabled: this.actionsDisabled };
  }

  /** @internal How an image key becomes an object URL here, or null when nothing may be fetched (surface-host.ts). */
  resolveMedia(): ((key: string) => Promise<string>) | null {
    if (this.mediaResolver) return this.mediaResolver;
    const media = this.surface ? this.port?.media : null;
    if (!media) return null;
    // Images of `agent_files/...` keys come through the chat's authenticated media service, as in views; nothing else.
    return async (key) => {
      const preview = await media.preview(key);
      if (!preview.ok) throw new Error('not shown');
      return preview.url;
    };
  }

  /** @internal A Button's server event: fired, and sent to the agent through the chat's port (surface-host.ts). */
  act(detail: A2uiActionDetail): void {
    emit(this, 'mantis-a2ui-action', detail);
    if (this.surface) this.port?.sendA2uiAction(detail.action);
  }

  /** @internal A Button's openUrl, asked before it opens (surface-host.ts). */
  askToOpen(url: string, trigger: HTMLElement): void {
    void this.#links.ask(url, trigger);
  }
}
