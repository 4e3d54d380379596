import type { CatalogDefinition } from '../catalog-basic.js';
import type { A2uiAgentCall, AgentCallHost, SurfaceCalls } from '../dialect.js';
import { A2UI_FUNCTIONS, OPEN_URL, type A2uiFunction } from '../functions.js';
import type { JsonObject, JsonValue } from '../types.js';
import { A2UI_V1_VERSION } from './schema.js';

/*
 * A renderer's calls to the agent's functions (a2ui_protocol.md "callAgentFunction"): a function a v1.0 catalog of
 * the group declares (with its argument schema, so validation stays strict) and this renderer does not implement
 * (A2UI_FUNCTIONS) is the agent's. Evaluating one in a binding or a check sends one callAgentFunction per surface,
 * function and arguments, and gives no value until its agentFunctionResponse came ("Pending UI State": a text stays
 * empty; a check does not pass, so a Submit stays disabled, and says it waits when the catalog declares the function a
 * validationResult); then the value, from the next render on. An action's call is sent on every click, and its value
 * is kept for the bindings that ask the same. An error answer, a refused one, no answer within the timeout and a
 * connection that cannot carry the call give no value and a notice in the surface's place while a binding of the
 * surface's last render uses that call ("Failure Propagation & Recovery Rules"); a timeout is told to the agent once.
 * A surface keeps the answers of the calls its bindings made (at most AGENT_CALLS_PER_SURFACE), dropping the least
 * recently used that its last render did not use: a field checked as the user types calls once per value, for as
 * long as the surface lives.
 */

/** How long a call waits for its agentFunctionResponse when the host gives no `callTimeout` (ours), in milliseconds. */
export const AGENT_CALL_TIMEOUT = 30_000;

/** The calls of a surface's bindings that one render may use at once (ours): past them, no value and a notice. */
export const AGENT_CALLS_PER_SURFACE = 64;

/** A check's condition while the agent has not answered, for a function the catalog says gives a validationResult. */
const WAITING = { valid: false, message: 'Waiting for the agent…' };

/** Numbers the calls of every surface of the page, so no two share an ID. */
let next = 0;

interface Entry {
  /** The answer's value (absent while the call waits, or when it failed). */
  value?: JsonValue;
  /** Why the call failed (the notice), once it did. */
  failed?: string;
  /** Whether it still waits for its answer. */
  waiting: boolean;
  /** The render that last used it. */
  used: number;
}

interface Surface {
  /** Which life of the surface (its generation: deleted and created again, or read again, it is another). */
  readonly life: number;
  readonly catalogs: readonly CatalogDefinition[];
  readonly calls: SurfaceCalls | undefined;
  /** The calls of its bindings by function and arguments, least recently used first. */
  readonly entries: Map<string, Entry>;
  /** Counts its renders (each asks for its calls once). */
  render: number;
  /** The render in which a binding asked for more calls than one render may use. */
  full?: number;
  /** Why an action's last call failed, until one succeeds. */
  action?: string | undefined;
}

interface Pending {
  readonly surfaceId: string;
  readonly name: string;
  readonly key: string;
  /** An action's call (its value goes to the bindings that ask the same), not a binding's. */
  readonly action: boolean;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** A call's key: its function, and its arguments as JSON (an object's keys in the order evaluation gave them). */
const keyOf = (name: string, json: string): string => `${name}\u0000${json}`;

export class AgentCalls {
  readonly #host: AgentCallHost;
  readonly #surfaces = new Map<string, Surface>();
  readonly #pending = new Map<string, Pending>();

  constructor(host: AgentCallHost) {
    this.#host = host;
  }

