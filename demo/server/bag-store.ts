/*
 * The reference server's bags, in memory: the destination of the `add-to-bag` action (000_de6e533300a72cb9.txt,
 * "Actions"). One `BagStore` per server is shared by the HTTP bags API (demo/server/bags.ts) and by the Composer's
 * `action` frames (demo/server/composer.ts), so what an action writes is what `GET /api/v1/bags/:id` reads. An explicit
 * destination must already exist: adding points never creates a bag; an `add-to-bag` action frame without a
 * destination creates the "Composer selection" bag only with `create_selection_bag: true`. docs/reference-server.md
 * describes the rules.
 */
import { LIMITS, POINT_URI_PATTERN, SELECTION_BAG_NAME } from '../../src/index.js';

/** The bag that an `add-to-bag` action without a destination creates, after the user confirmed exactly that. */
export { SELECTION_BAG_NAME };

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
  /** The user confirmed using (or creating) the "Composer selection" bag: no destination, and no mutable active bag. */
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
 * A chosen one may be read-only (the user may be looking at a read-only bag): then it is no destination, and an
 * action without one needs the confirmed "Composer selection" bag, as when no bag is active.
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

  /** The active bag, mutable or not, or undefined when there is none. */
  active(): Bag | undefined {
    const bag = this.#activeId === null ? undefined : this.#bags.get(this.#activeId);
    return bag && full(bag);
  }

  /** Makes a bag the active one (a read-only one too: it is then no destination), or clears it (null). */
  setActive(id: string | null): void {
    if (id === null) {
      this.#activeId = null;
      return;
    }
    if (!this.#bags.has(id)) throw new BagError(404, `no bag ${JSON.stringify(id)}`);
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
   * created; a read-only bag is refused; without a destination the active bag is used when it is mutable, or else
   * (no bag is active, or a read-only one is), only when the user confirmed it (`createSelectionBag`), the "Composer
   * selection" bag (created when no bag has that name). A refusal is `{ok: false, reason}` and changes nothing.
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
        if (request.createSelectionBag !== true) {
          const active = bag ? `the active bag ${JSON.stringify(bag.name)} (${bag.id}) is read-only` : 'no active bag';
          return refuse(`${active}; confirm creating the ${SELECTION_BAG_NAME} bag`);
        }
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
