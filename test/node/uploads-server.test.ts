// The reference server's upload endpoint (/api/v1/uploads/, tus 1.0 over @tus/server), spoken with plain fetch, its
// test-control API, and the Composer's confirmation of a user message's attachments.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { WebSocket } from 'ws';
import { COMPOSER_PATH, startAgentServer, type AgentServer } from '../../demo/server/agent-server.js';
import { solidPng } from '../../demo/server/media.js';
import { keySafeName, UploadStore } from '../../demo/server/upload-store.js';
import { AGENT_FILE_KEY_PATTERN, type ServerEvent } from '../../src/index.js';

const DEMO = 'Bearer demo-token';
const OTHER = 'Bearer other-token';
const TUS = { 'tus-resumable': '1.0.0' };
const PNG = solidPng(16, 16, [12, 34, 56]);

let server: AgentServer;
before(async () => {
  server = await startAgentServer({ port: 0, mediaTest: true });
});
after(() => server.close());

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

interface Stats {
  uploads: Array<{ id: string; account: string; name: string; size: number; offset: number; complete: boolean; claimed: boolean; key?: string }>;
  stored: string[];
  patches: Array<{ id: string; startOffset: number; bytes: number; aborted: boolean }>;
  faults: { cut_after: number | null; throttle: number | null; hold_create: number | null; cut_delete: number | null };
}

async function stats(origin = server.origin): Promise<Stats> {
  const response = await fetch(`${origin}/api/v1/test/uploads/stats`);
  assert.equal(response.status, 200);
  return (await response.json()) as Stats;
}

/** POST: creates an upload; returns the response and its absolute URL. */
async function create(file: { name?: string; type?: string; size: number }, auth = DEMO, origin = server.origin): Promise<{ response: Response; url: string; id: string }> {
  const fields: Record<string, string> = {};
  if (file.name !== undefined) fields.filename = file.name;
  if (file.type !== undefined) fields.filetype = file.type;
  const response = await fetch(`${origin}/api/v1/uploads/`, {
    method: 'POST',
    headers: { ...TUS, authorization: auth, 'upload-length': String(file.size), ...(Object.keys(fields).length > 0 ? { 'upload-metadata': metadata(fields) } : {}) },
  });
  const location = response.headers.get('location') ?? '';
  const url = location === '' ? '' : new URL(location, origin).href;
  return { response, url, id: location.split('/').at(-1) ?? '' };
}

const patch = (url: string, offset: number, body: Uint8Array, auth = DEMO) =>
  fetch(url, { method: 'PATCH', headers: { ...TUS, authorization: auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(body) });
const head = (url: string, auth = DEMO) => fetch(url, { method: 'HEAD', headers: { ...TUS, authorization: auth } });
const remove = (url: string, auth = DEMO) => fetch(url, { method: 'DELETE', headers: { ...TUS, authorization: auth } });
const getFile = (key: string, auth = DEMO) => fetch(`${server.origin}/api/v1/${key}`, { headers: { authorization: auth } });

/** Creates and uploads a whole file in one PATCH; returns its ID and key. */
async function upload(name: string, type: string, body: Buffer, auth = DEMO): Promise<{ id: string; url: string; key: string }> {
  const { response, url, id } = await create({ name, type, size: body.length }, auth);
  assert.equal(response.status, 201, await response.text());
  const done = await patch(url, 0, body, auth);
  assert.equal(done.status, 204, await done.text());
  const key = (await stats()).uploads.find((u) => u.id === id)?.key;
  assert.ok(key, 'stored');
  return { id, url, key };
}

test('uploads: no token or a wrong one is 401 with a Bearer challenge; the preflight needs none', async () => {
  const { url } = await upload('auth.png', 'image/png', PNG);
  const attempts: Array<[string, RequestInit]> = [
    [`${server.origin}/api/v1/uploads/`, { method: 'POST', headers: { ...TUS, 'upload-length': '3', 'upload-metadata': metadata({ filename: 'a.txt', filetype: 'text/plain' }) } }],
    [url, { method: 'HEAD', headers: TUS }],
    [url, { method: 'PATCH', headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: 'abc' }],
    [url, { method: 'DELETE', headers: TUS }],
  ];
  for (const [target, init] of attempts) {
    const missing = await fetch(target, init);
    assert.equal(missing.status, 401, init.method);
    assert.equal(missing.headers.get('www-authenticate'), 'Bearer realm="uploads"');
    assert.equal(missing.headers.get('access-control-allow-origin'), '*');
    assert.equal(missing.headers.get('tus-resumable'), '1.0.0');
    await missing.arrayBuffer();
    const wrong = await fetch(target, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: 'Bearer nope' } });
    assert.equal(wrong.status, 401, init.method);
    assert.equal(wrong.headers.get('www-authenticate'), 'Bearer realm="uploads", error="invalid_token"');
    await wrong.arrayBuffer();
  }
  assert.equal((await head(url)).status, 200, 'nothing was deleted');

  const preflight = await fetch(`${server.origin}/api/v1/uploads/`, {
    method: 'OPTIONS',
    headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, tus-resumable' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  for (const header of ['authorization', 'tus-resumable', 'upload-length', 'upload-metadata', 'upload-offset', 'content-type']) assert.ok(allowed.includes(header), header);
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /PATCH/);
  assert.equal(preflight.headers.get('tus-version'), '1.0.0');
  assert.equal(preflight.headers.get('tus-extension'), 'creation,termination,expiration');
  assert.equal(preflight.headers.get('tus-max-size'), String(64 * 1024 * 1024));
});

