// A session on one of the reference server's one-POST-per-turn endpoints (the AI SDK's, AG-UI's), for the node tests
// of those protocols: made, connected, and what it says collected; `reply` sends and waits for the reply to end.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { createChatSession, type Answer, type AssistantMessage, type ChatSession, type SessionEvent } from '../../src/index.js';
import type { PostedTurn } from '../../demo/server/turn-endpoint.js';

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

/**
 * Counts the POSTs made to `url()` from the suite's start, as each request is made: a connection calls `fetch` while
 * it keeps an answer, so a count read once `answer` resolved already holds any request that answer made.
 */
export function countPosts(url: () => string): { readonly count: number } {
  const counter = { count: 0 };
  const realFetch = globalThis.fetch;
  before(() => {
    globalThis.fetch = (input, init) => {
      if (init?.method === 'POST' && String(input) === url()) counter.count++;
      return realFetch(input, init);
    };
  });
  after(() => {
    globalThis.fetch = realFetch;
  });
  return counter;
}

/** The requests in `all` after `mark` (the newest before), oldest first. */
export const since = (all: readonly PostedTurn[], mark: PostedTurn | undefined): PostedTurn[] => all.slice(all.indexOf(mark as PostedTurn) + 1);

/**
 * Resolves with the next reply that ends (complete or interrupted), whichever message it is: the tests check that
 * the reply going on after an answer is the message that asked.
 */
export function ended(chat: ChatSession): Promise<AssistantMessage> {
  return new Promise((resolve) => {
    const off = chat.subscribe((event) => {
      if (event.type === 'message-complete' || event.type === 'message-interrupted') {
        off();
        resolve(event.message);
      }
    });
  });
}

/** Answers, and resolves once the reply that goes on has ended (the answer must have been kept and sent). */
export async function answerAndContinue(chat: ChatSession, id: string, given: Answer): Promise<AssistantMessage> {
  const continued = ended(chat);
  assert.equal(await chat.answer(id, given), true);
  return continued;
}
