import type { AssistantMessage } from '../../src/index.js';
import { ScriptedTransport } from '../../src/testing/scripted-transport.js';
import type { MantisChat } from '../mantis-chat/mantis-chat.js';
import { findAllParts } from './find.js';

/*
 * Waiting for a reply through what the chat tells its page: `mantis-message-complete` and
 * `mantis-message-interrupted`, its `conversation`, `mantis-envelope-status`, and `updateComplete`. Replies are
 * counted from the moment a chat is watched, so a reply that ended before the test started waiting still counts, and
 * each is returned once, in order.
 */

interface Finished {
  readonly message: AssistantMessage;
  readonly reason?: string;
}

interface Watch {
  readonly finished: Finished[];
  /** How many of `finished` waitForReply already returned (one per call, oldest first). */
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
  /**
   * Milliseconds to wait before failing with a message that says what the chat shows (REPLY_WAIT_TIMEOUT, 30 s, by
   * default; `Infinity` waits as long as the test runner lets it).
   */
  readonly timeout?: number;
  /** Resolve with an interrupted reply instead of failing (to test a reply that fails). */
  readonly allowInterrupted?: boolean;
  /** Wait for the reply's inline agent-ui@1 envelopes to render or fall back (default true). */
  readonly envelopes?: boolean;
}

/** How long waitForReply waits by default: longer than a reply takes, a first chart (ECharts loaded cold) included. */
export const REPLY_WAIT_TIMEOUT = 30_000;

/** A wait that can be given up: `cancel` removes what it listens to. */
interface Wait<T> {
  readonly promise: Promise<T>;
  readonly cancel: () => void;
}

