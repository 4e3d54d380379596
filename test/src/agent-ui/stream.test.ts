import { expect, waitUntil } from '@open-wc/testing';
import { AgentUiStream, MIN_RETRY_MS, type AgentUiFetch, type AgentUiStreamEvent, type AgentUiStreamOptions } from '../../../src/protocols/agent-ui/stream.js';
import { agentOrigin } from '../../helpers/agent.js';

const FAST = { minDelay: 5, maxDelay: 40 };
let sessions = 0;
const newSession = () => `stream-${Date.now().toString(36)}-${++sessions}`;

function streamUrl(params: Record<string, string> = {}): string {
  const url = new URL('/api/v1/agent/chat/stream', agentOrigin);
  for (const [key, value] of Object.entries({ delay: '0', ...params })) url.searchParams.set(key, value);
  return url.href;
}

/** A fetch that records each request's URL and Last-Event-ID, then asks the server. */
function countingFetch(): { fetch: AgentUiFetch; requests: Array<{ url: string; lastEventId: string | undefined }> } {
  const requests: Array<{ url: string; lastEventId: string | undefined }> = [];
  return {
    requests,
    fetch: (input, init) => {
      requests.push({ url: input, lastEventId: init.headers['last-event-id'] });
      return fetch(input, init);
    },
  };
}

/** Opens a stream and collects its events until it ends (`done` or `error`). */
async function run(options: Partial<AgentUiStreamOptions> & { sessionId: string }, params: Record<string, string> = {}) {
  const stream = new AgentUiStream({ url: streamUrl(params), ...FAST, ...options });
  const events: AgentUiStreamEvent[] = [];
  const ended = new Promise<void>((resolve) =>
    stream.subscribe((event) => {
      events.push(event);
      if (event.type === 'done' || event.type === 'error') resolve();
    }),
  );
  stream.connect();
  await ended;
  const envelopes = events.flatMap((e) => (e.type === 'envelope' ? [e.event] : []));
  return { stream, events, envelopes, ids: envelopes.map((e) => e.envelope_id) };
}

const kinds = (envelopes: Array<{ envelope: unknown }>) => envelopes.map((e) => (e.envelope as { kind: string }).kind);

