import { createContext } from '@lit/context';
import type { ActionPreparation, ActionRegistry, ActionRequest } from '../../src/index.js';

/**
 * What a view inside a chat reaches of its session, through the context protocol rather than events the host
 * must catch and re-dispatch. Later issues add media, artifacts and surfaces here.
 */
export interface ChatServices {
  /** The action handlers: what to offer, how to confirm, how to describe. */
  readonly actions: ActionRegistry;
  /** What to ask the user to confirm for a state-changing action (for add-to-bag, from the bags API). */
  prepareAction(request: ActionRequest): Promise<ActionPreparation>;
  /**
   * Runs an action the user chose (after its confirmation); false when nothing ran. `createSelectionBag`: the user
   * confirmed creating the "Composer selection" bag.
   */
  runAction(request: ActionRequest, options?: { readonly createSelectionBag?: boolean }): boolean;
}

export const chatServices = createContext<ChatServices | undefined>(Symbol('mantis-chat-services'));
