// The reference server's media test peer (demo/server/media-test.ts), as the browser tests of the media service use it.
import { waitUntil } from '@open-wc/testing';
import { type MediaOptions, type MediaService } from '../../../src/index.js';
import { createMediaService } from '../../../src/media/index.js';
import { agentOrigin } from '../../helpers/agent.js';

/** The media base URL: keys start with `agent_files/`. */
export const MEDIA_BASE = `${agentOrigin}/api/v1/`;
export const MiB = 1024 * 1024;

export interface PeerStats {
  readonly requests: Record<string, number>;
  readonly inFlight: number;
  readonly maxInFlight: number;
  readonly aborted: number;
  readonly bytesSent: Record<string, number>;
}

/** What the server saw of the keys that start with `prefix`. */
export async function peerStats(prefix: string): Promise<PeerStats> {
  const response = await fetch(`${agentOrigin}/api/v1/test/media/stats?prefix=${encodeURIComponent(prefix)}`, { cache: 'no-store' });
  return (await response.json()) as PeerStats;
}

/** Polls the server until `check` holds, and returns what it saw then. */
export async function serverSees(prefix: string, check: (stats: PeerStats) => boolean, message: string): Promise<PeerStats> {
  let last: PeerStats | undefined;
  try {
    await waitUntil(async () => check((last = await peerStats(prefix))), message, { interval: 20, timeout: 5000 });
  } catch (error) {
    throw new Error(`${(error as Error).message}; the server saw ${JSON.stringify(last)}`);
  }
  return last as PeerStats;
}

/** Releases the held responses of a key, or of every key that starts with `prefix`. */
export async function release(key: string, prefix = ''): Promise<number> {
  const query = key === '*' ? `key=*&prefix=${encodeURIComponent(prefix)}` : `key=${encodeURIComponent(key)}`;
  const response = await fetch(`${agentOrigin}/api/v1/test/media/release?${query}`, { method: 'POST' });
  return ((await response.json()) as { released: number }).released;
}

/** A name no other test uses, so that the server's counts of its keys are this test's alone. */
export function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A pass-through fetch that counts its calls and the body bytes its caller actually read. */
export function countingFetch(): { fetch: typeof fetch; calls: number; bytesRead: number } {
  const counter = {
    calls: 0,
    bytesRead: 0,
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      counter.calls += 1;
      const response = await window.fetch(input, init);
      const body = response.body;
      if (!body) return response;
      const reader = body.getReader();
      // Pulled only when the caller reads (no high-water mark): what it counts is what the caller asked for.
      const counted = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) controller.close();
            else {
              counter.bytesRead += value.byteLength;
              controller.enqueue(value);
            }
          },
          cancel: (reason) => reader.cancel(reason),
        },
        { highWaterMark: 0 },
      );
      return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };
  return counter;
}

/** Counting pass-throughs of URL.createObjectURL and URL.revokeObjectURL; `restore` puts the originals back. */
export function watchObjectUrls(): { created: Set<string>; revoked: Set<string>; restore(): void } {
  const create = URL.createObjectURL;
  const revoke = URL.revokeObjectURL;
  const watch = {
    created: new Set<string>(),
    revoked: new Set<string>(),
    restore() {
      URL.createObjectURL = create;
      URL.revokeObjectURL = revoke;
    },
  };
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = create.call(URL, object);
    watch.created.add(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    watch.revoked.add(url);
    revoke.call(URL, url);
  };
  return watch;
}

/**
 * Services and keys for one describe block: `media()` makes a service of the demo account, `held(n)` n keys the
 * server holds, `counted()` a key only this test requests. After each test the services are disposed and held
 * responses released.
 */
export function useMediaServices(): {
  media: (options?: Partial<MediaOptions>) => MediaService;
  held: (n: number) => string[];
  /** The common prefix of the keys the last `held(n)` made. */
  heldPrefix: () => string;
  counted: (label?: string) => string;
} {
  const services: MediaService[] = [];
  let heldPrefix = '';
  afterEach(async () => {
    for (const service of services.splice(0)) service.dispose();
    if (heldPrefix) await release('*', heldPrefix);
    heldPrefix = '';
  });
  return {
    media: (options = {}) => {
      const service = createMediaService({ baseUrl: MEDIA_BASE, token: () => 'demo-token', account: 'demo', ...options });
      services.push(service);
      return service;
    },
    held: (n) => {
      heldPrefix = `agent_files/test/held/${unique('h')}-`;
      return Array.from({ length: n }, (_, i) => `${heldPrefix}${i}.png`);
    },
    heldPrefix: () => heldPrefix,
    counted: (label = 'c') => `agent_files/test/count/${unique(label)}.png`,
  };
}
