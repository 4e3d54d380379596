// The media service's logic in Node, over an injected fetch (test/src/media/ runs it in Chromium against the
// reference server): the request it makes, the limiter, sharing, the streaming ceilings and the file name.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { type MediaService } from '../../src/index.js';
import { createMediaService } from '../../src/media/index.js';
import { dispositionFileName, safeFileName } from '../../src/media/http.js';
import { PAGE_LIMITER } from '../../src/media/limiter.js';

const BASE = 'https://media.example/api/v1/';
const services: MediaService[] = [];
afterEach(() => {
  for (const service of services.splice(0)) service.dispose();
});

interface Call {
  readonly url: string;
  readonly init: RequestInit;
  release(response?: Response): void;
}

/** A fetch whose answers the test gives, one call at a time; it rejects on abort, as fetch does. */
function heldFetch(): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fake = (input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      calls.push({ url: String(input), init, release: (response = png()) => resolve(response) });
    });
  return { fetch: fake as typeof fetch, calls };
}

const png = (bytes = 100, headers: Record<string, string> = {}) =>
  new Response(new Uint8Array(bytes), { headers: { 'content-type': 'image/png', ...headers } });

const service = (fetchFn: typeof fetch, extra: Partial<Parameters<typeof createMediaService>[0]> = {}) => {
  const created = createMediaService({ baseUrl: BASE, fetch: fetchFn, token: () => 'tok', ...extra });
  services.push(created);
  return created;
};

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((done) => setTimeout(done, 1));
  assert.ok(check(), 'condition not reached');
};

test('media service: asks with the bearer token, no cache, no redirect, no referrer; resolves only agent_files keys under the base', async () => {
  const { fetch, calls } = heldFetch();
  const media = service(fetch, { credentials: 'include' });
  const result = media.preview('agent_files/a/b.png');
  await until(() => calls.length === 1);
  const [call] = calls as [Call];
  assert.equal(call.url, `${BASE}agent_files/a/b.png`);
  assert.deepEqual(call.init.headers, { authorization: 'Bearer tok' });
  assert.equal(call.init.credentials, 'include');
  assert.equal((call.init as { cache?: string }).cache, 'no-store');
  assert.equal(call.init.redirect, 'error');
  assert.equal(call.init.referrerPolicy, 'no-referrer');
  call.release();
  const answer = await result;
  assert.equal(answer.ok, true);
  for (const key of ['https://evil.example/x.png', 'agent_files/../x', '/agent_files/x.png', 'agent_files/x.png?a=1', `agent_files/${'a'.repeat(600)}`]) {
    assert.equal(media.urlOf(key), null, key);
    assert.deepEqual(await media.preview(key), { ok: false, reason: 'invalid-key' }, key);
    assert.deepEqual(await media.download(key), { ok: false, reason: 'invalid-key' }, key);
  }
  for (const baseUrl of ['', 'relative/', 'javascript:alert(1)//', 'https://user:pw@media.example/', 'https://media.example/?q=1']) {
    const unconfigured = service(fetch, { baseUrl });
    assert.equal(unconfigured.urlOf('agent_files/a.png'), null);
    assert.deepEqual(await unconfigured.preview('agent_files/a.png'), { ok: false, reason: 'unconfigured' }, baseUrl);
  }
  assert.equal(service(fetch, { baseUrl: '/api/v1', relativeTo: 'https://page.example/app/' }).urlOf('agent_files/x.png')?.href, 'https://page.example/api/v1/agent_files/x.png');
  assert.equal(calls.length, 1);
});

test('media service: no token header when the provider returns nothing; the provider is read per request', async () => {
  const { fetch, calls } = heldFetch();
  let token: string | null = null;
  const media = service(fetch, { token: () => token });
  const first = media.download('agent_files/a.csv');
  await until(() => calls.length === 1);
  assert.deepEqual(calls[0]!.init.headers, {});
  token = 'later';
  const second = media.download('agent_files/a.csv');
  await until(() => calls.length === 2);
  assert.deepEqual(calls[1]!.init.headers, { authorization: 'Bearer later' });
  media.setToken(() => 'replaced');
  const third = media.download('agent_files/a.csv');
  await until(() => calls.length === 3);
  assert.deepEqual(calls[2]!.init.headers, { authorization: 'Bearer replaced' });
  calls.forEach((call) => call.release(new Response('x')));
  assert.deepEqual((await Promise.all([first, second, third])).map((r) => r.ok), [true, true, true]);
});

