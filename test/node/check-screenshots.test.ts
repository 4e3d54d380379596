// scripts/check-screenshots.mjs (a step of npm test) refuses a README that shows a picture nobody committed, before it
// starts the demo: the README's pictures are files of the repository, made by `npm run screenshot`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

test('a README picture missing from docs/screenshots/ fails the check, naming it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mantis-readme-'));
  try {
    const draft = join(dir, 'README.md');
    const readme = readFileSync('README.md', 'utf8');
    assert.match(readme, /\(docs\/screenshots\/a2ui-form\.png\)/);
    writeFileSync(draft, readme.replace('(docs/screenshots/a2ui-form.png)', '(docs/screenshots/never-made.png)'));
    const run = spawnSync(process.execPath, ['scripts/check-screenshots.mjs', draft], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /not in docs\/screenshots\/: never-made/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
