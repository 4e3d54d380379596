// The media store's test peer (demo/server/media-test.ts): test files, held responses and the test-control API, served
// only when asked for (`createMediaHandler({ test: true })`), as the browser test runner does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMediaHandler } from '../../demo/server/media.js';
import { rawGet as rawGetFrom, serveHandlers } from './http-peer.js';

const handle = createMediaHandler({ token: 'secret-token', test: true });
const peer = serveHandlers(() => [handle]);
/** The same store without the test peer, as `npm start` serves it. */
const plainHandler = createMediaHandler();
const plainPeer = serveHandlers(() => [plainHandler]);

const AUTH = { authorization: 'Bearer secret-token' };
const media = (key: string, headers: Record<string, string> = AUTH) => fetch(`${peer.origin}/api/v1/${key}`, { headers });
const rawGet = (path: string, headers: Record<string, string> = AUTH) => rawGetFrom(peer, path, headers);

const control = (path: string, init?: RequestInit) => fetch(`${peer.origin}/api/v1/test/media/${path}`, init);
type PeerStats = { requests: Record<string, number>; inFlight: number; maxInFlight: number; aborted: number; bytesSent: Record<string, number> };
const peerStats = async (prefix: string) => (await (await control(`stats?prefix=${encodeURIComponent(prefix)}`)).json()) as PeerStats;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}`;
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((wait) => setTimeout(wait, 10));
  }
  throw new Error('condition not reached');
}
const MiB = 1024 * 1024;

test('media test peer: counts every request of a valid key, whatever its answer', async () => {
  const prefix = `agent_files/test/count/${unique('n')}`;
  for (let i = 0; i < 2; i++) {
    const response = await media(`${prefix}-a.png`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.toString('latin1', 1, 4), 'PNG');
  }
  assert.equal((await media(`${prefix}-b.png`, {})).status, 401);
  assert.equal(await rawGet(`/api/v1/${prefix}-c/%2e%2e/x.png`), 400);
  const stats = await peerStats(prefix);
  assert.deepEqual(stats.requests, { [`${prefix}-a.png`]: 2, [`${prefix}-b.png`]: 1 });
  assert.deepEqual([stats.inFlight, stats.maxInFlight, stats.aborted], [0, 1, 0]);
  assert.ok((stats.bytesSent[`${prefix}-a.png`] ?? 0) > 100);
});

test('media test peer: held responses wait for a release (one key, or every key of a prefix)', async () => {
  const prefix = `agent_files/test/held/${unique('h')}`;
  const answers = [1, 2, 3].map((n) => media(`${prefix}-${n}.png`));
  await until(() => peerStats(prefix), (s) => s.inFlight === 3);
  const one = (await (await control(`release?key=${encodeURIComponent(`${prefix}-1.png`)}`, { method: 'POST' })).json()) as { released: number };
  assert.equal(one.released, 1);
  assert.equal((await answers[0])?.status, 200);
  assert.equal((await peerStats(prefix)).inFlight, 2);
  const rest = await control(`release?key=*&prefix=${encodeURIComponent(prefix)}`, { method: 'POST' });
  assert.equal(rest.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await rest.json(), { released: 2 });
  for (const answer of answers) assert.equal((await answer).headers.get('content-type'), 'image/png');
  const stats = await until(() => peerStats(prefix), (s) => s.inFlight === 0);
  assert.deepEqual([stats.maxInFlight, stats.aborted], [3, 0]);
});

test('media test peer: large files stream in chunks; a client that leaves early is counted as aborted', async () => {
  const before = await peerStats('agent_files/test/big');
  for (const [key, length] of [['agent_files/test/big.png', null], ['agent_files/test/big-declared.png', String(13 * MiB)]] as const) {
    const leave = new AbortController();
    const response = await fetch(`${peer.origin}/api/v1/${key}`, { headers: AUTH, signal: leave.signal });
    assert.equal(response.headers.get('content-type'), 'image/png');
    assert.equal(response.headers.get('content-length'), length);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    assert.ok(((await reader.read()).value?.byteLength ?? 0) > 0);
    leave.abort();
  }
  const after = await until(() => peerStats('agent_files/test/big'), (s) => s.aborted >= before.aborted + 2 && s.inFlight === 0);
  for (const key of ['agent_files/test/big.png', 'agent_files/test/big-declared.png']) {
    assert.ok((after.bytesSent[key] ?? 0) - (before.bytesSent[key] ?? 0) < 13 * MiB, key);
  }
  const huge = new AbortController();
  const download = await fetch(`${peer.origin}/api/v1/agent_files/test/huge.bin`, { headers: AUTH, signal: huge.signal });
  assert.equal(download.headers.get('content-type'), 'application/octet-stream');
  assert.equal(download.headers.get('content-length'), null);
  assert.equal(download.headers.get('content-disposition'), 'attachment; filename="huge.bin"');
  huge.abort();
});

test('media test peer: the chunked image is 13 MiB to a client that reads it all', async () => {
  const response = await media('agent_files/test/big.png');
  assert.equal((await response.arrayBuffer()).byteLength, 13 * MiB);
});

test('media test peer: page.png is an HTML page, sandboxed and not sniffed', async () => {
  const response = await media('agent_files/test/page.png');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  assert.match(await response.text(), /^<!doctype html>/);
});

test('media test-control API: CORS, preflight, unknown endpoints and methods', async () => {
  const stats = await control('stats?prefix=agent_files/none/');
  assert.equal(stats.status, 200);
  assert.equal(stats.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await stats.json(), { requests: {}, inFlight: 0, maxInFlight: 0, aborted: 0, bytesSent: {} });
  const preflight = await control('release', { method: 'OPTIONS' });
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
  assert.equal((await control('release?key=x', { method: 'GET' })).status, 405);
  assert.equal((await control('stats', { method: 'POST' })).status, 405);
  assert.equal((await control('release', { method: 'POST' })).status, 400);
  assert.equal((await control('nothing')).status, 404);
  assert.deepEqual(await (await control('release?key=agent_files/test/held/none.png', { method: 'POST' })).json(), { released: 0 });
});

test('media: by default, without the test peer, test files and the control API are not served', async () => {
  assert.equal((await fetch(`${plainPeer.origin}/api/v1/agent_files/test/count/a.png`, { headers: { authorization: 'Bearer demo-token' } })).status, 404);
  assert.equal((await fetch(`${plainPeer.origin}/api/v1/test/media/stats`)).status, 404);
});
