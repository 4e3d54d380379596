/*
 * What the agent-ui@1 clients (the envelope stream, the registry loader, render_ref resolution) share: the fetch they
 * call and the backoff between their attempts.
 */

/** What the agent-ui clients need of `fetch` (the global one fits; tests pass a wrapper). */
export type AgentUiFetch = (
  input: string,
  init: {
    method: 'GET';
    headers: Record<string, string>;
    signal?: AbortSignal;
    redirect: 'error';
    credentials?: AgentUiCredentials;
  },
) => Promise<AgentUiResponse>;

export interface AgentUiResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null;
}

export type AgentUiCredentials = 'omit' | 'same-origin' | 'include';
/** Headers for every request (an `Authorization` bearer token, say); a function is called per request. */
export type AgentUiHeaders = Record<string, string> | (() => Record<string, string>);

/** The given fetch, or the global one (called with `globalThis`: some browsers throw otherwise). */
export function agentUiFetch(given?: AgentUiFetch): AgentUiFetch {
  const global = (globalThis as { fetch?: AgentUiFetch }).fetch;
  if (!given && !global) throw new Error('No fetch in this environment: pass one');
  return given ?? ((input, init) => (global as AgentUiFetch).call(globalThis, input, init));
}

export const headersOf = (headers: AgentUiHeaders | undefined): Record<string, string> =>
  typeof headers === 'function' ? headers() : { ...headers };

/** A backoff delay: exponential in `attempt` (from 0), capped at `max`, with a random `jitter` fraction taken off. */
export const backoffDelay = (attempt: number, min: number, max: number, jitter: number, random: () => number): number =>
  Math.round(Math.min(max, min * 2 ** attempt) * (1 - jitter * random()));
