/*
 * The upload endpoint of the reference agent server, `/api/v1/uploads/`: tus 1.0 (core, creation, termination,
 * expiration) through @tus/server, over the in-memory UploadStore (demo/server/upload-store.ts). A chat uploads the
 * files a user attaches here (tus-js-client), then names them in its `user_message` frame; the Composer confirms each
 * with an `attachment` event. Authenticated like the media store (demo/server/accounts.ts), and each upload belongs to
 * the account that created it. With `test: true`, a test-control API under `/api/v1/test/uploads/` reports what the
 * endpoint holds and injects faults into its requests (demo/server/uploads-control.ts). docs/reference-server.md
 * "Uploads" describes it all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EXPOSED_HEADERS, ERRORS, MemoryLocker, Server, type Locker, type ServerOptions } from '@tus/server';
import { UPLOAD_LIMITS } from '../../src/limits.js';
import { formatBytes } from '../../src/format.js';
import { cleanFileName, NEVER_ACCEPTED, normalizeType } from '../../src/uploads/policy.js';
import { challenge, createAccounts, sendText, type AccountOptions } from './accounts.js';
import type { RequestHandler } from './bags.js';
import { isKeySafeAccount, type UploadStore } from './upload-store.js';
import { handleTestControl, noFaults, UPLOADS_TEST_PATH, type Faults, type PatchRecord } from './uploads-control.js';

/** The upload collection: `POST` creates an upload; `HEAD`, `PATCH`, `DELETE` of `/api/v1/uploads/<id>` work on one. */
export const UPLOADS_PATH = '/api/v1/uploads';

/** Upload IDs as tus names them (`Uid.rand`: 16 random bytes in hex). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** Names a browser renders and runs script from, whatever type they are declared as. */
const MARKUP_NAME = /\.(?:svgz?|x?html?|xml|m?js)$/i;
const MAX_PATCH_RECORDS = 200;

export interface UploadsOptions extends AccountOptions {
  /** The uploads (shared with the Composer, which confirms them). */
  readonly store: UploadStore;
  /** Serves the test-control API (`/api/v1/test/uploads/`). Default false. */
  readonly test?: boolean;
  /** How often expired uploads are removed, in milliseconds. Default: a quarter of the store's expiry, at most a minute. */
  readonly sweepMs?: number;
}

export interface UploadsHandler extends RequestHandler {
  /** Stops the expiry timer. */
  close(): void;
}

/** What the hooks of one request know: its account, and the upload a POST reserved. */
interface RequestState {
  readonly account: string;
  reserved?: string;
  /** The `hold_create` fault this POST took: milliseconds its answer waits after the upload was created. */
  holdCreate?: number;
}

const EXPOSE = `${EXPOSED_HEADERS}, Upload-Expires`;

