// The artifact store in plain Node: bounded by count and bytes, each payload under exactly one tab, and a cap closes
// the oldest tab before its payload is evicted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ArtifactStore, MIN_ARTIFACT_BYTES_CAP, artifactKey } from '../../src/artifacts/artifact-store.js';
import { ARTIFACT_LIMITS, type ArtifactChange, type ArtifactSource } from '../../src/artifacts/types.js';
import type { ArtifactNode } from '../../src/catalog/artifact.js';
import { TEXT_LIMITS } from '../../src/limits.js';

const source = (id: string, content = `content of ${id}`, extra: Partial<ArtifactNode> = {}): ArtifactSource => ({
  node: { id, type: 'artifact', title: `Title ${id}`, format: 'text', content, ...extra },
  viewId: 'v',
  messageId: 'm',
});

/** Records every change, with what the store showed while it was delivered. */
function record(store: ArtifactStore) {
  const log: { change: ArtifactChange; tabs: string[]; held: boolean }[] = [];
  store.subscribe((change) => log.push({ change, tabs: store.tabs.map((t) => t.key), held: store.get(change.key) !== undefined }));
  return log;
}

/** Checks what must hold between any two operations. */
function checkInvariants(store: ArtifactStore): void {
  const keys = store.tabs.map((t) => t.key);
  assert.equal(new Set(keys).size, keys.length, 'tabs are unique');
  assert.ok(keys.length <= store.limits.entries, 'the entry cap holds');
  assert.ok(store.bytes <= store.limits.bytes, 'the byte cap holds');
  assert.equal(store.bytes, store.tabs.reduce((sum, t) => sum + t.bytes, 0), 'bytes are the payloads of the open tabs');
  for (const key of keys) assert.ok(store.get(key), 'every tab has its payload');
  if (keys.length === 0) assert.equal(store.active, null);
  else assert.ok(store.active && keys.includes(store.active.key), 'the active tab is open');
}

