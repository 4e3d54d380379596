import { createContext } from '@lit/context';
import type { ActionRegistry, ActionRequest } from '../../src/index.js';

/**
 * What a view inside a chat reaches of its session, through the context protocol rather than events the host
 * must catch and re-dispatch. Later issues add media, artifacts and surfaces here.
 */
export interface ChatServices {
  /** The action handlers: what to offer, how to confirm, how to describe. */
  readonly actions: ActionRegistry;
  /** Runs an action the user chose (after its confirmation); false when no handler is registered. */
  runAction(request: ActionRequest): boolean;
}

export const chatServices = createContext<ChatServices | undefined>(Symbol('mantis-chat-services'));
