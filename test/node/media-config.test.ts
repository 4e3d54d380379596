// The media service's configuration in Node: a base URL it refuses (query, credentials, not http(s), or plain http to
// another host while a token provider is set) makes it `unconfigured`, not every key invalid; and the page-wide
// limiter is one per page, whatever the number of copies of the library, through a registered symbol on globalThis.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { MEDIA_LIMITS, type MediaOptions, type MediaService } from '../../src/index.js';
import { createMediaService } from '../../src/media/index.js';
import { Limiter, PAGE_LIMITER, sharedLimiter } from '../../src/media/limiter.js';

const services: MediaService[] = [];
afterEach(() => {
  for (const service of services.splice(0)) service.dispose();
});

function counted(options: Partial<MediaOptions>) {
  const state = { calls: 0 };
  const media = createMediaService({
    baseUrl: 'https://media.example/api/v1/',
    fetch: (async () => {
      state.calls += 1;
      return new Response(new Uint8Array(10), { headers: { 'content-type': 'image/png' } });
    }) as typeof fetch,
    ...options,
  });
  services.push(media);
  return { media, state };
}

test('media config: a refused base URL is unconfigured for every key (never invalid-key), and requests nothing', async () => {
  const token = () => 'tok';
  for (const baseUrl of ['', '   ', 'relative/', 'javascript:alert(1)//', 'ftp://media.example/', 'https://user:pw@media.example/', 'https://media.example/?q=1', 'https://media.example/#f']) {
    const { media, state } = counted({ baseUrl, token });
    assert.equal(media.configured, false, baseUrl);
    assert.equal(media.urlOf('agent_files/a.png'), null, baseUrl);
    assert.deepEqual(await media.preview('agent_files/a.png'), { ok: false, reason: 'unconfigured' }, baseUrl);
    assert.deepEqual(await media.download('agent_files/a.csv'), { ok: false, reason: 'unconfigured' }, baseUrl);
    // Even a key that is not one: the service cannot say more than that it is unconfigured.
    assert.deepEqual(await media.preview('https://evil.example/a.png'), { ok: false, reason: 'unconfigured' }, baseUrl);
    assert.equal(state.calls, 0, baseUrl);
  }
  const { media } = counted({ token });
  assert.equal(media.configured, true);
  assert.deepEqual(await media.preview('https://evil.example/a.png'), { ok: false, reason: 'invalid-key' });
});

test('media config: with a token provider, plain http is refused except to this machine', async () => {
  const token = () => 'tok';
  for (const [baseUrl, configured] of [
    ['http://media.example/api/v1/', false],
    ['http://10.0.0.2:8080/', false],
    ['http://localhost.evil.example/', false],
    ['http://127.0.0.2/', false],
    ['http://localhost:8080/api/v1/', true],
    ['http://LOCALHOST/', true],
    ['http://127.0.0.1:3000/', true],
    ['http://[::1]:3000/', true],
    ['https://media.example/api/v1/', true],
  ] as const) {
    const { media, state } = counted({ baseUrl, token });
    assert.equal(media.configured, configured, baseUrl);
    assert.equal((await media.preview('agent_files/a.png')).ok, configured, baseUrl);
    assert.equal(state.calls, configured ? 1 : 0, baseUrl);
  }
  // Without a token (cookies only) an http base of another host is the host's choice.
  const { media } = counted({ baseUrl: 'http://media.example/api/v1/' });
  assert.equal(media.configured, true);
  assert.equal((await media.preview('agent_files/a.png')).ok, true);
});

test('media config: setting a token on an http base of another host unconfigures it, with a reset; removing it restores', async () => {
  const { media, state } = counted({ baseUrl: 'http://media.example/api/v1/' });
  const events: string[] = [];
  media.subscribe((event) => events.push(event.type));
  assert.equal((await media.preview('agent_files/a.png')).ok, true);
  media.setToken(() => 'tok');
  assert.deepEqual([media.configured, events, media.stats.cached], [false, ['reset'], 0]);
  assert.deepEqual(await media.preview('agent_files/a.png'), { ok: false, reason: 'unconfigured' });
  media.setToken(() => 'another');
  assert.deepEqual(events, ['reset']);
  media.setToken(undefined);
  assert.deepEqual([media.configured, events], [true, ['reset', 'reset']]);
  assert.equal((await media.preview('agent_files/a.png')).ok, true);
  assert.equal(state.calls, 2);
});

test('media limiter: one per page, under Symbol.for("mantis-ui.media-limiter") on globalThis', () => {
  const key = Symbol.for('mantis-ui.media-limiter');
  assert.equal((globalThis as Record<symbol, unknown>)[key], PAGE_LIMITER);
  // A second copy of the library asks the same way and gets the same limiter.
  assert.equal(sharedLimiter(), PAGE_LIMITER);
  assert.equal(PAGE_LIMITER.max, MEDIA_LIMITS.concurrent);
});

test('media limiter: gets or creates the shared one, respects one already there, and ignores what is not one', async () => {
  const key = Symbol.for('mantis-ui.media-limiter');
  const scope = {} as Record<symbol, unknown>;
  const made = sharedLimiter(scope);
  assert.equal(scope[key], made);
  assert.equal(sharedLimiter(scope), made);
  assert.equal(made.max, MEDIA_LIMITS.concurrent);
  // One left by another copy (another class, same shape) is used as it is.
  const theirs = new Limiter(2);
  const other = { [key]: { max: theirs.max, get active() { return theirs.active; }, get queued() { return theirs.queued; }, acquire: (signal: AbortSignal) => theirs.acquire(signal) } };
  const found = sharedLimiter(other);
  assert.equal(found, other[key]);
  const slot = await found.acquire(new AbortController().signal);
  assert.equal(theirs.active, 1);
  slot?.release();
  assert.equal(theirs.active, 0);
  // Something else under the key is neither used nor replaced; a frozen scope is not written.
  for (const junk of [42, { acquire: 'no' }, { max: 0, active: 0, queued: 0, acquire: () => null }]) {
    const occupied = { [key]: junk };
    const own = sharedLimiter(occupied);
    assert.notEqual(own, junk);
    assert.equal(occupied[key], junk);
    assert.equal(typeof own.acquire, 'function');
  }
  const frozen = Object.freeze({}) as Record<symbol, unknown>;
  assert.equal(typeof sharedLimiter(frozen).acquire, 'function');
  assert.equal(frozen[key], undefined);
});
