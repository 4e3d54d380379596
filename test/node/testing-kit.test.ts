// The DOM-free part of mantis-ui/testing (src/testing/), in Node: a ChatSession talks to a ScriptedTransport with
// no page and no server. Each reply kind becomes the parts a chat renders, plays the same twice, pauses and steps,
// stops, answers A2UI actions; a typo in a script throws where it was written; the fixtures pass the real schemas.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ChatSession, checkPersistedHistory, validateView, type AssistantMessage, type ChatMessage } from '../../src/index.js';
import { validateA2uiMessages } from '../../src/protocols/a2ui/index.js';
import { validateEnvelope } from '../../src/protocols/agent-ui/validate.js';
import { ScriptError, ScriptedTransport, a2uiFormMessages, chartEnvelope, historyFixture, reply, viewFixtures, type ReplyBuilder } from '../../src/testing/index.js';
import { restore } from '../helpers/restore.js';

/** A session connected to a scripted transport. */
function converse(replies: ReplyBuilder[], options: { chunk?: number; paused?: boolean } = {}): { session: ChatSession; transport: ScriptedTransport } {
  const transport = new ScriptedTransport({ replies, ...options });
  const session = new ChatSession({ transport });
  session.connect();
  return { session, transport };
}

const assistant = (messages: readonly ChatMessage[], index = -1): AssistantMessage => {
  const message = messages.at(index);
  assert.equal(message?.role, 'assistant');
  return message as AssistantMessage;
};

const everything = reply()
  .reasoning('The user wants the densest cluster.')
  .text('Let me search the map.')
  .tool({ name: 'search_map', input: { query: 'dense' }, output: { clusters: 3 } })
  .text('Here it is:')
  .view(viewFixtures.card)
  .envelope(chartEnvelope)
  .a2ui(a2uiFormMessages)
  .text('Anything else?');

