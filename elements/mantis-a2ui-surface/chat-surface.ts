import type { ChatSession, ClientDataModel } from '../../src/index.js';
import type { A2uiActionDetail, A2uiErrorDetail } from '../events.js';
import { type MantisA2uiSurface } from './mantis-a2ui-surface.component.js';

/*
 * A surface as <mantis-chat> shows it (elements/mantis-chat/surfaces.ts places it): part of the element's module, so
 * the IIFE carries none of it until a reply shows a surface.
 */

/** What a chat's surface asks of the chat. */
export interface ChatSurfaceHooks {
  readonly session: () => ChatSession;
  /** The surface's owner now: the latest assistant message that touched it. */
  readonly owner: () => string | undefined;
  /** Shows why an action could not be sent. */
  readonly notify: (text: string) => void;
}

/** A `<mantis-a2ui-surface>` for one surface of a chat, wired to its session. */
export function createChatSurface(surfaceId: string, hooks: ChatSurfaceHooks): MantisA2uiSurface {
  const element = document.createElement('mantis-a2ui-surface') as MantisA2uiSurface;
  element.surfaceId = surfaceId;
  element.setAttribute('part', 'a2ui-surface');
  // Images of `agent_files/...` keys come through the chat's authenticated media service, as in views; nothing else.
  element.mediaResolver = async (key) => {
    const media = hooks.session().media;
    const preview = media ? await media.preview(key) : null;
    if (!preview?.ok) throw new Error('not shown');
    return preview.url;
  };
  element.addEventListener('mantis-a2ui-action', (event) => {
    const { action } = (event as CustomEvent<A2uiActionDetail>).detail;
    const owner = hooks.owner();
    const sent = owner ? hooks.session().sendA2uiAction(action, owner) : null;
    if (sent && !sent.ok) hooks.notify(sent.message);
  });
  element.addEventListener('mantis-a2ui-error', (event) => {
    const { error } = (event as CustomEvent<A2uiErrorDetail>).detail;
    const owner = hooks.owner();
    const session = hooks.session();
    // A replayed conversation shows its fallbacks without telling the agent about them again.
    if (owner && session.thread.arrivedLive(owner)) session.reportA2uiError(error, owner);
  });
  return element;
}

/** The data models of the surfaces that asked for them (client_data_model.json), across some elements, or null. */
export function clientDataModel(elements: Iterable<MantisA2uiSurface>): ClientDataModel | null {
  const surfaces: Record<string, unknown> = {};
  for (const element of elements) {
    // Own keys, whatever a surface ID is (`__proto__` must not set a prototype).
    for (const [id, value] of Object.entries(element.store.clientDataModel()?.surfaces ?? {})) {
      Object.defineProperty(surfaces, id, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return Object.keys(surfaces).length > 0 ? { version: 'v0.9', surfaces } : null;
}
