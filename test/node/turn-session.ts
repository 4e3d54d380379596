// A session on one of the reference server's one-POST-per-turn endpoints (the AI SDK's, AG-UI's), for the node tests
// of those protocols: made, connected, and what it says collected; `reply` sends and waits for the reply to end.
import { createChatSession, type AssistantMessage, type ChatSession, type SessionEvent } from '../../src/index.js';

export function turnSession(kind: 'ai-sdk' | 'ag-ui', url: string): { session: ChatSession; events: SessionEvent[] } {
  const made = createChatSession({ connection: { kind, url } });
  const events: SessionEvent[] = [];
  made.subscribe((event) => events.push(event));
  made.connect();
  return { session: made, events };
}

/** Sends `text` and resolves with the reply once it ended (complete or interrupted). */
export function reply(chat: ChatSession, text: string): Promise<AssistantMessage> {
  return new Promise((resolve, reject) => {
    const off = chat.subscribe((event) => {
      if (event.type === 'message-complete' || event.type === 'message-interrupted') {
        off();
        resolve(event.message);
      }
    });
    const sent = chat.send(text);
    if (!sent.ok) reject(new Error(`not sent: ${sent.reason}`));
  });
}

/** Sends `slow`, stops the reply once its second word arrived, and resolves with the reply as it ended. */
export async function stopAfterTwoWords(chat: ChatSession): Promise<AssistantMessage> {
  const ended = new Promise<AssistantMessage>((resolve) => chat.subscribe((e) => e.type === 'message-complete' && resolve(e.message)));
  const started = new Promise<void>((resolve) => chat.subscribe((e) => e.type === 'messages' && (chat.messages.at(-1) as AssistantMessage | undefined)?.text?.includes('word1') && resolve()));
  chat.send('slow');
  await started;
  chat.stop();
  return ended;
}

export const partTypes = (message: AssistantMessage): string[] => message.parts.map((p) => p.type);
