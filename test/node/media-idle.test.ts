// The media service's idle timeout in Node, over injected fetches that stall: a fetch that makes no progress for
// `limits.idleMs` (the token, the headers, the body) fails as `network` and gives its page-wide slot back, so stalled
// responses cannot starve the page. (test/src/media/ does the same in Chromium against a held response.)
import assert from 'node:assert/strict';
import { afterEach, mock, test } from 'node:test';
import { MEDIA_LIMITS, type MediaOptions, type MediaService } from '../../src/index.js';
import { createMediaService } from '../../src/media/index.js';
import { PAGE_LIMITER } from '../../src/media/limiter.js';

const BASE = 'https://media.example/api/v1/';
const services: MediaService[] = [];
afterEach(() => {
  mock.timers.reset();
  for (const service of services.splice(0)) service.dispose();
});

const service = (options: Partial<MediaOptions>) => {
  const created = createMediaService({ baseUrl: BASE, token: () => 'tok', ...options });
  services.push(created);
  return created;
};

/** A fetch that never answers and ignores its signal (the worst a network or an injected fetch can do). */
function stalledFetch(): { fetch: typeof fetch; calls: number } {
  const stalled = {
    calls: 0,
    fetch: (() => {
      stalled.calls += 1;
      return new Promise<Response>(() => undefined);
    }) as typeof fetch,
  };
  return stalled;
}

/** A body that sends one chunk and then nothing, ignoring the request's signal; `cancelled` says whether it was stopped. */
function stallingBody(type: string): { fetch: typeof fetch; cancelled: boolean } {
  const body = {
    cancelled: false,
    fetch: (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(100));
          },
          cancel() {
            body.cancelled = true;
          },
        }),
        { headers: { 'content-type': type } },
      )) as typeof fetch,
  };
  return body;
}

const flush = async (times = 5) => {
  for (let i = 0; i < times; i++) await new Promise((done) => setImmediate(done));
};

test('media idle: the limit can only be lowered (MEDIA_LIMITS.idleMs, 20 s)', () => {
  assert.equal(MEDIA_LIMITS.idleMs, 20_000);
  assert.throws(() => service({ limits: { idleMs: 0 } }), RangeError);
  // Raising is clamped: a service never waits longer than the specification's limit.
  assert.doesNotThrow(() => service({ limits: { idleMs: 60_000 } }));
});

test('media idle: four stalled responses fail as network and free their slots; the fifth and the next run', async () => {
  // The clock is the test's: on a loaded machine 30 real milliseconds may pass before the four hold their slots.
  mock.timers.enable({ apis: ['setTimeout'] });
  const stalled = stalledFetch();
  const media = service({ fetch: stalled.fetch, limits: { idleMs: 30 } });
  const results = ['a', 'b', 'c', 'd', 'e'].map((name) => media.preview(`agent_files/${name}.png`));
  await flush();
  assert.equal(PAGE_LIMITER.active, 4);
  assert.equal(stalled.calls, 4);
  // The four stall for idleMs and give their slots back; the fifth gets one, and stalls in turn.
  mock.timers.tick(30);
  await flush();
  assert.equal(stalled.calls, 5);
  mock.timers.tick(30);
  assert.deepEqual(await Promise.all(results), Array.from({ length: 5 }, () => ({ ok: false, reason: 'network' })));
  // Each was one request (never retried), the fifth among them: the stalled four gave their slots back.
  assert.equal(stalled.calls, 5);
  assert.equal(PAGE_LIMITER.active, 0);
  assert.equal(media.stats.inFlight, 0);
  const next = service({ fetch: (async () => new Response(new Uint8Array(10), { headers: { 'content-type': 'image/png' } })) as typeof fetch });
  assert.equal((await next.preview('agent_files/a.png')).ok, true);
});

test('media idle: a body that stops sending fails as network and is cancelled, for previews and downloads', async () => {
  for (const kind of ['preview', 'download'] as const) {
    const body = stallingBody('image/png');
    const media = service({ fetch: body.fetch, limits: { idleMs: 30 } });
    const result = kind === 'preview' ? await media.preview('agent_files/a.png') : await media.download('agent_files/a.png');
    assert.deepEqual(result, { ok: false, reason: 'network' }, kind);
    assert.equal(body.cancelled, true, kind);
    assert.equal(PAGE_LIMITER.active, 0, kind);
    assert.deepEqual([media.stats.created, media.stats.cached], [0, 0], kind);
  }
});

test('media idle: a token provider that never answers holds no slot for ever, and nothing is requested', async () => {
  const stalled = stalledFetch();
  const media = service({ fetch: stalled.fetch, token: () => new Promise<string>(() => undefined), limits: { idleMs: 30 } });
  assert.deepEqual(await media.download('agent_files/a.csv'), { ok: false, reason: 'network' });
  assert.deepEqual([stalled.calls, media.stats.requests, PAGE_LIMITER.active], [0, 0, 0]);
});

test('media idle: a caller who leaves a stalled request is answered aborted, not network', async () => {
  const stalled = stalledFetch();
  const media = service({ fetch: stalled.fetch });
  const leave = new AbortController();
  const pending = media.download('agent_files/a.csv', { signal: leave.signal });
  await flush();
  leave.abort();
  assert.deepEqual(await pending, { ok: false, reason: 'aborted' });
  await flush();
  assert.equal(PAGE_LIMITER.active, 0);
});

test('media idle: a slow body that keeps sending is never cut; the clock restarts with every chunk', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const media = service({
    fetch: (async () =>
      new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) }), { headers: { 'content-type': 'text/csv' } })) as typeof fetch,
    limits: { idleMs: 100 },
  });
  const progress: number[] = [];
  const result = media.download('agent_files/a.csv', { onProgress: ({ received }) => progress.push(received) });
  await flush();
  // Ten chunks, 90 ms apart: 900 ms in all, never 100 ms without one.
  for (let i = 0; i < 10; i++) {
    mock.timers.tick(90);
    feed.enqueue(new Uint8Array(10));
    await flush();
  }
  assert.equal(progress.at(-1), 100);
  feed.close();
  const done = await result;
  assert.ok(done.ok, JSON.stringify(done));
  assert.equal(done.bytes, 100);
  // The same body, silent for 100 ms, fails.
  const stalled = media.download('agent_files/b.csv');
  await flush();
  mock.timers.tick(90);
  feed.enqueue(new Uint8Array(10));
  await flush();
  mock.timers.tick(100);
  assert.deepEqual(await stalled, { ok: false, reason: 'network' });
});
