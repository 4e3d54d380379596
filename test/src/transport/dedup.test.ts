import { expect, waitUntil } from '@open-wc/testing';
import type { ReconnectingTransport, SocketLike } from '../../../src/index.js';
import { KINDS, NAME, composerUrl, frameType, makeTransport, record, replied, replyTo, serverEvents, sleep, userMessage, type Kind, type MessageEvent } from './harness.js';

/**
 * Each de-duplication layer on its own, at the transport (no Thread involved): the transport drops repeated events,
 * and the client puts a message on the wire once.
 */
const FAST = { minDelay: 5, maxDelay: 40 };

/** What goes over the wire, per connection: frames the client sends, and raw frames (WebSocket) or SSE ids it receives. */
interface Wire {
  connections: { sent: string[]; received: string[]; closeCode?: number }[];
}

function wired(kind: Kind, url: string): { t: ReconnectingTransport; wire: Wire } {
  const wire: Wire = { connections: [] };
  const RealWebSocket = window.WebSocket;
  const t = makeTransport(kind, url, {
    ...FAST,
    socketFactory: (u) => {
      const connection: Wire['connections'][number] = { sent: [], received: [] };
      wire.connections.push(connection);
      const socket = new RealWebSocket(u);
      const send = socket.send.bind(socket);
      socket.send = (data: string) => {
        connection.sent.push(data);
        send(data);
      };
      socket.addEventListener('message', (event) => connection.received.push(String(event.data)));
      socket.addEventListener('close', (event) => (connection.closeCode = event.code));
      return socket as unknown as SocketLike;
    },
    fetch: async (input, init) => {
      if (init.method === 'POST') {
        wire.connections.at(-1)?.sent.push(init.body ?? '');
        return fetch(input, init);
      }
      const connection: Wire['connections'][number] = { sent: [], received: [] };
      wire.connections.push(connection);
      const response = await fetch(input, init);
      connection.closeCode = response.status;
      if (response.ok && response.body) void readIds(response.clone(), connection.received);
      return response;
    },
  });
  return { t, wire };
}

/** Reads a copy of an SSE response and records each `id:` line it carries. */
async function readIds(response: Response, into: string[]): Promise<void> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('id: ')) into.push(line.slice(4));
    }
  } catch {
    /* the transport closed the stream */
  }
}

for (const kind of KINDS) {
  describe(`${NAME[kind]} de-duplication, on its own`, function () {
    this.timeout(20_000);

    it('never emits the same (message_id, sequence) twice when the server sends every event twice', async () => {
      const { t, wire } = wired(kind, composerUrl(kind, { delay: '0', chunk: '9' }, ['duplicate']));
      const events = record(t);
      t.connect();
      const message = userMessage('twice');
      t.send(message);
      const start = await replied(t, message.client_message_id);
      const keys = serverEvents(events)
        .filter((e): e is MessageEvent => 'sequence' in e)
        .map((e) => `${e.message_id}:${e.sequence}`);
      expect(new Set(keys).size).to.equal(keys.length);
      // Every event of the reply once, in order.
      const sequences = serverEvents(events)
        .filter((e): e is MessageEvent => 'sequence' in e && e.message_id === start.message_id)
        .map((e) => e.sequence);
      expect(sequences).to.deep.equal(sequences.map((_, i) => i));
      // The fault was real: the wire carried each of them twice.
      await waitUntil(() => (wire.connections[0]?.received.length ?? 0) >= 2 * keys.length);
      t.close();
      expect(wire.connections).to.have.length(1);
      if (kind === 'sse') {
        const ids = wire.connections[0]?.received ?? [];
        for (const key of keys) expect(ids.filter((id) => id === key), key).to.have.length(2);
      }
    });

    it('puts a message sent while offline on the wire once when the connection opens, and it is answered once', async () => {
      // The server refuses the first two connections. SSE: 503 to the GET, so nothing is POSTed before the third.
      // WebSocket: the server completes the handshake and closes with 1013 at once, so the client, which saw the
      // socket open, also wrote the message on those two (at most once each); the server never read it there.
      const { t, wire } = wired(kind, composerUrl(kind, { delay: '0' }, ['refuse:2']));
      const events = record(t);
      const message = userMessage('sent offline');
      t.send(message);
      t.connect();
      await replied(t, message.client_message_id);
      await sleep(100);
      t.close();
      const userMessages = (sent: string[]) => sent.filter((data) => frameType(data) === 'user_message');
      const accepted = wire.connections.filter((c) => c.closeCode !== (kind === 'ws' ? 1013 : 503));
      expect(wire.connections).to.have.length(3);
      expect(accepted).to.have.length(1);
      expect(userMessages(accepted[0]?.sent ?? [])).to.deep.equal([JSON.stringify(message)]);
      for (const connection of wire.connections) expect(userMessages(connection.sent).length).to.be.at.most(1);
      if (kind === 'sse') expect(wire.connections.flatMap((c) => userMessages(c.sent))).to.have.length(1);
      expect(replyTo(events, message.client_message_id)).to.have.length(1);
    });
  });
}
