import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';
import type { AssistantMessage, ChatSession, SurfacePlacement } from '../../src/index.js';
import { loadSurfacePlacer, MantisA2uiSurface, type SurfacePlacer, type Surfaces } from '../internal/lazy.js';
import { noteRefusal } from '../internal/surface-note.js';

/** What the chat's A2UI surfaces need from the element. */
export interface SurfaceHost extends HTMLElement {
  readonly session: ChatSession;
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
}

const UNLOADED = 'This interactive surface could not be loaded.';
const TAKEN = 'Not shown here: the page defines <mantis-a2ui-surface> itself.';

const slotKey = (messageId: string, surfaceId: string): string => `${messageId}\u0000${surfaceId}`;

/**
 * A2UI surfaces that follow the conversation (004_655f119d9cdaeeed.txt), as the session's A2UI state places them: every
 * assistant message that touched a surface renders an empty slot where it first did, and after each render the
 * surface's one element is put into the slot of its owner (elements/mantis-a2ui-surface/placer.ts, loaded with the conversation's first
 * surface, so that a chat whose agent never shows one pays nothing for it).
 */
export class SurfacesController implements ReactiveController {
  readonly #host: SurfaceHost;
  /** The slots rendered now, by message and surface. */
  readonly #slots = new Map<string, HTMLElement>();
  #placer: SurfacePlacer | null = null;
  #loading: Promise<void> | null = null;
  #failed = false;
  readonly slot = directive(
    // An element directive: `update` gets the slot element itself.
    class extends Directive {
      render(_surfaces: SurfacesController, _messageId: string, _surfaceId: string): typeof nothing {
        return nothing;
      }
      override update(part: ElementPart, [surfaces, messageId, surfaceId]: [SurfacesController, string, string]): typeof nothing {
        surfaces.#slots.set(slotKey(messageId, surfaceId), part.element as HTMLElement);
        return nothing;
      }
    },
  );

  constructor(host: SurfaceHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The session's surfaces, once its A2UI state exists (a surface was shown). */
  #surfaces(): Surfaces | null {
    return (this.#host.session.protocol('a2ui') as unknown as { readonly group?: Surfaces } | undefined)?.group ?? null;
  }

  /** Where surfaces are now, by surface ID. */
  placements(): ReadonlyMap<string, SurfacePlacement> {
    return this.#surfaces()?.placements ?? new Map();
  }

  /** The slot of a surface part: present in every message that touched the surface; only the owner's holds it. */
  renderSlot(message: AssistantMessage, surfaceId: string): TemplateResult {
    return html`<div part="surface-slot" class="surface-slot" ${this.slot(this, message.id, surfaceId)}></div>`;
  }

  /** The loading of the code that places surfaces, while it loads. */
  get loading(): Promise<void> | null {
    return this.#placer || this.#failed ? null : this.#loading;
  }

  hostUpdated(): void {
    const surfaces = this.#surfaces();
    if (!surfaces || surfaces.placements.size === 0) return;
    for (const [k, slot] of this.#slots) if (!slot.isConnected) this.#slots.delete(k);
    const slotOf = (messageId: string, surfaceId: string): HTMLElement | undefined => this.#slots.get(slotKey(messageId, surfaceId));
    // The page defined the tag itself: its element is not ours, so each surface says so instead, and the code that
    // places surfaces (the renderer's file) is never loaded.
    if (customElements.get('mantis-a2ui-surface') !== MantisA2uiSurface) return noteRefusal(surfaces.placements, slotOf, TAKEN);
    // Each element loads the renderer when it first connects (mantis-a2ui-surface.ts), keeping what is set on it now.
    if (this.#placer) return this.#placer.place(this.#host.session, surfaces, slotOf);
    if (this.#failed) return noteRefusal(surfaces.placements, slotOf, UNLOADED);
    this.#loading ??= loadSurfacePlacer().then(
      (module) => {
        this.#placer = new module.SurfacePlacer();
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        console.warn('[mantis-ui] The chat could not load the code that shows A2UI surfaces:', error);
        this.#failed = true;
        this.#host.requestUpdate();
      },
    );
  }

  hostDisconnected(): void {
    // The elements are kept (the chat may come back); only slots go with the render.
  }
}
