/*
 * Bags for the reference agent server, in memory: the destination of the `add-to-bag` action
 * (000_de6e533300a72cb9.txt, "Actions"). One `BagStore` per server is shared by the HTTP bags API below and by the
 * Composer's `action` frames (demo/server/composer.ts), so what an action writes is what `GET /api/v1/bags/:id`
 * reads. An explicit destination must already exist: adding points never creates a bag; `POST /api/v1/bags` is for
 * the client's confirmed "Composer selection" bag, and an `add-to-bag` action frame without a destination creates
 * that bag only with `create_selection_bag: true`. docs/reference-server.md describes the endpoints and the rules.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS, POINT_URI_PATTERN } from '../../src/index.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export const BAGS_PATH = '/api/v1/bags';
/** The bag that an `add-to-bag` action without a destination creates, after the user confirmed exactly that. */
export const SELECTION_BAG_NAME = 'Composer selection';

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
  /**
   * Default true: seed mutable `b1` "Composer selection" (the active bag) and read-only `b2`
   * "Survey 2023 (read-only)". False: an empty store with no active bag, the first created bag is `b1`.
   */
  readonly seed?: boolean;
}

/** Where an `add-to-bag` action goes: by ID or by name (never both), or neither (the active bag). */
export interface AddToBagRequest {
  readonly points: readonly string[];
  readonly bagId?: string;
  readonly bagName?: string;
  /** The user confirmed creating the "Composer selection" bag when there is no destination and no active bag. */
  readonly createSelectionBag?: boolean;
}

export type AddToBagOutcome =
  | { readonly ok: true; readonly bag: Bag; readonly added: number; readonly created: boolean }
  | { readonly ok: false; readonly reason: string };

/** A refused store operation; `status` is what the HTTP API answers with it. */
export class BagError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const MAX_NAME = 200;
const MAX_POINT_URI = 160;

interface StoredBag {
  readonly id: string;
  readonly name: string;
  readonly mutable: boolean;
  readonly points: Set<string>;
}

const summary = (bag: StoredBag): BagSummary => ({ id: bag.id, name: bag.name, mutable: bag.mutable });
const full = (bag: StoredBag): Bag => ({ ...summary(bag), points: [...bag.points] });

/**
 * The bags of one reference server, in memory. The active bag is the mutable bag most recently written to (points
 * added through the HTTP API or an action; a seeded store starts with `b1`), or the one `setActive` chose, or none.
 */
export class BagStore {
  readonly maxBags: number;
  readonly maxPointsPerBag: number;
  readonly #bags = new Map<string, StoredBag>();
  #nextId = 1;
  #activeId: string | null = null;

  constructor(options: BagsOptions = {}) {
    this.maxBags = options.maxBags ?? 100;
    this.maxPointsPerBag = options.maxPointsPerBag ?? 1000;
    if (options.seed ?? true) {
      this.#insert(SELECTION_BAG_NAME, true, []);
      this.#insert('Survey 2023 (read-only)', false, ['mantis://map/city/point/J-101']);
      this.#activeId = 'b1';
    }
  }