describe('ScriptedTransport in Node', () => {
  test('the src/testing module touches no DOM: this file imported it in Node', () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
  });

  test('the whole mantis-ui/testing entry imports in Node too: its page helpers touch the DOM only when called', async () => {
    const entry = await import('../../elements/testing/index.js');
    assert.equal(entry.ScriptedTransport, ScriptedTransport);
    assert.equal(typeof entry.mountChat, 'function');
  });

  test('a reply of every kind becomes the parts, envelopes and surfaces of one message', async () => {
    const { session, transport } = converse([everything]);
    assert.equal(session.send('Show me the densest cluster').ok, true);
    await transport.settled();
    const message = assistant(session.messages);
    assert.equal(message.status, 'done');
    const types = message.parts.map((part) => part.type);
    // The envelope of the turn is a part too, after the others.
    assert.deepEqual(types, ['reasoning', 'text', 'dynamic-tool', 'text', 'data-mantis-ui', 'data-mantis-surface', 'text', 'data-mantis-envelope']);
    const tool = message.parts.find((part) => part.type === 'dynamic-tool');
    assert.deepEqual(tool && { state: tool.state, input: tool.input, output: 'output' in tool ? tool.output : null }, { state: 'output-available', input: { query: 'dense' }, output: { clusters: 3 } });
    assert.equal(message.uiEnvelopes.length, 1);
    assert.deepEqual(message.uiEnvelopes[0]?.envelope, chartEnvelope);
    assert.deepEqual(message.surfaceIds, ['booking']);
    assert.match(message.text, /Here it is:\n\n```mantis-ui\n\{.*\}\n```\n\nAnything else\?/s);
    assert.deepEqual(transport.userMessages, ['Show me the densest cluster']);
    assert.equal(message.inReplyTo, session.messages[0]?.id);
  });

  test('two runs of the same script give identical transcripts, even chunked', async () => {
    const run = async () => {
      const { session, transport } = converse([everything, reply().text('Bye.')], { chunk: 5 });
      session.send('first');
      await transport.settled();
      session.send('second');
      await transport.settled();
      return transport.transcript;
    };
    const [a, b] = [await run(), await run()];
    assert.deepEqual(a, b);
    const deltas = a.flatMap((entry) => ('event' in entry && entry.event.type === 'text_delta' ? [entry.event.delta] : []));
    assert.ok(deltas.length > 10 && deltas.every((delta) => delta.length <= 5), 'text arrives in deltas of at most 5 characters');
    assert.equal(a.filter((entry) => 'frame' in entry && entry.frame.type === 'user_message').length, 2);
    assert.ok(a.some((entry) => 'event' in entry && entry.event.type === 'message_start' && entry.event.in_reply_to === 'client-1'), 'client IDs are named by order');
  });

  test('a paused transport delivers only what is stepped', async () => {
    const { session, transport } = converse([reply().text('One.').text(' Two.')], { paused: true });
    session.send('hi');
    assert.equal(transport.pending, 4);
    assert.deepEqual(transport.step().map((event) => event.type === 'server' && event.event.type), ['message_start']);
    assert.equal(assistant(session.messages).status, 'streaming');
    transport.step();
    assert.equal(assistant(session.messages).text, 'One.');
    transport.flush();
    assert.equal(assistant(session.messages).status, 'done');
    assert.equal(assistant(session.messages).text, 'One. Two.');
  });

  test('rules answer by the user text; a message nothing answers fails loudly', async () => {
    const { session, transport } = converse([]);
    transport.on(/chart/i, reply().text('A chart.')).on('map', reply().text('A map.'));
    session.send('Show the map');
    session.send('A CHART please');
    session.send('Something else');
    await transport.settled();
    const texts = session.messages.filter((m) => m.role === 'assistant').map((m) => [m.text, (m as AssistantMessage).status]);
    assert.deepEqual(texts, [['A map.', 'done'], ['A chart.', 'done'], ['', 'interrupted']]);
    assert.deepEqual(transport.unscripted, ['Something else']);
  });

  test('stop() ends the reply where it was: the rest is dropped', async () => {
    const { session, transport } = converse([reply().text('First.').text(' Never.')], { paused: true });
    session.send('hi');
    transport.step(2);
    session.stop();
    transport.flush();
    const message = assistant(session.messages);
    assert.equal(message.status, 'done');
    assert.equal(message.text, 'First.');
    assert.deepEqual(transport.frames.map((frame) => frame.type), ['user_message', 'abort']);
  });

  test('an A2UI action goes back as a client_action, is recorded, and is answered by a new turn', async () => {
    const { session, transport } = converse([reply().a2ui(a2uiFormMessages)]);
    transport.onA2uiAction('submit', reply().text('Booked.'));
    session.send('Book a table');
    await transport.settled();
    const owner = assistant(session.messages).id;
    const sent = session.sendA2uiAction({ name: 'submit', surfaceId: 'booking', sourceComponentId: 'book', timestamp: new Date().toISOString(), context: { name: 'Ada' } }, owner);
    assert.equal(sent.ok && sent.via, 'client_action');
    await transport.settled();
    assert.deepEqual(
      transport.a2uiActions.map(({ via, name, surfaceId, sourceComponentId, context }) => ({ via, name, surfaceId, sourceComponentId, context })),
      [{ via: 'client_action', name: 'submit', surfaceId: 'booking', sourceComponentId: 'book', context: { name: 'Ada' } }],
    );
    assert.deepEqual(transport.frames.map((frame) => frame.type), ['user_message', 'client_action']);
    const answer = assistant(session.messages);
    assert.equal(answer.text, 'Booked.');
    assert.equal(answer.inReplyTo, undefined);
    const tool = answer.parts.find((part) => part.type === 'dynamic-tool');
    assert.equal(tool?.toolName, 'a2ui_action');
  });

  test('an A2UI action nothing was scripted for gets a turn that fails at once and is listed as unscripted', async () => {
    const { session, transport } = converse([reply().a2ui(a2uiFormMessages)]);
    session.send('Book a table');
    await transport.settled();
    session.sendA2uiAction({ name: 'submit', surfaceId: 'booking', sourceComponentId: 'book', timestamp: '2024-01-01T00:00:00Z', context: { name: 'Ada' } }, assistant(session.messages).id);
    await transport.settled();
    const answer = assistant(session.messages);
    assert.equal(answer.status, 'interrupted');
    assert.equal(answer.parts.find((part) => part.type === 'dynamic-tool')?.toolName, 'a2ui_action');
    assert.deepEqual(transport.unscripted, ['[a2ui_action] submit on booking']);
  });

  test('only the signal of the current connection closes it', () => {
    const transport = new ScriptedTransport();
    const first = new AbortController();
    transport.connect({ signal: first.signal });
    transport.close();
    const second = new AbortController();
    transport.connect({ signal: second.signal });
    first.abort();
    assert.equal(transport.state, 'open', 'an earlier connection’s signal closed this one');
    second.abort();
    assert.equal(transport.state, 'closed');
  });

  test('without client actions, an A2UI action is an [a2ui_action] turn, recorded as such', async () => {
    const transport = new ScriptedTransport({ replies: [reply().a2ui(a2uiFormMessages), reply().text('Noted.')], clientAction: false });
    const session = new ChatSession({ transport });
    session.connect();
    session.send('Book a table');
    await transport.settled();
    session.sendA2uiAction({ name: 'submit', surfaceId: 'booking', sourceComponentId: 'book', timestamp: '2024-01-01T00:00:00Z', context: { name: 'Ada' } }, assistant(session.messages).id);
    await transport.settled();
    assert.deepEqual(transport.a2uiActions.map((action) => [action.via, action.name, action.context]), [['turn', 'submit', { name: 'Ada' }]]);
    assert.equal(assistant(session.messages).text, 'Noted.');
  });
});

