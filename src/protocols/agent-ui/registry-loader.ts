/*
 * agent-ui@1 (001_996c0b4640eee42b.txt): the server's UI registry (`GET /api/v1/agent/chat/ui-registry`), cached per
 * chat session and fetched again, with backoff, until it loads.
 */
import { notifyAll } from '../connection.js';
import { AGENT_UI_LIMITS } from './limits.js';
import { parseServerRegistry, type ServerRegistryInfo } from './registry.js';
import { readText } from './render-ref.js';
import { agentUiFetch, backoffDelay, headersOf, type AgentUiCredentials, type AgentUiFetch, type AgentUiHeaders } from './fetch.js';
import type { Checked } from './types.js';

/** The largest registry read, in bytes (parseServerRegistry takes no more). */
export const MAX_REGISTRY_BYTES = AGENT_UI_LIMITS.envelopeBytes;

export interface RegistryLoaderOptions {
  /** The registry URL (`agentUiEndpoints(base).registry`). */
  readonly url: string;
  readonly headers?: AgentUiHeaders;
  readonly fetch?: AgentUiFetch;
  /** Default `same-origin`. */
  readonly credentials?: AgentUiCredentials;
  /** First refetch delay in ms (default 500), doubling up to `maxDelay` (default 15000), with jitter. */
  readonly minDelay?: number;
  readonly maxDelay?: number;
  readonly random?: () => number;
}

/**
 * One chat session's server registry. The first `load()` fetches it; every call shares that request and, once it
 * succeeded, its result. A failure (network, status, JSON, shape) resolves as a `registry-unavailable` problem and
 * schedules a refetch with exponential backoff until one succeeds, which subscribers hear; the refetches stop while
 * nobody is subscribed (the next `load()` starts again). Redirects are refused.
 */
export class RegistryLoader {
  readonly #options: RegistryLoaderOptions;
  readonly #fetch: AgentUiFetch;
  readonly #listeners = new Set<(info: ServerRegistryInfo) => void>();
  readonly #failed = new Set<(failures: number) => void>();
  #failures = 0;
  #result: Promise<Checked<ServerRegistryInfo>> | null = null;
  #info: ServerRegistryInfo | null = null;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #controller = new AbortController();

  constructor(options: RegistryLoaderOptions) {
    this.#options = options;
    this.#fetch = agentUiFetch(options.fetch);
  }

  /** The registry, or (while none loaded) the last failure; at most one request is in flight. */
  load(): Promise<Checked<ServerRegistryInfo>> {
    return (this.#result ??= this.#load());
  }

  /** The registry once loaded, else null. */
  current(): ServerRegistryInfo | null {
    return this.#info;
  }

  /**
   * Called with the registry each time a (re)fetch succeeds, and (`failed`) with the number of failed reads in a row
   * after each one that fails; returns the function that removes them.
   */
  subscribe(listener: (info: ServerRegistryInfo) => void, failed?: (failures: number) => void): () => void {
    this.#listeners.add(listener);
    if (failed) this.#failed.add(failed);
    return () => {
      this.#listeners.delete(listener);
      if (failed) this.#failed.delete(failed);
    };
  }

  /** Failed reads in a row since the last success (envelopes fall back after AGENT_UI_LIMITS.registryReads). */
  get failures(): number {
    return this.#failures;
  }

  /** Stops refetching and aborts a request in flight. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#controller.abort();
    this.#listeners.clear();
    this.#failed.clear();
  }

  async #load(): Promise<Checked<ServerRegistryInfo>> {
    const result = await this.#request();
    if (result.ok) {
      this.#info = result.value;
      this.#failures = 0;
      notifyAll(this.#listeners, result.value);
    } else if (!this.#controller.signal.aborted) {
      this.#failures += 1;
      notifyAll(this.#failed, this.#failures);
      const { minDelay = 500, maxDelay = 15_000, random = Math.random } = this.#options;
      this.#timer = setTimeout(() => {
        // Nobody waits for it any more (their envelopes went): stop, and let the next load() fetch afresh.
        this.#result = this.#listeners.size > 0 ? this.#load() : null;
      }, backoffDelay(this.#attempt++, minDelay, maxDelay, 0.5, random));
    }
    return result;
  }

  async #request(): Promise<Checked<ServerRegistryInfo>> {
    const fail = (message: string): Checked<ServerRegistryInfo> => ({ ok: false, reason: 'registry-unavailable', message });
    try {
      const response = await this.#fetch(this.#options.url, {
        method: 'GET',
        headers: { ...headersOf(this.#options.headers), accept: 'application/json' },
        signal: this.#controller.signal,
        redirect: 'error',
        credentials: this.#options.credentials ?? 'same-origin',
      });
      if (!response.ok) return fail(`The UI registry could not be loaded (HTTP ${response.status}).`);
      return parseServerRegistry(await readText(response, MAX_REGISTRY_BYTES));
    } catch (error) {
      return fail(error instanceof RangeError ? `The UI registry is over ${MAX_REGISTRY_BYTES} bytes.` : 'The UI registry could not be reached.');
    }
  }
}
