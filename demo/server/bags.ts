/*
 * The reference agent server's bags API over its `BagStore` (demo/server/bag-store.ts), which the Composer's `action`
 * frames share. An explicit destination must already exist: adding points never creates a bag; `POST /api/v1/bags`
 * is for the client's confirmed "Composer selection" bag. docs/reference-server.md describes the endpoints.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '../../src/index.js';
import { BagError, BagStore, type BagsOptions } from './bag-store.js';

export { BagError, BagStore, SELECTION_BAG_NAME, type AddToBagOutcome, type AddToBagRequest, type Bag, type BagSummary, type BagsOptions } from './bag-store.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export const BAGS_PATH = '/api/v1/bags';

const BAG_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** Not a bag: `/api/v1/bags/active` names the active bag (store IDs are `b<N>`). */
const ACTIVE = 'active';
const MAX_BODY_BYTES = 16 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * Pages on other origins may call the bags API (a chat's add-to-bag confirmation asks it, and the browser tests run
 * on another port). The reference server has no users and no cookies, so a wildcard lets nothing extra through.
 */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, authorization',
  'access-control-allow-methods': 'GET, POST, PUT',
};

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  res.end(text);
}

/** Reads a JSON object body of at most 16 KiB, sent as application/json (so no HTML form can post it). */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'the body must be application/json');
  }
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) {
    throw new HttpError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  }
  const text = await new Promise<string>((done, fail) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size <= MAX_BODY_BYTES) parts.push(part);
    });
    req.on('end', () =>
      size > MAX_BODY_BYTES
        ? fail(new HttpError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`))
        : done(Buffer.concat(parts).toString('utf8')),
    );
    req.on('error', fail);
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * Creates the bags handler over a store: the one given, or a fresh one made from these options (by default seeded:
 * mutable `b1` "Composer selection", the active bag, and read-only `b2`).
 */
export function createBagsHandler(options: BagsOptions | BagStore = {}): RequestHandler {
  const store = options instanceof BagStore ? options : new BagStore(options);

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const extra = Object.keys(body).filter((k) => k !== 'name');
    if (extra.length > 0) throw new HttpError(400, `unknown field ${JSON.stringify(extra[0])}`);
    const name = typeof body.name === 'string' ? body.name : '';
    const bag = store.create(name);
    sendJson(res, 201, bag, { location: `${BAGS_PATH}/${bag.id}` });
  }

  async function addPoints(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    // The destination is checked before the body is read: an unknown or immutable bag is refused whatever was sent.
    const existing = store.get(id);
    if (!existing) throw new HttpError(404, `no bag ${JSON.stringify(id)}: a destination must already exist`);
    if (!existing.mutable) throw new HttpError(409, `bag ${JSON.stringify(id)} is not mutable`);
    const body = await readJson(req);
    const extra = Object.keys(body).filter((k) => k !== 'points');
    if (extra.length > 0) throw new HttpError(400, `unknown field ${JSON.stringify(extra[0])}`);
    const points = body.points;
    if (!Array.isArray(points)) throw new HttpError(400, `points must be an array of 1 to ${LIMITS.bagPointRefs} point URIs`);
    const { bag, added } = store.addPoints(id, points);
    sendJson(res, 200, { ...bag, added });
  }

  /** `GET` answers `{"id": <the active bag's ID or null>}`; `PUT {"id": <ID or null>}` chooses or clears it. */
  async function active(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'PUT') {
      const body = await readJson(req);
      const extra = Object.keys(body).filter((k) => k !== 'id');
      if (extra.length > 0) throw new HttpError(400, `unknown field ${JSON.stringify(extra[0])}`);
      if (body.id !== null && typeof body.id !== 'string') throw new HttpError(400, 'id must be a bag ID or null');
      store.setActive(body.id);
    } else if (req.method !== 'GET') {
      throw new HttpError(405, 'method not allowed', { allow: 'GET, PUT' });
    }
    sendJson(res, 200, { id: store.active()?.id ?? null });
  }

  return async (req, res, url) => {
    const path = url.pathname;
    if (path !== BAGS_PATH && !path.startsWith(`${BAGS_PATH}/`)) return false;
    const rest = path === BAGS_PATH ? [] : path.slice(BAGS_PATH.length + 1).split('/');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-max-age': '600', 'content-length': '0' });
      res.end();
      return true;
    }
    try {
      if (rest.length === 0) {
        if (req.method === 'GET') sendJson(res, 200, { bags: store.list() });
        else if (req.method === 'POST') await create(req, res);
        else throw new HttpError(405, 'method not allowed', { allow: 'GET, POST' });
        return true;
      }
      const id = rest[0] as string;
      if (!BAG_ID.test(id) || rest.length > 2 || (rest.length === 2 && rest[1] !== 'points')) {
        throw new HttpError(404, 'not found');
      }
      if (rest.length === 1 && id === ACTIVE) {
        await active(req, res);
        return true;
      }
      if (rest.length === 1) {
        if (req.method !== 'GET') throw new HttpError(405, 'method not allowed', { allow: 'GET' });
        const bag = store.get(id);
        if (!bag) throw new HttpError(404, `no bag ${JSON.stringify(id)}`);
        sendJson(res, 200, bag);
        return true;
      }
      if (req.method !== 'POST') throw new HttpError(405, 'method not allowed', { allow: 'POST' });
      await addPoints(req, res, id);
    } catch (error) {
      req.resume();
      if (res.headersSent) res.destroy();
      else if (error instanceof HttpError || error instanceof BagError) {
        sendJson(res, error.status, { error: error.message }, error instanceof HttpError ? error.headers : {});
      } else sendJson(res, 500, { error: 'internal error' });
    }
    return true;
  };
}
