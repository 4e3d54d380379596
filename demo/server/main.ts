/**
 * The reference agent server, alone or with the demo page.
 *   npm run server -- --port 8787          the agent endpoints only
 *   tsx demo/server/main.ts --demo         also serves demo/page/ and dist/ (what `npm start` runs)
 * PORT is honoured when --port is absent.
 */
import { parseArgs } from 'node:util';
import { COMPOSER_PATH, startAgentServer } from './agent-server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    demo: { type: 'boolean', default: false },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}

const server = await startAgentServer({
  port,
  host: values.host,
  // dist/ as a CDN serves it: a page of any origin may load the IIFE and its lazy files from here.
  mounts: values.demo ? [{ prefix: '/dist/', dir: 'dist', cors: true }, { prefix: '/', dir: 'demo/page' }] : [],
});

console.log(`Reference agent: ws${server.origin.slice(4)}${COMPOSER_PATH}`);
if (values.demo) console.log(`Demo: ${server.origin}/`);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
