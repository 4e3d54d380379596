import type { IncomingMessage, ServerResponse } from 'node:http';
import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { TURN_CORS } from './turn-endpoint.js';

/*
 * The reference AI SDK endpoint's resumable streams, as a backend built on the SDK keeps them (its "Chatbot Resume
 * Streams" guide: `consumeSseStream` and the `resumable-stream` package over Redis; here in memory, for one server):
 * while a reply streams, a copy of its SSE text is kept under the chat's ID; `GET {endpoint}/{chatId}/stream` replays
 * it from its start and follows it to its end, or answers 204 when no reply of that chat is streaming. A client that
 * goes away (a reload) does not stop the reply: only the copy's end does.
 */

interface Running {
  readonly chunks: string[];
  readonly followers: Set<(chunk: string | null) => void>;
  /** A client asked for it since it began. */
  asked: boolean;
}

/** A GET the endpoint answered (tests read them). */
export interface ResumeRequest {
  readonly chatId: string;
  readonly path: string;
  readonly status: 200 | 204;
  /** How the response ended: `finished` (all of it was sent) or `closed` (the client went away first). */
  readonly ended: Promise<'finished' | 'closed'>;
}

export class ResumableStreams {
  readonly #running = new Map<string, Running>();
  readonly #waiting = new Map<string, Set<() => void>>();
  /** The GETs answered, newest last (at most 20). */
  readonly requests: ResumeRequest[] = [];

  /** Keeps the SSE text of a reply of chat `chatId` while it streams (`consumeSseStream`). */
  keep(chatId: string, stream: ReadableStream<string>): void {
    const running: Running = { chunks: [], followers: new Set(), asked: false };
    this.#running.set(chatId, running);
    void (async () => {
      const reader = stream.getReader();
      try {
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          running.chunks.push(read.value);
          for (const follow of running.followers) follow(read.value);
        }
      } finally {
        if (this.#running.get(chatId) === running) this.#running.delete(chatId);
        for (const follow of running.followers) follow(null);
      }
    })();
  }

  /**
   * Resolves once a client asked for chat `chatId`'s running stream (at once if one did already), or after `ms` (the
   * `resumable` script waits on it).
   */
  resumed(chatId: string, ms: number): Promise<void> {
    if (this.#running.get(chatId)?.asked) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.#waiting.get(chatId) ?? new Set();
      this.#waiting.set(chatId, waiting);
      const done = (): void => {
        clearTimeout(timer);
        waiting.delete(done);
        if (waiting.size === 0 && this.#waiting.get(chatId) === waiting) this.#waiting.delete(chatId);
        resolve();
      };
      // Never what keeps a process alive (a test's server closing with a reply that waits).
      const timer = setTimeout(done, ms).unref();
      waiting.add(done);
    });
  }

  /** Answers `GET {base}/{chatId}/stream` (and its preflight); false for any other request. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, base: string): boolean {
    const match = url.pathname.startsWith(`${base}/`) ? /^\/([^/]+)\/stream$/.exec(url.pathname.slice(base.length)) : null;
    if (!match || (req.method !== 'GET' && req.method !== 'OPTIONS')) return false;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, TURN_CORS);
      res.end();
      return true;
    }
    let chatId: string;
    try {
      chatId = decodeURIComponent(match[1] as string);
    } catch {
      res.writeHead(400, TURN_CORS);
      res.end();
      return true;
    }
    const running = this.#running.get(chatId);
    const ended = new Promise<'finished' | 'closed'>((resolve) => res.once('close', () => resolve(res.writableFinished ? 'finished' : 'closed')));
    this.requests.push({ chatId, path: url.pathname + url.search, status: running ? 200 : 204, ended });
    this.requests.splice(0, this.requests.length - 20);
    if (!running) {
      res.writeHead(204, TURN_CORS);
      res.end();
      return true;
    }
    res.writeHead(200, { ...UI_MESSAGE_STREAM_HEADERS, ...TURN_CORS });
    for (const chunk of running.chunks) res.write(chunk);
    const follow = (chunk: string | null): void => void (chunk === null ? res.end() : res.write(chunk));
    running.followers.add(follow);
    res.once('close', () => running.followers.delete(follow));
    running.asked = true;
    for (const resume of [...(this.#waiting.get(chatId) ?? [])]) resume();
    return true;
  }
}
