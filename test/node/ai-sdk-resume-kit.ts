// What the AI SDK resume tests share (ai-sdk-resume.test.ts, ai-sdk-resume-edges.test.ts): sessions on the reference
// endpoint under a chat ID, a reply left while it streams, and a look at the chat reading its resume GET.
import assert from 'node:assert/strict';
import { createChatSession, type ChatSession, type PersistedMessage, type SessionEvent } from '../../src/index.js';

/** The whole `resumable` reply. */
export const FULL = 'The first part of a long answer.\n\nAnd the rest, after the reload.';

let chats = 0;
/** A chat ID of this run, with characters a path must escape. */
export const newChatId = (): string => `resume ${Date.now()}/${++chats}`;

/** Resolves once the session's last message is the agent's and holds `text`. */
export function shows(session: ChatSession, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const last = session.messages.at(-1);
      return last?.role === 'assistant' && last.text.includes(text);
    };
    if (check()) return resolve();
    const off = session.subscribe(() => check() && (off(), resolve()));
  });
}

/** What a page adds to each request of the connection. */
type PageOptions = { readonly headers?: () => Record<string, string>; readonly body?: () => Record<string, unknown> };

/** Sessions on the endpoint at `url()`. */
export function resumeKit(url: () => string): {
  chatSession(chatId: string, page?: PageOptions): { session: ChatSession; events: SessionEvent[] };
  leaveWhileStreaming(chatId: string): Promise<{ atSend: PersistedMessage[]; midway: PersistedMessage[] }>;
} {
  /** A session under `chatId`, with what the page adds to each request (`headers`, `body`), and what it says. */
  function chatSession(chatId: string, page: PageOptions = {}): { session: ChatSession; events: SessionEvent[] } {
    const session = createChatSession({ connection: { kind: 'ai-sdk', url: url(), chatId, ...page } });
    const events: SessionEvent[] = [];
    session.subscribe((event) => events.push(event));
    return { session, events };
  }
  /** Starts a `resumable` reply in a first session, and leaves it (as a reload does) once its first part showed. */
  async function leaveWhileStreaming(chatId: string): Promise<{ atSend: PersistedMessage[]; midway: PersistedMessage[] }> {
    const { session } = chatSession(chatId);
    session.connect();
    assert.equal(session.send('resumable please').ok, true);
    const atSend = session.persisted;
    await shows(session, 'The first part');
    const midway = session.persisted;
    session.disconnect();
    return { atSend, midway };
  }
  return { chatSession, leaveWhileStreaming };
}

/**
 * Resolves with the response to the chat's next resume GET once the chat has read it (the fetch settled and what it
 * does next ran); fetch is the real one again by then.
 */
export function clientReadsResume(): Promise<Response> {
  const realFetch = globalThis.fetch;
  return new Promise((resolve, reject) => {
    globalThis.fetch = async (input, init) => {
      const response = realFetch(input, init);
      if (String(input).endsWith('/stream')) {
        globalThis.fetch = realFetch;
        response.then((answered) => setImmediate(() => resolve(answered)), reject);
      }
      return response;
    };
  });
}

/**
 * Holds the chat's resume GETs until `release()` (the real server answers before a test could act): the only fake of
 * these tests, and it only delays a real request. `asked` resolves with the GET's signal; `restore()` puts fetch back.
 */
export function holdResumeGets(): { readonly asked: Promise<AbortSignal | null | undefined>; release(): void; restore(): void } {
  const realFetch = globalThis.fetch;
  let asked: (signal: AbortSignal | null | undefined) => void = () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const askedFor = new Promise<AbortSignal | null | undefined>((resolve) => (asked = resolve));
  globalThis.fetch = async (input, init) => {
    if (String(input).endsWith('/stream')) {
      asked(init?.signal);
      await held;
    }
    return realFetch(input, init);
  };
  return {
    asked: askedFor,
    release: () => release(),
    restore: () => {
      globalThis.fetch = realFetch;
      release();
    },
  };
}
