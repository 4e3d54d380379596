import { expect, waitUntil } from '@open-wc/testing';
import { ThreadDriver } from '../../helpers/thread-driver.js';
import { type AssistantMessage, type MantisPart, type SocketLike, type TransportEvent } from '../../../src/index.js';
import { SseTransport, WebSocketTransport, type ReconnectingTransport } from '../../../src/protocols/composer/transports.js';
import { composerSocketUrl, composerSseUrl } from '../../helpers/agent.js';

type Kind = 'ws' | 'sse';
const FAST = { minDelay: 5, maxDelay: 40 };

function transport(kind: Kind, params: Record<string, string>, extra: Record<string, string | string[]> = {}): ReconnectingTransport {
  const url = new URL(kind === 'ws' ? composerSocketUrl(params) : composerSseUrl(params));
  for (const [key, value] of Object.entries(extra)) for (const v of [value].flat()) url.searchParams.append(key, v);
  return kind === 'ws' ? new WebSocketTransport(url.href, FAST) : new SseTransport(url.href, FAST);
}

/** Runs one conversation turn through a transport into a Thread; resolves with the assistant message and every event. */
async function converse(t: ReconnectingTransport, text: string, messages = 1): Promise<{ thread: ThreadDriver; events: TransportEvent[] }> {
  const thread = new ThreadDriver();
  const events: TransportEvent[] = [];
  let done = 0;
  const finished = new Promise<void>((resolve) =>
    t.subscribe((event) => {
      events.push(event);
      if (event.type !== 'server') return;
      const changed = thread.apply(event.event);
      if (changed?.status === 'done' && ++done === messages) resolve();
    }),
  );
  t.connect();
  for (let i = 0; i < messages; i++) {
    const user = thread.addUserMessage(`${text} ${i}`);
    t.send({ type: 'user_message', client_message_id: user.id, text: user.text, mode: 'orchestrator' });
  }
  await finished;
  t.close();
  return { thread, events };
}

const assistant = (thread: ThreadDriver): AssistantMessage[] => thread.messages.filter((m): m is AssistantMessage => m.role === 'assistant');
const partsOf = (thread: ThreadDriver): MantisPart[][] => assistant(thread).map((m) => [...m.parts]);

/** 20 distinct drop points within a reply of about `events` events. */
function randomDrops(count: number, max: number, seed: number): string {
  let state = seed;
  const points: number[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    points.push(2 + (state % Math.max(3, Math.floor(max / count))));
  }
  return points.join('.');
}

