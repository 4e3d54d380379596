import { expect, waitUntil } from '@open-wc/testing';
import type { ReconnectingTransport, ReconnectOptions, TransportEvent } from '../../../src/index.js';
import { KINDS, NAME, composerUrl, makeTransport, replied, sleep, userMessage, type Kind } from './harness.js';

type Backoff = Extract<TransportEvent, { type: 'backoff' }>;

/**
 * The server's fault `drop:0` accepts every connection (the WebSocket opens; the SSE response starts with its
 * headers and `retry: 1000`) and closes it at once. Delays are checked as the transport computes them (jitter 0),
 * never as measured time.
 *
 * Over SSE the server's `retry: 1000` replaces `minDelay` (capped at `maxDelay`), as documented: its schedule starts
 * at 1000 ms, so the SSE cases use fewer steps.
 */
const firstStep = (kind: Kind, options: { minDelay: number; maxDelay: number }): number =>
  kind === 'sse' ? Math.min(1000, options.maxDelay) : options.minDelay;

/** The exponential schedule: first, 2 first, 4 first, ... capped at maxDelay. */
const schedule = (first: number, maxDelay: number, steps: number): number[] =>
  Array.from({ length: steps }, (_, i) => Math.min(maxDelay, first * 2 ** i));

function start(kind: Kind, fault: string, options: ReconnectOptions & { minDelay: number; maxDelay: number }) {
  const opened: string[] = [];
  /** Ends each connection from this side, as a network that lost it would: no event is delivered by it. */
  const cuts: (() => void)[] = [];
  const url = composerUrl(kind, { delay: '0' }, [fault]);
  const RealWebSocket = window.WebSocket;
  const t: ReconnectingTransport = makeTransport(kind, url, {
    jitter: 0,
    ...options,
    // Real sockets and fetches; only counted, and cut when a test says so.
    socketFactory: (u) => {
      opened.push(u);
      const socket = new RealWebSocket(u);
      cuts.push(() => socket.close());
      return socket as never;
    },
    fetch: (input, init) => {
      if (init.method !== 'GET') return fetch(input, init);
      opened.push(input);
      const cut = new AbortController();
      init.signal?.addEventListener('abort', () => cut.abort(), { once: true });
      cuts.push(() => cut.abort());
      return fetch(input, { ...init, signal: cut.signal });
    },
  });
  const backoffs: Backoff[] = [];
  const states: string[] = [];
  t.subscribe((event) => {
    if (event.type === 'backoff') backoffs.push(event);
    if (event.type === 'state') states.push(event.state);
  });
  return { t, backoffs, states, opened, cutLast: () => cuts.at(-1)?.() };
}

