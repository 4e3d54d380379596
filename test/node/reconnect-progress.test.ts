// ReconnectingTransport's backoff schedule, against a fake channel the test opens, feeds and drops by hand, with
// mocked timers: which delay each reconnect is given, never how long anything took.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { type ClientFrame, type ReconnectOptions, type ServerEvent, type TransportEvent } from '../../src/index.js';
import { ReconnectingTransport } from '../../src/protocols/composer/transports.js';

/** A channel that does what the test says: `accept` opens it, `deliver` hands it events, `drop` loses it. */
class FakeTransport extends ReconnectingTransport {
  /** Channels asked for so far (the first connection and every reconnect). */
  opens = 0;
  readonly sent: ClientFrame[] = [];
  #open = false;

  get url(): string {
    return 'fake://composer';
  }

  protected get channelOpen(): boolean {
    return this.#open;
  }

  protected openChannel(): void {
    this.opens += 1;
  }

  protected closeChannel(): void {
    this.#open = false;
  }

  protected transmit(frame: ClientFrame): boolean {
    if (!this.#open) return false;
    this.sent.push(frame);
    return true;
  }

  accept(): void {
    this.#open = true;
    this.opened();
  }

  deliver(...events: ServerEvent[]): void {
    for (const event of events) this.received(event);
  }

  drop(): void {
    this.#open = false;
    this.lost();
  }
}

type Backoff = Extract<TransportEvent, { type: 'backoff' }>;

// Jitter 0: each delay is its step. stableAfter is far longer than any connection here lasts.
const OPTIONS = { minDelay: 100, maxDelay: 1600, jitter: 0, stableAfter: 60_000 } as const;

function start(options: ReconnectOptions = OPTIONS) {
  const t = new FakeTransport(options);
  const backoffs: Backoff[] = [];
  const delivered: ServerEvent[] = [];
  t.subscribe((event) => {
    if (event.type === 'backoff') backoffs.push(event);
    if (event.type === 'server') delivered.push(event.event);
  });
  t.connect();
  /** Drops the open channel and lets its reconnect start: the timer of the last backoff fires. */
  const reconnect = () => {
    const opens = t.opens;
    t.drop();
    const backoff = backoffs.at(-1);
    if (t.state !== 'closed' && backoff) mock.timers.tick(backoff.delay);
    if (t.state !== 'closed') assert.equal(t.opens, opens + 1, 'the reconnect did not start when its delay was over');
  };
  return { t, backoffs, delivered, reconnect };
}

const steps = (backoffs: readonly Backoff[]) => backoffs.map((b) => [b.attempt, b.delay]);

const start0: ServerEvent = { type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } };
const delta = (sequence: number): ServerEvent => ({ type: 'text_delta', message_id: 'm', sequence, delta: `d${sequence}` });

describe('ReconnectingTransport: progress starts the backoff schedule again', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  test('after a connection that delivered a new event, the next delay is the first step again', () => {
    const { t, backoffs, reconnect } = start();
    // Three connections accepted and dropped with nothing: the schedule grows.
    for (let i = 0; i < 3; i++) {
      t.accept();
      reconnect();
    }
    assert.deepEqual(steps(backoffs), [
      [1, 100],
      [2, 200],
      [3, 400],
    ]);
    // The fourth delivers a new event before it is cut.
    t.accept();
    t.deliver(start0);
    reconnect();
    assert.deepEqual(steps(backoffs).at(-1), [1, 100]);
    // Each later connection that moves the reply on is cut and resumed from the first step, however many there are.
    for (let sequence = 1; sequence <= 20; sequence++) {
      t.accept();
      t.deliver(delta(sequence));
      reconnect();
    }
    assert.deepEqual(
      steps(backoffs.slice(4)),
      Array.from({ length: 20 }, () => [1, 100]),
    );
    t.close();
  });

  test('a connection that delivered only duplicates, or nothing, keeps the delays growing to maxDelay', () => {
    const { t, backoffs, delivered, reconnect } = start();
    t.accept();
    t.deliver(start0, delta(1), delta(2));
    reconnect();
    // Every later connection replays what was applied already (sequences 0 to 2) and is cut, or sends nothing.
    for (let i = 0; i < 6; i++) {
      t.accept();
      if (i % 2 === 0) t.deliver(start0, delta(1), delta(2));
      reconnect();
    }
    assert.deepEqual(steps(backoffs), [
      [1, 100],
      [2, 200],
      [3, 400],
      [4, 800],
      [5, 1600],
      [6, 1600],
      [7, 1600],
    ]);
    // The duplicates were dropped, not passed on.
    assert.deepEqual(
      delivered.map((e) => ('sequence' in e ? e.sequence : -1)),
      [0, 1, 2],
    );
    t.close();
  });

  test('events a server sends on every connection are not progress: capabilities, replayed task statuses, a repeated action result', () => {
    const { t, backoffs, reconnect } = start();
    t.accept();
    reconnect();
    t.accept();
    reconnect();
    t.accept();
    t.send({ type: 'action', client_action_id: 'a1', message_id: 'm', view_id: 'v', node_id: 'n', action: { id: 'go', type: 'navigate', label: 'Go', target: { uri: 'mantis://map/m/point/p' } } });
    // The first answer to the action is progress.
    t.deliver({ type: 'action_result', client_action_id: 'a1', status: 'accepted' });
    reconnect();
    for (let i = 0; i < 4; i++) {
      t.accept();
      t.deliver(
        { type: 'capabilities', client_action: true },
        { type: 'task', task_id: 7, status: 'completed' },
        { type: 'action_result', client_action_id: 'a1', status: 'accepted' },
      );
      reconnect();
    }
    assert.deepEqual(steps(backoffs), [
      [1, 100],
      [2, 200],
      [1, 100],
      [2, 200],
      [3, 400],
      [4, 800],
      [5, 1600],
    ]);
    t.close();
  });

  test('maxAttempts still ends a server that accepts and drops, after progress reset the count', () => {
    const { t, backoffs, reconnect } = start({ ...OPTIONS, maxAttempts: 3 });
    const states: string[] = [];
    t.subscribe((event) => event.type === 'state' && states.push(event.state));
    // Two failed attempts, then a connection that makes progress: the count starts again.
    t.accept();
    reconnect();
    t.accept();
    reconnect();
    t.accept();
    t.deliver(start0);
    reconnect();
    // From here the server accepts and drops, or only replays what was applied: three more attempts, then closed.
    for (let i = 0; i < 3; i++) {
      t.accept();
      t.deliver(start0);
      reconnect();
    }
    assert.deepEqual(steps(backoffs), [
      [1, 100],
      [2, 200],
      [1, 100],
      [2, 200],
      [3, 400],
    ]);
    assert.equal(t.state, 'closed');
    assert.equal(states.at(-1), 'closed');
    const opens = t.opens;
    mock.timers.tick(60_000);
    assert.equal(t.opens, opens, 'nothing was scheduled after giving up');
  });

  test('a connection that stays up for stableAfter without new events still starts the schedule again', () => {
    const { t, backoffs, reconnect } = start({ ...OPTIONS, stableAfter: 5000 });
    for (let i = 0; i < 3; i++) {
      t.accept();
      reconnect();
    }
    t.accept();
    mock.timers.tick(5000);
    reconnect();
    assert.deepEqual(steps(backoffs), [
      [1, 100],
      [2, 200],
      [3, 400],
      [1, 100],
    ]);
    t.close();
  });
});
