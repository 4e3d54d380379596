/**
 * Fault switches of the reference server, read from `fault` query parameters (several may be given), applied per
 * connection of a session (except `noresult`, counted per session). docs/protocol.md lists them
 * (docs/reference-server.md the action ones):
 *   drop:N          close every connection after N events (SSE: the response ends cleanly after them); drop:0
 *                   closes it as soon as it is accepted, before any event: a server that accepts and drops
 *   drops:A.B.C     close connection 1 after A events, connection 2 after B, ... (later ones do not drop; 0: at once)
 *   malformed:N     on the first connection, send one frame that is not valid after N events
 *   duplicate       send every event twice
 *   stall:N:MS      after N events, send nothing for MS milliseconds
 *   refuse:N        refuse the first N connections of the session
 *   cut:MIN:MAX[:SEED]
 *                   cut every connection hard once it has written a number of bytes drawn in [MIN, MAX] (1 <= MIN
 *                   <= MAX; the frames of events, not a greeting): only the first bytes of the frame that reaches the
 *                   count go out (never all of it), then the socket is destroyed, with no close; the draw is seeded by
 *                   SEED (default: the session ID) and the connection's number, so a run is reproducible
 *   noresult:N      withhold the first N `action_result` answers of the session: the action is applied (once) but
 *                   its outcome is not sent, so the client must send the frame again to learn it
 */
export interface FaultPlan {
  readonly dropAfter?: number;
  readonly malformedAfter?: number;
  readonly duplicate: boolean;
  readonly stall?: { readonly after: number; readonly ms: number };
  readonly refuse: boolean;
  /** Bytes this connection writes before the `cut` fault cuts it, in the middle of a frame. */
  readonly cutAfter?: number;
}

/** The largest `cut` bound: a connection that may write more is, for any test, not cut. */
const MAX_CUT_BYTES = 64 * 1024 * 1024;

/** A number in [0, 1) drawn from a text: FNV-1a, then one round of mulberry32. The same text, the same number. */
function draw(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  let t = (hash + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const count = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** The plan for the `connection`-th connection (1-based) of a session. */
export function faultPlan(params: URLSearchParams, connection: number): FaultPlan {
  let plan: { -readonly [K in keyof FaultPlan]: FaultPlan[K] } = { duplicate: false, refuse: false };
  for (const fault of params.getAll('fault')) {
    const [name, a, b, c] = fault.split(':');
    if (name === 'drop') plan = { ...plan, dropAfter: count(a) };
    if (name === 'drops') {
      const after = count((a ?? '').split('.')[connection - 1]);
      if (after !== undefined) plan = { ...plan, dropAfter: after };
    }
    if (name === 'malformed' && connection === 1) plan = { ...plan, malformedAfter: count(a) ?? 0 };
    if (name === 'duplicate') plan = { ...plan, duplicate: true };
    if (name === 'stall') {
      const after = count(a);
      const ms = count(b);
      if (after !== undefined && ms !== undefined) plan = { ...plan, stall: { after, ms: Math.min(ms, 60_000) } };
    }
    if (name === 'refuse' && connection <= (count(a) ?? 0)) plan = { ...plan, refuse: true };
    if (name === 'cut') {
      const min = count(a);
      const max = count(b);
      if (min !== undefined && max !== undefined && min >= 1 && min <= max && max <= MAX_CUT_BYTES) {
        const seed = c ?? params.get('session_id') ?? '';
        plan = { ...plan, cutAfter: min + Math.floor(draw(`${seed}:${connection}`) * (max - min + 1)) };
      }
    }
  }
  return plan;
}

/** How many `action_result` answers of a session `noresult:N` withholds (0 without the fault; at most 100). */
export function withheldActionResults(params: URLSearchParams): number {
  let withheld = 0;
  for (const fault of params.getAll('fault')) {
    const [name, a] = fault.split(':');
    if (name === 'noresult') withheld = Math.min(count(a) ?? 1, 100);
  }
  return withheld;
}

/** What a connection can do with one serialized event. */
export interface Wire {
  write(frame: string): void;
  drop(): void;
  /** The frame's length on the wire, in bytes: what the `cut` fault counts. */
  size(frame: string): number;
  /** Sends the first `bytes` bytes of the frame as they go on the wire, then destroys the connection (no close). */
  cut(frame: string, bytes: number): void;
}

/**
 * Sends events on one connection through its fault plan, in order (a stall holds back everything after it).
 * `send` takes the serialized frame; `malformed` is what this protocol's broken frame looks like.
 */
export class FaultyConnection {
  readonly #plan: FaultPlan;
  readonly #wire: Wire;
  readonly #malformed: string;
  #sent = 0;
  /** Bytes written, for the `cut` fault. */
  #written = 0;
  #dropped = false;
  #chain: Promise<void> = Promise.resolve();
  #stalled: { timer: ReturnType<typeof setTimeout>; resume: () => void } | null = null;

  constructor(plan: FaultPlan, wire: Wire, malformed: string) {
    this.#plan = plan;
    this.#wire = wire;
    this.#malformed = malformed;
    // After 0 events means at once: the connection was accepted (WebSocket open, SSE headers and `retry:` sent) and
    // is closed right after the caller set it up, whatever the session's log holds.
    if (plan.dropAfter === 0) this.#chain = this.#chain.then(() => this.#drop());
  }

  get dropped(): boolean {
    return this.#dropped;
  }

  send(frame: string): void {
    this.#chain = this.#chain.then(() => this.#send(frame));
  }

  /** Runs `then` after the frames sent before it, unless the connection was dropped or cut meanwhile. */
  finish(then: () => void): void {
    this.#chain = this.#chain.then(() => {
      if (!this.#dropped) then();
    });
  }

  /** The connection closed: drop what is queued and end a stall at once. */
  stop(): void {
    this.#dropped = true;
    if (this.#stalled) {
      clearTimeout(this.#stalled.timer);
      this.#stalled.resume();
      this.#stalled = null;
    }
  }

  async #send(frame: string): Promise<void> {
    if (this.#dropped) return;
    const plan = this.#plan;
    if (plan.stall && this.#sent === plan.stall.after) {
      await new Promise<void>((resume) => {
        this.#stalled = { timer: setTimeout(resume, plan.stall?.ms), resume };
      });
      this.#stalled = null;
      if (this.#dropped) return;
    }
    if (plan.malformedAfter === this.#sent && !this.#write(this.#malformed)) return;
    if (!this.#write(frame)) return;
    if (plan.duplicate && !this.#write(frame)) return;
    this.#sent += 1;
    if (plan.dropAfter !== undefined && this.#sent >= plan.dropAfter) this.#drop();
  }

  /** Writes one frame, or cuts the connection inside it when it crosses the `cut` budget; false once cut. */
  #write(frame: string): boolean {
    const budget = this.#plan.cutAfter;
    if (budget === undefined) {
      this.#wire.write(frame);
      return true;
    }
    const size = this.#wire.size(frame);
    if (this.#written + size < budget) {
      this.#wire.write(frame);
      this.#written += size;
      return true;
    }
    // Mid-frame, always: at least the frame's first byte goes, never all of it.
    this.#dropped = true;
    this.#wire.cut(frame, Math.max(1, Math.min(budget - this.#written, size - 1)));
    return false;
  }

  #drop(): void {
    if (this.#dropped) return;
    this.#dropped = true;
    this.#wire.drop();
  }
}
