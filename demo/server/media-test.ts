/*
 * The media store as a test peer (demo/server/media.ts serves it): generated test files under `agent_files/test/`
 * (large streams, a mistyped "image", counted and held responses), a record of every request the store answered,
 * and a test-control API under `/api/v1/test/media/` to read that record and release held responses. Browser tests
 * of the media service (test/src/media/) read what the server saw here. docs/reference-server.md describes it.
 * Off unless asked for: `createMediaHandler({ test: true })`, `startAgentServer({ mediaTest: true })` (the browser test
 * runner does), since its stats endpoint is unauthenticated and reports every key any account requested.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const TEST_CONTROL_PATH = '/api/v1/test/media/';
const KiB = 1024;
const MiB = 1024 * KiB;
/** Generated bodies go out in chunks of this size, one shared buffer: no large body is ever held in memory. */
const CHUNK = 256 * KiB;
/** A held response is released by itself after this long. */
const HOLD_MS = 15_000;
/** A stream's tail waits this long, so a client that cuts the body at its ceiling is seen leaving (not racing the end). */
const TAIL_PAUSE_MS = 3_000;
const MAX_HELD = 64;
const MAX_RECORDS = 10_000;

interface StreamFile {
  readonly type: string;
  readonly total: number;
  /** Whether the response declares its length (else it is chunked). */
  readonly declared: boolean;
  /** Where the pause before the tail is. */
  readonly pauseAt: number;
  readonly filename?: string;
}

const STREAMS = new Map<string, StreamFile>([
  ['agent_files/test/big.png', { type: 'image/png', total: 13 * MiB, declared: false, pauseAt: 12 * MiB + CHUNK }],
  ['agent_files/test/big-declared.png', { type: 'image/png', total: 13 * MiB, declared: true, pauseAt: 12 * MiB + CHUNK }],
  ['agent_files/test/huge.bin', { type: 'application/octet-stream', total: 70 * MiB, declared: false, pauseAt: 64 * MiB + CHUNK, filename: 'huge.bin' }],
]);
const PAGE_HTML = '<!doctype html><title>Not an image</title><script>parent.postMessage("page.png ran", "*")</script>\n';

interface RequestRecord {
  readonly key: string;
  readonly opened: number;
  closed?: number;
  aborted: boolean;
  bytes: number;
}

/** What a handler reports about one tracked response. */
export interface Tracked {
  sent(bytes: number): void;
}

/** Resolves on the first of the events, or after `ms`. */
function first(res: ServerResponse, events: readonly string[], ms?: number): Promise<void> {
  return new Promise((done) => {
    const finish = (): void => {
      for (const event of events) res.off(event, finish);
      clearTimeout(timer);
      done();
    };
    for (const event of events) res.once(event, finish);
    const timer = ms === undefined ? undefined : setTimeout(finish, ms);
    timer?.unref();
  });
}

export class MediaTestPeer {
  #seq = 0;
  #records: RequestRecord[] = [];
  readonly #held = new Set<{ readonly key: string; release(): void }>();
  #filler: Buffer | undefined;

