// A plain HTTP server around some of the reference server's request handlers, for the node tests of one endpoint.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { RequestHandler } from '../../demo/server/bags.js';

export interface HttpPeer {
  /** `http://127.0.0.1:<port>`, set once the server listens (before the first test). */
  origin: string;
  port: number;
}

/** Serves the handlers `handlers()` returns (read per request, so a test may swap one) for the tests of this file. */
export function serveHandlers(handlers: () => readonly RequestHandler[]): HttpPeer {
  const peer: HttpPeer = { origin: '', port: 0 };
  let server: Server;
  before(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      void (async () => {
        for (const handle of handlers()) if (await handle(req, res, url)) return;
        res.writeHead(404).end();
      })();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    peer.port = (server.address() as AddressInfo).port;
    peer.origin = `http://127.0.0.1:${peer.port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });
  return peer;
}

/** A GET with its path sent byte for byte (fetch would resolve `.`, `..` and `%2e` segments first); its status. */
export function rawGet(peer: HttpPeer, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: peer.port, path, headers }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}
