import { createContext } from '@lit/context';
import type { A2uiActionInput, ActionPreparation, ActionRegistry, ActionRequest, ArtifactSource, MediaService, RenderStatus } from '../../src/index.js';

/**
 * The one narrow port every element inside a chat reaches its session through (views, envelopes, surfaces, the
 * artifact panel, media), provided with the context protocol by `<mantis-chat>` (and on the page's canvas, where it
 * draws canvas envelopes). An element with no port around it works on its own: it fires its events and nothing else.
 */
export interface ChatPort {
  /** The action handlers: what to offer, how to confirm, how to describe. */
  readonly actions: ActionRegistry;
  /** What to ask the user to confirm for a state-changing action (for add-to-bag, from the bags API). */
  prepareAction(request: ActionRequest): Promise<ActionPreparation>;
  /**
   * Runs an action the user chose (after its confirmation); false when nothing ran. `createSelectionBag`: the user
   * confirmed creating the "Composer selection" bag.
   */
  runAction(request: ActionRequest, options?: { readonly createSelectionBag?: boolean }): boolean;
  /** Sends a user's action on an A2UI surface to the agent (as part of the message that owns the surface). */
  sendA2uiAction(action: A2uiActionInput): void;
  /** Records how an agent-ui@1 envelope rendered; persisted with its message. */
  setEnvelopeStatus(envelopeId: string, status: RenderStatus, message?: string): void;
  /** The authenticated media service (`<mantis-chat media-base-url>`), or null when the host configured none. */
  readonly media: MediaService | null;
  /**
   * Opens an artifact in the chat's artifact panel (the session's bounded store); false when the page cancelled
   * `mantis-artifact-open` to show it itself.
   */
  openArtifact(source: ArtifactSource): boolean;
}

/** The name views knew the port by. */
export type ChatServices = ChatPort;

export const chatPort = createContext<ChatPort | undefined>(Symbol.for('mantis-ui.chat-port'));
/** The name views knew the context by. */
export const chatServices = chatPort;