  /** Every bag, in creation order, without its points. */
  list(): BagSummary[] {
    return [...this.#bags.values()].map(summary);
  }

  get(id: string): Bag | undefined {
    const bag = this.#bags.get(id);
    return bag && full(bag);
  }

  /** The bag of exactly this name (names are unique), or undefined. */
  findByName(name: string): Bag | undefined {
    const bag = this.#byName(name);
    return bag && full(bag);
  }

  /** The active mutable bag, or undefined when there is none. */
  active(): Bag | undefined {
    const bag = this.#activeId === null ? undefined : this.#bags.get(this.#activeId);
    return bag?.mutable ? full(bag) : undefined;
  }

  /** Makes a mutable bag the active one, or clears it (null). */
  setActive(id: string | null): void {
    if (id === null) {
      this.#activeId = null;
      return;
    }
    const bag = this.#bags.get(id);
    if (!bag) throw new BagError(404, `no bag ${JSON.stringify(id)}`);
    if (!bag.mutable) throw new BagError(409, `bag ${JSON.stringify(id)} is not mutable`);
    this.#activeId = id;
  }

  /** Creates an empty mutable bag. The name is trimmed, 1 to 200 characters, and unique. */
  create(name: string): Bag {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > MAX_NAME) throw new BagError(400, `name must be a string of 1 to ${MAX_NAME} characters`);
    const existing = this.#byName(trimmed);
    if (existing) throw new BagError(409, `a bag named ${JSON.stringify(trimmed)} exists: ${existing.id}`);
    if (this.#bags.size >= this.maxBags) throw new BagError(409, `at most ${this.maxBags} bags`);
    return full(this.#insert(trimmed, true, []));
  }

  /**
   * Adds canonical point URIs to an existing mutable bag (duplicates ignored) and makes it the active bag. Checks
   * everything before writing anything. Answers the bag and how many points were new.
   */
  addPoints(id: string, points: readonly unknown[]): { bag: Bag; added: number } {
    const bag = this.#bags.get(id);
    if (!bag) throw new BagError(404, `no bag ${JSON.stringify(id)}: a destination must already exist`);
    if (!bag.mutable) throw new BagError(409, `bag ${JSON.stringify(id)} is not mutable`);
    const fresh = this.#fresh(bag, points);
    for (const point of fresh) bag.points.add(point);
    this.#activeId = bag.id;
    return { bag: full(bag), added: fresh.size };
  }

  /**
   * The `add-to-bag` action's rules (000_de6e533300a72cb9.txt, "Actions"), all checked before anything is written:
   * a bag named by ID and by name is refused; an explicit destination (ID or exact name) must exist and is never
   * created; a read-only bag is refused; without a destination the active mutable bag is used, or, only when the user
   * confirmed it (`createSelectionBag`), the "Composer selection" bag (created when no bag has that name). A refusal
   * is `{ok: false, reason}` and changes nothing.
   */
  addToBag(request: AddToBagRequest): AddToBagOutcome {
    const refuse = (reason: string): AddToBagOutcome => ({ ok: false, reason });
    const { bagId, bagName } = request;
    if (bagId !== undefined && bagName !== undefined) return refuse('a bag action names a bag by ID or by name, never both');
    let bag: StoredBag | undefined;
    let create = false;
    if (bagId !== undefined) {
      bag = this.#bags.get(bagId);
      if (!bag) return refuse(`no bag ${JSON.stringify(bagId)}: a destination must already exist`);
    } else if (bagName !== undefined) {
      bag = this.#byName(bagName);
      if (!bag) return refuse(`no bag named ${JSON.stringify(bagName)}: a destination must already exist`);
    } else {
      bag = this.#activeId === null ? undefined : this.#bags.get(this.#activeId);
      if (!bag?.mutable) {
        if (request.createSelectionBag !== true) return refuse(`no active bag; confirm creating the ${SELECTION_BAG_NAME} bag`);
        bag = this.#byName(SELECTION_BAG_NAME);
        create = bag === undefined;
      }
    }
    if (bag && !bag.mutable) return refuse(`bag ${JSON.stringify(bag.name)} (${bag.id}) is read-only`);
    try {
      this.#fresh(bag ?? { id: '', name: SELECTION_BAG_NAME, mutable: true, points: new Set() }, request.points);
      if (create && this.#bags.size >= this.maxBags) throw new BagError(409, `at most ${this.maxBags} bags`);
    } catch (error) {
      if (error instanceof BagError) return refuse(error.message);
      throw error;
    }
    const target = bag ?? this.#insert(SELECTION_BAG_NAME, true, []);
    const { bag: written, added } = this.addPoints(target.id, request.points);
    return { ok: true, bag: written, added, created: create };
  }

  #byName(name: string): StoredBag | undefined {
    return [...this.#bags.values()].find((bag) => bag.name === name);
  }

  #insert(name: string, mutable: boolean, points: readonly string[]): StoredBag {
    const bag: StoredBag = { id: `b${this.#nextId++}`, name, mutable, points: new Set(points) };
    this.#bags.set(bag.id, bag);
    return bag;
  }

  /** Validates points for a bag and answers those it does not hold yet; throws BagError (400, 409). */
  #fresh(bag: StoredBag, points: readonly unknown[]): Set<string> {
    if (!Array.isArray(points) || points.length === 0 || points.length > LIMITS.bagPointRefs) {
      throw new BagError(400, `points must be an array of 1 to ${LIMITS.bagPointRefs} point URIs`);
    }
    const bad = points.findIndex((p) => typeof p !== 'string' || p.length > MAX_POINT_URI || !POINT_URI_PATTERN.test(p));
    if (bad !== -1) throw new BagError(400, `points[${bad}] is not a canonical mantis://map/<map>/point/<id> URI`);
    const fresh = new Set((points as string[]).filter((p) => !bag.points.has(p)));
    if (bag.points.size + fresh.size > this.maxPointsPerBag) throw new BagError(409, `a bag holds at most ${this.maxPointsPerBag} points`);
    return fresh;
  }
}

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