for (const kind of ['ws', 'sse'] as const) {
  describe(`${kind === 'ws' ? 'WebSocketTransport' : 'SseTransport'} against the reference server`, function () {
    this.timeout(60_000);

    it('finishes a reply interrupted 20 times with exactly the parts of an uninterrupted run', async () => {
      const params = { delay: '0', chunk: '5', inline_ui_version: '1' };
      const clean = await converse(transport(kind, params), 'tell me');
      const cleanParts = partsOf(clean.thread);
      expect(cleanParts[0]?.map((p) => p.type)).to.deep.equal(['text', 'data-mantis-ui', 'text']);

      const drops = randomDrops(20, 120, kind === 'ws' ? 11 : 29);
      const t = transport(kind, params, { fault: `drops:${drops}` });
      const states: string[] = [];
      t.subscribe((e) => e.type === 'state' && states.push(e.state));
      const interrupted = await converse(t, 'tell me');
      expect(states.filter((s) => s === 'reconnecting').length, 'reconnections').to.be.at.least(20);
      expect(partsOf(interrupted.thread)).to.deep.equal(cleanParts);
      expect(assistant(interrupted.thread)[0]?.text).to.equal(assistant(clean.thread)[0]?.text);
    });

    it('drops duplicated events: parts are identical to a clean run', async () => {
      const params = { delay: '0', chunk: '9', inline_ui_version: '1' };
      const clean = await converse(transport(kind, params), 'again');
      const doubled = await converse(transport(kind, params, { fault: 'duplicate' }), 'again');
      expect(partsOf(doubled.thread)).to.deep.equal(partsOf(clean.thread));
    });

    it('reports a malformed frame as a protocol error, skips it, and goes on', async () => {
      const { thread, events } = await converse(transport(kind, { delay: '0', inline_ui_version: '1' }, { fault: 'malformed:5' }), 'hi');
      expect(events.filter((e) => e.type === 'protocol-error')).to.have.length(1);
      expect(assistant(thread)[0]?.status).to.equal('done');
      expect(partsOf(thread)[0]?.map((p) => p.type)).to.deep.equal(['text', 'data-mantis-ui', 'text']);
    });

    it('queues a message sent while offline and delivers it exactly once after reconnecting', async () => {
      const t = transport(kind, { delay: '0' }, { fault: 'refuse:3' });
      const { thread } = await converse(t, 'offline');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(assistant(thread)).to.have.length(1);
      expect(assistant(thread)[0]?.inReplyTo).to.equal(thread.messages[0]?.id);
    });

    it('answers a message resent after a drop only once', async () => {
      // The first connection drops right after the reply starts: the client resends the unanswered message, and the
      // server, which answers each client_message_id once, does not answer it again.
      const t = transport(kind, { delay: '0' }, { fault: 'drops:1.2' });
      const { thread } = await converse(t, 'resend', 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(assistant(thread)).to.have.length(2);
      expect(new Set(assistant(thread).map((m) => m.inReplyTo)).size).to.equal(2);
    });

    it('shows every connection state and closes for good when closed by the page', async () => {
      const t = transport(kind, { delay: '0' });
      const states: string[] = [];
      t.subscribe((e) => e.type === 'state' && states.push(e.state));
      t.connect();
      await waitUntil(() => t.state === 'open');
      t.close();
      expect(states).to.deep.equal(['connecting', 'open', 'closed']);
    });

    it('closes when its AbortSignal aborts, and its event stream ends', async () => {
      const controller = new AbortController();
      const t = transport(kind, { delay: '0' });
      t.connect({ signal: controller.signal });
      const seen: string[] = [];
      const reading = (async () => {
        for await (const event of t.events()) if (event.type === 'state') seen.push(event.state);
      })();
      await waitUntil(() => t.state === 'open');
      controller.abort();
      await reading;
      expect(seen.at(-1)).to.equal('closed');
    });
  });
}

describe('resuming from the last applied event', function () {
  this.timeout(30_000);

  it('WebSocket: every connection starts with resume and the last applied (message_id, sequence)', async () => {
    const sent: string[] = [];
    const RealWebSocket = window.WebSocket;
    const url = composerSocketUrl({ delay: '0', chunk: '50' }) + '&fault=drops:6';
    const t = new WebSocketTransport(url, {
      ...FAST,
      socketFactory: (u) => {
        const socket = new RealWebSocket(u);
        const send = socket.send.bind(socket);
        socket.send = (data: string) => {
          sent.push(data);
          send(data);
        };
        return socket as unknown as SocketLike;
      },
    });
    const { thread } = await converse(t, 'resume');
    const resumes = sent.map((s) => JSON.parse(s) as { type: string; after?: { message_id: string; sequence: number } }).filter((f) => f.type === 'resume');
    expect(resumes[0]).to.deep.equal({ type: 'resume' });
    // The first connection dropped after 6 events: message_start (0) to sequence 5 were applied.
    expect(resumes[1]?.after).to.deep.equal({ message_id: assistant(thread)[0]?.id, sequence: 5 });
  });

  it('SSE: a reconnect sends Last-Event-ID with the last applied event', async () => {
    const lastEventIds: (string | undefined)[] = [];
    const t = new SseTransport(composerSseUrl({ delay: '0', chunk: '50' }) + '&fault=drops:6', {
      ...FAST,
      fetch: (input, init) => {
        if (init.method === 'GET') lastEventIds.push(init.headers['last-event-id']);
        return fetch(input, init);
      },
    });
    const { thread } = await converse(t, 'resume');
    expect(lastEventIds[0]).to.equal(undefined);
    expect(lastEventIds[1]).to.equal(`${assistant(thread)[0]?.id}:5`);
  });
});

describe('SseTransport and agent-ui@1', () => {
  it('passes on validated ui_envelope events from the agent-ui stream', async () => {
    const url = new URL('/api/v1/agent/chat/stream', composerSseUrl()).href;
    const t = new SseTransport(url, { ...FAST, sessionId: `envelopes-${Date.now()}` });
    const envelopes: string[] = [];
    const done = new Promise<void>((resolve) =>
      t.subscribe((event) => {
        if (event.type !== 'ui-envelope') return;
        envelopes.push((event.event.envelope as { kind: string }).kind);
        if (envelopes.length === 3) resolve();
      }),
    );
    t.connect();
    await done;
    t.close();
    expect(envelopes).to.deep.equal(['registered_component', 'chart', 'map_action']);
  });
});