test('uploads: create, then PATCH in two chunks: stored under the owner\'s key, served to the owner only', async () => {
  const { response, url, id } = await create({ name: 'Café photo (1).png', type: 'image/png', size: PNG.length });
  assert.equal(response.status, 201);
  assert.match(response.headers.get('location') ?? '', /^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
  assert.ok(response.headers.get('upload-expires'), 'an unfinished upload expires');
  const expose = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  for (const header of ['location', 'upload-offset', 'upload-length', 'tus-resumable', 'upload-expires']) assert.ok(expose.includes(header), header);

  const half = 40;
  const first = await patch(url, 0, PNG.subarray(0, half));
  assert.equal(first.status, 204);
  assert.equal(first.headers.get('upload-offset'), String(half));
  const resumed = await head(url);
  assert.equal(resumed.status, 200);
  assert.equal(resumed.headers.get('upload-offset'), String(half));
  assert.equal(resumed.headers.get('upload-length'), String(PNG.length));
  assert.equal(resumed.headers.get('cache-control'), 'no-store');
  const wrongOffset = await patch(url, 0, PNG.subarray(0, 10));
  assert.equal(wrongOffset.status, 409);
  await wrongOffset.arrayBuffer();
  const second = await patch(url, half, PNG.subarray(half));
  assert.equal(second.status, 204);
  assert.equal(second.headers.get('upload-offset'), String(PNG.length));

  const record = (await stats()).uploads.find((u) => u.id === id);
  const key = `agent_files/uploads/demo/${id}/Cafe-photo-1.png`;
  assert.deepEqual(record, { id, account: 'demo', name: 'Café photo (1).png', size: PNG.length, offset: PNG.length, complete: true, claimed: false, key });
  assert.ok((await stats()).stored.includes(key));
  assert.match(key, AGENT_FILE_KEY_PATTERN);

  const file = await getFile(key);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'image/png');
  assert.equal(file.headers.get('content-disposition'), null, 'an image is shown, not downloaded');
  assert.deepEqual(Buffer.from(await file.arrayBuffer()), PNG);
  const other = await getFile(key, OTHER);
  assert.equal(other.status, 403);
  await other.arrayBuffer();
  const otherUnknown = await getFile(`agent_files/uploads/demo/${'0'.repeat(32)}/x.png`, OTHER);
  assert.equal(otherUnknown.status, 403, 'checked before existence');
  await otherUnknown.arrayBuffer();
  const done = await head(url);
  assert.equal(done.headers.get('upload-offset'), String(PNG.length));
});