/** Creates the upload handler. Its answers carry CORS headers, so a page on another origin can upload. */
export function createUploadsHandler(options: UploadsOptions): UploadsHandler {
  const { store } = options;
  const accounts = createAccounts(options);
  for (const account of accounts.names) {
    if (!isKeySafeAccount(account)) throw new RangeError(`account "${account}" cannot be a key segment (agent_files/uploads/<account>/...)`);
  }
  const requests = new WeakMap<IncomingMessage, RequestState>();
  const patches: PatchRecord[] = [];
  const faults: Faults = noFaults();

  /** The Node request behind one of tus's requests (srvx keeps it as `runtime.node.req`). */
  const stateOf = (req: Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0]): RequestState => {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const state = node && requests.get(node);
    if (!state) throw ERRORS.UNKNOWN_ERROR;
    return state;
  };

  // A request that waits for an upload's lock (a HEAD after a cut connection, a DELETE) stops the write in progress at
  // once, with the bytes it has, instead of after tus's drain timeout.
  const memory = new MemoryLocker({ acquireLockTimeout: 10_000 });
  const locker: Locker = {
    newLock(id) {
      const lock = memory.newLock(id);
      return {
        lock: (signal, requestRelease) =>
          lock.lock(signal, () => {
            store.interrupt(id);
            return requestRelease();
          }),
        unlock: () => lock.unlock(),
      };
    },
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    locker,
    lockDrainTimeout: 500,
    maxSize: UPLOAD_LIMITS.fileBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    exposedHeaders: ['Upload-Expires'],
    async onIncomingRequest(req, id) {
      const state = stateOf(req);
      // Another account's upload is answered as an unknown one: it reveals nothing.
      if (req.method !== 'POST' && store.owner(id) !== undefined && store.owner(id) !== state.account) throw ERRORS.FILE_NOT_FOUND;
    },
    async onUploadCreate(req, upload) {
      const state = stateOf(req);
      const metadata = upload.metadata ?? {};
      if (typeof metadata.filename !== 'string' || metadata.filename.trim() === '' || !('filetype' in metadata)) {
        throw { status_code: 400, body: 'An upload needs the metadata filename and filetype.\n' };
      }
      const name = cleanFileName(metadata.filename);
      const type = metadata.filetype ?? '';
      if (NEVER_ACCEPTED.has(normalizeType(type)) || MARKUP_NAME.test(name)) {
        throw { status_code: 415, body: `${name} cannot be uploaded: HTML, SVG, XML and script files are not accepted.\n` };
      }
      const refusal = store.reserve(upload.id, state.account, { name, type, size: upload.size ?? 0, metadata });
      if (refusal) throw { status_code: refusal.status, body: `${refusal.message}\n` };
      state.reserved = upload.id;
      if (state.holdCreate !== undefined) store.holdCreation(upload.id, state.holdCreate);
      return {};
    },
    async onUploadFinish(_req, upload) {
      const check = store.finish(upload.id);
      if (!check) throw ERRORS.FILE_NOT_FOUND;
      if (check.ok) return {};
      const unacceptable = check.reason === 'markup' || check.reason === 'disguised' || check.reason === 'type' || check.reason === 'unreadable';
      throw { status_code: unacceptable ? 415 : 422, body: `${check.message}\n` };
    },
    onResponseError(_req, error) {
      if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED) return { status_code: 413, body: `A file can be at most ${formatBytes(UPLOAD_LIMITS.fileBytes)}.\n` };
      return undefined;
    },
  });

  const sweepMs = options.sweepMs ?? Math.min(60_000, Math.max(10, Math.floor(store.expiryMs / 4)));
  const sweeper = setInterval(() => void store.deleteExpired(), sweepMs);
  sweeper.unref();

  const plain = (res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void =>
    sendText(res, status, message, { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE, 'tus-resumable': '1.0.0', ...extra });

  /** Records a PATCH and hands its faults to the store's write. */
  function watchPatch(id: string, req: IncomingMessage, res: ServerResponse): () => void {
    const record: PatchRecord = { id, startOffset: Number(req.headers['upload-offset'] ?? 0) || 0, bytes: 0, aborted: false };
    patches.push(record);
    if (patches.length > MAX_PATCH_RECORDS) patches.shift();
    res.once('close', () => (record.aborted = !res.writableFinished));
    const cutAfter = faults.cut_after ?? undefined;
    faults.cut_after = null;
    return store.hook(id, {
      received: (bytes) => void (record.bytes += bytes),
      cutAfter,
      // A network error for the client: no response, the connection gone.
      cut: () => req.socket.destroy(),
      rate: faults.throttle ?? undefined,
    });
  }

  const handler = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (options.test === true && url.pathname.startsWith(UPLOADS_TEST_PATH)) {
      await handleTestControl(req, res, url, store, patches, faults);
      return true;
    }
    const path = url.pathname;
    if (path !== UPLOADS_PATH && !path.startsWith(`${UPLOADS_PATH}/`)) return false;
    const rest = path.slice(UPLOADS_PATH.length + 1);
    const collection = rest === '';
    // The CORS preflight, without a token (tus answers it: methods, headers, Tus-Version, Tus-Extension, Tus-Max-Size).
    if (req.method === 'OPTIONS') {
      await tus.handle(req, res);
      return true;
    }
    const auth = accounts.authorize(req);
    if (typeof auth === 'string') {
      req.resume();
      plain(res, 401, 'A bearer token is required', { 'www-authenticate': challenge('uploads', auth) });
      return true;
    }
    const allowed = collection ? ['POST'] : ['HEAD', 'PATCH', 'DELETE'];
    if (!allowed.includes(req.method ?? '')) {
      req.resume();
      plain(res, 405, 'Method not allowed', { allow: `${allowed.join(', ')}, OPTIONS` });
      return true;
    }
    if (!collection && !UPLOAD_ID.test(rest)) {
      req.resume();
      plain(res, 404, ERRORS.FILE_NOT_FOUND.body.trim());
      return true;
    }
    const state: RequestState = { account: auth.account };
    if (req.method === 'POST' && faults.hold_create !== null) {
      state.holdCreate = faults.hold_create;
      faults.hold_create = null;
    }
    if (req.method === 'DELETE' && faults.cut_delete !== null && store.owner(rest) === auth.account) {
      faults.cut_delete = faults.cut_delete > 1 ? faults.cut_delete - 1 : null;
      // A network error for the client: no answer, and the upload is still there.
      req.socket.destroy();
      return true;
    }
    requests.set(req, state);
    const unhook = req.method === 'PATCH' && store.owner(rest) === auth.account ? watchPatch(rest, req, res) : () => undefined;
    try {
      await tus.handle(req, res);
    } finally {
      unhook();
      if (state.reserved !== undefined) store.release(state.reserved);
    }
    return true;
  };
  return Object.assign(handler, { close: () => clearInterval(sweeper) });
}
