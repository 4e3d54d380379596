// The DOM-free core in plain Node: no window, no document, no Lit. Backends import it for schemas and parsing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as Core from '../../src/index.js';

test('the core imports in Node without a DOM', async () => {
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  const core = await import('../../src/index.js');
  assert.equal(core.LIMITS.viewBytes, 16 * 1024);
  const result = core.validateView({ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Hi' } });
  assert.equal(result.ok, true);
});

test('the core parses an assistant message in Node', async () => {
  const { parseAssistantText } = await import('../../src/index.js');
  const body = JSON.stringify({ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Hi' } });
  const parts = parseAssistantText(`A\n\`\`\`mantis-ui\n${body}\n\`\`\`\nB\n`, { inlineUiVersion: 1, mode: 'ask' });
  assert.deepEqual(
    parts.map((p) => p.type),
    ['text', 'data-mantis-ui', 'text'],
  );
});

test('the built core (dist/core.js) loads in Node without Lit or a DOM', async (t) => {
  const { existsSync } = await import('node:fs');
  if (!existsSync('dist/core.js')) {
    t.skip('dist/core.js is absent: run `npm run build` (npm test builds first)');
    return;
  }
  const core = (await import('../../dist/core.js' as string)) as typeof Core;
  assert.equal(typeof core.validateView, 'function');
});