test('uploads: a text file is a download named after the file, with the checked type', async () => {
  const csv = Buffer.from('a,b\r\n1,2\r\n', 'utf8');
  const { key } = await upload('readings "March".csv', 'text/csv', csv);
  assert.match(key, /\/readings-March\.csv$/);
  const file = await getFile(key);
  assert.equal(file.headers.get('content-type'), 'text/csv');
  assert.equal(file.headers.get('content-disposition'), 'attachment; filename="readings _March_.csv"; filename*=UTF-8\'\'readings%20%22March%22.csv');
  assert.equal(await file.text(), csv.toString('utf8'));
  assert.equal(keySafeName('…', 'application/pdf'), 'file.pdf');
  assert.equal(keySafeName('-x-.tar.gz', 'text/plain'), 'x--tar.txt');
});

test("uploads: another account's HEAD, PATCH and DELETE are 404, like an unknown upload", async () => {
  const { response, url } = await create({ name: 'mine.png', type: 'image/png', size: PNG.length });
  assert.equal(response.status, 201);
  const unknown = await head(url.replace(/[0-9a-f]{32}$/, 'f'.repeat(32)));
  assert.equal(unknown.status, 404);
  for (const attempt of [() => head(url, OTHER), () => patch(url, 0, PNG, OTHER), () => remove(url, OTHER)]) {
    const answer = await attempt();
    assert.equal(answer.status, 404);
    await answer.arrayBuffer();
  }
  const unknownPatch = await patch(url.replace(/[0-9a-f]{32}$/, 'f'.repeat(32)), 0, PNG);
  assert.equal(unknownPatch.status, 404);
  const body = await unknownPatch.text();
  const otherPatch = await patch(url, 0, PNG, OTHER);
  assert.equal(await otherPatch.text(), body, 'the same answer');
  const mine = await head(url);
  assert.equal(mine.status, 200);
  assert.equal(mine.headers.get('upload-offset'), '0', 'nothing was written');
  assert.equal((await remove(url)).status, 204);
});

test('uploads: HTML named photo.png is refused when it finishes, and nothing is kept', async () => {
  const html = Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>\n', 'utf8');
  const { response, url, id } = await create({ name: 'photo.png', type: 'image/png', size: html.length });
  assert.equal(response.status, 201);
  const refused = await patch(url, 0, html);
  assert.equal(refused.status, 415);
  assert.equal(await refused.text(), 'photo.png was not attached: it is named as a PNG image, but it holds HTML or XML.\n');
  const after = await stats();
  assert.equal(after.uploads.find((u) => u.id === id), undefined);
  assert.ok(!after.stored.some((key) => key.includes(id)));
  assert.equal((await head(url)).status, 404);

  // Markup under its own name and type is refused too (declared as text, sniffed as markup).
  const markup = await create({ name: 'notes.txt', type: 'text/plain', size: html.length });
  const refusedText = await patch(markup.url, 0, html);
  assert.equal(refusedText.status, 415);
  assert.equal(await refusedText.text(), 'notes.txt was not attached: HTML, SVG and XML files cannot be attached.\n');
  // An empty file is refused at once: its creation is its finish.
  const empty = await create({ name: 'empty.txt', type: 'text/plain', size: 0 });
  assert.equal(empty.response.status, 422);
  assert.equal(await empty.response.text(), 'empty.txt was not attached: it is empty.\n');
});

test('uploads: SVG, HTML and script are refused at creation; so are a missing name and an oversize length', async () => {
  for (const file of [
    { name: 'drawing.svg', type: 'image/svg+xml' },
    { name: 'drawing.png', type: 'image/svg+xml' },
    { name: 'drawing.svg', type: 'image/png' },
    { name: 'page.HTML', type: '' },
    { name: 'page.txt', type: 'text/html; charset=utf-8' },
    { name: 'app.js', type: 'text/plain' },
    { name: 'feed.xml', type: 'application/octet-stream' },
  ]) {
    const { response } = await create({ ...file, size: 10 });
    assert.equal(response.status, 415, file.name);
    assert.equal(await response.text(), `${file.name} cannot be uploaded: HTML, SVG, XML and script files are not accepted.\n`);
  }
  const noType = await create({ name: 'a.png', size: 10 });
  assert.equal(noType.response.status, 400);
  assert.equal(await noType.response.text(), 'An upload needs the metadata filename and filetype.\n');
  const noName = await create({ type: 'image/png', size: 10 });
  assert.equal(noName.response.status, 400);
  await noName.response.arrayBuffer();
  const huge = await create({ name: 'huge.png', type: 'image/png', size: 64 * 1024 * 1024 + 1 });
  assert.equal(huge.response.status, 413);
  assert.equal(await huge.response.text(), 'A file can be at most 64 MiB.\n');
  const deferred = await fetch(`${server.origin}/api/v1/uploads/`, {
    method: 'POST',
    headers: { ...TUS, authorization: DEMO, 'upload-defer-length': '1', 'upload-metadata': metadata({ filename: 'a.png', filetype: 'image/png' }) },
  });
  assert.equal(deferred.status, 501, 'no deferred length');
  await deferred.arrayBuffer();
  const before = (await stats()).uploads.length;
  const fine = await create({ name: 'exactly.bin', type: 'application/octet-stream', size: 64 * 1024 * 1024 });
  assert.equal(fine.response.status, 201, 'the ceiling itself is allowed');
  assert.equal((await remove(fine.url)).status, 204);
  assert.equal((await stats()).uploads.length, before);
});

