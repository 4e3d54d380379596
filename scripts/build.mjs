// @ts-check
// npm run build: one module graph, built four ways (vite.config.ts): the ES modules for bundlers (dependencies
// external), the same graph bundled and split into chunks for the script tag (dist/cdn/), and the script tag's small
// classic script that imports it (dist/mantis-ui.iife.js), and the loader for pages that pin every file by its integrity
// (dist/mantis-ui.pinned.js); then the type declarations.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

/** @param {string[]} args */
function npx(args) {
  const result = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status || 1);
}

rmSync('dist', { recursive: true, force: true });
npx(['vite', 'build', '--logLevel', 'warn']);
npx(['vite', 'build', '--mode', 'cdn', '--logLevel', 'warn']);
npx(['vite', 'build', '--mode', 'loader', '--logLevel', 'warn']);
// The loader for pages that pin every file, with the integrity of each (after the two builds it names).
npx(['vite', 'build', '--mode', 'pinned', '--logLevel', 'warn']);
npx(['tsc', '-p', 'tsconfig.build.json']);
// JSX and Svelte template types of the tags, from custom-elements.json (mantis-ui/jsx, mantis-ui/svelte).
const types = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/framework-types.ts'], { stdio: 'inherit' });
if (types.status !== 0) process.exit(types.status || 1);
console.log('Built dist/index.js, dist/core.js, dist/agent-ui.js, dist/a2ui.js, dist/cdn/ (the script tag\'s chunks), dist/mantis-ui.iife.js, dist/mantis-ui.pinned.js (with dist/integrity.json) and dist/types/ (with the JSX and Svelte template types).');