test('media service: four fetches across the page, FIFO; an aborted waiter leaves without fetching', async () => {
  const { fetch, calls } = heldFetch();
  const one = service(fetch);
  const two = service(fetch);
  const gone = new AbortController();
  const results = [
    one.preview('agent_files/k1.png'),
    two.preview('agent_files/k2.png'),
    one.download('agent_files/k3.bin'),
    two.preview('agent_files/k4.png'),
    one.preview('agent_files/k5.png', { signal: gone.signal }),
    two.preview('agent_files/k6.png'),
  ];
  await until(() => calls.length === 4);
  assert.equal(PAGE_LIMITER.active, 4);
  assert.equal(one.stats.inFlight, 4);
  assert.equal(PAGE_LIMITER.queued, 2);
  gone.abort();
  assert.deepEqual(await results[4], { ok: false, reason: 'aborted' });
  assert.equal(PAGE_LIMITER.queued, 1);
  calls[0]!.release();
  await until(() => calls.length === 5);
  assert.equal(calls[4]!.url, `${BASE}agent_files/k6.png`);
  calls.slice(1).forEach((call) => call.release(png()));
  await Promise.all(results);
  assert.equal(calls.length, 5);
  assert.equal(PAGE_LIMITER.active, 0);
});

test('media service: one request per key for concurrent previews, aborted only when every caller left; then the cache answers', async () => {
  const { fetch, calls } = heldFetch();
  const media = service(fetch);
  const a = new AbortController();
  const b = new AbortController();
  const first = media.preview('agent_files/same.png', { signal: a.signal });
  const second = media.preview('agent_files/same.png', { signal: b.signal });
  await until(() => calls.length === 1);
  a.abort();
  assert.deepEqual(await first, { ok: false, reason: 'aborted' });
  assert.equal(calls[0]!.init.signal?.aborted, false);
  const third = media.preview('agent_files/same.png');
  calls[0]!.release(png(10));
  const [two, three] = await Promise.all([second, third]);
  assert.ok(two.ok && three.ok && two.url === three.url);
  assert.deepEqual(await media.preview('agent_files/same.png'), two);
  assert.equal(calls.length, 1);
  // Everyone leaves: the request is aborted.
  const c = new AbortController();
  const left = media.preview('agent_files/other.png', { signal: c.signal });
  await until(() => calls.length === 2);
  c.abort();
  assert.equal((await left).ok, false);
  assert.equal(calls[1]!.init.signal?.aborted, true);
});

test('media service: a streamed body is cut the moment it passes the ceiling; a declared one is refused unread', async () => {
  let pulled = 0;
  let cancelled = false;
  const endless = () =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1000;
        controller.enqueue(new Uint8Array(1000));
      },
      cancel() {
        cancelled = true;
      },
    });
  const progress: number[] = [];
  const media = service((async () => new Response(endless(), { headers: { 'content-type': 'image/png' } })) as typeof fetch, {
    limits: { previewBytes: 10_000, downloadBytes: 5_500 },
  });
  assert.deepEqual(await media.preview('agent_files/big.png'), { ok: false, reason: 'too-large', status: 200 });
  assert.ok(cancelled && pulled <= 12_000, `pulled ${pulled}`);
  const download = await media.download('agent_files/big.bin', { onProgress: ({ received }) => progress.push(received) });
  assert.deepEqual(download, { ok: false, reason: 'too-large', status: 200 });
  assert.deepEqual(progress, [1000, 2000, 3000, 4000, 5000]);
  // The final count is always reported, an empty body's too.
  const empty: unknown[] = [];
  const nothing = service((async () => new Response(null, { headers: { 'content-length': '0' } })) as typeof fetch);
  assert.equal((await nothing.download('agent_files/empty.txt', { onProgress: (p) => empty.push(p) })).ok, true);
  assert.deepEqual(empty, [{ received: 0, total: 0 }]);
  let read = false;
  const declared = service((async () =>
    new Response(new ReadableStream({ pull: () => void (read = true) }, { highWaterMark: 0 }), { headers: { 'content-type': 'image/png', 'content-length': '10001' } })) as typeof fetch, {
    limits: { previewBytes: 10_000 },
  });
  assert.deepEqual(await declared.preview('agent_files/big.png'), { ok: false, reason: 'too-large', status: 200 });
  assert.equal(read, false);
});

test('media service: statuses and types map to failures, with one fetch and no retry', async () => {
  const cases: Array<[() => Response | Promise<Response>, string, number | undefined]> = [
    [() => new Response('', { status: 401 }), 'unauthorized', 401],
    [() => new Response('', { status: 403 }), 'forbidden', 403],
    [() => new Response('', { status: 404 }), 'not-found', 404],
    [() => new Response('', { status: 503 }), 'server', 503],
    [() => new Response('<p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }), 'unsupported-type', 200],
    [() => new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }), 'unsupported-type', 200],
    [() => Promise.reject(new TypeError('Failed to fetch')), 'network', undefined],
  ];
  for (const [answer, reason, status] of cases) {
    let count = 0;
    const media = service((async () => {
      count += 1;
      return answer();
    }) as typeof fetch);
    const result = await media.preview('agent_files/x.png');
    assert.deepEqual(result, status === undefined ? { ok: false, reason } : { ok: false, reason, status });
    assert.equal(count, 1, reason);
  }
});

