import type { CatalogDefinition } from '../catalog-basic.js';
import type { AgentCallHost, SurfaceCalls } from '../dialect.js';
import { A2UI_FUNCTIONS, OPEN_URL, type A2uiFunction } from '../functions.js';
import type { JsonObject, JsonValue } from '../types.js';
import { A2UI_V1_VERSION } from './schema.js';

/*
 * A renderer's calls to the agent's functions (a2ui_protocol.md "callAgentFunction"): a function a v1.0 catalog of
 * the surface declares (with its argument schema, so validation stays strict) and this renderer does not implement is
 * the agent's. Evaluating it (a binding, a check) sends one callAgentFunction per surface, function and arguments and
 * gives no value until its agentFunctionResponse came ("Pending UI State": a text stays empty, a check does not pass,
 * so a Submit stays disabled); then the value, from the next render on. An action's call is sent on every click and
 * its value is not used. An error answer, no answer within the timeout and a connection that cannot carry the call
 * give no value and a notice in the surface's place ("Failure Propagation & Recovery Rules"), and a timeout is told
 * to the agent once. A function declared nowhere is not the agent's: validation refuses the message that names it.
 */

/** How long a call waits for its agentFunctionResponse when the host gives no `timeout` (ours), in milliseconds. */
export const AGENT_CALL_TIMEOUT = 30_000;

/** The calls one surface may make for its bindings and checks in its life (ours): past them, no value and a notice. */
export const AGENT_CALLS_PER_SURFACE = 64;

interface Surface {
  readonly catalogs: readonly CatalogDefinition[];
  readonly calls: SurfaceCalls | undefined;
  /** Each binding's call by function and arguments: its value once answered (undefined while pending or failed). */
  readonly values: Map<string, JsonValue | undefined>;
  notice?: string | undefined;
}

interface Pending {
  readonly surfaceId: string;
  readonly name: string;
  /** Where its value goes (none for an action's call). */
  readonly key: string | undefined;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class AgentCalls {
  readonly #host: AgentCallHost;
  readonly #surfaces = new Map<string, Surface>();
  readonly #pending = new Map<string, Pending>();
  #next = 0;

  constructor(host: AgentCallHost) {
    this.#host = host;
  }

  /** A surface's calls, with the agent's functions of `catalogs`; undefined when they declare none. */
  of(surfaceId: string, catalogs: readonly CatalogDefinition[]): SurfaceCalls | undefined {
    let surface = this.#surfaces.get(surfaceId);
    if (surface?.catalogs !== catalogs) {
      const agents = new Set(
        catalogs.flatMap((catalog) => (catalog.protocolVersion === '1.0' ? [...catalog.functions] : [])).filter((name) => name !== OPEN_URL && !A2UI_FUNCTIONS.has(name)),
      );
      const functions = new Map<string, A2uiFunction>(A2UI_FUNCTIONS);
      for (const name of agents) functions.set(name, (args) => this.#value(surfaceId, name, args));
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the notice is read as it is now
      const book = this;
      const calls: SurfaceCalls | undefined = agents.size === 0 ? undefined : {
        functions,
        get notice() {
          return book.#surfaces.get(surfaceId)?.notice;
        },
        call: (name, args) => void (agents.has(name) && this.#send(surfaceId, name, args, undefined)),
      };
      this.#surfaces.set(surfaceId, (surface = { catalogs, calls, values: surface?.values ?? new Map(), notice: surface?.notice }));
    }
    return surface.calls;
  }

  /** A binding's value: the answer to the call for these arguments, sent now (after this render) the first time. */
  #value(surfaceId: string, name: string, args: Readonly<Record<string, JsonValue | undefined>>): JsonValue | undefined {
    const values = this.#surfaces.get(surfaceId)?.values;
    const key = `${name}\u0000${JSON.stringify(args)}`;
    if (!values || values.has(key)) return values?.get(key);
    if (values.size >= AGENT_CALLS_PER_SURFACE) {
      this.#fail(surfaceId, `This surface asks the agent for more than ${AGENT_CALLS_PER_SURFACE} values; the rest are not shown.`);
      return undefined;
    }
    values.set(key, undefined);
    queueMicrotask(() => this.#send(surfaceId, name, JSON.parse(JSON.stringify(args)) as JsonObject, key));
    return undefined;
  }

  #send(surfaceId: string, name: string, args: JsonObject, key: string | undefined): void {
    const functionCallId = `call-${Date.now().toString(36)}-${this.#next++}`;
    const message = { version: A2UI_V1_VERSION, callAgentFunction: { surfaceId, functionCallId, callFunction: { call: name, args } } };
    if (!this.#host.send?.(message)) return this.#fail(surfaceId, `This connection cannot carry a call to the agent's ${name}.`);
    const timeout = this.#host.callTimeout ?? AGENT_CALL_TIMEOUT;
    const timer = setTimeout(() => {
      this.#pending.delete(functionCallId);
      this.#fail(surfaceId, `The agent did not answer ${name} in time.`);
      const message = `No agentFunctionResponse to callAgentFunction "${functionCallId}" (${name}) within ${timeout} ms.`;
      this.#host.report({ code: 'FUNCTION_TIMEOUT', surfaceId, message });
    }, timeout);
    this.#pending.set(functionCallId, { surfaceId, name, key, timer });
  }

  #fail(surfaceId: string, notice: string): void {
    const surface = this.#surfaces.get(surfaceId);
    if (!surface || surface.notice === notice) return;
    surface.notice = notice;
    this.#host.changed(surfaceId);
  }

  /**
   * An agentFunctionResponse that answers one of this renderer's calls still waiting (true): its value kept for the
   * binding that asked and the surface drawn again, or its error said in the surface's place; one that is not `valid`
   * (refused, and reported, as any message) fails the call at once. False for any other message.
   */
  receive(message: unknown, valid: boolean): boolean {
    const response = (message as { agentFunctionResponse?: { functionCallId: string; value?: JsonValue; error?: { message: string } } } | null)?.agentFunctionResponse;
    const pending = typeof response === 'object' && response !== null ? this.#pending.get(response.functionCallId) : undefined;
    if (!response || !pending) return false;
    this.#pending.delete(response.functionCallId);
    clearTimeout(pending.timer);
    const { surfaceId, name, key } = pending;
    if (!valid) this.#fail(surfaceId, `The agent's answer to ${name} could not be read.`);
    else if (response.error) this.#fail(surfaceId, `The agent's ${name} failed: ${response.error.message.slice(0, 200)}`);
    else {
      const surface = this.#surfaces.get(surfaceId);
      if (key) surface?.values.set(key, response.value);
      if (surface) surface.notice = undefined;
      this.#host.changed(surfaceId);
    }
    return true;
  }
}
