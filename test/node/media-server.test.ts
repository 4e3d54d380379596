// The media store's test peer is for tests only: the reference agent server (what `npm start` runs) serves neither
// its test files nor its unauthenticated test-control API unless asked to (`startAgentServer({ mediaTest: true })`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startAgentServer } from '../../demo/server/agent-server.js';

const AUTH = { authorization: 'Bearer demo-token' };

test('agent server: by default, no media test files and no test-control API (404)', async () => {
  const server = await startAgentServer({ port: 0 });
  try {
    const stats = await fetch(`${server.origin}/api/v1/test/media/stats`);
    assert.equal(stats.status, 404);
    assert.equal(stats.headers.get('access-control-allow-origin'), null);
    await stats.arrayBuffer();
    for (const key of ['agent_files/test/huge.bin', 'agent_files/test/big.png', 'agent_files/test/held/a.png', 'agent_files/test/count/a.png']) {
      const response = await fetch(`${server.origin}/api/v1/${key}`, { headers: AUTH });
      assert.equal(response.status, 404, key);
      assert.equal(response.headers.get('content-length'), String(Buffer.byteLength('No such file\n')), key);
      await response.arrayBuffer();
    }
    const release = await fetch(`${server.origin}/api/v1/test/media/release?key=*`, { method: 'POST' });
    assert.equal(release.status, 404);
    await release.arrayBuffer();
    // The store itself is still there.
    assert.equal((await fetch(`${server.origin}/api/v1/agent_files/demo/alarm.png`, { headers: AUTH })).status, 200);
  } finally {
    await server.close();
  }
});

test('agent server: mediaTest turns the test peer on', async () => {
  const server = await startAgentServer({ port: 0, mediaTest: true });
  try {
    const key = `agent_files/test/count/${Math.random().toString(36).slice(2)}.png`;
    const file = await fetch(`${server.origin}/api/v1/${key}`, { headers: AUTH });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
    await file.arrayBuffer();
    const stats = await fetch(`${server.origin}/api/v1/test/media/stats?prefix=${encodeURIComponent(key)}`);
    assert.equal(stats.status, 200);
    assert.deepEqual(((await stats.json()) as { requests: unknown }).requests, { [key]: 1 });
  } finally {
    await server.close();
  }
});
