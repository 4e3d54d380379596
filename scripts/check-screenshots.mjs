// @ts-check
// Checks that the README's pictures can be made from the current build: runs scripts/screenshot.mjs into a temporary
// folder (OUT_DIR) and fails unless every scene the README shows (its `docs/screenshots/<scene>.png` image links) was
// produced. Each scene asserts that it reached its state before its picture is taken, so a produced file means the
// demo still shows what the picture claims. The committed pictures are not compared: they change with fonts and
// pixels, not with behaviour.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The README to read: README.md, or the path given (to check a draft).
const readmePath = process.argv[2] ?? 'README.md';
const readme = readFileSync(readmePath, 'utf8');
// Image links only: ![alt](docs/screenshots/scene.png), with or without a leading ./
const scenes = [...new Set([...readme.matchAll(/!\[[^\]]*\]\(\.?\/?docs\/screenshots\/([\w-]+)\.png\)/g)].map((match) => match[1]))];
if (scenes.length === 0) {
  console.error(`check-screenshots: ${readmePath} shows no docs/screenshots/<scene>.png picture`);
  process.exit(1);
}
// A picture the README links must be committed too (the script writes them there: `npm run screenshot`).
const uncommitted = scenes.filter((scene) => !existsSync(`docs/screenshots/${scene}.png`));
if (uncommitted.length > 0) {
  console.error(`check-screenshots: the README shows pictures that are not in docs/screenshots/: ${uncommitted.join(', ')} (run npm run screenshot)`);
  process.exit(1);
}

const out = mkdtempSync(join(tmpdir(), 'mantis-screenshots-'));
try {
  const run = spawnSync(process.execPath, ['scripts/screenshot.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, OUT_DIR: out, SCENES: scenes.join(',') },
  });
  const missing = scenes.filter((scene) => {
    const file = join(out, `${scene}.png`);
    return !existsSync(file) || statSync(file).size === 0;
  });
  if (run.status !== 0 || missing.length > 0) {
    console.error(`check-screenshots: ${missing.length > 0 ? `not produced: ${missing.join(', ')}` : `scripts/screenshot.mjs exited with ${run.status}`}`);
    process.exit(1);
  }
  console.log(`check-screenshots: all ${scenes.length} README pictures produced (${scenes.join(', ')})`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
