import { createContext } from '@lit/context';
import type { ActionPreparation, ActionRegistry, ActionRequest, ArtifactSource, MediaService } from '../../src/index.js';

/**
 * What a view inside a chat reaches of its session, through the context protocol rather than events the host
 * must catch and re-dispatch. Later issues add surfaces here.
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
  /** The authenticated media service (`<mantis-chat media-base-url>`), or null when the host configured none. */
  readonly media: MediaService | null;
  /**
   * Opens an artifact in the chat's artifact panel (the session's bounded store); false when the page cancelled
   * `mantis-artifact-open` to show it itself.
   */
  openArtifact(source: ArtifactSource): boolean;
}

export const chatServices = createContext<ChatServices | undefined>(Symbol('mantis-chat-services'));
