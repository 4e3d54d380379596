import { expect, waitUntil } from '@open-wc/testing';
import { SseTransport } from '../../../src/protocols/composer/transports.js';
import { composerUrl, frameType, record, replied, replyTo, sleep, userMessage, type Fetch } from './harness.js';

const FAST = { minDelay: 5, maxDelay: 40 };
const realFetch: Fetch = (input, init) => fetch(input, init);
const isPost = (init: Parameters<Fetch>[1]): boolean => init.method === 'POST';

/** A gate a test opens by hand. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('SseTransport client frames', function () {
  this.timeout(20_000);

  it('POSTs one frame at a time: an abort sent right after a held user_message waits until that POST settled', async () => {
    const log: string[] = [];
    const held = gate();
    let holding = true;
    const t = new SseTransport(composerUrl('sse', { delay: '0' }), {
      ...FAST,
      // The real fetch; the first user_message POST is held back before it starts on the network.
      fetch: async (input, init) => {
        if (!isPost(init)) return realFetch(input, init);
        const type = frameType(init.body);
        log.push(`start ${type}`);
        if (type === 'user_message' && holding) {
          holding = false;
          await held.wait;
        }
        const response = await realFetch(input, init);
        log.push(`settled ${type}`);
        return response;
      },
    });
    const events = record(t);
    t.connect();
    await waitUntil(() => t.state === 'open');
    const message = userMessage('stop me');
    const answered = replied(t, message.client_message_id);
    t.send(message);
    t.send({ type: 'abort', message_id: 'assistant-not-started' });
    // Whatever the transport would start without waiting, it starts now.
    await sleep(50);
    expect(log).to.deep.equal(['start user_message']);
    held.open();
    await answered;
    await waitUntil(() => log.length === 4, `POSTs: ${log.join(', ')}`);
    expect(log).to.deep.equal(['start user_message', 'settled user_message', 'start abort', 'settled abort']);
    expect(events.filter((e) => e.type === 'protocol-error')).to.deep.equal([]);
    t.close();
  });

  it('retries a POST whose first attempt failed on the network: the reply arrives, with no protocol error', async () => {
    const posts: string[] = [];
    let failed = false;
    const t = new SseTransport(composerUrl('sse', { delay: '0' }), {
      ...FAST,
      fetch: (input, init) => {
        if (!isPost(init)) return realFetch(input, init);
        posts.push(frameType(init.body));
        if (frameType(init.body) === 'user_message' && !failed) {
          failed = true;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return realFetch(input, init);
      },
    });
    const events = record(t);
    t.connect();
    const message = userMessage('again');
    t.send(message);
    await replied(t, message.client_message_id);
    expect(posts).to.deep.equal(['user_message', 'user_message']);
    expect(replyTo(events, message.client_message_id)).to.have.length(1);
    expect(events.filter((e) => e.type === 'protocol-error')).to.deep.equal([]);
    // The stream never closed: the POST was retried on its own, not resent by a reconnect.
    expect(events.filter((e) => e.type === 'state').map((e) => (e.type === 'state' ? e.state : ''))).to.deep.equal(['connecting', 'open']);
    t.close();
  });

  it('retries a POST answered 503 (injected), then sends the next frame', async () => {
    const posts: string[] = [];
    let refused = false;
    const t = new SseTransport(composerUrl('sse', { delay: '0' }), {
      ...FAST,
      fetch: (input, init) => {
        if (!isPost(init)) return realFetch(input, init);
        posts.push(frameType(init.body));
        if (frameType(init.body) === 'user_message' && !refused) {
          refused = true;
          return Promise.resolve(new Response('busy', { status: 503 }));
        }
        return realFetch(input, init);
      },
    });
    const events = record(t);
    t.connect();
    await waitUntil(() => t.state === 'open');
    const message = userMessage('busy?');
    t.send(message);
    t.send({ type: 'abort', message_id: 'assistant-not-started' });
    await replied(t, message.client_message_id);
    await waitUntil(() => posts.length === 3);
    expect(posts).to.deep.equal(['user_message', 'user_message', 'abort']);
    expect(events.filter((e) => e.type === 'protocol-error')).to.deep.equal([]);
    t.close();
  });

  it('reports a POST refused with another 4xx (injected) as a protocol error, does not retry it, and goes on', async () => {
    const posts: string[] = [];
    const t = new SseTransport(composerUrl('sse', { delay: '0' }), {
      ...FAST,
      fetch: (input, init) => {
        if (!isPost(init)) return realFetch(input, init);
        posts.push(frameType(init.body));
        if (frameType(init.body) === 'abort') return Promise.resolve(new Response('no', { status: 403 }));
        return realFetch(input, init);
      },
    });
    const events = record(t);
    t.connect();
    await waitUntil(() => t.state === 'open');
    t.send({ type: 'abort', message_id: 'assistant-not-started' });
    const message = userMessage('after the refusal');
    t.send(message);
    await replied(t, message.client_message_id);
    expect(posts).to.deep.equal(['abort', 'user_message']);
    expect(events.filter((e) => e.type === 'protocol-error')).to.deep.equal([{ type: 'protocol-error', reason: 'frame refused (403)' }]);
    t.close();
  });

  it('keeps frames queued while the stream reopens, and sends them in order after it reopened', async () => {
    const log: string[] = [];
    const held = gate();
    let holding = true;
    const t = new SseTransport(composerUrl('sse', { delay: '0', inline_ui_version: '1' }), {
      ...FAST,
      fetch: async (input, init) => {
        if (!isPost(init)) {
          log.push('GET');
          return realFetch(input, init);
        }
        const type = frameType(init.body);
        log.push(`start ${type}`);
        if (type === 'user_message' && holding) {
          holding = false;
          await held.wait;
        }
        const response = await realFetch(input, init);
        log.push(`settled ${type}`);
        return response;
      },
    });
    t.connect();
    await waitUntil(() => t.state === 'open');
    const message = userMessage('hold on');
    const answered = replied(t, message.client_message_id);
    t.send(message);
    t.send({ type: 'abort', message_id: 'assistant-not-started' });
    // A capability change reopens the stream while the user_message is in flight and the abort waits.
    t.advertise({ generativeUi: false });
    await waitUntil(() => log.filter((entry) => entry === 'GET').length === 2 && t.state === 'open');
    held.open();
    await answered;
    await waitUntil(() => log.includes('settled abort'), `log: ${log.join(', ')}`);
    // The user_message was already queued (in flight): the reopened stream did not queue it a second time.
    expect(log).to.deep.equal(['GET', 'start user_message', 'GET', 'settled user_message', 'start abort', 'settled abort']);
    t.close();
  });

  it('close() drops the frames still waiting', async () => {
    const posts: string[] = [];
    const held = gate();
    const t = new SseTransport(composerUrl('sse', { delay: '0' }), {
      ...FAST,
      fetch: async (input, init) => {
        if (!isPost(init)) return realFetch(input, init);
        posts.push(frameType(init.body));
        if (posts.length === 1) await held.wait;
        return realFetch(input, init);
      },
    });
    t.connect();
    await waitUntil(() => t.state === 'open');
    t.send(userMessage('never mind'));
    t.send({ type: 'abort', message_id: 'assistant-not-started' });
    t.close();
    held.open();
    await sleep(100);
    expect(posts).to.deep.equal(['user_message']);
  });
});
