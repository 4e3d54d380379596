import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';
import type { SurfacePlacement } from '../../src/protocols/a2ui/placements.js';
import type { AssistantMessage, ChatSession, ClientDataModel } from '../../src/index.js';
import { loadA2uiSurface, takenBeforeLoad, type A2uiSurfaceModule } from '../internal/lazy.js';

/** What the chat's A2UI surfaces need from the element. */
export interface SurfaceHost extends HTMLElement {
  readonly session: ChatSession;
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
}

/** A surface element, made by its module (`createChatSurface`). */
type SurfaceElement = ReturnType<A2uiSurfaceModule['createChatSurface']>;

const key = (messageId: string, surfaceId: string): string => `${messageId}\u0000${surfaceId}`;

const TAG = 'mantis-a2ui-surface';

/**
 * A2UI surfaces that follow the conversation (004_655f119d9cdaeeed.txt). Each live surface is one
 * `<mantis-a2ui-surface>` element, made once and kept for the surface's life; every assistant message that touched
 * the surface renders an empty slot where it first did, and after each render the element is moved into the slot of
 * its owner, the latest message that touched it. `moveBefore` moves it without disconnecting it, so typed input, focus,
 * selection and scroll positions survive; where the browser lacks it, focus, selection and scroll are put back.
 */
export class ChatSurfaces implements ReactiveController {
  readonly #host: SurfaceHost;
  /** The surface elements, by surface ID and generation. */
  readonly #elements = new Map<string, SurfaceElement>();
  /** The slots rendered now, by message and surface. */
  readonly #slots = new Map<string, HTMLElement>();
  #placed: ReadonlyMap<string, SurfacePlacement> | null = null;
  #dirty = true;
  /** The surface element's module (a lazy file in the IIFE): it defines the element and moves it keeping its state. */
  #kit: A2uiSurfaceModule | null = null;
  #loading = false;
  /** The page defined `<mantis-a2ui-surface>` itself: its element is not ours, so surfaces show a note instead. */
  #taken = false;
  readonly slot = directive(
    // An element directive: `update` gets the slot element itself.
    class extends Directive {
      render(_surfaces: ChatSurfaces, _messageId: string, _surfaceId: string): typeof nothing {
        return nothing;
      }
      override update(part: ElementPart, [surfaces, messageId, surfaceId]: [ChatSurfaces, string, string]): typeof nothing {
        surfaces.#slots.set(key(messageId, surfaceId), part.element as HTMLElement);
        surfaces.#dirty = true;
        return nothing;
      }
    },
  );

  readonly #notify: (text: string) => void;
  /** The data models of the surfaces shown that asked for them (client_data_model.json), or null. */
  readonly #dataModel = (): ClientDataModel | null => this.#kit?.clientDataModel(this.#elements.values()) ?? null;

  /** `notify` shows why an action could not be sent (under the chat's input). */
  constructor(host: SurfaceHost, notify: (text: string) => void) {
    this.#host = host;
    this.#notify = notify;
    host.addController(this);
  }

  /** Where surfaces are now (a new Map only when an `a2ui` record changed it). */
  placements(): ReadonlyMap<string, SurfacePlacement> {
    return this.#host.session.thread.surfaces;
  }

  /** The slot of a surface part: present in every message that touched the surface; only the owner's holds it. */
  renderSlot(message: AssistantMessage, surfaceId: string): TemplateResult {
    return html`<div part="surface-slot" class="surface-slot" ${this.slot(this, message.id, surfaceId)}></div>`;
  }

  hostUpdated(): void {
    // The data models surfaces asked to send go with every user message and client action (A2UI sendDataModel).
    const session = this.#host.session;
    if (session.a2uiDataModel !== this.#dataModel) session.a2uiDataModel = this.#dataModel;
    const placements = this.placements();
    if (placements === this.#placed && !this.#dirty) return;
    // Surfaces are made by their element's module (a lazy file in the IIFE): once it came, this runs again.
    const kit = this.#kit;
    if (this.#taken) return this.#noteRefusal(placements);
    if (!kit) {
      if (placements.size > 0) this.#load();
      return;
    }
    this.#placed = placements;
    this.#dirty = false;
    for (const [k, slot] of this.#slots) if (!slot.isConnected) this.#slots.delete(k);
    const wanted = new Set<string>();
    for (const placement of placements.values()) {
      const id = `${placement.surfaceId}#${placement.generation}`;
      wanted.add(id);
      let element = this.#elements.get(id);
      if (!element) {
        const surfaceId = placement.surfaceId;
        element = kit.createChatSurface(surfaceId, { session: () => this.#host.session, owner: () => this.placements().get(surfaceId)?.owner, notify: this.#notify });
        this.#elements.set(id, element);
      }
      if (element.messages !== placement.messages) element.messages = placement.messages;
      // While its owner streams, the agent may still send the components a surface refers to, and our v1 components'
      // actions wait; the owner's marker (not the mode chosen now) decides Ask's read-only policy.
      const pending = this.#host.session.thread.streaming.includes(placement.owner);
      const readOnly = this.#host.session.thread.assistant(placement.owner)?.marker.mode === 'ask';
      Object.assign(element, { pending, actionsDisabled: pending, readOnly, messageId: placement.owner });
      const slot = this.#slots.get(key(placement.owner, placement.surfaceId));
      if (slot && element.parentNode !== slot) kit.moveSurface(element, slot);
    }
    for (const [id, element] of this.#elements) {
      if (wanted.has(id)) continue;
      element.remove();
      this.#elements.delete(id);
    }
  }

  hostDisconnected(): void {
    // The elements are kept (the chat may come back); only slots go with the render.
    this.#dirty = true;
  }

  #load(): void {
    if (this.#loading) return;
    this.#loading = true;
    // A tag the page took before the IIFE ran: its file is never loaded (it would define nothing).
    if (takenBeforeLoad(TAG)) return this.#refuse();
    loadA2uiSurface().then(
      (kit) => {
        // Taken after the IIFE ran, or in the ES build: the element of that name is another class.
        if (customElements.get(TAG) !== kit.MantisA2uiSurface) return this.#refuse();
        this.#kit = kit;
        this.#dirty = true;
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        this.#loading = false;
        console.warn('[mantis-ui] <mantis-a2ui-surface> could not be loaded:', error);
      },
    );
  }

  #refuse(): void {
    this.#taken = true;
    this.#dirty = true;
    this.#host.requestUpdate();
  }

  /**
   * The page's own `<mantis-a2ui-surface>` is not ours to drive: the owner's slot of each surface says so instead (a
   * finished message is not rendered again, so the note goes into the slot as the element would).
   */
  #noteRefusal(placements: ReadonlyMap<string, SurfacePlacement>): void {
    this.#placed = placements;
    this.#dirty = false;
    for (const placement of placements.values()) {
      const slot = this.#slots.get(key(placement.owner, placement.surfaceId));
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
