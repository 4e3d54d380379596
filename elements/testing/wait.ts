import type { AssistantMessage } from '../../src/index.js';
import { ScriptedTransport } from '../../src/testing/scripted-transport.js';
import type { MantisChat } from '../mantis-chat/mantis-chat.js';
import { findAllParts } from './find.js';

/*
 * Waiting for a reply through what the chat tells its page: `mantis-message-complete` and
 * `mantis-message-interrupted`, its `conversation`, `mantis-envelope-status`, and `updateComplete`. Replies are
 * counted from the moment a chat is watched, so a reply that ended before the test started waiting still counts.
 */

interface Finished {
  readonly message: AssistantMessage;
  readonly reason?: string;
}

interface Watch {
  readonly finished: Finished[];
  /** How many of `finished` a waitForReply already returned. */
  consumed: number;
  readonly listeners: Set<() => void>;
}

const watches = new WeakMap<MantisChat, Watch>();

/**
 * Starts counting the replies a chat finishes (mountChat does it for its chats). waitForReply counts from here: call
 * it before sending when the chat was not made by mountChat and a reply may end before you wait for it.
 */
export function watchReplies(chat: MantisChat): void {
  if (watches.has(chat)) return;
  const watch: Watch = { finished: [], consumed: 0, listeners: new Set() };
  const note = (finished: Finished): void => {
    watch.finished.push(finished);
    for (const listener of [...watch.listeners]) listener();
  };
  chat.addEventListener('mantis-message-complete', (event) => note({ message: event.detail.message as AssistantMessage }));
  chat.addEventListener('mantis-message-interrupted', (event) => note({ message: event.detail.message, reason: event.detail.reason }));
  watches.set(chat, watch);
}

/** Whether the chat waits for an answer: the user spoke last, or a reply is streaming. */
function awaitingReply(chat: MantisChat): boolean {
  const messages = chat.conversation;
  return messages.at(-1)?.role === 'user' || messages.some((m) => m.role === 'assistant' && m.status === 'streaming');
}

/** Options of waitForReply. */
export interface WaitForReplyOptions {
  /** Milliseconds to wait before failing with a message that says what the chat shows; none by default. */
  readonly timeout?: number;
  /** Resolve with an interrupted reply instead of failing (to test a reply that fails). */
  readonly allowInterrupted?: boolean;
  /** Wait for the reply's inline agent-ui@1 envelopes to render or fall back (default true). */
  readonly envelopes?: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number | undefined, describe: () => string): Promise<T> {
  if (ms === undefined) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waitForReply: ${describe()} after ${ms} ms.`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** Resolves with the finished replies not returned yet, once one has finished and the chat waits for nothing more. */
function nextReplies(chat: MantisChat): { promise: Promise<Finished[]>; cancel: () => void } {
  watchReplies(chat);
  const watch = watches.get(chat) as Watch;
  let check = (): void => {};
  const promise = new Promise<Finished[]>((resolve) => {
    check = () => {
      if (watch.finished.length <= watch.consumed || awaitingReply(chat)) return;
      const fresh = watch.finished.slice(watch.consumed);
      watch.consumed = watch.finished.length;
      watch.listeners.delete(check);
      resolve(fresh);
    };
    watch.listeners.add(check);
    check();
  });
  return { promise, cancel: () => watch.listeners.delete(check) };
}

/** Resolves once every inline envelope of the message has left `pending` (rendered, fallback or error). */
function envelopesSettled(chat: MantisChat, messageId: string): Promise<void> {
  const waiting = (): boolean => {
    const message = chat.conversation.find((m): m is AssistantMessage => m.id === messageId && m.role === 'assistant');
    return (message?.uiEnvelopes ?? []).some((entry) => {
      const surface = (entry.envelope as { surface?: unknown } | null)?.surface;
      return entry.renderStatus === 'pending' && (surface === undefined || surface === 'chat_inline');
    });
  };
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = (): void => {
      if (waiting()) return;
      chat.removeEventListener('mantis-history-change', check);
      resolve();
    };
    // The chat records an envelope's status with its message, then announces the history change.
    chat.addEventListener('mantis-history-change', check);
  });
}

/** Resolves once every live A2UI surface the message touched is on the page (its element module loads lazily). */
function surfacesPlaced(chat: MantisChat, messageId: string): Promise<void> {
  const missing = (): boolean => {
    const message = chat.conversation.find((m): m is AssistantMessage => m.id === messageId && m.role === 'assistant');
    const live = (message?.surfaceIds ?? []).filter((id) => chat.session.thread.surfaces.has(id));
    const shown = findAllParts<HTMLElement & { surfaceId?: string }>(chat, 'mantis-a2ui-surface').map((element) => element.surfaceId);
    return live.some((id) => !shown.includes(id));
  };
  if (!missing()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = (): void => {
      if (missing()) return;
      chat.removeEventListener('mantis-a2ui-change', check);
      resolve();
    };
    // A surface placed in the chat applies its messages and announces it.
    chat.addEventListener('mantis-a2ui-change', check);
  });
}

/**
 * Resolves with the assistant's reply once it is complete and rendered: the chat finished it
 * (`mantis-message-complete`), waits for no other, and it, its views, its inline envelopes and its A2UI surfaces have
 * rendered.
 * Replies are counted (from mountChat, or watchReplies): a reply that ended before this was called is returned at
 * once; otherwise the next one is awaited, so it may be called before or after the message or action that causes
 * the reply. Fails when the reply was interrupted (an unscripted message, say), unless `allowInterrupted`.
 */
export async function waitForReply(chat: MantisChat, options: WaitForReplyOptions = {}): Promise<AssistantMessage> {
  const next = nextReplies(chat);
  const describe = (): string => {
    const last = chat.conversation.at(-1);
    return `no reply finished (the last message is ${last ? `${last.role}${last.role === 'assistant' ? `, ${last.status}` : ''}` : 'none'})`;
  };
  const finished = await withTimeout(next.promise, options.timeout, describe).finally(next.cancel);
  const interrupted = finished.find((f) => f.message.status === 'interrupted');
  if (interrupted && !options.allowInterrupted) {
    const connection = chat.connection;
    const unscripted = connection instanceof ScriptedTransport && connection.unscripted.length > 0 ? ` No scripted reply for: ${connection.unscripted.map((t) => JSON.stringify(t)).join(', ')}.` : '';
    throw new Error(`waitForReply: the reply was interrupted (${interrupted.reason ?? 'unknown'}).${unscripted}`);
  }
  const id = (finished.at(-1) as Finished).message.id;
  await chat.updateComplete;
  if (options.envelopes !== false) await withTimeout(envelopesSettled(chat, id), options.timeout, () => 'an envelope never rendered');
  await withTimeout(surfacesPlaced(chat, id), options.timeout, () => 'an A2UI surface never showed');
  const nested = findAllParts<HTMLElement & { updateComplete?: Promise<unknown> }>(chat, 'mantis-ui-view, agent-envelope, mantis-a2ui-surface');
  await Promise.all(nested.map((element) => element.updateComplete));
  const current = chat.conversation.find((m): m is AssistantMessage => m.id === id && m.role === 'assistant');
  return current ?? (finished.at(-1) as Finished).message;
}
