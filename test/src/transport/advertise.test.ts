import { expect, waitUntil } from '@open-wc/testing';
import type { ReconnectingTransport } from '../../../src/index.js';
import { KINDS, NAME, composerUrl, makeTransport, record, replied, serverEvents, userMessage, type Kind, type MessageEvent } from './harness.js';

/**
 * Records the URLs the transports really request: sockets opened through window.WebSocket, and everything
 * requested through window.fetch (the SSE transport's default fetch), both real.
 */
function recordRequests(): { urls: string[]; restore: () => void } {
  const urls: string[] = [];
  const RealWebSocket = window.WebSocket;
  const realFetch = window.fetch;
  window.WebSocket = class extends RealWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      urls.push(String(url));
    }
  };
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return realFetch.call(window, input, init);
  };
  return {
    urls,
    restore: () => {
      window.WebSocket = RealWebSocket;
      window.fetch = realFetch;
    },
  };
}

const capability = (url: string): string[] => new URL(url).searchParams.getAll('inline_ui_version');
const FAST = { minDelay: 5, maxDelay: 40 };

for (const kind of KINDS) {
  describe(`${NAME[kind]}.advertise`, function () {
    this.timeout(20_000);
    let requests: ReturnType<typeof recordRequests>;
    let t: ReconnectingTransport | undefined;
    beforeEach(() => (requests = recordRequests()));
    afterEach(() => {
      t?.close();
      requests.restore();
    });

    /** Requests of this transport's session (other tests' requests cannot land here). */
    const mine = (transport: ReconnectingTransport): string[] =>
      requests.urls.filter((url) => new URL(url).searchParams.get('session_id') === transport.sessionId);

    it('generativeUi false removes the capability the given URL carried: no request names it, and the marker is null', async () => {
      t = makeTransport(kind as Kind, composerUrl(kind, { delay: '0', inline_ui_version: '1' }), FAST);
      t.advertise({ generativeUi: false });
      expect(capability(t.url)).to.deep.equal([]);
      t.connect();
      const message = userMessage('plain please');
      t.send(message);
      const start = await replied(t, message.client_message_id);
      expect(start.marker?.inline_ui_version).to.equal(null);
      expect(mine(t).length).to.be.above(0);
      for (const url of mine(t)) expect(capability(url), url).to.deep.equal([]);
    });

    it('generativeUi true adds the capability to a URL without it, and the marker is 1', async () => {
      t = makeTransport(kind as Kind, composerUrl(kind, { delay: '0' }), FAST);
      expect(capability(t.url)).to.deep.equal([]);
      t.advertise({ generativeUi: true });
      expect(capability(t.url)).to.deep.equal(['1']);
      t.connect();
      const message = userMessage('views please');
      t.send(message);
      const start = await replied(t, message.client_message_id);
      expect(start.marker?.inline_ui_version).to.equal(1);
      expect(mine(t).length).to.be.above(0);
      for (const url of mine(t)) expect(capability(url), url).to.deep.equal(['1']);
    });

    it('without advertise, the given URL is used as is', async () => {
      t = makeTransport(kind as Kind, composerUrl(kind, { delay: '0', inline_ui_version: '1' }), FAST);
      t.connect();
      await waitUntil(() => t?.state === 'open');
      expect(mine(t).map(capability)).to.deep.equal([['1']]);
    });

    it('a change while open reopens the channel at the new URL; the reply in progress resumes and loses nothing', async () => {
      t = makeTransport(kind as Kind, composerUrl(kind, { delay: '3', chunk: '4', inline_ui_version: '1' }), FAST);
      const events = record(t);
      const current = t;
      t.connect();
      const first = userMessage('tell me');
      // Switch generative UI off in the middle of the first reply.
      const switched = new Promise<void>((resolve) =>
        current.subscribe((event) => {
          if (event.type === 'server' && event.event.type === 'text_delta' && event.event.sequence === 5) {
            current.advertise({ generativeUi: false });
            resolve();
          }
        }),
      );
      const firstReply = replied(t, first.client_message_id);
      t.send(first);
      await switched;
      const start = await firstReply;
      expect(start.marker?.inline_ui_version).to.equal(1);
      // Every event of the first reply arrived once, in order: 0, 1, 2, ... without a gap.
      const sequences = serverEvents(events)
        .filter((e): e is MessageEvent => 'sequence' in e && e.message_id === start.message_id)
        .map((e) => e.sequence);
      expect(sequences).to.deep.equal(sequences.map((_, i) => i));

      const second = userMessage('and now?');
      t.send(second);
      expect((await replied(t, second.client_message_id)).marker?.inline_ui_version).to.equal(null);
      // The first connection advertised it; the reopened one (and, over SSE, the POST of the second message) does not.
      expect(capability(mine(t)[0] as string)).to.deep.equal(['1']);
      expect(capability(mine(t).at(-1) as string)).to.deep.equal([]);
      if (kind === 'ws') expect(mine(t)).to.have.length(2);
      const states = events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
      expect(states).to.deep.equal(['connecting', 'open', 'connecting', 'open']);
    });
  });
}
