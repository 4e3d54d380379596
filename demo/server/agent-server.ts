import { createNdjsonTestHandler } from './ndjson-test.js';
import { createAiSdkHandler } from './ai-sdk.js';
import { createAgUiHandler } from './ag-ui.js';
import type { PostedTurn } from './turn-endpoint.js';
import type { ResumeRequest } from './ai-sdk-resume.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { createAgentUiHandler } from './agent-ui.js';
import { BagStore, createBagsHandler } from './bags.js';
import { handleComposerSocket, handleComposerSse } from './composer-channels.js';
import { createMediaHandler } from './media.js';
import { UploadStore } from './upload-store.js';
import { createUploadsHandler } from './uploads.js';
import { serveStatic, type StaticMount } from './static.js';

/** The Composer WebSocket endpoint. */
export const COMPOSER_PATH = '/api/v1/composer/ws';
/** The Composer protocol over SSE: GET for the event stream, POST for client frames. */
export const COMPOSER_SSE_PATH = '/api/v1/composer/sse';

/** MapLibre's ES module build, its worker and its CSS, for the demo's map (maplibre-gl 6 ships no UMD script). */
const MAPLIBRE_MOUNT: StaticMount = {
  prefix: '/vendor/maplibre-gl/',
  dir: fileURLToPath(new URL('../../node_modules/maplibre-gl/dist', import.meta.url)),
};
/** The A2UI catalogs this agent writes for that are its own (`provider-v1.json`), for any page to give its chat. */
const CATALOGS_MOUNT: StaticMount = { prefix: '/catalogs/', dir: fileURLToPath(new URL('../catalogs', import.meta.url)), cors: true };

export interface AgentServerOptions {
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** The bearer token of the `demo` account, for /api/v1/agent_files/ and /api/v1/uploads/ (default 'demo-token'). */
  readonly mediaToken?: string;
  /**
   * Serves the media store's test files and test-control API (demo/server/media-test.ts; `createMediaHandler({ test })`)
   * and the upload endpoint's test-control API (demo/server/uploads.ts), and the peer of the test-only NDJSON protocol
   * (demo/server/ndjson-test.ts). For tests only: off by default, so `npm start` never serves them.
   */
  readonly mediaTest?: boolean;
  /**
   * The uploads, shared by the upload endpoint and the Composer (which confirms a user message's attachments); its
   * `files` are the media store's. Default: `new UploadStore()` (10-minute expiry); tests pass one with a short
   * `expiryMs`.
   */
  readonly uploads?: UploadStore;
  /** Folders served over plain HTTP (the demo page and the built bundle). */
  readonly mounts?: readonly StaticMount[];
  /**
   * The bags, shared by the bags API and the Composer's `add-to-bag` actions. Default: a fresh seeded store
   * (`new BagStore()`); tests pass `new BagStore({ seed: false })` for a server with no bag and no active bag.
   */
  readonly bags?: BagStore;
}

export interface AgentServer {
  /** `http://host:port`, without a trailing slash. */
  readonly origin: string;
  readonly port: number;
  /** The server's bags (the store the bags API and the Composer share). */
  readonly bags: BagStore;
  /** The server's uploads (the store the upload endpoint and the Composer share). */
  readonly uploads: UploadStore;
  /** What clients POSTed to the AI SDK endpoint (demo/server/ai-sdk.ts), newest last. */
  readonly aiSdkRequests: readonly PostedTurn[];
  /** The streams clients took up again at the AI SDK endpoint (`GET …/{chatId}/stream`), newest last. */
  readonly aiSdkResumes: readonly ResumeRequest[];
  /** What clients POSTed to the AG-UI endpoint (demo/server/ag-ui.ts), newest last. */
  readonly agUiRequests: readonly PostedTurn[];
  close(): Promise<void>;
}

/** Starts the reference agent server: the Composer WebSocket, and static files for the demo. */
export async function startAgentServer(options: AgentServerOptions = {}): Promise<AgentServer> {
  const mounts = [MAPLIBRE_MOUNT, CATALOGS_MOUNT, ...(options.mounts ?? [])];
  const host = options.host ?? '127.0.0.1';
  const bags = options.bags ?? new BagStore();
  const uploads = options.uploads ?? new UploadStore();
  const agentUi = createAgentUiHandler();
  const deps = { bags, agentUi, uploads };
  const test = options.mediaTest === true;
  const uploadsHandler = createUploadsHandler({ token: options.mediaToken, store: uploads, test });
  const aiSdk = createAiSdkHandler();
  const agUi = createAgUiHandler();
  const apiHandlers = [agentUi, aiSdk, agUi, createMediaHandler({ token: options.mediaToken, test, files: uploads.files }), uploadsHandler, createBagsHandler(bags), ...(test ? [createNdjsonTestHandler()] : [])];
  const http: Server = createServer((req, res) => {
    // A fixed base: nothing reads the Host header, and a malformed one must not throw here.
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.writeHead(400);
      res.end();
      return;
    }
    const handled =
      url.pathname === COMPOSER_SSE_PATH
        ? handleComposerSse(req, res, url, deps).then(() => true)
        : (async () => {
            for (const handle of apiHandlers) if (await handle(req, res, url)) return true;
            return serveStatic(req, res, mounts);
          })();
    void handled
      .then((served) => {
        if (served) return;
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found\n');
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  http.on('upgrade', (req, socket, head) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      socket.destroy();
      return;
    }
    if (url.pathname !== COMPOSER_PATH) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => handleComposerSocket(ws, url, deps, socket));
  });

  await new Promise<void>((done, fail) => {
    http.once('error', fail);
    http.listen(options.port ?? 0, host, () => done());
  });
  const { port } = http.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    bags,
    uploads,
    aiSdkRequests: aiSdk.requests,
    aiSdkResumes: aiSdk.resumes,
    agUiRequests: agUi.requests,
    close: async () => {
      uploadsHandler.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
    },
  };
}
