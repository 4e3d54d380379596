// The Lit the IIFE lends its lazy elements (elements/internal/lit-kit.ts) is exactly what their build reads
// (scripts/lit-kit.json, vite.config.ts): a name in one and not the other would fail a lazy element at load.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { LIT_KIT } from '../../elements/internal/lit-kit.js';

test('the lent kit and the list the lazy build reads name the same modules and exports', () => {
  const listed = JSON.parse(readFileSync('scripts/lit-kit.json', 'utf8')) as Record<string, string[]>;
  const lent = Object.fromEntries(Object.entries(LIT_KIT).map(([module, exports]) => [module, Object.keys(exports).sort()]));
  assert.deepEqual(lent, Object.fromEntries(Object.entries(listed).map(([module, names]) => [module, [...names].sort()])));
  for (const exports of Object.values(LIT_KIT)) for (const value of Object.values(exports)) assert.notEqual(value, undefined);
});

test('every lazy file of scripts/lazy-files.json names a source that exists', () => {
  const files = JSON.parse(readFileSync('scripts/lazy-files.json', 'utf8')) as Record<string, string>;
  for (const [name, source] of Object.entries(files)) {
    assert.match(name, /^mantis-ui\.[a-z0-9-]+$/);
    assert.ok(readFileSync(source, 'utf8').length > 0, source);
  }
});