test('uploads: DELETE mid-upload or after it finished leaves nothing behind', async () => {
  const { url, id } = await create({ name: 'half.png', type: 'image/png', size: PNG.length });
  assert.equal((await patch(url, 0, PNG.subarray(0, 20))).status, 204);
  const deleted = await remove(url);
  assert.equal(deleted.status, 204);
  assert.equal(deleted.headers.get('tus-resumable'), '1.0.0');
  assert.equal((await stats()).uploads.find((u) => u.id === id), undefined);
  assert.equal((await head(url)).status, 404);
  const late = await patch(url, 20, PNG.subarray(20));
  assert.equal(late.status, 404);
  await late.arrayBuffer();

  const stored = await upload('whole.png', 'image/png', PNG);
  assert.equal((await getFile(stored.key)).status, 200);
  assert.equal((await remove(stored.url)).status, 204);
  const after = await stats();
  assert.equal(after.uploads.find((u) => u.id === stored.id), undefined);
  assert.ok(!after.stored.includes(stored.key));
  const gone = await getFile(stored.key);
  assert.equal(gone.status, 404);
  await gone.arrayBuffer();
  assert.equal((await remove(stored.url)).status, 404);
});

test('uploads: a PATCH cut by the cut_after fault resumes from the offset HEAD reports', async () => {
  const body = Buffer.concat([PNG, Buffer.alloc(100_000, 7)]);
  const { url, id } = await create({ name: 'resume.png', type: 'image/png', size: body.length });
  const fault = await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', body: JSON.stringify({ cut_after: 30_000 }) });
  assert.equal(fault.status, 200);
  assert.deepEqual(await fault.json(), { cut_after: 30_000, throttle: null, hold_create: null, cut_delete: null });
  await assert.rejects(patch(url, 0, body), 'the connection is gone, no response');
  const resumed = await head(url);
  assert.equal(resumed.status, 200);
  assert.equal(resumed.headers.get('upload-offset'), '30000');
  const rest = await patch(url, 30_000, body.subarray(30_000));
  assert.equal(rest.status, 204, 'the fault was one-shot');
  const after = await stats();
  const record = after.uploads.find((u) => u.id === id);
  assert.equal(record?.complete, true);
  const mine = after.patches.filter((p) => p.id === id);
  assert.deepEqual(mine, [
    { id, startOffset: 0, bytes: 30_000, aborted: true },
    { id, startOffset: 30_000, bytes: body.length - 30_000, aborted: false },
  ]);
  const file = await getFile(record?.key ?? '');
  assert.deepEqual(Buffer.from(await file.arrayBuffer()), body);
});

