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
 *   noresult:N      withhold the first N `action_result` answers of the session: the action is applied (once) but
 *                   its outcome is not sent, so the client must send the frame again to learn it
 */
export interface FaultPlan {
  readonly dropAfter?: number;
  readonly malformedAfter?: number;
  readonly duplicate: boolean;
  readonly stall?: { readonly after: number; readonly ms: number };
  readonly refuse: boolean;
}

const count = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** The plan for the `connection`-th connection (1-based) of a session. */
export function faultPlan(params: URLSearchParams, connection: number): FaultPlan {
  let plan: { -readonly [K in keyof FaultPlan]: FaultPlan[K] } = { duplicate: false, refuse: false };
  for (const fault of params.getAll('fault')) {
    const [name, a, b] = fault.split(':');
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
    if (plan.malformedAfter === this.#sent) this.#wire.write(this.#malformed);
    this.#wire.write(frame);
    if (plan.duplicate) this.#wire.write(frame);
    this.#sent += 1;
    if (plan.dropAfter !== undefined && this.#sent >= plan.dropAfter) this.#drop();
  }

  #drop(): void {
    if (this.#dropped) return;
    this.#dropped = true;
    this.#wire.drop();
  }
}