  /**
   * A surface's calls for its next render, with the agent's functions of `catalogs`; undefined when they declare none.
   * Another life of the surface starts without the calls of the one before (what still waits no longer counts).
   */
  of(surfaceId: string, catalogs: readonly CatalogDefinition[], life: number): SurfaceCalls | undefined {
    let surface = this.#surfaces.get(surfaceId);
    if (surface && surface.life !== life) {
      this.#forget(surfaceId);
      surface = undefined;
    }
    if (surface?.catalogs !== catalogs) {
      const v1 = catalogs.filter((catalog) => catalog.protocolVersion === '1.0');
      const agents = new Set(v1.flatMap((catalog) => [...catalog.functions]).filter((name) => name !== OPEN_URL && !A2UI_FUNCTIONS.has(name)));
      const functions = new Map<string, A2uiFunction>(A2UI_FUNCTIONS);
      for (const name of agents) {
        const waiting = v1.find((catalog) => catalog.functions.has(name))?.returns?.[name] === 'validationResult' ? WAITING : undefined;
        functions.set(name, (args) => this.#value(surfaceId, name, JSON.stringify(args), waiting));
      }
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the notice is read as it is after the render
      const book = this;
      const calls: SurfaceCalls | undefined = agents.size === 0 ? undefined : {
        functions,
        get notice() {
          return book.#notice(surfaceId);
        },
        call: (name, args) => void (agents.has(name) && this.#send(surfaceId, name, args, keyOf(name, JSON.stringify(args)), true)),
      };
      this.#surfaces.set(surfaceId, (surface = { life, catalogs, calls, entries: surface?.entries ?? new Map(), render: surface?.render ?? 0, action: surface?.action }));
    }
    surface.render++;
    return surface.calls;
  }

  /**
   * A binding's value: the answer to the call for these arguments (`json`, their JSON: written once per evaluation, and
   * read back only to send), sent (after this render) the first time.
   */
  #value(surfaceId: string, name: string, json: string, waiting: JsonValue | undefined): JsonValue | undefined {
    const surface = this.#surfaces.get(surfaceId);
    if (!surface) return undefined;
    const { entries, render } = surface;
    const key = keyOf(name, json);
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= AGENT_CALLS_PER_SURFACE) {
        // The least recently used answer no binding of this render used makes room; none: too many at once.
        const spare = [...entries].find(([, e]) => e.used < render && !e.waiting);
        if (!spare) {
          surface.full = render;
          return undefined;
        }
        entries.delete(spare[0]);
      }
      entry = { waiting: true, used: render };
      // Sent after this render, unless the surface's life ended meanwhile.
      queueMicrotask(() => this.#surfaces.get(surfaceId) === surface && this.#send(surfaceId, name, JSON.parse(json) as JsonObject, key, false));
    }
    entry.used = render;
    entries.delete(key);
    entries.set(key, entry);
    return entry.waiting ? waiting : entry.value;
  }

  #send(surfaceId: string, name: string, args: JsonObject, key: string, action: boolean): void {
    const functionCallId = `call-${Date.now().toString(36)}-${next++}`;
    const message: A2uiAgentCall = { version: A2UI_V1_VERSION, callAgentFunction: { surfaceId, functionCallId, callFunction: { call: name, args } } };
    if (!this.#host.send?.(message, (reason) => this.#lost(functionCallId, reason))) return this.#settle(surfaceId, key, action, { failed: `This connection cannot carry a call to the agent's ${name}.` });
    const timeout = this.#host.callTimeout ?? AGENT_CALL_TIMEOUT;
    const timer = setTimeout(() => {
      this.#pending.delete(functionCallId);
      this.#settle(surfaceId, key, action, { failed: `The agent did not answer ${name} in time.` });
      const message = `No agentFunctionResponse to callAgentFunction "${functionCallId}" (${name}) within ${timeout} ms.`;
      this.#host.report({ code: 'FUNCTION_TIMEOUT', surfaceId, message });
    }, timeout);
    this.#pending.set(functionCallId, { surfaceId, name, key, action, timer });
  }

