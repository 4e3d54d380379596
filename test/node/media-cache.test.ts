// The preview cache's pins in Node: what `MediaService.hold` keeps is never evicted; the least recently used unpinned
// previews go first; only when everything left is pinned does the cache stay over its bounds, until a pin is released.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { type MediaService } from '../../src/index.js';
import { createMediaService } from '../../src/media/index.js';
import { ObjectUrlCache } from '../../src/media/object-url-cache.js';

const services: MediaService[] = [];
afterEach(() => {
  for (const service of services.splice(0)) service.dispose();
});

/** A service whose every preview is a 100-byte PNG, with the events it told (the key of each eviction). */
function pngService(limits: { cacheEntries?: number; cacheBytes?: number }) {
  const media = createMediaService({
    baseUrl: 'https://media.example/api/v1/',
    token: () => 'tok',
    account: 'demo',
    limits,
    fetch: (async () => new Response(new Uint8Array(100), { headers: { 'content-type': 'image/png' } })) as typeof fetch,
  });
  services.push(media);
  const events: string[] = [];
  media.subscribe((event) => events.push(event.type === 'revoked' ? event.key : event.type));
  const show = async (name: string) => {
    const result = await media.preview(`agent_files/${name}.png`);
    assert.ok(result.ok, name);
    return result.url;
  };
  return { media, events, show };
}

const key = (name: string) => `agent_files/${name}.png`;

test('media cache: a held preview survives eviction; the least recently used unpinned one goes first', async () => {
  const { media, events, show } = pngService({ cacheEntries: 2 });
  await show('a');
  const releaseA = media.hold(key('a'));
  await show('b');
  await show('c');
  // a is the least recently used, but held: b goes.
  assert.deepEqual(events, [key('b')]);
  assert.deepEqual([media.stats.cached, media.stats.pinned], [2, 1]);
  assert.deepEqual((await media.preview(key('a'))).ok, true);
  assert.equal(media.stats.requests, 3);
  releaseA();
  // Within bounds again: releasing evicts nothing.
  assert.deepEqual(events, [key('b')]);
  assert.equal(media.stats.pinned, 0);
});

test('media cache: when everything else is held it stays over its bounds, and evicts on release', async () => {
  const { media, events, show } = pngService({ cacheEntries: 1, cacheBytes: 250 });
  const releases: (() => void)[] = [];
  for (const name of ['a', 'b', 'c']) {
    // Held before it arrives, as an element does while its preview loads near the viewport.
    releases.push(media.hold(key(name)));
    await show(name);
  }
  assert.deepEqual(events, []);
  assert.deepEqual([media.stats.cached, media.stats.cachedBytes, media.stats.pinned, media.stats.revoked], [3, 300, 3, 0]);
  // A fourth, not held, is kept too (it was just stored), as long as all the others are pinned.
  await show('d');
  assert.deepEqual([media.stats.cached, events.length], [4, 0]);
  releases[1]!();
  // b and then d (least recently used unpinned first) go, down to what is held: a and c.
  assert.deepEqual(events, [key('b'), key('d')]);
  assert.deepEqual([media.stats.cached, media.stats.revoked], [2, 2]);
  releases[1]!();
  assert.equal(events.length, 2);
  releases[0]!();
  releases[2]!();
  assert.deepEqual(events, [key('b'), key('d'), key('a')]);
  assert.deepEqual([media.stats.cached, media.stats.cachedBytes, media.stats.pinned], [1, 100, 0]);
});

test('media cache: a key held twice stays until both let go; an account change drops every pin', async () => {
  const { media, events, show } = pngService({ cacheEntries: 1 });
  const first = media.hold(key('a'));
  const second = media.hold(key('a'));
  await show('a');
  await show('b');
  first();
  await show('c');
  assert.deepEqual(events, [key('b')]);
  second();
  assert.deepEqual(events, [key('b'), key('a')]);
  const stale = media.hold(key('c'));
  media.setAccount('other');
  assert.deepEqual([media.stats.cached, media.stats.pinned], [0, 0]);
  // A pin of the previous account releases nothing under the new one.
  const kept = media.hold(key('c'));
  await show('c');
  await show('d');
  stale();
  await show('e');
  assert.deepEqual(events.slice(3), [key('d')]);
  kept();
  // A key that is not a key, or a finished service, holds nothing.
  assert.doesNotThrow(() => media.hold('https://evil.example/x.png')());
  media.dispose();
  assert.doesNotThrow(() => media.hold(key('c'))());
});

test('media cache: the ObjectUrlCache alone revokes what it evicts, never a pinned URL', () => {
  const revoked: string[] = [];
  const cache = new ObjectUrlCache(2, 1000, { revoke: (url) => revoked.push(url) });
  const entry = (name: string) => ({ key: name, url: `blob:${name}`, type: 'image/png', bytes: 10 });
  const unpin = cache.pin('u', 'a');
  assert.deepEqual(cache.put('u', entry('a')), []);
  assert.deepEqual(cache.put('u', entry('b')), []);
  // Another account's pin of the same key does not pin this one.
  cache.pin('v', 'b');
  assert.deepEqual(cache.put('u', entry('c')), ['b']);
  assert.deepEqual(revoked, ['blob:b']);
  assert.deepEqual(cache.put('u', entry('d')), ['c']);
  assert.deepEqual(unpin(), []);
  assert.deepEqual(cache.put('u', entry('e')), ['a']);
  cache.clear();
  assert.deepEqual(revoked, ['blob:b', 'blob:c', 'blob:a', 'blob:d', 'blob:e']);
  assert.deepEqual([cache.size, cache.bytes, cache.pinned], [0, 0, 0]);
});
