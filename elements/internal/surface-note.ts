import type { SurfacePlacement } from '../../src/index.js';

/**
 * A surface the chat cannot show: the owner's slot of each says why instead (a finished message is not rendered
 * again, so the note goes into the slot as the element would): the chat's, when the placer did not load or
 * the page took the tag.
 */
export function noteRefusal(placements: ReadonlyMap<string, SurfacePlacement>, slotOf: (messageId: string, surfaceId: string) => HTMLElement | undefined, text: string): void {
  for (const placement of placements.values()) {
    const slot = placement.owner === undefined ? undefined : slotOf(placement.owner, placement.surfaceId);
    if (!slot || slot.querySelector('[part="surface-fallback"]')) continue;
    const note = document.createElement('p');
    note.setAttribute('part', 'surface-fallback');
    note.setAttribute('role', 'note');
    note.dataset['surfaceId'] = placement.surfaceId;
    note.textContent = text;
    slot.replaceChildren(note);
  }
}