  /**
   * The connection says a call still waiting will get no answer: why (its notice, at once; the agent is not told, its
   * run did not bring it), or nothing when it was dropped unsent (a binding's entry the last render did not use is
   * forgotten, so it asks again when needed; one it used, and an action's, is said).
   */
  #lost(functionCallId: string, reason: string | undefined): void {
    const pending = this.#pending.get(functionCallId);
    if (!pending) return;
    this.#pending.delete(functionCallId);
    clearTimeout(pending.timer);
    const { surfaceId, name, key, action } = pending;
    if (reason !== undefined) return this.#settle(surfaceId, key, action, { failed: `The agent's ${name} got no answer: ${reason}` });
    // A binding's that the last render no longer used is forgotten (asked again if a render needs it); one it used, and
    // a click (the user's: they may click again), is said: asked again at once, it would only drop another.
    const surface = this.#surfaces.get(surfaceId);
    const entry = surface?.entries.get(key);
    // (An action's answer of the same arguments may have given the entry its value meanwhile: it stays.)
    if (!action && entry && !entry.waiting) return;
    // (Drawn again: a click counts as a render, so one still on screen is asked again once, and then used.)
    if (!action && entry && entry.used < (surface?.render ?? 0)) return void (surface?.entries.delete(key), this.#host.changed(surfaceId));
    this.#settle(surfaceId, key, action, { failed: `The agent's ${name} was not asked: newer calls took its place.${action ? ' Try again.' : ''}` });
  }

  /**
   * A call is over: a binding's entry takes its value or its failure; an action's value goes to the bindings that ask
   * the same, its failure to the surface's notice. The surface is drawn again.
   */
  #settle(surfaceId: string, key: string, action: boolean, outcome: { value: JsonValue } | { failed: string }): void {
    const surface = this.#surfaces.get(surfaceId);
    if (!surface) return;
    const entry = surface.entries.get(key);
    if (action) {
      surface.action = 'failed' in outcome ? outcome.failed : undefined;
      // Its value answers the bindings that ask the same (a "Verify again" that recovers a failed check).
      if ('value' in outcome && (entry || surface.entries.size < AGENT_CALLS_PER_SURFACE)) {
        surface.entries.set(key, { used: 0, ...entry, value: outcome.value, failed: undefined, waiting: false });
      }
    } else if (entry) Object.assign(entry, { waiting: false, ...('value' in outcome ? { value: outcome.value, failed: undefined } : { failed: outcome.failed }) });
    this.#host.changed(surfaceId);
  }

  /** What the surface says: an action's failure, too many calls at once, or the failure of a call its last render used. */
  #notice(surfaceId: string): string | undefined {
    const surface = this.#surfaces.get(surfaceId);
    if (!surface) return undefined;
    if (surface.action) return surface.action;
    if (surface.full === surface.render) return `This surface asks the agent for more than ${AGENT_CALLS_PER_SURFACE} values at once; the rest are not shown.`;
    let failed: string | undefined;
    for (const entry of surface.entries.values()) if (entry.used === surface.render && entry.failed) failed = entry.failed;
    return failed;
  }

  /**
   * An agentFunctionResponse that answers one of this renderer's calls still waiting (true): its value, or its error
   * said in the surface's place; one that is not `valid` (refused, and reported, as any message) fails the call at
   * once. False for any other message.
   */
  receive(message: unknown, valid: boolean): boolean {
    const response = (message as { agentFunctionResponse?: { functionCallId: string; value?: JsonValue; error?: { message: string } } } | null)?.agentFunctionResponse;
    const pending = typeof response === 'object' && response !== null ? this.#pending.get(response.functionCallId) : undefined;
    if (!response || !pending) return false;
    this.#pending.delete(response.functionCallId);
    clearTimeout(pending.timer);
    const { surfaceId, name, key, action } = pending;
    const outcome = !valid
      ? { failed: `The agent's answer to ${name} could not be read.` }
      : response.error
        ? { failed: `The agent's ${name} failed: ${response.error.message.slice(0, 200)}` }
        : { value: response.value ?? null };
    this.#settle(surfaceId, key, action, outcome);
    return true;
  }

  /** Forgets a surface's calls: what still waits no longer counts (its timer stops, its answer changes nothing). */
  #forget(surfaceId: string): void {
    for (const [id, pending] of this.#pending) {
      if (pending.surfaceId !== surfaceId) continue;
      clearTimeout(pending.timer);
      this.#pending.delete(id);
    }
    this.#surfaces.delete(surfaceId);
  }
}
