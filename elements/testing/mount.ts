import { ChatSession, type PersistedMessage, type UserMessage } from '../../src/index.js';
import { ScriptedTransport } from '../../src/testing/scripted-transport.js';
import type { ScriptedTransportOptions } from '../../src/testing/types.js';
import type { MantisChat } from '../mantis-chat/mantis-chat.js';
import { findPart } from './find.js';
import { watchReplies } from './wait.js';

/*
 * A `<mantis-chat>` on the page, talking to a scripted transport through its public `connection` property, and the
 * user's way of sending a message: the message box and the Send button.
 */

/** Options of mountChat: the transport's (or a transport), and the chat's. */
export interface MountChatOptions extends ScriptedTransportOptions {
  /** A transport to use instead of a new one made from the other options. */
  readonly transport?: ScriptedTransport;
  /** Attributes to set on the chat before it connects (`mode`, `theme`, …). */
  readonly attributes?: Readonly<Record<string, string>>;
  /** A persisted conversation to show first (the chat's `messages`). */
  readonly messages?: readonly PersistedMessage[];
  /** Where to put the chat; `document.body` by default. */
  readonly parent?: Element;
}

/** A mounted chat and its transport. */
export interface MountedChat {
  readonly chat: MantisChat;
  readonly transport: ScriptedTransport;
  /** Takes the chat out of the page and closes the transport. */
  remove(): void;
}

const mounted = new Set<MountedChat>();

/**
 * Puts a `<mantis-chat>` on the page, connected to a ScriptedTransport through its `connection` property, and
 * resolves once it rendered and the connection is open. `mantis-ui` must be imported first (it defines the element).
 */
export async function mountChat(options: MountChatOptions = {}): Promise<MountedChat> {
  if (!customElements.get('mantis-chat')) {
    throw new Error("mountChat: <mantis-chat> is not defined: import 'mantis-ui' (or load mantis-ui.iife.js) first.");
  }
  const transport = options.transport ?? new ScriptedTransport(options);
  const chat = document.createElement('mantis-chat');
  // The session keeps the transport's scripted clock: what the chat shows of time is the same in every run.
  chat.session = new ChatSession({ clock: () => transport.now() });
  for (const [name, value] of Object.entries(options.attributes ?? {})) chat.setAttribute(name, value);
  if (options.messages) chat.messages = options.messages;
  chat.connection = transport;
  watchReplies(chat);
  const entry: MountedChat = {
    chat,
    transport,
    remove: () => {
      chat.remove();
      transport.close();
      mounted.delete(entry);
    },
  };
  // Counted before anything can fail, so cleanupChats takes away a chat that never connected too.
  mounted.add(entry);
  (options.parent ?? document.body).append(chat);
  await chat.updateComplete;
  if (transport.state !== 'open') {
    const state = transport.state;
    entry.remove();
    throw new Error(`mountChat: the chat did not open its connection (it is ${state}).`);
  }
  return entry;
}

/** Removes every chat mountChat put on the page (call it in `afterEach`). */
export function cleanupChats(): void {
  for (const entry of [...mounted]) entry.remove();
}

/**
 * Sends a message as a user does: types it into the chat's message box and presses Send. Resolves with the message
 * as the chat shows it; fails with the reason the chat shows when it refused to send (too long, no connection) or a
 * `mantis-send` listener cancelled it.
 */
export async function sendMessage(chat: MantisChat, text: string): Promise<UserMessage> {
  await chat.updateComplete;
  const input = findPart<HTMLTextAreaElement>(chat, 'textarea[part~="input"]');
  const send = findPart<HTMLButtonElement>(chat, 'button[part~="send-button"]');
  if (!input || !send) throw new Error('sendMessage: this chat shows no message box (is it a rendered <mantis-chat>?).');
  input.focus();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
  const before = chat.conversation.length;
  send.click();
  // Submitting is synchronous: the message is in the conversation now, or it was refused. Nothing is awaited here,
  // so the reply cannot have started; waitForReply finds it either way.
  const sent = chat.conversation.slice(before).find((m): m is UserMessage => m.role === 'user');
  if (sent) return sent;
  // The reason under the input is rendered with the chat's next update.
  await chat.updateComplete;
  const reason = findPart(chat, '[part~="send-error"]')?.textContent?.trim();
  const quoted = JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
  throw new Error(`sendMessage: the chat did not send ${quoted}${reason ? `: ${reason}` : ' (a mantis-send listener may have cancelled it)'}`);
}
