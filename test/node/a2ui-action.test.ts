// A user action back to the agent: the synthesized `[a2ui_action]` turn of 004 (exact format, strict parse, ids that
// need quoting round-trip), and the client-to-server messages checked against client_to_server.json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { A2UI_ACTION_PREFIX, actionMessage, errorMessage, formatActionTurn, parseActionTurn, parseClientMessage } from '../../src/protocols/a2ui/action.js';
import type { A2uiAction, JsonObject } from '../../src/protocols/a2ui/types.js';

const action = (overrides: Partial<A2uiAction> = {}): A2uiAction => ({
  name: 'submit',
  surfaceId: 'trip-form',
  sourceComponentId: 'submit-btn',
  timestamp: '2026-02-02T15:17:00Z',
  context: { budget: 1500, interests: ['food', 'design'] },
  ...overrides,
});

test('a2ui action: the turn is exactly 004’s format', () => {
  assert.equal(A2UI_ACTION_PREFIX, '[a2ui_action]');
  assert.equal(
    formatActionTurn(action()),
    '[a2ui_action] surface=trip-form source=submit-btn name=submit\ncontext:\n{\n  "budget": 1500,\n  "interests": [\n    "food",\n    "design"\n  ]\n}',
  );
  assert.equal(formatActionTurn(action({ context: {} })), '[a2ui_action] surface=trip-form source=submit-btn name=submit\ncontext:\n{}');
});

test('a2ui action: a turn parses back; ids with spaces, quotes or newlines are quoted so they round-trip', () => {
  const plain = action();
  assert.deepEqual(parseActionTurn(formatActionTurn(plain)), { surfaceId: 'trip-form', sourceComponentId: 'submit-btn', name: 'submit', context: plain.context });
  const odd = action({ surfaceId: 'my form', sourceComponentId: 'line\nbreak source=x', name: '' });
  const turn = formatActionTurn(odd);
  assert.equal(turn.split('\n')[0], '[a2ui_action] surface="my form" source="line\\nbreak source=x" name=""');
  assert.deepEqual(parseActionTurn(turn), { surfaceId: 'my form', sourceComponentId: 'line\nbreak source=x', name: '', context: odd.context });
  assert.equal(formatActionTurn(action({ name: 'say"hi"' })).split('\n')[0], '[a2ui_action] surface=trip-form source=submit-btn name="say\\"hi\\""');
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.string(), fc.dictionary(fc.string(), fc.jsonValue()), (surfaceId, sourceComponentId, name, context) => {
      const clean = JSON.parse(JSON.stringify(context)) as JsonObject;
      // Keys that name a prototype are refused at any depth (the parsing-is-strict test): not a round trip.
      const forbidden = (value: unknown): boolean =>
        typeof value === 'object' && value !== null && Object.entries(value).some(([k, v]) => ['__proto__', 'constructor', 'prototype'].includes(k) || forbidden(v));
      if (forbidden(clean)) return;
      const parsed = parseActionTurn(formatActionTurn(action({ surfaceId, sourceComponentId, name, context: clean })));
      assert.deepEqual(parsed, { surfaceId, sourceComponentId, name, context: clean });
    }),
    { numRuns: 300 },
  );
});

test('a2ui action: parsing is strict', () => {
  const good = formatActionTurn(action());
  for (const text of [
    '',
    'hello',
    ` ${good}`,
    good.replace('[a2ui_action]', '[a2ui_action ]'),
    good.replace(' source=', '  source='),
    good.replace('context:\n', 'context: \n'),
    good.replace('\n{', '\n{ '),
    `${good}\n`,
    `${good} trailing`,
    '[a2ui_action] surface=a source=b name=c\ncontext:\n[1]',
    '[a2ui_action] surface=a source=b name=c\ncontext:\n"x"',
    '[a2ui_action] surface=a source=b name=c\ncontext:\n{"a":1}',
    '[a2ui_action] surface=a source=b name=c\ncontext:\n{\n  "__proto__": 1\n}',
    '[a2ui_action] surface="a source=b name=c\ncontext:\n{}',
    '[a2ui_action] surface=a source=b\ncontext:\n{}',
  ]) {
    assert.equal(parseActionTurn(text), null, JSON.stringify(text));
  }
  assert.equal(parseActionTurn(3 as unknown as string), null);
});

test('a2ui action: client messages, and their check against client_to_server.json', () => {
  const a = action();
  assert.deepEqual(actionMessage(a), { version: 'v0.9', action: a });
  const validation = { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/0/text', message: 'Expected string.' } as const;
  assert.deepEqual(errorMessage(validation), { version: 'v0.9', error: validation });
  assert.deepEqual(parseClientMessage(actionMessage(a)), actionMessage(a));
  assert.deepEqual(parseClientMessage(errorMessage(validation)), errorMessage(validation));
  const generic = { version: 'v0.9', error: { code: 'RENDER_FAILED', surfaceId: 's', message: 'No.', detail: 'extra is allowed' } };
  assert.deepEqual(parseClientMessage(generic), generic);
  for (const bad of [
    { version: 'v0.9', action: { ...a, timestamp: 'yesterday' } },
    { version: 'v0.9', action: { ...a, context: [] } },
    { version: 'v0.9', action: { name: 'x', surfaceId: 's', sourceComponentId: 'b', timestamp: a.timestamp } },
    { version: 'v0.8', action: a },
    { version: 'v0.9', action: a, error: validation },
    { version: 'v0.9' },
    { version: 'v0.9', error: { code: 'VALIDATION_FAILED', surfaceId: 's', message: 'no path' } },
    { version: 'v0.9', error: { ...validation, extra: 1 } },
    { version: 'v0.9', error: { code: 'X', message: 'no surface' } },
    JSON.parse('{"version":"v0.9","action":{"name":"x","surfaceId":"s","sourceComponentId":"b","timestamp":"2026-02-02T15:17:00Z","context":{"__proto__":{}}}}'),
    'text',
    null,
  ]) {
    assert.equal(parseClientMessage(bad), null, JSON.stringify(bad));
  }
});
