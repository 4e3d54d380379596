// A protocol's connection factory may return a promise (the Composer's loads its WebSocket or SSE code on first use):
// until it settles the session talks to a stand-in that keeps what is sent, in order, and a load that fails is said.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Connection, ConnectionEvent, ConnectionListener, OutgoingFrame } from '../../src/protocols/connection.js';
import { openConnection } from '../../src/protocols/open.js';
import { ProtocolRegistry } from '../../src/protocols/registry.js';

/** A connection that records what it was asked: the real one of this test's made-up protocol. */
function recording(): Connection & { readonly sent: OutgoingFrame[]; readonly connects: number } {
  const listeners = new Set<ConnectionListener>();
  const sent: OutgoingFrame[] = [];
  let connects = 0;
  return {
    sent,
    get connects() {
      return connects;
    },
    state: 'idle',
    source: {},
    connect: () => void (connects += 1),
    close: () => undefined,
    send: (frame) => (sent.push(frame), true),
    carries: () => false,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
  };
}

/** A registry with one eager protocol whose `late` connection is made when `settle` is called. */
function lateProtocol(): { registry: ProtocolRegistry; resolve: (c: Connection) => void; reject: (e: Error) => void } {
  let resolve!: (c: Connection) => void;
  let reject!: (e: Error) => void;
  const made = new Promise<Connection>((res, rej) => ((resolve = res), (reject = rej)));
  const module = { name: 'late', connections: { late: () => made } };
  const registry = new ProtocolRegistry([{ name: 'late', eager: true, connections: ['late'], load: () => module }]);
  return { registry, resolve, reject };
}

const options = { url: 'https://agent.example/chat', generativeUi: true, advertises: {} };
const frame = (text: string): OutgoingFrame => ({ type: 'user', id: text, text }) as unknown as OutgoingFrame;

describe('openConnection with a factory that loads its code', () => {
  test('what is sent before the code loaded goes, in order, once it has; the connect asked for meanwhile happens', async () => {
    const { registry, resolve } = lateProtocol();
    const connection = openConnection(registry, 'late', options);
    assert.ok(connection);
    const states: string[] = [];
    connection.subscribe((e) => e.type === 'state' && states.push(e.state));
    connection.connect();
    assert.equal(connection.send(frame('one')), true);
    assert.equal(connection.send(frame('two')), true);
    assert.equal(connection.state, 'connecting');
    const real = recording();
    resolve(real);
    await Promise.resolve();
    await Promise.resolve();
    assert.deepEqual(real.sent.map((f) => (f as unknown as { id: string }).id), ['one', 'two']);
    assert.equal(real.connects, 1);
    assert.equal(connection.source, real.source);
    assert.deepEqual(states, ['connecting']);
  });

  test('a URL that cannot be parsed is refused at once, before any code loads', () => {
    const { registry } = lateProtocol();
    assert.throws(() => openConnection(registry, 'late', { ...options, url: 'http://[bad' }));
  });

  test('code that cannot load is said once (protocol-error), and the connection closes: nothing waits forever', async () => {
    const { registry, reject } = lateProtocol();
    const connection = openConnection(registry, 'late', options);
    assert.ok(connection);
    const events: ConnectionEvent[] = [];
    connection.subscribe((e) => events.push(e));
    connection.connect();
    connection.send(frame('lost?'));
    reject(new Error('chunk not found'));
    await new Promise<void>((done) => connection.subscribe((e) => e.type === 'state' && e.state === 'closed' && done()));
    const errors = events.filter((e) => e.type === 'protocol-error');
    assert.equal(errors.length, 1);
    assert.match((errors[0] as { reason: string }).reason, /could not load the code of its late late connection/);
    assert.equal(connection.state, 'closed');
    assert.equal(connection.send(frame('after')), false, 'a closed stand-in refuses, so the session keeps the message unsent');
  });
});
