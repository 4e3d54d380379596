// The README's A2UI example is valid A2UI v0.9: its messages, as the page sets them, pass validateA2uiMessages.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { validateA2uiMessages } from '../../src/protocols/a2ui/index.js';

test('the README surface example validates', () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## A2UI surfaces'));
  const page = /```html\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const id = /const id = '([^']+)';/.exec(page)?.[1];
  const literal = /surface\.messages = (\[[\s\S]*?\n\s*\]);/.exec(page)?.[1];
  assert.ok(id && literal, 'the example sets surface.messages');
  // Our own README's literal (plain object syntax), evaluated to the array the page sets.
  const messages = new Function('id', `return ${literal};`)(id) as unknown;
  const result = validateA2uiMessages(messages);
  assert.deepEqual(result.ok ? 'ok' : result.error, 'ok');
});
