// The reference agent server for the node tests of one file: started before its first test, stopped after its last,
// with every transport a test made closed then too, so nothing keeps the process alive.
import { after, before } from 'node:test';
import { COMPOSER_PATH, startAgentServer, type AgentServer } from '../../demo/server/agent-server.js';
import type { WebSocketTransport } from '../../src/index.js';

export interface AgentPeer {
  /** The running server (set before the first test). */
  readonly server: AgentServer;
  /** The Composer WebSocket URL with inline UI advertised, `delay=0`, and `query` appended. */
  socketUrl(query?: string): string;
  /** Closes the transport after the file's tests. */
  track<T extends WebSocketTransport>(transport: T): T;
}

export function useAgentServer(): AgentPeer {
  let server: AgentServer | undefined;
  const made: WebSocketTransport[] = [];
  before(async () => {
    server = await startAgentServer({ port: 0 });
  });
  after(() => {
    for (const t of made) t.close();
    void server?.close();
  });
  const running = (): AgentServer => {
    if (!server) throw new Error('the agent server has not started');
    return server;
  };
  return {
    get server() {
      return running();
    },
    socketUrl: (query = '') => `ws${running().origin.slice(4)}${COMPOSER_PATH}?delay=0&inline_ui_version=1${query}`,
    track: (transport) => {
      made.push(transport);
      return transport;
    },
  };
}
