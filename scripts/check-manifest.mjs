// @ts-check
// Fails when the committed custom-elements.json differs from what the analyzer makes of the sources now.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = 'node_modules/.cache/cem-check';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = spawnSync('npx', ['--no-install', 'cem', 'analyze', '--outdir', out, '--quiet'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status || 1);
const fresh = readFileSync(`${out}/custom-elements.json`, 'utf8');
let committed = '';
try {
  committed = readFileSync('custom-elements.json', 'utf8');
} catch {
  /* missing counts as different */
}
if (fresh !== committed) {
  console.error('custom-elements.json is out of date: run `npm run manifest` and commit the result.');
  process.exit(1);
}
console.log('custom-elements.json matches the sources.');