test('uploads: the hold_create fault answers the next POST only after it created the upload, once', async () => {
  const fault = await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', body: JSON.stringify({ hold_create: 1500 }) });
  assert.deepEqual(await fault.json(), { cut_after: null, throttle: null, hold_create: 1500, cut_delete: null });
  let answered = false;
  const held = create({ name: 'held.csv', type: 'text/csv', size: 10 }).then((result) => {
    answered = true;
    return result;
  });
  // The upload exists on the server while its creation is still unanswered: the client does not know its name yet.
  let record: Stats['uploads'][number] | undefined;
  for (let polls = 0; polls < 200 && !record; polls++) {
    record = (await stats()).uploads.find((u) => u.name === 'held.csv');
    if (!record) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(answered, false, 'the POST was answered before the upload showed');
  assert.equal((await stats()).faults.hold_create, null, 'that POST took the fault');
  assert.deepEqual(record && { offset: record.offset, complete: record.complete }, { offset: 0, complete: false });
  const { response, id } = await held;
  assert.equal(response.status, 201);
  assert.equal(id, record?.id);
  // One-shot: the next POST is not held.
  const next = await create({ name: 'next.csv', type: 'text/csv', size: 10 });
  assert.equal(next.response.status, 201);
  assert.equal((await remove(next.url)).status, 204);
  assert.equal((await remove(new URL(`/api/v1/uploads/${id}`, server.origin).href)).status, 204);
  for (const body of ['{"hold_create": 0}', '{"hold_create": 10001}', '{"hold_create": 1.5}', '{"hold": 5}']) {
    const bad = await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', body });
    assert.equal(bad.status, 400, body);
    await bad.arrayBuffer();
  }
});

test('uploads: the cut_delete fault cuts the next N DELETEs of owners, which delete nothing', async () => {
  const { url, id } = await create({ name: 'kept.csv', type: 'text/csv', size: 10 });
  // Another account's DELETE is not the owner's: it does not take the fault.
  const fault = await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', body: '{"cut_delete": 2}' });
  assert.equal((await fault.json()).cut_delete, 2);
  assert.equal((await remove(url, OTHER)).status, 404);
  await assert.rejects(remove(url), 'the connection is gone, no answer');
  assert.equal((await stats()).faults.cut_delete, 1);
  await assert.rejects(remove(url));
  assert.equal((await stats()).uploads.some((u) => u.id === id), true, 'a cut DELETE deletes nothing');
  assert.equal((await stats()).faults.cut_delete, null);
  assert.equal((await remove(url)).status, 204);
  assert.equal((await stats()).uploads.some((u) => u.id === id), false);
  for (const body of ['{"cut_delete": 0}', '{"cut_delete": 11}', '{"cut_delete": true}']) {
    const bad = await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', body });
    assert.equal(bad.status, 400, body);
    await bad.arrayBuffer();
  }
});

/**
 * One request on a connection of its own (node:http, no keep-alive), for the tests that mock setTimeout: fetch's
 * pooled connections would carry timers of one test's mocked clock into the next test's (where clearing one of them
 * would take another timer off that clock).
 */
function send(method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: body ? { ...headers, 'content-length': String(body.length) } : headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The server's offset of an upload (undefined once it is gone) and the bytes its latest PATCH took, from the stats. */
async function progress(id: string): Promise<{ offset: number | undefined; patched: number }> {
  const response = await send('GET', `${server.origin}/api/v1/test/uploads/stats`);
  assert.equal(response.status, 200);
  const now = JSON.parse(response.text) as Stats;
  return { offset: now.uploads.find((u) => u.id === id)?.offset, patched: now.patches.filter((p) => p.id === id).at(-1)?.bytes ?? 0 };
}

/** A promise, and whether it has settled yet (read without waiting). */
function watch<T>(promise: Promise<T>): { readonly settled: () => boolean; readonly result: Promise<T> } {
  let settled = false;
  const result = promise.finally(() => (settled = true));
  return { settled: () => settled, result };
}

const patchAlone = (url: string, offset: number, body: Uint8Array) =>
  send('PATCH', url, { ...TUS, authorization: DEMO, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body);

// The throttle takes a body in slices of throttle/20 bytes and sleeps (setTimeout) a twentieth of a second after each.
// The server runs in this process, so with setTimeout mocked a slice is taken only when the test moves the clock: these
// tests count bytes per tick of the mocked clock, never the time anything takes.
const TICK_MS = 50;

test('uploads: the throttle fault takes a PATCH body one slice per tick until the faults are reset', async (t) => {
  const body = Buffer.concat([PNG, Buffer.alloc(4000, 1)]);
  const { url, id } = await create({ name: 'slow.png', type: 'image/png', size: body.length });
  const set = await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"throttle": 10000}' });
  assert.deepEqual(await set.json(), { cut_after: null, throttle: 10_000, hold_create: null, cut_delete: null });
  const slice = 10_000 / 20;
  t.mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const slow = watch(patchAlone(url, 0, body));
    // The whole body is there at once; until the clock moves, the server takes one slice of it and no more.
    let first = 0;
    for (let polls = 0; polls < 500 && first === 0; polls++) first = (await progress(id)).offset ?? 0;
    assert.ok(first > 0 && first <= slice, `first slice: ${first}`);
    for (let polls = 0; polls < 5; polls++) assert.equal((await progress(id)).offset, first, 'nothing more without a tick');
    assert.equal(slow.settled(), false, 'the PATCH is still running');

    // Each tick lets in at most one slice, so the body takes a tick per slice.
    const offsets = [first];
    let ticks = 0;
    while (!slow.settled() && ticks < 1000) {
      t.mock.timers.tick(TICK_MS);
      ticks += 1;
      const { offset } = await progress(id);
      if (offset !== undefined && offset !== offsets.at(-1)) offsets.push(offset);
    }
    assert.equal((await slow.result).status, 204);
    assert.equal(offsets.at(-1), body.length);
    const steps = offsets.slice(1).map((offset, i) => offset - (offsets[i] as number));
    assert.ok(steps.every((step) => step > 0 && step <= slice), `bytes per tick: ${steps.join(', ')}`);
    assert.ok(ticks >= Math.ceil((body.length - first) / slice), `${ticks} ticks`);

    // Reset, a PATCH is read whole without the clock moving at all.
    const reset = await send('DELETE', `${server.origin}/api/v1/test/uploads/faults`);
    assert.deepEqual(JSON.parse(reset.text), { cut_after: null, throttle: null, hold_create: null, cut_delete: null });
    const fast = await create({ name: 'fast.png', type: 'image/png', size: body.length });
    const quick = watch(patchAlone(fast.url, 0, body));
    for (let polls = 0; polls < 500 && !quick.settled(); polls++) await progress(fast.id);
    assert.equal(quick.settled(), true, 'an unthrottled PATCH needs no tick');
    assert.equal((await quick.result).status, 204);
  } finally {
    t.mock.timers.reset();
  }
  const bad = await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', body: '{"throttle": 0}' });
  assert.equal(bad.status, 400);
  await bad.arrayBuffer();
});

test('uploads: a DELETE while a throttled PATCH runs stops it at once and removes the upload', async (t) => {
  const body = Buffer.concat([PNG, Buffer.alloc(20_000, 1)]);
  const { url, id } = await create({ name: 'cancel.png', type: 'image/png', size: body.length });
  await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'POST', body: '{"throttle": 4000}' }).then((r) => r.arrayBuffer());
  const slice = 4000 / 20;
  t.mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const running = watch(
      patchAlone(url, 0, body).then(
        (r) => r.status,
        () => 'cut',
      ),
    );
    let before = 0;
    for (let polls = 0; polls < 500 && before === 0; polls++) before = (await progress(id)).patched;
    assert.ok(before > 0 && before < body.length, `read before the DELETE: ${before}`);

    // The DELETE asks the write to stop (the locker's interrupt), and it stops when its current slice's sleep ends: no
    // more slices are read. Without that, the write reads on, slice by slice, to the end of the body (a hundred ticks).
    const deleted = watch(send('DELETE', url, { ...TUS, authorization: DEMO }));
    // A round trip of the server before the first tick, so the DELETE has asked for the upload's lock by then.
    await progress(id);
    let ticks = 0;
    for (let polls = 0; polls < 1000 && !deleted.settled(); polls++) {
      await progress(id);
      if (deleted.settled()) break;
      t.mock.timers.tick(TICK_MS);
      ticks += 1;
    }
    assert.equal(deleted.settled(), true, 'the DELETE was answered');
    assert.equal((await deleted.result).status, 204);
    const after = await progress(id);
    assert.equal(after.offset, undefined, 'the upload is gone');
    assert.ok(after.patched - before <= slice, `read after the DELETE was sent: ${after.patched - before} bytes (${ticks} ticks)`);
    assert.ok(after.patched < body.length, 'answered while most of the body was still unread');
    for (let polls = 0; polls < 500 && !running.settled(); polls++) await progress(id);
    assert.equal(running.settled(), true, 'the PATCH ended too');
    await running.result;
  } finally {
    t.mock.timers.reset();
    await fetch(`${server.origin}/api/v1/test/uploads/faults`, { method: 'DELETE' }).then((r) => r.arrayBuffer());
  }
});

