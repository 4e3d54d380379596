import { expect, oneEvent } from '@open-wc/testing';
import type { MantisChat } from '../../elements/mantis-chat/mantis-chat.js';
import type { AssistantMessage, PersistedMessage } from '../../src/index.js';

/** Every `mantis-history-change` of a chat, newest last. */
export function historyOf(chat: MantisChat): PersistedMessage[][] {
  const seen: PersistedMessage[][] = [];
  chat.addEventListener('mantis-history-change', (event) => seen.push([...event.detail.messages]));
  return seen;
}

/** Sends a message and resolves with the reply, as its thread holds it, once it ended and the chat rendered it. */
export async function reply(chat: MantisChat, text: string): Promise<AssistantMessage> {
  const complete = oneEvent(chat, 'mantis-message-complete');
  expect(chat.send(text)).to.equal(true);
  const { detail } = await complete;
  await chat.updateComplete;
  const message = chat.session.thread.assistant((detail.message as AssistantMessage).id);
  if (!message) throw new Error('no reply');
  return message;
}