describe('AgentUiStream', () => {
  it('delivers the default scenario in order, then ends on the server 204', async () => {
    const sessionId = newSession();
    const counter = countingFetch();
    const { stream, events, envelopes, ids } = await run({ sessionId, fetch: counter.fetch });
    expect(kinds(envelopes)).to.deep.equal(['registered_component', 'chart', 'map_action']);
    expect(ids.map((id) => id.split('_').slice(0, 3).join('_'))).to.deep.equal(['env_default_1', 'env_default_2', 'env_default_3']);
    expect(envelopes.every((e) => e.session_id === sessionId)).to.equal(true);
    expect(events.at(-1)).to.deep.equal({ type: 'done' });
    expect(stream.state).to.equal('closed');
    expect(stream.lastEventId).to.equal(ids[2]);
    expect(counter.requests.map((r) => r.lastEventId)).to.deep.equal([undefined, ids[2]]);
    expect(new URL(counter.requests[0]!.url).searchParams.get('session_id')).to.equal(sessionId);
    const states = events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
    expect(states).to.deep.equal(['connecting', 'open', 'reconnecting', 'closed']);
  });

  it('resumes with Last-Event-ID after each drop and receives every envelope exactly once', async () => {
    const counter = countingFetch();
    const { events, ids } = await run({ sessionId: newSession(), fetch: counter.fetch }, { fault: 'drop:1' });
    expect(ids).to.have.length(3);
    expect(new Set(ids).size).to.equal(3);
    expect(ids.map((id) => id.split('_')[2])).to.deep.equal(['1', '2', '3']);
    expect(counter.requests.map((r) => r.lastEventId)).to.deep.equal([undefined, ids[0], ids[1], ids[2]]);
    expect(events.filter((e) => e.type === 'backoff')).to.have.length(3);
    expect(events.at(-1)).to.deep.equal({ type: 'done' });
  });

  it('delivers a duplicated envelope once', async () => {
    const { ids } = await run({ sessionId: newSession() }, { fault: 'duplicate' });
    expect(ids.map((id) => id.split('_')[2])).to.deep.equal(['1', '2', '3']);
  });

  it('reports a malformed event, skips it and goes on', async () => {
    const { events, ids } = await run({ sessionId: newSession() }, { fault: 'malformed:1' });
    const order = events.filter((e) => e.type === 'envelope' || e.type === 'malformed').map((e) => e.type);
    expect(order).to.deep.equal(['envelope', 'malformed', 'envelope', 'envelope']);
    expect(ids).to.have.length(3);
    expect(events.at(-1)).to.deep.equal({ type: 'done' });
  });

  it('resumes a later page from lastEventId', async () => {
    const sessionId = newSession();
    const first = await run({ sessionId });
    const counter = countingFetch();
    const second = await run({ sessionId, lastEventId: first.ids[1], fetch: counter.fetch });
    expect(second.ids).to.deep.equal([first.ids[2]]);
    expect(counter.requests[0]!.lastEventId).to.equal(first.ids[1]);
    expect(second.stream.lastEventId).to.equal(first.ids[2]);
  });

  it('does not deliver again the IDs given as seen', async () => {
    const sessionId = newSession();
    const first = await run({ sessionId });
    // An ID the server does not hold replays the log from the start; the seen IDs are dropped.
    const second = await run({ sessionId, lastEventId: 'env_unknown', seen: first.ids.slice(0, 2) });
    expect(second.ids).to.deep.equal([first.ids[2]]);
  });

  it('reports events of another session as malformed', async () => {
    const { events, ids } = await run({ sessionId: 'not-this-one', url: streamUrl({ session_id: newSession() }), maxAttempts: 0 });
    expect(ids).to.deep.equal([]);
    expect(events.filter((e) => e.type === 'malformed')).to.have.length(3);
  });

  it('stops on close(): no more requests, no more events', async () => {
    const counter = countingFetch();
    const stream = new AgentUiStream({ url: streamUrl({ fault: 'drop:1' }), sessionId: newSession(), fetch: counter.fetch, ...FAST });
    const events: AgentUiStreamEvent[] = [];
    stream.subscribe((event) => {
      events.push(event);
      if (event.type === 'envelope') stream.close();
    });
    stream.connect();
    await waitUntil(() => stream.state === 'closed');
    const seen = events.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counter.requests).to.have.length(1);
    expect(events).to.have.length(seen);
    expect(events.filter((e) => e.type === 'envelope')).to.have.length(1);
    expect(events.at(-1)).to.deep.equal({ type: 'state', state: 'closed' });
  });

  it('closes when the connect signal aborts', async () => {
    const counter = countingFetch();
    const stream = new AgentUiStream({ url: streamUrl({ fault: 'stall:5000' }), sessionId: newSession(), fetch: counter.fetch, ...FAST });
    const controller = new AbortController();
    stream.connect({ signal: controller.signal });
    await waitUntil(() => stream.state === 'open');
    controller.abort();
    expect(stream.state).to.equal('closed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counter.requests).to.have.length(1);
  });

  it('backs off on a refused stream and closes after maxAttempts with an error', async () => {
    const counter = countingFetch();
    const { stream, events } = await run({ sessionId: '-not-a-session', fetch: counter.fetch, maxAttempts: 2 });
    expect(counter.requests).to.have.length(3);
    expect(events.filter((e) => e.type === 'backoff').map((e) => (e.type === 'backoff' ? e.attempt : 0))).to.deep.equal([1, 2]);
    const last = events.at(-1);
    expect(last?.type).to.equal('error');
    expect(last?.type === 'error' && last.reason).to.include('400');
    expect(stream.state).to.equal('closed');
  });

  it('drops and resumes a stream that stays silent past idleTimeout', async () => {
    const counter = countingFetch();
    const { ids, events } = await run({ sessionId: newSession(), fetch: counter.fetch, idleTimeout: 150 }, { fault: 'stall:1:5000' });
    expect(ids.map((id) => id.split('_')[2])).to.deep.equal(['1', '2', '3']);
    expect(counter.requests.map((r) => r.lastEventId)).to.deep.equal([undefined, ids[0], ids[1], ids[2]]);
    expect(events.at(-1)).to.deep.equal({ type: 'done' });
  });

  it('cuts off a stream whose event never ends, past MAX_EVENT_BYTES', async () => {
    const sessionId = newSession();
    let calls = 0;
    const endless = (): ReadableStream<Uint8Array> => {
      const chunk = new TextEncoder().encode(`event: ui_envelope\ndata: ${'x'.repeat(64 * 1024)}`);
      let sent = 0;
      return new ReadableStream({
        pull(controller) {
          // Far past the cap, never a blank line: one event that never ends.
          if (sent++ < 64) controller.enqueue(chunk);
          else controller.close();
        },
      });
    };
    const fake: AgentUiFetch = async () =>
      calls++ === 0 ? new Response(endless(), { headers: { 'content-type': 'text/event-stream' } }) : new Response(null, { status: 204 });
    const { events } = await run({ sessionId, url: 'https://agent.invalid/stream', fetch: fake, minDelay: 1, maxDelay: 1 });
    const state = events.find((e) => e.type === 'backoff');
    expect(state?.type).to.equal('backoff');
    expect(calls).to.equal(2);
    expect(events.filter((e) => e.type === 'envelope')).to.deep.equal([]);
  });

  it('takes only ui_envelope events and sends the headers given', async () => {
    const sessionId = newSession();
    const data = JSON.stringify({ session_id: sessionId, envelope_id: 'e1', created_at: 1, envelope: {} });
    const body = `retry: 5\n\ndata: ${data}\n\nevent: other\ndata: ${data}\n\nid: e1\nevent: ui_envelope\ndata: ${data}\n\n`;
    const seenHeaders: Array<Record<string, string>> = [];
    let calls = 0;
    const fake: AgentUiFetch = async (_input, init) => {
      seenHeaders.push(init.headers);
      return calls++ === 0
        ? new Response(body, { headers: { 'content-type': 'text/event-stream' } })
        : new Response(null, { status: 204 });
    };
    const { events, ids } = await run({ sessionId, url: 'https://agent.invalid/stream', fetch: fake, headers: () => ({ authorization: 'Bearer t' }) });
    expect(ids).to.deep.equal(['e1']);
    expect(events.filter((e) => e.type === 'malformed')).to.deep.equal([]);
    expect(seenHeaders.map((h) => h.authorization)).to.deep.equal(['Bearer t', 'Bearer t']);
    expect(seenHeaders[1]!['last-event-id']).to.equal('e1');
    // retry: 5 sets the first backoff step, raised to MIN_RETRY_MS: a server cannot make the client spin.
    const backoff = events.find((e) => e.type === 'backoff');
    expect(backoff?.type === 'backoff' && backoff.delay).to.be.at.most(MIN_RETRY_MS).and.above(0);
  });
});
