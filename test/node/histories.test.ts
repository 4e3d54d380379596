// Histories from elsewhere (docs/protocol.md "Histories from elsewhere"): a conversation a backend kept in its own
// shape is shown, never dropped. A stored message with a role and a text replays (without a marker, as legacy
// Markdown with its fences as text); a marker in the wire's spelling is read; records that say nothing of where they
// arrived are placed by their sequence; `surface_ids` a backend stamped move surfaces as 004 says; and what could not
// be read is left behind and said, by checkPersistedHistory and by the session.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { a2uiOf } from '../../src/protocols/a2ui/index.js';
import { ChatSession, checkPersistedHistory, describeChecked, type AssistantMessage, type SessionEvent } from '../../src/index.js';
import '../helpers/thread-driver.js';
import { restore } from '../helpers/restore.js';

const VIEW = JSON.stringify({ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Hello' } });
const FENCED = `Before.\n\n\`\`\`mantis-ui\n${VIEW}\n\`\`\`\n\nAfter.`;
const types = (m: unknown) => (m as AssistantMessage).parts.map((p) => p.type);
const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

describe('histories kept by a backend', () => {
  test('a message of role and text alone replays as legacy Markdown: its fence stays text, and it is said', async () => {
    const stored = [
      { id: 'u1', role: 'user', text: 'Hi' },
      { id: 'a1', role: 'assistant', text: FENCED },
      { role: 'assistant', text: 'No ID at all.' },
    ];
    const checked = checkPersistedHistory(stored);
    assert.deepEqual(checked?.dropped, []);
    assert.deepEqual(checked?.downgraded.map((d) => d.index), [1, 2]);
    assert.match(describeChecked(checked) ?? '', /2 message\(s\) were read with less than they held \(index 1: no marker: shown as Markdown/);
    const session = await restore({ messages: stored });
    const [, a1, a2] = session.messages as AssistantMessage[];
    assert.deepEqual(a1?.marker, { inlineUiVersion: null, mode: 'orchestrator' });
    assert.deepEqual(types(a1), ['text']);
    assert.match(a1?.parts[0]?.type === 'text' ? a1.parts[0].text : '', /```mantis-ui/);
    assert.equal(a2?.id, 'stored-2-assistant');
    assert.equal(a2?.text, 'No ID at all.');
    // Written back in the persisted format, with what was read.
    const again = session.persisted[1];
    assert.deepEqual(again, { id: 'a1', role: 'assistant', text: FENCED, marker: { inlineUiVersion: null, mode: 'orchestrator' }, sequence: 0, events: [] });
  });

  test('a marker in the wire spelling is read: the view shows', async () => {
    const session = await restore({ messages: [{ id: 'a1', role: 'assistant', text: FENCED, marker: { inline_ui_version: 1, mode: 'ask' }, sequence: 4, events: [] }] });
    const [a1] = session.messages as AssistantMessage[];
    assert.deepEqual(a1?.marker, { inlineUiVersion: 1, mode: 'ask' });
    assert.deepEqual(types(a1), ['text', 'data-mantis-ui', 'text']);
    assert.deepEqual(checkPersistedHistory(session.persisted)?.downgraded, []);
  });

  test('unknown fields of messages and records are left behind; records missing `at` are placed by sequence', async () => {
    const stored = [
      {
        id: 'a1',
        role: 'assistant',
        text: 'First part. Second part.',
        marker: { inlineUiVersion: 1, mode: 'orchestrator' },
        model: 'gpt-x',
        rating: 5,
        events: [
          { receivedAt: 1, event: { type: 'tool', message_id: 'a1', sequence: 5, tool_call_id: 'late', tool_name: 'second', state: 'completed', cost: 3 } },
          { receivedAt: 1, event: { type: 'tool', message_id: 'a1', sequence: 1, tool_call_id: 'early', tool_name: 'first', state: 'completed' } },
          { at: 12, receivedAt: 1, event: { type: 'attachment', message_id: 'a1', sequence: 3, attachment_id: 'f', name: 'a.png', media_type: 'image/png', size: 3 } },
        ],
      },
    ];
    const session = await restore({ messages: stored });
    const [a1] = session.messages as AssistantMessage[];
    // Ordered by sequence: `early` (1) before the text, the attachment (3) where it says, `late` (5) after it.
    assert.deepEqual(
      a1?.parts.map((p) => (p.type === 'dynamic-tool' ? p.toolCallId : p.type)),
      ['early', 'text', 'data-mantis-attachment', 'late', 'text'],
    );
    const persisted = JSON.stringify(session.persisted);
    for (const field of ['model', 'rating', 'cost']) assert.doesNotMatch(persisted, new RegExp(`"${field}"`), field);
    assert.equal((session.persisted[0] as { sequence: number }).sequence, 5, 'the last sequence of its records');
  });

  test('surface_ids a backend stamped move a surface to the latest message that names it, as 004 computes surfaceOwner', async () => {
    const create = { version: 'v0.9', createSurface: { surfaceId: 'trip', catalogId: BASIC } };
    const components = { version: 'v0.9', updateComponents: { surfaceId: 'trip', components: [{ id: 'root', component: 'Text', text: 'Trip' }] } };
    const stored = [
      { id: 'a1', role: 'assistant', text: 'Here.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 1, events: [{ at: 5, receivedAt: 1, event: { type: 'a2ui', messages: [create, components] } }], surface_ids: ['trip'] },
      { id: 'u2', role: 'user', text: 'Again' },
      { id: 'a3', role: 'assistant', text: 'Updated.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 1, events: [], surface_ids: ['trip'] },
    ];
    const session = await restore({ messages: stored });
    const [, , a3] = session.messages as AssistantMessage[];
    assert.deepEqual(a3?.surfaceIds, ['trip']);
    assert.deepEqual(types(a3), ['text', 'data-mantis-surface']);
    assert.equal(a2uiOf(session)?.group.placements.get('trip')?.owner, 'a3');
    assert.deepEqual([...(a2uiOf(session)?.group.surface('trip')?.state?.components.keys() ?? [])], ['root']);
    // Written back as ours: the surfaces each message touched, and no stamped record in `events`.
    assert.deepEqual(session.persisted.map((m) => (m as { surfaceIds?: unknown }).surfaceIds), [['trip'], undefined, ['trip']]);
    assert.deepEqual((session.persisted[2] as { readonly events: readonly unknown[] }).events, []);
  });

  test('what cannot be shown at all is left out and said: entries with no role or text, other roles', async () => {
    const session = new ChatSession();
    const events: SessionEvent[] = [];
    session.subscribe((e) => events.push(e));
    await session.load([null, 'text', { role: 'user' }, { id: 'x', role: 'system', text: 'You are a helpful assistant.' }, { id: 'u', role: 'user', text: 'Kept' }]);
    assert.deepEqual(session.messages.map((m) => m.id), ['u']);
    const said = events.find((e) => e.type === 'config-error');
    assert.match(said?.type === 'config-error' ? said.reason : '', /4 entries are not a message this chat shows \(no role or text\) and were left out \(index 0, 1, 2, 3\)/);
  });
});