test('media service: the cache is bounded by count and bytes; evictions and account changes revoke and tell', async () => {
  const media = service((async () => png(100)) as typeof fetch, { limits: { cacheEntries: 2, cacheBytes: 250 } });
  const events: string[] = [];
  media.subscribe((event) => events.push(event.type === 'revoked' ? `revoked ${event.key}` : event.type));
  for (const key of ['a', 'b', 'c']) assert.equal((await media.preview(`agent_files/${key}.png`)).ok, true);
  assert.deepEqual(events, ['revoked agent_files/a.png']);
  assert.deepEqual({ ...media.stats, inFlight: 0 }, { requests: 3, inFlight: 0, created: 3, revoked: 1, cached: 2, cachedBytes: 200, pinned: 0 });
  const bigger = service((async () => png(200)) as typeof fetch, { limits: { cacheBytes: 450 } });
  await bigger.preview('agent_files/a.png');
  await bigger.preview('agent_files/b.png');
  await bigger.preview('agent_files/c.png');
  assert.deepEqual([bigger.stats.cached, bigger.stats.revoked], [2, 1]);
  media.setAccount('other');
  assert.deepEqual(events.at(-1), 'reset');
  assert.deepEqual([media.stats.created, media.stats.revoked, media.stats.cached, media.account], [3, 3, 0, 'other']);
});

test('media service: a preview in flight during an account change is aborted and never cached; dispose is final', async () => {
  const { fetch, calls } = heldFetch();
  const media = service(fetch, { account: 'demo' });
  const pending = media.preview('agent_files/x.png');
  await until(() => calls.length === 1);
  media.setAccount('other');
  assert.deepEqual(await pending, { ok: false, reason: 'aborted' });
  assert.deepEqual([media.stats.created, media.stats.cached], [0, 0]);
  media.dispose();
  assert.deepEqual(await media.preview('agent_files/x.png'), { ok: false, reason: 'aborted' });
  assert.equal(calls.length, 1);
});

test('media service: a download keeps the declared type for display and a safe file name', async () => {
  const media = service((async () =>
    new Response('a,b\n', { headers: { 'content-type': 'Text/CSV; charset=utf-8', 'content-disposition': 'attachment; filename="../../etc/x\u0007.csv"' } })) as typeof fetch);
  const result = await media.download('agent_files/dir/readings.csv');
  assert.ok(result.ok);
  assert.deepEqual([result.name, result.type, result.bytes, result.blob.type, result.blob.size], ['x.csv', 'text/csv', 4, 'application/octet-stream', 4]);
  assert.equal(dispositionFileName(`attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf; filename="resume.pdf"`), 'résumé.pdf');
  assert.equal(dispositionFileName('attachment; filename=plain.txt'), 'plain.txt');
  assert.equal(dispositionFileName('attachment; filename="a \\"q\\".txt"'), 'a "q".txt');
  assert.equal(dispositionFileName('inline'), null);
  for (const name of ['..', '', '/', 'C:\\dir\\..', '\u202e']) assert.equal(safeFileName(name), null, name);
  assert.equal(safeFileName('C:\\Users\\me\\evil\u202egpj.exe'), 'evilgpj.exe');
});

test('media service: a playable preview takes video and audio types only; an image preview never does', async () => {
  const body = (type: string) => () => new Response(new Uint8Array(64), { headers: { 'content-type': type } });
  for (const [type, accept, ok] of [
    ['video/webm', 'playable', true],
    ['audio/wav', 'playable', true],
    ['audio/mpeg; codecs=mp3', 'playable', true],
    ['video/webm', 'image', false],
    ['image/png', 'playable', false],
    ['text/html', 'playable', false],
    ['video/x-unknown', 'playable', false],
  ] as const) {
    let count = 0;
    const media = service((async () => (count += 1, body(type)())) as typeof fetch);
    const result = await media.preview('agent_files/clip', { accept });
    assert.equal(result.ok, ok, `${type} as ${accept}`);
    if (result.ok) assert.equal(result.type, type.split(';')[0]);
    else assert.equal(result.reason, 'unsupported-type');
    assert.equal(count, 1);
  }
  // One file has one type: a cached image is not playable (and is not fetched again to find out).
  let count = 0;
  const media = service((async () => (count += 1, body('image/png')())) as typeof fetch);
  assert.equal((await media.preview('agent_files/a.png')).ok, true);
  assert.deepEqual(await media.preview('agent_files/a.png', { accept: 'playable' }), { ok: false, reason: 'unsupported-type' });
  assert.equal(count, 1);
});

test('media service: an image and a playable preview of one key do not share a request', async () => {
  const { fetch: held, calls } = heldFetch();
  const media = service(held);
  const image = media.preview('agent_files/x');
  const clip = media.preview('agent_files/x', { accept: 'playable' });
  await until(() => calls.length === 2);
  calls[0]?.release(png());
  calls[1]?.release(new Response(new Uint8Array(8), { headers: { 'content-type': 'video/mp4' } }));
  assert.equal((await image).ok, true);
  const played = await clip;
  assert.equal(played.ok && played.type, 'video/mp4');
});
