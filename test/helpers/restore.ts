import { ChatSession, type ChatSessionOptions } from '../../src/index.js';

/**
 * A session made with a history, once the history shows: the check of a history loads on first need, so a session
 * shows its `messages` option a moment after it is made (`session.historyReady`).
 */
export async function restore(options: ChatSessionOptions): Promise<ChatSession> {
  return restored(new ChatSession(options));
}

/** `session`, once the history it was given shows. */
export async function restored(session: ChatSession): Promise<ChatSession> {
  await session.historyReady;
  return session;
}
