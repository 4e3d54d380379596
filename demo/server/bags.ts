/*
 * Bags for the reference agent server, in memory: the destination of the `add-to-bag` action
 * (000_de6e533300a72cb9.txt, "Actions"). An explicit destination must already exist: adding points never creates a
 * bag; `POST /api/v1/bags` is for the client's confirmed "Composer selection" bag. docs/reference-server.md
 * describes the endpoints.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS, POINT_URI_PATTERN } from '../../src/index.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export const BAGS_PATH = '/api/v1/bags';

export interface BagSummary {
  readonly id: string;
  readonly name: string;
  readonly mutable: boolean;
}
export interface Bag extends BagSummary {
  readonly points: readonly string[];
}

export interface BagsOptions {
  /** Bags the store may hold. Default 100. */
  readonly maxBags?: number;
  /** Points one bag may hold. Default 1000. */
  readonly maxPointsPerBag?: number;
}

const BAG_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const MAX_NAME = 200;
const MAX_POINT_URI = 160;
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

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
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

/** Creates the bags handler with fresh state: mutable `b1` ("Composer selection") and immutable `b2`. */
export function createBagsHandler(options: BagsOptions = {}): RequestHandler {
  const maxBags = options.maxBags ?? 100;
  const maxPoints = options.maxPointsPerBag ?? 1000;
  const bags = new Map<string, { id: string; name: string; mutable: boolean; points: Set<string> }>([
    ['b1', { id: 'b1', name: 'Composer selection', mutable: true, points: new Set() }],
    ['b2', { id: 'b2', name: 'Survey 2023 (read-only)', mutable: false, points: new Set(['mantis://map/city/point/J-101']) }],
  ]);
  let nextId = 3;

  const summary = (bag: { id: string; name: string; mutable: boolean }): BagSummary => ({ id: bag.id, name: bag.name, mutable: bag.mutable });
  const full = (bag: { id: string; name: string; mutable: boolean; points: Set<string> }): Bag => ({ ...summary(bag), points: [...bag.points] });

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const extra = Object.keys(body).filter((k) => k !== 'name');
    if (extra.length > 0) throw new HttpError(400, `unknown field ${JSON.stringify(extra[0])}`);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name === '' || name.length > MAX_NAME) throw new HttpError(400, `name must be a string of 1 to ${MAX_NAME} characters`);
    const existing = [...bags.values()].find((bag) => bag.name === name);
    if (existing) throw new HttpError(409, `a bag named ${JSON.stringify(name)} exists: ${existing.id}`);
    if (bags.size >= maxBags) throw new HttpError(409, `at most ${maxBags} bags`);
    const bag = { id: `b${nextId++}`, name, mutable: true, points: new Set<string>() };
    bags.set(bag.id, bag);
    sendJson(res, 201, full(bag), { location: `${BAGS_PATH}/${bag.id}` });
  }

  async function addPoints(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const bag = bags.get(id);
    if (!bag) {
      throw new HttpError(404, `no bag ${JSON.stringify(id)}: a destination must already exist`);
    }
    if (!bag.mutable) {
      throw new HttpError(409, `bag ${JSON.stringify(id)} is not mutable`);
    }
    const body = await readJson(req);
    const extra = Object.keys(body).filter((k) => k !== 'points');
    if (extra.length > 0) throw new HttpError(400, `unknown field ${JSON.stringify(extra[0])}`);
    const points = body.points;
    if (!Array.isArray(points) || points.length === 0 || points.length > LIMITS.bagPointRefs) {
      throw new HttpError(400, `points must be an array of 1 to ${LIMITS.bagPointRefs} point URIs`);
    }
    const bad = points.findIndex((p) => typeof p !== 'string' || p.length > MAX_POINT_URI || !POINT_URI_PATTERN.test(p));
    if (bad !== -1) throw new HttpError(400, `points[${bad}] is not a canonical mantis://map/<map>/point/<id> URI`);
    const fresh = new Set((points as string[]).filter((p) => !bag.points.has(p)));
    if (bag.points.size + fresh.size > maxPoints) throw new HttpError(409, `a bag holds at most ${maxPoints} points`);
    for (const point of fresh) bag.points.add(point);
    sendJson(res, 200, { ...full(bag), added: fresh.size });
  }

  return async (req, res, url) => {
    const path = url.pathname;
    if (path !== BAGS_PATH && !path.startsWith(`${BAGS_PATH}/`)) return false;
    const rest = path === BAGS_PATH ? [] : path.slice(BAGS_PATH.length + 1).split('/');
    try {
      if (rest.length === 0) {
        if (req.method === 'GET') sendJson(res, 200, { bags: [...bags.values()].map(summary) });
        else if (req.method === 'POST') await create(req, res);
        else throw new HttpError(405, 'method not allowed', { allow: 'GET, POST' });
        return true;
      }
      const id = rest[0] as string;
      if (!BAG_ID.test(id) || rest.length > 2 || (rest.length === 2 && rest[1] !== 'points')) {
        throw new HttpError(404, 'not found');
      }
      if (rest.length === 1) {
        if (req.method !== 'GET') throw new HttpError(405, 'method not allowed', { allow: 'GET' });
        const bag = bags.get(id);
        if (!bag) throw new HttpError(404, `no bag ${JSON.stringify(id)}`);
        sendJson(res, 200, full(bag));
        return true;
      }
      if (req.method !== 'POST') throw new HttpError(405, 'method not allowed', { allow: 'POST' });
      await addPoints(req, res, id);
    } catch (error) {
      req.resume();
      if (res.headersSent) res.destroy();
      else if (error instanceof HttpError) sendJson(res, error.status, { error: error.message }, error.headers);
      else sendJson(res, 500, { error: 'internal error' });
    }
    return true;
  };
}
