import { oneEvent } from '@open-wc/testing';
import type { MantisChat } from '../../elements/mantis-chat/mantis-chat.js';
import type { Action } from '../../src/index.js';

export type ViewElement = HTMLElement & { updateComplete: Promise<unknown> };

/**
 * Sends a card with these actions through a chat connected to the reference server's `echo` scenario, which streams
 * the sent text back as the reply; resolves with the reply's rendered view once the reply ended.
 */
export function replyWithActions(el: MantisChat, actions: readonly Action[], before = ''): Promise<ViewElement> {
  return replyWithNode(el, { id: 'card', type: 'entity-card', title: 'Card', actions }, before);
}

/** Sends a view with this root node through the echo scenario (as replyWithActions) and resolves with its element. */
export async function replyWithNode(el: MantisChat, root: Record<string, unknown>, before = ''): Promise<ViewElement> {
  const fence = JSON.stringify({ version: 1, id: 'v', root });
  const complete = oneEvent(el, 'mantis-message-complete');
  el.send(`${before}\`\`\`mantis-ui\n${fence}\n\`\`\`\n`);
  await complete;
  await el.updateComplete;
  const views = el.shadowRoot?.querySelectorAll('mantis-ui-view') ?? [];
  const view = views[views.length - 1] as ViewElement;
  await view.updateComplete;
  return view;
}