/** Sends user messages on one Composer WebSocket and collects events until `ends` message_end events. */
function converse(frames: readonly object[], ends = frames.length): Promise<ServerEvent[]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws${server.origin.slice(4)}${COMPOSER_PATH}?delay=0&session_id=uploads-${Math.random().toString(36).slice(2)}`);
    const events: ServerEvent[] = [];
    socket.on('open', () => {
      for (const frame of frames) socket.send(JSON.stringify(frame));
    });
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      events.push(event);
      if (event.type === 'error') reject(new Error(JSON.stringify(event)));
      if (events.filter((e) => e.type === 'message_end').length === ends) {
        // Anything more (a second answer to a resent frame) would arrive right behind.
        setTimeout(() => {
          socket.close();
          resolve(events);
        }, 100);
      }
    });
    socket.on('error', reject);
  });
}

const textOf = (events: readonly ServerEvent[]) => events.map((e) => (e.type === 'text_delta' ? e.delta : '')).join('');

test('composer: a user message with attachments gets attachment events with the server\'s record, then names the files', async () => {
  const photo = await upload('my_photo.png', 'image/png', PNG);
  const notes = await upload('notes.txt', 'text/plain', Buffer.from('hello\n'));
  const unfinished = await create({ name: 'later.png', type: 'image/png', size: PNG.length });
  const frame = {
    type: 'user_message',
    client_message_id: 'with-files',
    text: '',
    mode: 'orchestrator',
    attachments: [
      // The client's name, type and size are not trusted.
      { upload_id: photo.id, name: 'renamed.gif', media_type: 'image/gif', size: 1 },
      { upload_id: 'f'.repeat(32), name: 'ghost.png', media_type: 'image/png', size: 10 },
      { upload_id: notes.id, name: 'notes.txt', media_type: 'text/plain', size: 6 },
      { upload_id: unfinished.id, name: 'later.png', media_type: 'image/png', size: PNG.length },
      { upload_id: photo.id, name: 'my_photo.png', media_type: 'image/png', size: PNG.length },
    ],
  };
  // Sent twice with one client_message_id: answered once.
  const events = await converse([frame, frame], 1);
  assert.equal(events.filter((e) => e.type === 'message_start').length, 1);
  const [start, ...rest] = events;
  assert.equal(start?.type, 'message_start');
  const message_id = start?.type === 'message_start' ? start.message_id : '';
  assert.deepEqual(rest.slice(0, 2), [
    { type: 'attachment', message_id, sequence: 1, attachment_id: photo.id, name: 'my_photo.png', media_type: 'image/png', size: PNG.length, key: photo.key },
    { type: 'attachment', message_id, sequence: 2, attachment_id: notes.id, name: 'notes.txt', media_type: 'text/plain', size: 6, key: notes.key },
  ]);
  assert.equal(events.filter((e) => e.type === 'attachment').length, 2);
  assert.equal(
    textOf(events),
    `I received my\\_photo.png (image/png, ${PNG.length} B) and notes.txt (text/plain, 6 B). I could not find ghost.png and later.png: they were not uploaded, their uploads did not finish, or they expired.`,
  );

  const claimed = (await stats()).uploads.filter((u) => u.id === photo.id || u.id === notes.id);
  assert.deepEqual(
    claimed.map((u) => u.claimed),
    [true, true],
  );
  // A claimed upload stays: DELETE is refused.
  const refused = await remove(photo.url);
  assert.equal(refused.status, 409);
  assert.equal(await refused.text(), 'This file was sent with a message and cannot be deleted.\n');
  assert.equal((await getFile(photo.key)).status, 200);
  assert.equal((await remove(unfinished.url)).status, 204);

  // Another message may name the same upload again: it is confirmed again; with text, the scripted reply follows.
  const again = await converse([{ type: 'user_message', client_message_id: 'again', text: 'what is in it?', mode: 'orchestrator', attachments: [{ upload_id: photo.id, name: 'p.png', media_type: 'image/png', size: 1 }] }]);
  assert.equal(again[1]?.type, 'attachment');
  assert.match(textOf(again), /^I received my\\_photo\.png \(image\/png, \d+ B\)\.\n\nYou asked: \*what is in it\?\*/);
});

test('uploads: unfinished uploads expire', async () => {
  const short = await startAgentServer({ port: 0, mediaTest: true, uploads: new UploadStore({ expiryMs: 200 }) });
  try {
    const { response, url, id } = await create({ name: 'slow.png', type: 'image/png', size: PNG.length }, DEMO, short.origin);
    assert.equal(response.status, 201);
    const expires = Date.parse(response.headers.get('upload-expires') ?? '');
    assert.ok(Math.abs(expires - Date.now()) < 2000);
    assert.equal((await patch(url, 0, PNG.subarray(0, 10))).status, 204);
    const whole = await create({ name: 'whole.png', type: 'image/png', size: PNG.length }, DEMO, short.origin);
    assert.equal((await patch(whole.url, 0, PNG)).status, 204);
    await new Promise((done) => setTimeout(done, 500));
    const gone = await head(url);
    assert.ok(gone.status === 404 || gone.status === 410, String(gone.status));
    const left = await stats(short.origin);
    assert.equal(left.uploads.find((u) => u.id === id), undefined);
    assert.equal(left.uploads.find((u) => u.id === whole.id)?.complete, true, 'a finished upload does not expire with them');
    assert.equal((await head(whole.url)).status, 200);
  } finally {
    await short.close();
  }
});

test('uploads: the unfinished uploads of an account, and the bytes held, are bounded', async () => {
  const small = await startAgentServer({ port: 0, mediaTest: true, uploads: new UploadStore({ maxOpenPerAccount: 2, maxPendingBytes: 1000 }) });
  try {
    const file = (size: number, auth = DEMO) => create({ name: 'a.png', type: 'image/png', size }, auth, small.origin);
    const first = await file(400);
    assert.equal(first.response.status, 201);
    assert.equal((await file(400)).response.status, 201);
    const third = await file(10);
    assert.equal(third.response.status, 429);
    assert.equal(await third.response.text(), 'You have 2 unfinished uploads, the most at once: finish or cancel one first.\n');
    const full = await file(201, OTHER);
    assert.equal(full.response.status, 507);
    assert.equal(await full.response.text(), 'The server has no room for this upload now; try again later.\n');
    assert.equal((await file(200, OTHER)).response.status, 201);
    assert.equal((await remove(first.url)).status, 204);
    assert.equal((await file(10)).response.status, 201, 'room again');
  } finally {
    await small.close();
  }
});

test("uploads: one account's unfinished uploads cannot take everyone's room", async () => {
  const small = await startAgentServer({ port: 0, mediaTest: true, uploads: new UploadStore({ maxPendingPerAccount: 500, maxPendingBytes: 1000 }) });
  try {
    const file = (size: number, auth = DEMO) => create({ name: 'a.png', type: 'image/png', size }, auth, small.origin);
    assert.equal((await file(400)).response.status, 201);
    const over = await file(101);
    assert.equal(over.response.status, 429);
    assert.equal(await over.response.text(), 'Your unfinished uploads hold as much as one account may: finish or cancel one first.\n');
    // Another account still has room.
    assert.equal((await file(500, OTHER)).response.status, 201);
  } finally {
    await small.close();
  }
});

test('uploads: without the test option there is no test-control API', async () => {
  const plain = await startAgentServer({ port: 0 });
  try {
    const response = await fetch(`${plain.origin}/api/v1/test/uploads/stats`);
    assert.equal(response.status, 404);
    await response.arrayBuffer();
    const faults = await fetch(`${plain.origin}/api/v1/test/uploads/faults`, { method: 'POST', body: '{"cut_after":1}' });
    assert.equal(faults.status, 404);
    await faults.arrayBuffer();
  } finally {
    await plain.close();
  }
});