  /** Records a request of a valid key: counted now, open until its response closes, aborted if it closed unfinished. */
  track(key: string, res: ServerResponse): Tracked {
    const record: RequestRecord = { key, opened: this.#seq++, aborted: false, bytes: 0 };
    this.#records.push(record);
    if (this.#records.length > MAX_RECORDS) this.#records.shift();
    res.once('close', () => {
      record.closed = this.#seq++;
      record.aborted = !res.writableFinished;
    });
    return { sent: (bytes) => void (record.bytes += bytes) };
  }

  /** What the server saw of the keys that start with `prefix`. */
  stats(prefix: string) {
    const mine = this.#records.filter((record) => record.key.startsWith(prefix));
    const requests = new Map<string, number>();
    const bytesSent = new Map<string, number>();
    const steps: Array<[number, number]> = [];
    for (const record of mine) {
      requests.set(record.key, (requests.get(record.key) ?? 0) + 1);
      bytesSent.set(record.key, (bytesSent.get(record.key) ?? 0) + record.bytes);
      steps.push([record.opened, 1]);
      if (record.closed !== undefined) steps.push([record.closed, -1]);
    }
    let open = 0;
    let maxInFlight = 0;
    for (const [, step] of steps.sort((a, b) => a[0] - b[0])) maxInFlight = Math.max(maxInFlight, (open += step));
    return {
      requests: Object.fromEntries(requests),
      inFlight: mine.filter((record) => record.closed === undefined).length,
      maxInFlight,
      aborted: mine.filter((record) => record.aborted).length,
      bytesSent: Object.fromEntries(bytesSent),
    };
  }

  /** Releases the held responses of a key, or (`key` `*`) of every key that starts with `prefix`. */
  release(key: string, prefix: string): number {
    const chosen = [...this.#held].filter((held) => (key === '*' ? held.key.startsWith(prefix) : held.key === key));
    for (const held of chosen) held.release();
    return chosen.length;
  }

  /** Serves a generated test file; false when the key is not one. */
  async serve(key: string, req: IncomingMessage, res: ServerResponse, tracked: Tracked, headers: Record<string, string>, png: () => Buffer): Promise<boolean> {
    const head = req.method === 'HEAD';
    const stream = STREAMS.get(key);
    if (stream) {
      res.writeHead(200, {
        ...headers,
        'content-type': stream.type,
        ...(stream.declared ? { 'content-length': String(stream.total) } : {}),
        ...(stream.filename ? { 'content-disposition': `attachment; filename="${stream.filename}"` } : {}),
      });
      if (head) res.end();
      else await this.#stream(res, stream, tracked);
      return true;
    }
    if (key === 'agent_files/test/page.png') {
      send(res, tracked, head, { ...headers, 'content-type': 'text/html; charset=utf-8' }, Buffer.from(PAGE_HTML));
      return true;
    }
    if (/^agent_files\/test\/count\/[^/]+\.png$/.test(key)) {
      send(res, tracked, head, { ...headers, 'content-type': 'image/png' }, png());
      return true;
    }
    if (/^agent_files\/test\/held\/[^/]+\.png$/.test(key)) {
      if (this.#held.size >= MAX_HELD) {
        send(res, tracked, head, { ...headers, 'content-type': 'text/plain; charset=utf-8' }, Buffer.from('Too many held responses\n'), 503);
        return true;
      }
      let release!: () => void;
      const released = new Promise<void>((done) => (release = done));
      const held = { key, release };
      this.#held.add(held);
      await Promise.race([released, first(res, ['close'], HOLD_MS)]);
      this.#held.delete(held);
      if (!res.writableEnded && !res.destroyed) send(res, tracked, head, { ...headers, 'content-type': 'image/png' }, png());
      return true;
    }
    return false;
  }

  async #stream(res: ServerResponse, file: StreamFile, tracked: Tracked): Promise<void> {
    this.#filler ??= Buffer.alloc(CHUNK);
    let closed = false;
    res.once('close', () => (closed = true));
    let sent = 0;
    while (sent < file.total && !closed) {
      if (sent === file.pauseAt) {
        await first(res, ['close'], TAIL_PAUSE_MS);
        if (closed) break;
      }
      const size = Math.min(CHUNK, file.total - sent, sent < file.pauseAt ? file.pauseAt - sent : Infinity);
      const ok = res.write(this.#filler.subarray(0, size));
      sent += size;
      tracked.sent(size);
      if (!ok) await first(res, ['drain', 'close']);
    }
    if (!closed) res.end();
  }
}

function send(res: ServerResponse, tracked: Tracked, head: boolean, headers: Record<string, string>, body: Buffer, status = 200): void {
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(head ? undefined : body);
  if (!head) tracked.sent(body.length);
}

const CONTROL_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization',
} as const;

/** Answers the test-control API: `GET stats?prefix=`, `POST release?key=<key>` or `?key=*&prefix=`. */
export function handleTestControl(peer: MediaTestPeer, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const json = (status: number, body: unknown, extra: Record<string, string> = {}): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, { ...CONTROL_CORS, 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(text)), ...extra });
    res.end(text);
  };
  const name = url.pathname.slice(TEST_CONTROL_PATH.length);
  const allowed = name === 'stats' ? 'GET' : name === 'release' ? 'POST' : null;
  if (allowed === null) return json(404, { error: 'No such test-control endpoint' });
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...CONTROL_CORS, 'access-control-max-age': '600', 'content-length': '0' });
    res.end();
    return;
  }
  if (req.method !== allowed) return json(405, { error: 'Method not allowed' }, { allow: `${allowed}, OPTIONS` });
  const prefix = url.searchParams.get('prefix') ?? '';
  if (name === 'stats') return json(200, peer.stats(prefix));
  const key = url.searchParams.get('key');
  if (!key) return json(400, { error: 'key is required (a key, or * with a prefix)' });
  req.resume();
  return json(200, { released: peer.release(key, prefix) });
}
