import type { ChatSession, SurfaceModel, SurfacePlacement } from '../../src/index.js';
import type { MantisA2uiSurface } from './mantis-a2ui-surface.js';
import { moveSurface } from './move.js';

/** The surface group of a session's A2UI state, as far as a chat draws it (the core holds it: src/protocols/a2ui/). */
export interface Surfaces {
  readonly placements: ReadonlyMap<string, SurfacePlacement>;
  surface(surfaceId: string): SurfaceModel | undefined;
}

const TAG = 'mantis-a2ui-surface';

/**
 * Puts a chat's A2UI surfaces where the session's A2UI state places them (loaded with the conversation's first
 * surface: the chat's elements/mantis-chat/surfaces.ts keeps the slots): each live surface is one `<mantis-a2ui-surface>` element, made once and kept
 * for the surface's life and given its model, moved after each render into the slot of its owner. `moveBefore` moves
 * it without disconnecting it, so typed input, focus, selection and scroll positions survive; where the browser lacks
 * it, they are put back.
 */
export class SurfacePlacer {
  /** The surface elements, by surface ID and generation. */
  readonly #elements = new Map<string, MantisA2uiSurface>();

  /** Places every surface in its owner's slot (`slotOf`: the slot a message rendered for a surface, if any). */
  place(session: ChatSession, surfaces: Surfaces, slotOf: (messageId: string, surfaceId: string) => HTMLElement | undefined): void {
    const wanted = new Set<string>();
    for (const placement of surfaces.placements.values()) {
      const model = surfaces.surface(placement.surfaceId);
      if (!model || placement.owner === undefined) continue;
      const id = `${placement.surfaceId}#${placement.generation}`;
      wanted.add(id);
      let element = this.#elements.get(id);
      if (!element) {
        element = document.createElement(TAG) as MantisA2uiSurface;
        element.surfaceId = placement.surfaceId;
        element.setAttribute('part', 'a2ui-surface');
        this.#elements.set(id, element);
      }
      // While its owner streams, the agent may still send the components a surface refers to, and our v1 components'
      // actions wait; the owner's marker (not the mode chosen now) decides Ask's read-only policy.
      const pending = session.thread.streaming.includes(placement.owner);
      const readOnly = session.thread.assistant(placement.owner)?.marker.mode === 'ask';
      Object.assign(element, { surface: model, pending, actionsDisabled: pending, readOnly, messageId: placement.owner });
      const slot = slotOf(placement.owner, placement.surfaceId);
      if (slot && element.parentNode !== slot) moveSurface(element, slot);
    }
    for (const [id, element] of this.#elements) {
      if (wanted.has(id)) continue;
      element.remove();
      this.#elements.delete(id);
    }
  }
}
