// @ts-check
// npm start: installs what is missing, builds, and starts the reference agent serving the demo page.
// PORT sets the port (default 8787).
import { spawn, spawnSync } from 'node:child_process';
import { ensureNodeModules } from './ensure.mjs';

ensureNodeModules();
const build = spawnSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status || 1);

const port = process.env.PORT ?? '8787';
const host = process.env.HOST ?? '127.0.0.1';
const server = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts', '--demo', '--port', port, '--host', host], {
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