/** The wait's promise, rejected after `ms` with what `describe` says; the wait is cancelled either way once it ends. */
function withTimeout<T>(wait: Wait<T>, ms: number, describe: () => string): Promise<T> {
  if (!Number.isFinite(ms)) return wait.promise.finally(wait.cancel);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waitForReply: ${describe()} after ${ms} ms.`)), ms);
  });
  return Promise.race([wait.promise, expired]).finally(() => {
    clearTimeout(timer);
    wait.cancel();
  });
}

/** Resolves with the oldest finished reply not returned yet, once there is one and the chat waits for nothing more. */
function nextReply(chat: MantisChat): Wait<Finished> {
  watchReplies(chat);
  const watch = watches.get(chat) as Watch;
  let check = (): void => {};
  const promise = new Promise<Finished>((resolve) => {
    check = () => {
      if (watch.finished.length <= watch.consumed || awaitingReply(chat)) return;
      const oldest = watch.finished[watch.consumed] as Finished;
      watch.consumed += 1;
      watch.listeners.delete(check);
      resolve(oldest);
    };
    watch.listeners.add(check);
    check();
  });
  return { promise, cancel: () => watch.listeners.delete(check) };
}

/** Resolves once every inline envelope of the message has left `pending` (rendered, fallback or error). */
function envelopesSettled(chat: MantisChat, messageId: string): Wait<void> {
  const waiting = (): boolean => {
    const message = chat.conversation.find((m): m is AssistantMessage => m.id === messageId && m.role === 'assistant');
    return (message?.uiEnvelopes ?? []).some((entry) => {
      const surface = (entry.envelope as { surface?: unknown } | null)?.surface;
      return entry.renderStatus === 'pending' && (surface === undefined || surface === 'chat_inline');
    });
  };
  // The chat records an envelope's status with its message, then announces the history change.
  return whenTrue(chat, 'mantis-history-change', () => !waiting());
}

/** Resolves once every live A2UI surface the message touched is on the page (its element module loads lazily). */
function surfacesPlaced(chat: MantisChat, messageId: string): Wait<void> {
  const missing = (): boolean => {
    const message = chat.conversation.find((m): m is AssistantMessage => m.id === messageId && m.role === 'assistant');
    const placed = (chat.session.protocol('a2ui') as unknown as { readonly group?: { readonly placements: ReadonlyMap<string, unknown> } } | undefined)?.group?.placements;
    const live = (message?.surfaceIds ?? []).filter((id) => placed?.has(id));
    const shown = [
      ...findAllParts<HTMLElement & { surfaceId?: string }>(chat, 'mantis-a2ui-surface').map((element) => element.surfaceId),
      // On a page that defined the tag itself, the chat shows a note in its place.
      ...findAllParts(chat, '[part="surface-fallback"]').map((note) => note.dataset['surfaceId']),
    ];
    return live.some((id) => !shown.includes(id));
  };
  // A surface placed in the chat applies its messages and announces it.
  return whenTrue(chat, 'mantis-a2ui-change', () => !missing());
}

/**
 * Resolves once `done()` holds, checked now, at each `type` event of the chat, and at each animation frame (what the
 * chat shows without an event, such as the note in place of a surface); cancelling stops both.
 */
function whenTrue(chat: MantisChat, type: 'mantis-history-change' | 'mantis-a2ui-change', done: () => boolean): Wait<void> {
  const controller = new AbortController();
  let frame = 0;
  const promise = new Promise<void>((resolve) => {
    const check = (): void => {
      if (controller.signal.aborted) return;
      if (!done()) {
        // One poll at a time: an event between two frames replaces the frame's check instead of adding a second loop.
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(check);
        return;
      }
      controller.abort();
      resolve();
    };
    chat.addEventListener(type, check, { signal: controller.signal });
    check();
  });
  return {
    promise,
    cancel: () => {
      controller.abort();
      cancelAnimationFrame(frame);
    },
  };
}

/**
 * Resolves with the assistant's reply once it is complete and rendered: the chat finished it
 * (`mantis-message-complete`), waits for no other, and it, its views, its inline envelopes and its A2UI surfaces have
 * rendered.
 * Replies are counted (from mountChat, or watchReplies) and each call returns the oldest one not returned yet: a
 * reply that ended before this was called is returned at once; otherwise the next one is awaited, so it may be called
 * before or after the message or action that causes the reply, and two messages sent at once are answered by two
 * calls. Fails when the reply was interrupted (an unscripted message, say), unless `allowInterrupted`, and after
 * `timeout` (REPLY_WAIT_TIMEOUT by default) with what the chat shows.
 */
export async function waitForReply(chat: MantisChat, options: WaitForReplyOptions = {}): Promise<AssistantMessage> {
  const timeout = options.timeout ?? REPLY_WAIT_TIMEOUT;
  const next = nextReply(chat);
  const describe = (): string => {
    const last = chat.conversation.at(-1);
    return `no reply finished (the last message is ${last ? `${last.role}${last.role === 'assistant' ? `, ${last.status}` : ''}` : 'none'})`;
  };
  const finished = await withTimeout(next, timeout, describe);
  const interrupted = finished.message.status === 'interrupted' ? finished : undefined;
  if (interrupted && !options.allowInterrupted) {
    const connection = chat.connection;
    const unscripted = connection instanceof ScriptedTransport && connection.unscripted.length > 0 ? ` No scripted reply for: ${connection.unscripted.map((t) => JSON.stringify(t)).join(', ')}.` : '';
    throw new Error(`waitForReply: the reply was interrupted (${interrupted.reason ?? 'unknown'}).${unscripted}`);
  }
  const id = finished.message.id;
  await chat.updateComplete;
  if (options.envelopes !== false) await withTimeout(envelopesSettled(chat, id), timeout, () => 'an envelope never rendered');
  await withTimeout(surfacesPlaced(chat, id), timeout, () => 'an A2UI surface never showed');
  const nested = findAllParts<HTMLElement & { updateComplete?: Promise<unknown> }>(chat, 'mantis-ui-view, agent-envelope, mantis-a2ui-surface');
  await Promise.all(nested.map((element) => element.updateComplete));
  const current = chat.conversation.find((m): m is AssistantMessage => m.id === id && m.role === 'assistant');
  return current ?? finished.message;
}
