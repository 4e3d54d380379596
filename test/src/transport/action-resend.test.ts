import { expect, waitUntil } from '@open-wc/testing';
import { ThreadDriver } from '../../helpers/thread-driver.js';
import { type ServerEvent } from '../../../src/index.js';
import { WebSocketTransport } from '../../../src/protocols/composer/transports.js';
import { composerSocketUrl } from '../../helpers/agent.js';
import { recordSocketFrames } from '../../helpers/sockets.js';

// An action frame whose answer was lost is sent again on the next connection, and the server, which applies each
// client_action_id once, answers it with the stored outcome (test/node/actions-server.test.ts shows it is applied
// once on the server).
describe('an action frame whose answer was lost', () => {
  it('is sent again when the connection comes back, and answered once', async () => {
    const sockets: WebSocket[] = [];
    const sent = recordSocketFrames();
    const RealWebSocket = window.WebSocket;
    window.WebSocket = class extends RealWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    };
    const url = new URL(composerSocketUrl({ delay: '0' }));
    url.searchParams.append('fault', 'noresult:1');
    const t = new WebSocketTransport(url.href, { minDelay: 5, maxDelay: 40 });
    const thread = new ThreadDriver();
    const events: ServerEvent[] = [];
    t.subscribe((event) => {
      if (event.type !== 'server') return;
      events.push(event.event);
      thread.apply(event.event);
    });
    try {
      t.connect();
      const user = thread.addUserMessage('hi');
      t.send({ type: 'user_message', client_message_id: user.id, text: 'hi', mode: 'orchestrator' });
      await waitUntil(() => events.some((e) => e.type === 'message_end'), 'no reply', { timeout: 5000 });
      const messageId = (events.find((e) => e.type === 'message_start') as { message_id: string }).message_id;
      t.send({
        type: 'action',
        client_action_id: 'act-1',
        message_id: messageId,
        view_id: 'cluster-summary',
        node_id: 'card',
        action: { id: 'refresh', type: 'run-task', label: 'Refresh', task: 'Refresh the index', taskId: 0 },
      });
      // The server applied it (its task reports progress) but withheld the answer.
      await waitUntil(() => events.some((e) => e.type === 'task' && e.status === 'completed'), 'the task never ran', { timeout: 5000 });
      expect(events.filter((e) => e.type === 'action_result')).to.have.length(0);
      const opened = sockets.length;
      sockets.at(-1)?.close();
      await waitUntil(() => events.some((e) => e.type === 'action_result'), 'never answered after reconnecting', { timeout: 5000 });
      expect(sockets.length).to.be.greaterThan(opened);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const results = events.filter((e) => e.type === 'action_result');
      expect(results).to.have.length(1);
      expect(results[0]).to.deep.include({ client_action_id: 'act-1', status: 'accepted' });
      // Sent on the first connection and again on the second; answered, it is not sent again.
      expect(sent.frames.filter((f) => f.type === 'action')).to.have.length(2);
    } finally {
      t.close();
      sent.restore();
      window.WebSocket = RealWebSocket;
    }
  });
});