describe('reply() checks what it is given', () => {
  const throwsScript = (build: () => unknown, pattern: RegExp) => assert.throws(build, (error: unknown) => error instanceof ScriptError && pattern.test(error.message));

  test('a view that would fall back names the path of the problem', () => {
    throwsScript(() => reply().view({ version: 1, id: 'v', root: { id: 'h', type: 'heading', txt: 'typo' } }), /reply\(\)\.view\(\).*\/root/);
    throwsScript(() => reply().view({ version: 2, id: 'v', root: {} }), /version/);
  });

  test('an envelope, an A2UI message, a tool state and text of the wrong kind are refused', () => {
    throwsScript(() => reply().envelope({ ...chartEnvelope, grammar: 'vega' }), /reply\(\)\.envelope\(\): unknown-grammar/);
    throwsScript(() => reply().envelope({ ...chartEnvelope, spec: { ...chartEnvelope.spec, series: [{ type: 'sankey' }] } }), /invalid-chart/);
    throwsScript(() => reply().a2ui([{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Marquee' }] } }]), /reply\(\)\.a2ui\(\).*surface "s"/);
    throwsScript(() => reply().tool({ name: 'x', states: ['finished' as 'completed'] }), /states must be/);
    throwsScript(() => reply().text(42 as unknown as string), /expected a string/);
    throwsScript(() => reply().fail().text('after'), /nothing can follow/);
  });

  test('unchecked content goes out as given', () => {
    assert.doesNotThrow(() => reply().view('{"version":1', { unchecked: true }).envelope({ kind: 'html' }, { unchecked: true }));
  });

  test('builders are immutable: extending one changes no other', () => {
    const base = reply().text('a');
    base.text('b');
    assert.equal(base.steps.length, 1);
  });
});

describe('fixtures', () => {
  test('every view fixture is valid with no child replaced', () => {
    for (const [name, view] of Object.entries(viewFixtures)) {
      const result = validateView(view);
      assert.ok(result.ok && result.issues.length === 0, `${name}: ${JSON.stringify(result.issues)}`);
    }
  });

  test('the chart envelope, the A2UI form and the history are valid', async () => {
    assert.equal(validateEnvelope(chartEnvelope).ok, true);
    assert.equal(validateA2uiMessages(a2uiFormMessages).ok, true);
    assert.deepEqual(checkPersistedHistory(historyFixture)?.dropped, []);
    const session = await restore({ messages: historyFixture });
    assert.deepEqual(assistant(session.messages).parts.map((part) => part.type), ['dynamic-tool', 'text', 'data-mantis-ui', 'text']);
  });

  test('fixtures are frozen', () => {
    assert.ok(Object.isFrozen(viewFixtures.card.root.actions[0]));
  });
});
