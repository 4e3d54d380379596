// The integrity the build publishes (needs `npm run build`; npm test builds first, and these tests skip, saying so,
// when dist/ is absent): dist/cdn/integrity.json holds the SHA-256 of every file of the script tag's chunks, the
// pinned loader carries exactly those, and dist/integrity.json pins the two loaders (docs/strict-pages.md).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { PROBE } from '../../scripts/integrity.js';

const built = existsSync('dist/mantis-ui.pinned.js');
const skip = built ? false : 'dist/mantis-ui.pinned.js is absent: run `npm run build` first';
// The test's own hashes, not scripts/integrity.ts's: what the build publishes is checked against node:crypto directly.
const sha384 = (file: string): string => `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
const sha256 = (file: string): string => `sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}`;
const json = (file: string): Record<string, string> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

describe('the published integrity', { skip }, () => {
  test('dist/cdn/integrity.json names every chunk of the CDN build with the SHA-256 of its bytes, and nothing else', () => {
    const chunks = readdirSync('dist/cdn').filter((file) => file.endsWith('.js') && file !== PROBE.name);
    const published = json('dist/cdn/integrity.json');
    assert.deepEqual(Object.keys(published).sort(), chunks.sort());
    for (const file of chunks) assert.equal(published[file], sha256(`dist/cdn/${file}`), file);
  });

  test('the pinned loader carries the integrity of every chunk, and a wrong one for the probe', () => {
    const loader = readFileSync('dist/mantis-ui.pinned.js', 'utf8');
    for (const [file, hash] of Object.entries(json('dist/cdn/integrity.json'))) assert.ok(loader.includes(hash), `the loader lacks ${file}'s integrity`);
    assert.equal(readFileSync(`dist/cdn/${PROBE.name}`, 'utf8'), PROBE.text);
    assert.notEqual(PROBE.wrongHash, sha256(`dist/cdn/${PROBE.name}`));
    assert.ok(loader.includes(PROBE.wrongHash));
  });

  test('dist/integrity.json pins both loaders as written', () => {
    assert.deepEqual(json('dist/integrity.json'), { 'mantis-ui.iife.js': sha384('dist/mantis-ui.iife.js'), 'mantis-ui.pinned.js': sha384('dist/mantis-ui.pinned.js') });
  });
});
