// The reference server's authenticated media store (demo/server/media.ts) and bags API (demo/server/bags.ts); the
// media store's test peer (demo/server/media-test.ts) is tested in media-peer.test.ts.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { crc32, inflateSync } from 'node:zlib';
import { createBagsHandler, type RequestHandler } from '../../demo/server/bags.js';
import { createMediaHandler } from '../../demo/server/media.js';
import { rawGet as rawGetFrom, serveHandlers } from './http-peer.js';
import { LIMITS } from '../../src/index.js';

let bags: RequestHandler;
const mediaHandler = createMediaHandler({ token: 'secret-token' });
const peer = serveHandlers(() => [mediaHandler, bags]);
/** A media store with every option at its default. */
const defaultHandler = createMediaHandler();
const defaultPeer = serveHandlers(() => [defaultHandler]);
beforeEach(() => {
  bags = createBagsHandler();
});

const AUTH = { authorization: 'Bearer secret-token' };
const media = (key: string, headers: Record<string, string> = AUTH) => fetch(`${peer.origin}/api/v1/${key}`, { headers });
const rawGet = (path: string, headers: Record<string, string> = AUTH) => rawGetFrom(peer, path, headers);

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
  const preflight = await fetch(`${peer.origin}/api/v1/agent_files/demo/alarm.png`, {
    method: 'OPTIONS',
    headers: { origin: 'https://page.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/i);
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /GET/);
  const head = await fetch(`${peer.origin}/api/v1/agent_files/demo/alarm.png`, { method: 'HEAD', headers: AUTH });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-type'), 'image/png');
  assert.equal((await head.arrayBuffer()).byteLength, 0);
  assert.equal((await fetch(`${peer.origin}/api/v1/agent_files/demo/alarm.png`, { method: 'DELETE', headers: AUTH })).status, 405);
});

test('media: the default token is demo-token', async () => {
  const url = `${defaultPeer.origin}/api/v1/agent_files/demo/alarm.png`;
  assert.equal((await fetch(url, { headers: { authorization: 'Bearer demo-token' } })).status, 200);
  assert.equal((await fetch(url, { headers: AUTH })).status, 401);
});

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

const post = (path: string, body: unknown, type = 'application/json') =>
  fetch(`${peer.origin}/api/v1/bags${path}`, { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) });
const points = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `mantis://map/city/point/p${from + i}`);

test('bags: lists the seeded bags', async () => {
  const response = await fetch(`${peer.origin}/api/v1/bags`);
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
  const read = (await (await fetch(`${peer.origin}/api/v1/bags/b1`)).json()) as { points: string[] };
  assert.equal(read.points.length, 2);
});

test(`bags: ${LIMITS.bagPointRefs} points in one request are accepted, ${LIMITS.bagPointRefs + 1} rejected`, async () => {
  assert.equal((await post('/b1/points', { points: points(LIMITS.bagPointRefs) })).status, 200);
  assert.equal((await post('/b1/points', { points: points(LIMITS.bagPointRefs + 1, 100) })).status, 400);
  assert.equal((await post('/b1/points', { points: [] })).status, 400);
});

test('bags: an unknown bag is 404 and is not created; an immutable bag is 409', async () => {
  assert.equal((await post('/b9/points', { points: points(1) })).status, 404);
  assert.equal((await fetch(`${peer.origin}/api/v1/bags/b9`)).status, 404);
  const list = (await (await fetch(`${peer.origin}/api/v1/bags`)).json()) as { bags: unknown[] };
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
  const bag = (await (await fetch(`${peer.origin}/api/v1/bags/b1`)).json()) as { points: string[] };
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
  const list = (await (await fetch(`${peer.origin}/api/v1/bags`)).json()) as { bags: Array<{ id: string }> };
  assert.deepEqual(list.bags.map((b) => b.id), ['b1', 'b2', 'b3']);
});

test('bags: a body over 16 KiB is refused', async () => {
  const response = await post('/b1/points', { points: points(1), pad: 'x'.repeat(20_000) });
  assert.equal(response.status, 413);
});
