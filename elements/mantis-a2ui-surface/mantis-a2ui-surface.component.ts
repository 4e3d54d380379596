import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
// From the A2UI core's index: in the IIFE this element is a lazy file, and so is the core, which it imports whole.
import type { A2uiError, A2uiSurfaceStore, SurfaceModel } from '../../src/protocols/a2ui/index.js';
import { themeStyles } from '../internal/theme.styles.js';
import { MantisA2uiSurface } from './mantis-a2ui-surface.js';
import { DEFAULT_RENDERERS, MANTIS_RENDERERS } from './mantis-renderers.js';
import { InstanceCache } from './instance-cache.js';
import type { LinkConfirmController } from './link-confirm.js';
import { surfaceStyles } from './mantis-a2ui-surface.styles.js';
import { emit, type A2uiActionDetail } from '../events.js';
import { MessagesController } from './messages-controller.js';
import { surfaceHost, type SurfaceElement } from './surface-host.js';
import { openModal, themeOf } from './surface-dom.js';

import { SurfaceWalk, type A2uiRenderers, type A2uiSurfaceHost } from './render-walk.js';


/** The implementation of `<mantis-a2ui-surface>` (mantis-a2ui-surface.ts), loaded when the first one connects. */
export class A2uiSurfaceImpl extends MantisA2uiSurface implements SurfaceElement {
  static override styles = [themeStyles, surfaceStyles];

  /** The surfaces of `messages`, applied by a surface group of the element's own. */
  readonly #own: MessagesController = new MessagesController(this, (surfaceId) => this.#touched(surfaceId));
  /** What the last render found it could not draw, by surface: handed to its model after the update. */
  #found = new Map<SurfaceModel, A2uiError[]>();
  #changed = new Set<string>();
  #unwatch: (() => void) | null = null;
  /** @internal The state the element keeps per rendered instance (surface-host.ts). */
  readonly cache = new InstanceCache(() => this.requestUpdate());
  readonly #hosts = new Map<SurfaceModel, A2uiSurfaceHost>();
  /** openUrl's confirmation, loaded with the first link a user clicks (link-confirm.ts). */
  #links?: Promise<LinkConfirmController>;
  #linksReady?: LinkConfirmController;
  #rootListens = false;

  /** The store of the surfaces it was given as messages (read-only use: a surface's data model). */
  override get store(): A2uiSurfaceStore {
    return this.#own.group.store;
  }

  #touched(surfaceId: string): void {
    this.#changed.add(surfaceId);
    this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Once per element (its root was made by the shell it started as).
    if (!this.#rootListens) this.renderRoot.addEventListener('click', openModal, { capture: true });
    this.#rootListens = true;
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

  /**
   * @internal The element's own surfaces started over: nothing of the ones before stays. After catalog documents were
   * read, each one left out is said (mantis-config-error, and on the console).
   */
  restarted(refused: readonly string[] = []): void {
    this.cache.reset();
    this.#hosts.clear();
    for (const reason of refused) {
      console.warn(`[mantis-ui] ${reason}`);
      emit(this, 'mantis-config-error', { property: 'catalogs', reason });
    }
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
      ${this.#linksReady?.render()}`;
  }

  #renderSurface(model: SurfaceModel): TemplateResult | typeof nothing {
    const surface = model.state;
    const surfaceId = model.surfaceId;
    if (!surface) {
      // A surface whose createSurface was refused says so in its place (never an empty slot); so does one a chat
      // places that does not exist.
      const refusal = model.refusal;
      const why = refusal && 'path' in refusal && refusal.path === '/catalogId' ? ': its catalog is not supported here' : '';
      return this.surface || refusal
        ? html`<div part="surface" class="surface" data-surface-id=${surfaceId}><p part="fallback" class="fallback" role="status">This surface could not be shown${why}.</p></div>`
        : nothing;
    }
    const all = this.renderers ?? DEFAULT_RENDERERS;
    // A catalog without render functions of its own (one given as JSON) is drawn by ours: its components are ours.
    const renderers = Object.prototype.hasOwnProperty.call(all, surface.catalogId) ? (all[surface.catalogId] as A2uiRenderers) : MANTIS_RENDERERS;
    let body: TemplateResult | typeof nothing;
    let host = this.#hosts.get(model);
    if (!host) this.#hosts.set(model, (host = surfaceHost(this, model)));
    const calls = model.calls;
    const walk = new SurfaceWalk(host, surface, renderers, calls?.functions);
    try {
      body = walk.root();
    } catch {
      body = html`<p part="fallback" class="fallback" role="status">This surface could not be shown.</p>`;
    }
    // No root once no more messages may come (its components were refused, or never sent): said, never an empty box.
    if (body === nothing && !this.pending) body = html`<p part="fallback" class="fallback" role="status">This surface has nothing to show: no root component was sent.</p>`;
    this.#found.set(model, [...walk.errors, ...(this.pending ? [] : walk.missing)]);
    const { style, agent } = themeOf(surface.theme);
    // What is shown stays; a change of the agent's that was refused is said beside it (the agent was told why), and so
    // is a call to an agent's function that failed.
    const note = model.refusal ? "The agent's last change to this surface could not be applied." : calls?.notice;
    const refused = note ? html`<p part="note" class="note" role="status">${note}</p>` : nothing;
    return html`<div part="surface" class="surface" data-surface-id=${surfaceId} .style=${style}>
      ${agent ? html`<p part="agent" class="agent">${agent}</p>` : nothing}${body}${refused}
    </div>`;
  }

  protected override updated(): void {
    // What a render could not draw goes to each surface's model, which reports each error once.
    const found = this.#found;
    this.#found = new Map();
    for (const [model, errors] of found) if (errors.length > 0) model.rendered(errors);
    for (const error of this.#own.takeErrors()) emit(this, 'mantis-a2ui-error', { error });
    // Answers to the agent's calls, and calls to its functions.
    for (const message of this.#own.takeAnswers()) emit(this, 'callAgentFunction' in message ? 'mantis-a2ui-function-call' : 'mantis-a2ui-function-answer', { message } as never);
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

  /** @internal How a media key becomes an object URL here, or null when nothing may be fetched (surface-host.ts). */
  resolveMedia(playable: boolean): ((key: string) => Promise<string>) | null {
    if (this.mediaResolver) return this.mediaResolver;
    const media = this.surface ? this.port?.media : null;
    if (!media) return null;
    // Images, videos and sounds of `agent_files/...` keys come through the chat's authenticated media service, as in
    // views; nothing else.
    return async (key) => {
      const preview = await media.preview(key, { accept: playable ? 'playable' : 'image' });
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
    this.#links ??= import('./link-confirm.js').then((m) => (this.#linksReady = new m.LinkConfirmController(this)));
    void this.#links.then(
      (links) => links.ask(url, trigger),
      () => {
        // Nothing opens without the confirmation: said, and tried again at the next click.
        this.#links = undefined;
        const reason = 'The confirmation to open a link could not be loaded, so the link was not opened.';
        console.warn(`[mantis-ui] ${reason}`);
        emit(this, 'mantis-config-error', { reason });
      },
    );
  }
}
