import type { Action } from '../schema/actions.js';
import { SELECTION_BAG_NAME, type ActionPreparation, type BagDirectory } from './bags.js';

/*
 * What an add-to-bag action asks the user to confirm, from what the bags API says. Its own module: a session loads it
 * with the first add-to-bag confirmation (a lazy part of the script-tag build, scripts/lazy-files.json).
 */

const points = (n: number): string => `${n} point${n === 1 ? '' : 's'}`;

/**
 * The confirmation of an add-to-bag action from what the bags API says: the named bag must exist and be mutable;
 * without one, the active bag is named when it is mutable, or else (no bag is active, or the active one is read-only)
 * the "Composer selection" bag, whose creation is what is confirmed when it does not exist yet.
 */
export async function prepareAddToBag(action: Extract<Action, { type: 'add-to-bag' }>, bags: BagDirectory): Promise<ActionPreparation> {
  const count = points(action.targets.length);
  const named = action.bagId !== undefined || action.bagName !== undefined;
  const target = named ? await (action.bagId !== undefined ? bags.byId(action.bagId) : bags.byName(action.bagName as string)) : await bags.active();
  if (named && !target) {
    const what = action.bagId !== undefined ? `with the ID ${action.bagId}` : `named “${action.bagName}”`;
    return { allowed: false, description: `There is no bag ${what}, and none is created: nothing can be added.` };
  }
  if (named && target && !target.mutable) return { allowed: false, description: `The bag “${target.name}” is read-only: nothing can be added.` };
  if (target?.mutable) return { allowed: true, description: `Add ${count} to the bag “${target.name}”?` };
  // No mutable bag is active ("the active mutable bag or ... a confirmed Composer selection bag"): the points go to the
  // "Composer selection" bag, made for this when there is none yet.
  const why = target ? `The active bag “${target.name}” is read-only.` : 'No bag is active.';
  const selection = await bags.byName(SELECTION_BAG_NAME);
  if (selection && !selection.mutable) {
    return { allowed: false, description: `${target ? `${why} ` : ''}The bag “${selection.name}” is read-only: nothing can be added.` };
  }
  return {
    allowed: true,
    createSelectionBag: true,
    description: selection
      ? `${why} Add ${count} to the bag “${SELECTION_BAG_NAME}”?`
      : `${why} Create the bag “${SELECTION_BAG_NAME}” and add ${count} to it?`,
  };
}
