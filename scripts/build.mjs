// @ts-check
// npm run build: the ES module build (dependencies external), the IIFE for <script> tags, and type declarations.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

/** @param {string[]} args */
function npx(args) {
  const result = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status || 1);
}

rmSync('dist', { recursive: true, force: true });
npx(['vite', 'build', '--logLevel', 'warn']);
npx(['vite', 'build', '--mode', 'iife', '--logLevel', 'warn']);
npx(['tsc', '-p', 'tsconfig.build.json']);
console.log('Built dist/index.js, dist/core.js, dist/mantis-ui.iife.js and dist/types/.');