for (const kind of KINDS) {
  describe(`${NAME[kind]} backoff`, function () {
    this.timeout(30_000);
    let current: ReconnectingTransport | undefined;
    afterEach(() => current?.close());

    it('grows exponentially, capped at maxDelay, against a server that accepts and drops every connection', async () => {
      const options = { minDelay: 20, maxDelay: kind === 'ws' ? 160 : 2000 };
      const steps = kind === 'ws' ? 5 : 3;
      const { t, backoffs } = start(kind, 'drop:0', options);
      current = t;
      t.connect();
      await waitUntil(() => backoffs.length >= steps, 'backoffs', { timeout: 20_000 });
      t.close();
      const expected = schedule(firstStep(kind, options), options.maxDelay, steps);
      expect(backoffs.slice(0, steps)).to.deep.equal(expected.map((delay, i) => ({ type: 'backoff', attempt: i + 1, delay })));
      if (kind === 'ws') expect(expected).to.deep.equal([20, 40, 80, 160, 160]);
    });

    it('retry() reconnects at once and starts the schedule again', async () => {
      const options = { minDelay: 20, maxDelay: kind === 'ws' ? 160 : 2000 };
      const before = kind === 'ws' ? 3 : 2;
      const { t, backoffs, states } = start(kind, 'drop:0', options);
      current = t;
      let statesAtRetry = 0;
      t.subscribe((event) => {
        if (event.type === 'backoff' && backoffs.length === before) {
          statesAtRetry = states.length;
          t.retry();
        }
      });
      t.connect();
      await waitUntil(() => backoffs.length >= before + 2, 'backoffs', { timeout: 20_000 });
      t.close();
      // At once: retry() went to `connecting` without waiting for the scheduled delay.
      expect(states.slice(statesAtRetry - 1, statesAtRetry + 1)).to.deep.equal(['reconnecting', 'connecting']);
      const first = firstStep(kind, options);
      expect(backoffs.slice(0, before + 2).map((b) => [b.attempt, b.delay])).to.deep.equal([
        ...schedule(first, options.maxDelay, before).map((delay, i) => [i + 1, delay]),
        [1, first],
        [2, Math.min(options.maxDelay, first * 2)],
      ]);
    });

    it('with maxAttempts ends closed after that many reconnects, and schedules no more', async () => {
      const options = { minDelay: 20, maxDelay: kind === 'ws' ? 160 : 1000, maxAttempts: 3 };
      const { t, backoffs, states, opened } = start(kind, 'drop:0', options);
      current = t;
      t.connect();
      await waitUntil(() => t.state === 'closed', 'never gave up', { timeout: 20_000 });
      const first = firstStep(kind, options);
      expect(backoffs.map((b) => [b.attempt, b.delay])).to.deep.equal(schedule(first, options.maxDelay, 3).map((delay, i) => [i + 1, delay]));
      // The first connection and three reconnects.
      expect(opened).to.have.length(4);
      expect(states.at(-1)).to.equal('closed');
      // Nothing is scheduled any more: no backoff, no connection.
      await sleep(2 * options.maxDelay);
      expect(backoffs).to.have.length(3);
      expect(opened).to.have.length(4);
      expect(t.state).to.equal('closed');
      // connect() after giving up starts a fresh schedule.
      t.connect();
      await waitUntil(() => backoffs.length >= 4, 'no backoff after connect()', { timeout: 20_000 });
      expect([backoffs[3]?.attempt, backoffs[3]?.delay]).to.deep.equal([1, first]);
    });

    for (const stable of [true, false]) {
      it(
        stable
          ? 'a connection that delivered nothing new but stayed up longer than stableAfter starts the schedule again'
          : 'a connection that delivered nothing new and was lost before stableAfter continues the schedule',
        async () => {
          // Connection 1 is dropped at once; connection 2 stays up, idle, until this side cuts it.
          const options = { minDelay: 20, maxDelay: kind === 'ws' ? 160 : 4000, stableAfter: stable ? 50 : 60_000 };
          const { t, backoffs, cutLast } = start(kind, 'drops:0', options);
          current = t;
          t.connect();
          await waitUntil(() => backoffs.length === 1 && t.state === 'open', 'second connection', { timeout: 20_000 });
          await sleep(4 * 50);
          cutLast();
          await waitUntil(() => backoffs.length === 2, 'second backoff', { timeout: 20_000 });
          const first = firstStep(kind, options);
          expect(backoffs.map((b) => [b.attempt, b.delay])).to.deep.equal(stable ? [[1, first], [1, first]] : [[1, first], [2, first * 2]]);
        },
      );
    }

    it('a connection that delivered new events starts the schedule again when it drops, long before stableAfter', async () => {
      // Connection 1 is dropped at once; connection 2 delivers 3 events of a reply and is dropped; 3 does not drop.
      const options = { minDelay: 20, maxDelay: kind === 'ws' ? 160 : 4000, stableAfter: 60_000 };
      const { t, backoffs } = start(kind, 'drops:0.3', options);
      current = t;
      t.connect();
      await waitUntil(() => backoffs.length === 1 && t.state === 'open', 'second connection', { timeout: 20_000 });
      const message = userMessage('drop me after 3 events');
      const answered = replied(t, message.client_message_id);
      t.send(message);
      await waitUntil(() => backoffs.length === 2, 'second backoff', { timeout: 20_000 });
      const first = firstStep(kind, options);
      expect(backoffs.map((b) => [b.attempt, b.delay])).to.deep.equal([
        [1, first],
        [1, first],
      ]);
      await answered;
    });
  });
}
