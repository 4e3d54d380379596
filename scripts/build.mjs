// @ts-check
// npm run build: the ES module build (dependencies external), the IIFE for <script> tags with the files it loads
// lazily beside it (chart, map adapter), and type declarations.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/** @param {string[]} args */
function npx(args) {
  const result = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status || 1);
}

rmSync('dist', { recursive: true, force: true });
npx(['vite', 'build', '--logLevel', 'warn']);
npx(['vite', 'build', '--mode', 'iife', '--logLevel', 'warn']);
// The files the IIFE loads lazily, each built on its own (vite.config.ts).
for (const name of Object.keys(JSON.parse(readFileSync('scripts/lazy-files.json', 'utf8')))) {
  npx(['vite', 'build', '--mode', `lazy:${name}`, '--logLevel', 'warn']);
}
npx(['tsc', '-p', 'tsconfig.build.json']);
// JSX and Svelte template types of the tags, from custom-elements.json (mantis-ui/jsx, mantis-ui/svelte).
const types = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/framework-types.ts'], { stdio: 'inherit' });
if (types.status !== 0) process.exit(types.status || 1);
console.log('Built dist/index.js, dist/core.js, dist/agent-ui.js, dist/mantis-ui.iife.js (with the lazy files of scripts/lazy-files.json beside it) and dist/types/ (with the JSX and Svelte template types).');