describe('ArtifactStore', () => {
  test('opens an artifact as the active tab with its key, payload and byte size', () => {
    const store = new ArtifactStore();
    const log = record(store);
    const entry = store.open(source('a', 'héllo', { format: 'code', language: 'python' }));
    assert.equal(entry.key, 'm/v/a');
    assert.equal(entry.key, artifactKey(source('a')));
    assert.deepEqual(
      { format: entry.format, language: entry.language, bytes: entry.bytes, title: entry.title, nodeId: entry.nodeId },
      { format: 'code', language: 'python', bytes: 6, title: 'Title a', nodeId: 'a' },
    );
    assert.equal(store.active?.key, 'm/v/a');
    assert.equal(store.bytes, 6);
    assert.deepEqual(log.map((l) => l.change), [{ type: 'opened', key: 'm/v/a' }]);
  });

  test('a view outside a chat is keyed "view"', () => {
    assert.equal(artifactKey({ node: source('n').node, viewId: 'w' }), 'view/w/n');
  });

  test('two views of one message that share a view ID (and node IDs) keep their artifacts apart by part ID', () => {
    const store = new ArtifactStore();
    const first = store.open({ ...source('report', 'the first view’s payload'), partId: 'view-0' });
    const second = store.open({ ...source('report', 'the second view’s payload'), partId: 'view-2' });
    assert.deepEqual([first.key, second.key], ['m/view-0/v/report', 'm/view-2/v/report']);
    assert.deepEqual(store.tabs.map((t) => t.content), ['the first view’s payload', 'the second view’s payload']);
    assert.equal(store.active?.content, 'the second view’s payload');
    assert.equal(second.partId, 'view-2');
    // Without a part ID (a view on its own, or an older host) the key is as it was.
    assert.equal(artifactKey(source('report')), 'm/v/report');
  });

  test('reopening an open key activates its tab instead of adding another', () => {
    const store = new ArtifactStore();
    store.open(source('a'));
    store.open(source('b'));
    const log = record(store);
    const again = store.open(source('a', 'other content'));
    assert.equal(again.content, 'content of a', 'the payload of an open key is kept');
    assert.deepEqual(store.tabs.map((t) => t.key), ['m/v/a', 'm/v/b']);
    assert.equal(store.active?.key, 'm/v/a');
    store.open(source('a'));
    assert.deepEqual(log.map((l) => l.change), [
      { type: 'activated', key: 'm/v/a' },
      { type: 'activated', key: 'm/v/a' },
    ]);
  });

  test('activate selects an open tab once and ignores unknown keys', () => {
    const store = new ArtifactStore();
    store.open(source('a'));
    store.open(source('b'));
    const log = record(store);
    store.activate('m/v/a');
    store.activate('m/v/a');
    store.activate('nope');
    assert.equal(store.active?.key, 'm/v/a');
    assert.deepEqual(log.map((l) => l.change), [{ type: 'activated', key: 'm/v/a' }]);
  });

  test('close announces the closed tab, then the evicted payload, and moves the active tab to a neighbour', () => {
    const store = new ArtifactStore();
    for (const id of ['a', 'b', 'c']) store.open(source(id));
    store.activate('m/v/b');
    const log = record(store);
    store.close('m/v/b');
    assert.deepEqual(log.map((l) => l.change), [
      { type: 'closed', key: 'm/v/b', evicting: false },
      { type: 'evicted', key: 'm/v/b' },
    ]);
    // While `closed` is delivered the tab is gone and the payload still held; by `evicted` both are gone.
    assert.deepEqual(log.map((l) => [l.tabs.includes('m/v/b'), l.held]), [
      [false, true],
      [false, false],
    ]);
    assert.equal(store.active?.key, 'm/v/c', 'the tab after it');
    store.close('m/v/c');
    assert.equal(store.active?.key, 'm/v/a', 'the tab before it, at the end');
    store.close('m/v/zzz');
    assert.equal(store.tabs.length, 1);
    store.close('m/v/a');
    assert.equal(store.active, null);
    assert.equal(store.bytes, 0);
  });

  test('closeAll closes every tab, oldest first, each before its payload leaves', () => {
    const store = new ArtifactStore();
    for (const id of ['a', 'b']) store.open(source(id));
    const log = record(store);
    store.closeAll();
    assert.deepEqual(log.map((l) => l.change), [
      { type: 'closed', key: 'm/v/a', evicting: false },
      { type: 'evicted', key: 'm/v/a' },
      { type: 'closed', key: 'm/v/b', evicting: false },
      { type: 'evicted', key: 'm/v/b' },
    ]);
    assert.deepEqual(store.tabs, []);
    assert.equal(store.bytes, 0);
  });

  test('the entry cap closes the oldest tab before evicting its payload, then opens the new one', () => {
    const store = new ArtifactStore({ entries: 2 });
    store.open(source('a'));
    store.open(source('b'));
    store.activate('m/v/a');
    const log = record(store);
    store.open(source('c'));
    assert.deepEqual(log.map((l) => l.change), [
      { type: 'closed', key: 'm/v/a', evicting: true },
      { type: 'evicted', key: 'm/v/a' },
      { type: 'opened', key: 'm/v/c' },
    ]);
    assert.deepEqual(store.tabs.map((t) => t.key), ['m/v/b', 'm/v/c']);
    assert.equal(store.active?.key, 'm/v/c');
  });

  test('the byte cap closes as many of the oldest tabs as it takes', () => {
    const store = new ArtifactStore({ bytes: MIN_ARTIFACT_BYTES_CAP });
    const euros = (n: number) => '€'.repeat(n); // 3 bytes each
    store.open(source('a', euros(4000)));
    store.open(source('b', euros(4000)));
    store.open(source('c', euros(4000)));
    assert.equal(store.bytes, 36000);
    const log = record(store);
    store.open(source('d', euros(12000)));
    assert.deepEqual(log.map((l) => l.change.type + ' ' + l.change.key), [
      'closed m/v/a',
      'evicted m/v/a',
      'closed m/v/b',
      'evicted m/v/b',
      'opened m/v/d',
    ]);
    // 12000 of c and 36000 of d: exactly the cap.
    assert.equal(store.bytes, MIN_ARTIFACT_BYTES_CAP);
    checkInvariants(store);
  });

  test('caps are clamped so that any valid artifact fits alone, and a larger payload is refused untouched', () => {
    const store = new ArtifactStore({ entries: 0, bytes: 10 });
    assert.deepEqual(store.limits, { entries: 1, bytes: TEXT_LIMITS.artifact * 4 });
    assert.deepEqual(new ArtifactStore({ entries: Number.NaN }).limits, { ...ARTIFACT_LIMITS });
    store.open(source('a'));
    const log = record(store);
    const largest = '𝔸'.repeat(TEXT_LIMITS.artifact / 2); // surrogate pairs: 4 bytes per two units
    store.open(source('max', largest));
    assert.equal(store.bytes, TEXT_LIMITS.artifact * 2);
    assert.throws(() => store.open(source('huge', 'x'.repeat(TEXT_LIMITS.artifact * 4 + 1))), RangeError);
    assert.deepEqual(store.tabs.map((t) => t.key), ['m/v/max'], 'nothing was closed for the refused payload');
    assert.equal(log.length, 3);
  });

  test('by default both caps bind: maximal artifacts are closed for bytes before the entry cap is reached', () => {
    // The most UTF-8 one artifact really holds: 3 bytes per UTF-16 unit (a 4-byte character takes two units).
    const maximal = '€'.repeat(TEXT_LIMITS.artifact);
    const maximalBytes = TEXT_LIMITS.artifact * 3;
    assert.ok(ARTIFACT_LIMITS.entries * maximalBytes > ARTIFACT_LIMITS.bytes, 'the entries alone could exceed the bytes');
    assert.ok(ARTIFACT_LIMITS.bytes >= MIN_ARTIFACT_BYTES_CAP, 'one maximal artifact fits');
    const store = new ArtifactStore();
    assert.deepEqual(store.limits, { ...ARTIFACT_LIMITS });
    const fit = Math.floor(ARTIFACT_LIMITS.bytes / maximalBytes);
    for (let i = 0; i < ARTIFACT_LIMITS.entries; i++) {
      store.open(source(`big${i}`, maximal));
      checkInvariants(store);
    }
    assert.equal(store.tabs.length, fit, 'the byte cap closed tabs below the entry cap');
    assert.ok(fit < ARTIFACT_LIMITS.entries);
    assert.ok(store.bytes <= ARTIFACT_LIMITS.bytes);
    // Small payloads: the entry cap binds.
    for (let i = 0; i < ARTIFACT_LIMITS.entries + 5; i++) store.open(source(`small${i}`));
    assert.equal(store.tabs.length, ARTIFACT_LIMITS.entries);
    checkInvariants(store);
  });

  test('unsubscribing stops the changes', () => {
    const store = new ArtifactStore();
    const seen: string[] = [];
    const off = store.subscribe((c) => seen.push(c.type));
    store.open(source('a'));
    off();
    store.close('m/v/a');
    assert.deepEqual(seen, ['opened']);
  });

  test('a key reopened from a closed listener keeps only its new payload', () => {
    const store = new ArtifactStore();
    store.open(source('a', 'old'));
    const off = store.subscribe((c) => {
      if (c.type === 'closed') store.open(source('a', 'new!'));
    });
    store.close('m/v/a');
    off();
    assert.equal(store.get('m/v/a')?.content, 'new!');
    checkInvariants(store);
  });

  test('opening 500 artifacts never exceeds the caps and closes the oldest tab first', () => {
    const store = new ArtifactStore();
    const closed: string[] = [];
    const evicted: string[] = [];
    store.subscribe((change) => {
      if (change.type === 'closed') {
        assert.equal(change.evicting, true);
        assert.ok(!store.tabs.some((t) => t.key === change.key), 'the tab is closed when announced');
        closed.push(change.key);
      }
      if (change.type === 'evicted') {
        assert.equal(closed.at(-1), change.key, 'its tab was closed just before');
        evicted.push(change.key);
      }
    });
    for (let i = 0; i < 500; i++) {
      // Sizes vary so both caps bind at times: up to 12000 three-byte characters.
      store.open(source(`n${i}`, '€'.repeat(1 + ((i * 7919) % TEXT_LIMITS.artifact))));
      checkInvariants(store);
      assert.equal(store.active?.key, `m/v/n${i}`);
    }
    const order = closed.map((key) => Number(key.slice('m/v/n'.length)));
    assert.deepEqual(order, [...order].sort((a, b) => a - b), 'the oldest tab is closed first');
    assert.deepEqual(order, Array.from({ length: order.length }, (_, i) => i), 'no tab is skipped');
    assert.deepEqual(evicted, closed);
    assert.equal(closed.length + store.tabs.length, 500);
  });

  test('property: any sequence of open, close, activate and closeAll keeps the caps, unique tabs and the order of eviction', () => {
    const command = fc.oneof(
      { arbitrary: fc.record({ op: fc.constant('open' as const), id: fc.nat(15), size: fc.integer({ min: 1, max: TEXT_LIMITS.artifact }) }), weight: 6 },
      { arbitrary: fc.record({ op: fc.constant('close' as const), index: fc.nat(20) }), weight: 2 },
      { arbitrary: fc.record({ op: fc.constant('activate' as const), index: fc.nat(20) }), weight: 2 },
      { arbitrary: fc.record({ op: fc.constant('closeAll' as const) }), weight: 1 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: MIN_ARTIFACT_BYTES_CAP, max: MIN_ARTIFACT_BYTES_CAP * 3 }),
        fc.array(command, { maxLength: 60 }),
        (entries, bytes, commands) => {
          const store = new ArtifactStore({ entries, bytes });
          // The tabs as the changes describe them, oldest first, and every key whose tab was closed.
          const model: string[] = [];
          const closedOnce = new Set<string>();
          store.subscribe((change) => {
            if (change.type === 'opened') model.push(change.key);
            if (change.type === 'closed') {
              if (change.evicting) assert.equal(change.key, model[0], 'a cap closes the oldest tab');
              model.splice(model.indexOf(change.key), 1);
              closedOnce.add(change.key);
            }
            if (change.type === 'evicted') {
              assert.ok(closedOnce.has(change.key), 'an evicted payload had its tab closed first');
              assert.ok(!model.includes(change.key), 'never evicted under an open tab');
            }
          });
          for (const c of commands) {
            const keys = store.tabs.map((t) => t.key);
            if (c.op === 'open') store.open(source(`a${c.id}`, 'é'.repeat(c.size)));
            else if (c.op === 'close') store.close(keys[c.index % Math.max(1, keys.length)] ?? 'none');
            else if (c.op === 'activate') store.activate(keys[c.index % Math.max(1, keys.length)] ?? 'none');
            else store.closeAll();
            checkInvariants(store);
            assert.deepEqual(store.tabs.map((t) => t.key), model);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
