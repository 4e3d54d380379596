// The agent's error text (src/protocols/agent-error.ts): kept as text, cut at its limit, read back leniently.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agentError, agentFailed, MAX_AGENT_ERROR } from '../../src/protocols/agent-error.js';
import { ReplyWriter } from '../../src/protocols/reply.js';
import type { ConnectionEvent } from '../../src/protocols/connection.js';

function fail(value: unknown): ConnectionEvent[] {
  const out: ConnectionEvent[] = [];
  agentFailed(new ReplyWriter((e) => out.push(e), 'u1', () => 'a1'), 'ag-ui-error', value);
  return out;
}

describe('the agent’s error text', () => {
  test('its words become a record before the reply fails; a longer text is cut at the limit and ends with …', () => {
    const long = 'x'.repeat(MAX_AGENT_ERROR + 50);
    const events = fail(`  ${long}  `);
    const record = events.find((e) => e.type === 'record');
    const message = record?.type === 'record' ? String((record.record as { readonly message?: unknown }).message) : '';
    assert.equal(message.length, MAX_AGENT_ERROR);
    assert.ok(message.endsWith('…'));
    assert.deepEqual(events.at(-1), { type: 'error', messageId: 'a1', code: 'agent_error', message });
  });

  test('no text, an empty one or one that is no string: no record, the reply still fails with a generic line', () => {
    for (const value of [undefined, '', '   ', 42, { text: 'hi' }]) {
      const events = fail(value);
      assert.deepEqual(events.map((e) => e.type), ['message-start', 'error'], String(value));
      const last = events.at(-1);
      assert.equal(last?.type === 'error' ? last.message : null, 'The agent reported an error.');
    }
  });

  test('a stored record is read by its known fields only; one of another type or without text is refused', () => {
    assert.deepEqual(agentError.read({ type: 'ai-sdk-error', message: 'Rate limited.', extra: '<img src=x onerror=alert(1)>' }), { type: 'ai-sdk-error', message: 'Rate limited.' });
    for (const value of [null, 'text', { type: 'ai-sdk-error' }, { type: 'ai-sdk-error', message: '  ' }, { type: 'error', message: 'x' }]) assert.equal(agentError.read(value), null, JSON.stringify(value));
  });
});
