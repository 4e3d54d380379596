import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';
import type { AssistantMessage, ChatSession, SurfaceModel, SurfacePlacement } from '../../src/index.js';
import { MantisA2uiSurface } from '../mantis-a2ui-surface/mantis-a2ui-surface.js';
import { moveSurface } from '../mantis-a2ui-surface/move.js';

/** What the chat's A2UI surfaces need from the element. */
export interface SurfaceHost extends HTMLElement {
  readonly session: ChatSession;
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
}

/** The surface group of a session's A2UI state, as far as the chat draws it (the core holds it: src/protocols/a2ui/). */
interface Surfaces {
  readonly placements: ReadonlyMap<string, SurfacePlacement>;
  surface(surfaceId: string): SurfaceModel | undefined;
}

type SurfaceElement = MantisA2uiSurface;

const key = (messageId: string, surfaceId: string): string => `${messageId}\u0000${surfaceId}`;

const TAG = 'mantis-a2ui-surface';

/**
 * A2UI surfaces that follow the conversation (004_655f119d9cdaeeed.txt), as the session's A2UI state places them: each
 * live surface is one `<mantis-a2ui-surface>` element, made once and kept for the surface's life and given its model;
 * every assistant message that touched the surface renders an empty slot where it first did, and after each render
 * the element is moved into the slot of its owner. `moveBefore` moves it without disconnecting it, so typed input,
 * focus, selection and scroll positions survive; where the browser lacks it, they are put back.
 */
export class SurfacesController implements ReactiveController {
  readonly #host: SurfaceHost;
  /** The surface elements, by surface ID and generation. */
  readonly #elements = new Map<string, SurfaceElement>();
  /** The slots rendered now, by message and surface. */
  readonly #slots = new Map<string, HTMLElement>();
  /** The page defined `<mantis-a2ui-surface>` itself: its element is not ours, so surfaces show a note instead. */
  readonly #taken = customElements.get(TAG) !== MantisA2uiSurface;
  readonly slot = directive(
    // An element directive: `update` gets the slot element itself.
    class extends Directive {
      render(_surfaces: SurfacesController, _messageId: string, _surfaceId: string): typeof nothing {
        return nothing;
      }
      override update(part: ElementPart, [surfaces, messageId, surfaceId]: [SurfacesController, string, string]): typeof nothing {
        surfaces.#slots.set(key(messageId, surfaceId), part.element as HTMLElement);
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

  hostUpdated(): void {
    const surfaces = this.#surfaces();
    if (!surfaces || surfaces.placements.size === 0) return;
    for (const [k, slot] of this.#slots) if (!slot.isConnected) this.#slots.delete(k);
    // Each element loads the renderer when it first connects (mantis-a2ui-surface.ts), keeping what is set on it now.
    if (this.#taken) return this.#noteRefusal(surfaces.placements);
    const wanted = new Set<string>();
    const session = this.#host.session;
    for (const placement of surfaces.placements.values()) {
      const model = surfaces.surface(placement.surfaceId);
      if (!model || placement.owner === undefined) continue;
      const id = `${placement.surfaceId}#${placement.generation}`;
      wanted.add(id);
      let element = this.#elements.get(id);
      if (!element) {
        element = document.createElement(TAG) as SurfaceElement;
        element.surfaceId = placement.surfaceId;
        element.setAttribute('part', 'a2ui-surface');
        this.#elements.set(id, element);
      }
      // While its owner streams, the agent may still send the components a surface refers to, and our v1 components'
      // actions wait; the owner's marker (not the mode chosen now) decides Ask's read-only policy.
      const pending = session.thread.streaming.includes(placement.owner);
      const readOnly = session.thread.assistant(placement.owner)?.marker.mode === 'ask';
      Object.assign(element, { surface: model, pending, actionsDisabled: pending, readOnly, messageId: placement.owner });
      const slot = this.#slots.get(key(placement.owner, placement.surfaceId));
      if (slot && element.parentNode !== slot) moveSurface(element, slot);
    }
    for (const [id, element] of this.#elements) {
      if (wanted.has(id)) continue;
      element.remove();
      this.#elements.delete(id);
    }
  }

  hostDisconnected(): void {
    // The elements are kept (the chat may come back); only slots go with the render.
  }

  /**
   * The page's own `<mantis-a2ui-surface>` is not ours to drive: the owner's slot of each surface says so instead (a
   * finished message is not rendered again, so the note goes into the slot as the element would).
   */
  #noteRefusal(placements: ReadonlyMap<string, SurfacePlacement>): void {
    for (const placement of placements.values()) {
      const slot = placement.owner === undefined ? undefined : this.#slots.get(key(placement.owner, placement.surfaceId));
      if (!slot || slot.querySelector('[part="surface-fallback"]')) continue;
      const note = document.createElement('p');
      note.setAttribute('part', 'surface-fallback');
      note.setAttribute('role', 'note');
      note.dataset['surfaceId'] = placement.surfaceId;
      note.textContent = 'This interactive surface cannot be shown here: the page defines <mantis-a2ui-surface> itself.';
      slot.replaceChildren(note);
    }
  }
}
