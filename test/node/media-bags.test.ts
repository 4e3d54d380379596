// The reference server's authenticated media store (demo/server/media.ts), its test peer (demo/server/media-test.ts)
// and bags API (demo/server/bags.ts).
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, test } from 'node:test';
import { crc32, inflateSync } from 'node:zlib';
import { createBagsHandler, type RequestHandler } from '../../demo/server/bags.js';
import { createMediaHandler } from '../../demo/server/media.js';
import { LIMITS } from '../../src/index.js';

let server: Server;
let origin: string;
let port: number;
let bags: RequestHandler;

before(async () => {
  const media = createMediaHandler({ token: 'secret-token' });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    void (async () => {
      for (const handle of [media, bags]) if (await handle(req, res, url)) return;
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
beforeEach(() => {
  bags = createBagsHandler();
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

const AUTH = { authorization: 'Bearer secret-token' };
const media = (key: string, headers: Record<string, string> = AUTH) => fetch(`${origin}/api/v1/${key}`, { headers });

/** A request with its path sent byte for byte: fetch would resolve `.`, `..` and `%2e` segments first. */
function rawGet(path: string, headers: Record<string, string> = AUTH): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}

test('media: 401 with WWW-Authenticate without a token or with a wrong one', async () => {
  for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong' }, { authorization: 'Basic c2VjcmV0LXRva2Vu' }, { authorization: 'Bearer demo-token' }]) {
    const response = await media('agent_files/demo/pressure-map.png', headers);
    assert.equal(response.status, 401, JSON.stringify(headers));
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
  }
  // Even for a key that does not exist: nothing is learnt without the token.
  assert.equal((await media('agent_files/demo/nope.png', {})).status, 401);
});

test('media: serves a PNG with its headers and valid bytes', async () => {
  const response = await media('agent_files/demo/pressure-map.png');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/png');
  assert.equal(response.headers.get('cache-control'), 'private, no-store');
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(Number(response.headers.get('content-length')), bytes.length);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
  assert.equal(bytes.readUInt32BE(16), 16);
  assert.equal(bytes.readUInt32BE(20), 16);
  // The image data inflates to 16 rows of a filter byte and 16 RGB pixels.
  const idat = bytes.indexOf('IDAT', 0, 'latin1');
  const pixels = inflateSync(bytes.subarray(idat + 4, idat + 4 + bytes.readUInt32BE(idat - 4)));
  assert.equal(pixels.length, 16 * (1 + 16 * 3));
  assert.equal(bytes.toString('latin1', bytes.length - 8, bytes.length - 4), 'IEND');
  // Every chunk's CRC covers its type and data.
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    assert.equal(bytes.readUInt32BE(at + 8 + length), crc32(bytes.subarray(at + 4, at + 8 + length)), `chunk at ${at}`);
    at += 12 + length;
  }
});

test('media: serves the CSV as a download, and no SVG', async () => {
  const csv = await media('agent_files/demo/readings.csv');
  assert.equal(csv.status, 200);
  assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.match(csv.headers.get('content-disposition') ?? '', /^attachment/);
  assert.match(await csv.text(), /^time,junction,pressure_kpa\r\n/);
  assert.equal((await media('agent_files/demo/pressure-map.svg')).status, 404);
});

test('media: 404 for an unknown key', async () => {
  assert.equal((await media('agent_files/demo/missing.png')).status, 404);
  assert.equal((await media('agent_files/other.csv')).status, 404);
});

test('media: traversal and double encoding are rejected, never served', async () => {
  for (const path of [
    '/api/v1/agent_files/..%2f..%2fpackage.json',
    '/api/v1/agent_files/demo/..%2f..%2f..%2fpackage.json',
    '/api/v1/agent_files/%2e%2e/%2e%2e/package.json',
    '/api/v1/agent_files/../../package.json',
    '/api/v1/agent_files/demo/%252e%252e/readings.csv',
    '/api/v1/agent_files/demo/%252e%252e%252fpackage.json',
    '/api/v1/agent_files/demo/.hidden.png',
    '/api/v1/agent_files/demo/pressure-map.png%00',
    '/api/v1/agent_files/demo%5cpressure-map.png',
    '/api/v1/agent_files/%E0%A4%A',
    '/api/v1/agent_files',
  ]) {
    assert.equal(await rawGet(path), 400, path);
  }
  // The same through fetch, which keeps encoded slashes and `%25` as they are.
  assert.equal((await media('agent_files/..%2f..%2fpackage.json')).status, 400);
  assert.equal((await media('agent_files/demo/%252e%252e%252freadings.csv')).status, 400);
  // Without the token, a traversal attempt is a 401 like any other request.
  assert.equal(await rawGet('/api/v1/agent_files/..%2f..%2fpackage.json', {}), 401);
  // A key decoded once is still a key: percent-encoded ordinary characters are fine.
  assert.equal(await rawGet('/api/v1/agent_files/demo/pressure%2Dmap.png'), 200);
});

test('media: answers a CORS preflight without the token; HEAD has headers only', async () => {
  const preflight = await fetch(`${origin}/api/v1/agent_files/demo/alarm.png`, {
    method: 'OPTIONS',
    headers: { origin: 'https://page.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/i);
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /GET/);
  const head = await fetch(`${origin}/api/v1/agent_files/demo/alarm.png`, { method: 'HEAD', headers: AUTH });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-type'), 'image/png');
  assert.equal((await head.arrayBuffer()).byteLength, 0);
  assert.equal((await fetch(`${origin}/api/v1/agent_files/demo/alarm.png`, { method: 'DELETE', headers: AUTH })).status, 405);
});

test('media: the default token is demo-token', async () => {
  const handle = createMediaHandler();
  const other = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  try {
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/api/v1/agent_files/demo/alarm.png`;
    assert.equal((await fetch(url, { headers: { authorization: 'Bearer demo-token' } })).status, 200);
    assert.equal((await fetch(url, { headers: AUTH })).status, 401);
  } finally {
    other.closeAllConnections();
    await new Promise<void>((done) => other.close(() => done()));
  }
});

const control = (path: string, init?: RequestInit) => fetch(`${origin}/api/v1/test/media/${path}`, init);
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

test('media: tokens name accounts; private keys are the demo account\'s only, and 403 says nothing of existence', async () => {
  const other = { authorization: 'Bearer other-token' };
  assert.equal((await media('agent_files/demo/pressure-map.png', other)).status, 200);
  for (const key of ['agent_files/private/payroll.csv', 'agent_files/private/badge.png', 'agent_files/private/missing.png']) {
    const response = await media(key, other);
    assert.equal(response.status, 403, key);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
  }
  const payroll = await media('agent_files/private/payroll.csv');
  assert.equal(payroll.status, 200);
  assert.equal(payroll.headers.get('content-disposition'), 'attachment; filename="payroll.csv"');
  assert.match(payroll.headers.get('access-control-expose-headers') ?? '', /content-disposition/);
  assert.equal((await media('agent_files/private/badge.png')).headers.get('content-type'), 'image/png');
  assert.equal((await media('agent_files/private/missing.png')).status, 404);
  assert.equal((await media('agent_files/private/payroll.csv', {})).status, 401);
});

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
    const response = await fetch(`${origin}/api/v1/${key}`, { headers: AUTH, signal: leave.signal });
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
  const download = await fetch(`${origin}/api/v1/agent_files/test/huge.bin`, { headers: AUTH, signal: huge.signal });
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

test('media: without the test peer, test files and the control API are not served', async () => {
  const handle = createMediaHandler({ test: false });
  const plain = createServer((req, res) => {
    void handle(req, res, new URL(req.url ?? '/', 'http://localhost')).then((served) => served || res.writeHead(404).end());
  });
  await new Promise<void>((done) => plain.listen(0, '127.0.0.1', done));
  try {
    const at = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    assert.equal((await fetch(`${at}/api/v1/agent_files/test/count/a.png`, { headers: { authorization: 'Bearer demo-token' } })).status, 404);
    assert.equal((await fetch(`${at}/api/v1/test/media/stats`)).status, 404);
  } finally {
    plain.closeAllConnections();
    await new Promise<void>((done) => plain.close(() => done()));
  }
});

const post = (path: string, body: unknown, type = 'application/json') =>
  fetch(`${origin}/api/v1/bags${path}`, { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) });
const points = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `mantis://map/city/point/p${from + i}`);

test('bags: lists the seeded bags', async () => {
  const response = await fetch(`${origin}/api/v1/bags`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), {
    bags: [
      { id: 'b1', name: 'Composer selection', mutable: true },
      { id: 'b2', name: 'Survey 2023 (read-only)', mutable: false },
    ],
  });
});

test('bags: adds canonical point URIs, deduplicated', async () => {
  const response = await post('/b1/points', { points: ['mantis://map/city/point/J-101', 'mantis://map/city/point/J-102'] });
  assert.equal(response.status, 200);
  const bag = (await response.json()) as { id: string; points: string[]; added: number };
  assert.equal(bag.id, 'b1');
  assert.deepEqual(bag.points, ['mantis://map/city/point/J-101', 'mantis://map/city/point/J-102']);
  const again = (await (await post('/b1/points', { points: ['mantis://map/city/point/J-101'] })).json()) as { points: string[]; added: number };
  assert.equal(again.added, 0);
  assert.equal(again.points.length, 2);
  const read = (await (await fetch(`${origin}/api/v1/bags/b1`)).json()) as { points: string[] };
  assert.equal(read.points.length, 2);
});

test(`bags: ${LIMITS.bagPointRefs} points in one request are accepted, ${LIMITS.bagPointRefs + 1} rejected`, async () => {
  assert.equal((await post('/b1/points', { points: points(LIMITS.bagPointRefs) })).status, 200);
  assert.equal((await post('/b1/points', { points: points(LIMITS.bagPointRefs + 1, 100) })).status, 400);
  assert.equal((await post('/b1/points', { points: [] })).status, 400);
});

test('bags: an unknown bag is 404 and is not created; an immutable bag is 409', async () => {
  assert.equal((await post('/b9/points', { points: points(1) })).status, 404);
  assert.equal((await fetch(`${origin}/api/v1/bags/b9`)).status, 404);
  const list = (await (await fetch(`${origin}/api/v1/bags`)).json()) as { bags: unknown[] };
  assert.equal(list.bags.length, 2);
  assert.equal((await post('/b2/points', { points: points(1) })).status, 409);
});

test('bags: anything but a canonical point URI is rejected', async () => {
  for (const uri of [
    'mantis://map/city/bag/b1',
    'mantis://map/city/cluster/c1',
    'https://evil.example/point/1',
    'mantis://map/city/point/../x',
    'mantis://map/city/point/p1?x=1',
    'javascript:alert(1)',
    42,
  ]) {
    assert.equal((await post('/b1/points', { points: ['mantis://map/city/point/ok', uri] })).status, 400, String(uri));
  }
  assert.equal((await post('/b1/points', { points: points(1), extra: true })).status, 400);
  assert.equal((await post('/b1/points', 'mantis://map/city/point/p1')).status, 400);
  // Only JSON: an HTML form cannot post here.
  assert.equal((await post('/b1/points', { points: points(1) }, 'text/plain')).status, 415);
  const bag = (await (await fetch(`${origin}/api/v1/bags/b1`)).json()) as { points: string[] };
  assert.deepEqual(bag.points, []);
});

test('bags: creates a bag by name (after the user confirmed), then adds to it', async () => {
  const created = await post('', { name: 'My picks' });
  assert.equal(created.status, 201);
  const bag = (await created.json()) as { id: string; name: string; mutable: boolean; points: string[] };
  assert.deepEqual(bag, { id: 'b3', name: 'My picks', mutable: true, points: [] });
  assert.equal((await post(`/${bag.id}/points`, { points: points(3) })).status, 200);
  assert.equal((await post('', { name: 'My picks' })).status, 409);
  assert.equal((await post('', { name: '' })).status, 400);
  assert.equal((await post('', {})).status, 400);
  const list = (await (await fetch(`${origin}/api/v1/bags`)).json()) as { bags: Array<{ id: string }> };
  assert.deepEqual(list.bags.map((b) => b.id), ['b1', 'b2', 'b3']);
});

test('bags: a body over 16 KiB is refused', async () => {
  const response = await post('/b1/points', { points: points(1), pad: 'x'.repeat(20_000) });
  assert.equal(response.status, 413);
});
