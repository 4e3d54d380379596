/*
 * agent-ui@1 (001_996c0b4640eee42b.txt) over HTTP: the endpoints under a base URL, a capped body reader, and the
 * render-ref resolution of a `render_junctions` map action.
 */
import { AGENT_UI_LIMITS } from './limits.js';
import { checkJunctions } from './map.js';
import { agentUiFetch, headersOf, type AgentUiCredentials, type AgentUiFetch, type AgentUiHeaders, type AgentUiResponse } from './fetch.js';
import type { Checked, JunctionCollection } from './types.js';

/** The largest render-ref payload read, in bytes: a longer body is cut off while it streams and refused. */
export const MAX_RENDER_REF_BYTES = AGENT_UI_LIMITS.renderRefBytes;

/**
 * The body as text (invalid UTF-8 becomes U+FFFD), read as it streams. Throws a RangeError once it is over `cap`
 * bytes (at once when `content-length` says so), after cancelling the rest.
 */
export async function readText(response: AgentUiResponse, cap: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const tooLong = async (): Promise<never> => {
    await reader.cancel().catch(() => undefined);
    throw new RangeError(`The response is over ${cap} bytes.`);
  };
  if (Number(response.headers.get('content-length')) > cap) return tooLong();
  const decoder = new TextDecoder();
  let text = '';
  for (let size = 0; ; ) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    if (!value) continue;
    size += value.byteLength;
    if (size > cap) return tooLong();
    text += decoder.decode(value, { stream: true });
  }
}

/** The agent-ui@1 endpoints under `base` (`https://host/api/v1/agent/chat/`; a missing trailing slash is added). */
export function agentUiEndpoints(base: string): { registry: string; stream: string; renderRef: string } {
  const root = base.endsWith('/') ? base : `${base}/`;
  return { registry: `${root}ui-registry`, stream: `${root}stream`, renderRef: `${root}render-ref/` };
}

/** The agent-ui@1 base on the Composer's host: `wss://h/api/v1/composer/ws` → `https://h/api/v1/agent/chat/`. */
export function defaultAgentUiBase(composerUrl: string): string {
  const url = new URL('/api/v1/agent/chat/', composerUrl.replace(/^ws(s?):/i, 'http$1:'));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`Not a Composer URL: ${composerUrl}`);
  return url.href;
}

const RENDER_REF = /^[A-Za-z0-9_-]{1,64}$/;

export interface ResolveRenderRefOptions {
  /** The render-ref base URL, ending in `render-ref/` (`agentUiEndpoints(base).renderRef`). */
  readonly url: string;
  readonly renderRef: string;
  readonly sessionId: string;
  readonly headers?: AgentUiHeaders;
  readonly fetch?: AgentUiFetch;
  readonly credentials?: AgentUiCredentials;
  readonly signal?: AbortSignal;
}

/**
 * Fetches the payload of a `render_junctions` action (`GET <url><render_ref>?session_id=…`, redirects refused) and
 * checks it. Never rejects: a malformed ref (refused without a request), a 404, any other status, a network error, a
 * body over `MAX_RENDER_REF_BYTES`, or a text `checkJunctions` refuses (not JSON, not junction points) is an `{ok: false}`.
 */
export async function resolveRenderRef(options: ResolveRenderRefOptions): Promise<Checked<JunctionCollection>> {
  const fail = (message: string): Checked<JunctionCollection> => ({ ok: false, reason: 'render-ref-failed', message });
  const { renderRef, url } = options;
  if (!RENDER_REF.test(renderRef)) return fail('The render_ref is not 1 to 64 of A-Z a-z 0-9 _ -.');
  const href = `${url.endsWith('/') ? url : `${url}/`}${encodeURIComponent(renderRef)}?session_id=${encodeURIComponent(options.sessionId)}`;
  try {
    const response = await agentUiFetch(options.fetch)(href, {
      method: 'GET',
      headers: { ...headersOf(options.headers), accept: 'application/geo+json, application/json' },
      signal: options.signal,
      redirect: 'error',
      credentials: options.credentials,
    });
    if (response.status === 404) return fail('The render_ref was not found for this session.');
    if (!response.ok) return fail(`The render_ref could not be resolved (HTTP ${response.status}).`);
    return checkJunctions(await readText(response, MAX_RENDER_REF_BYTES));
  } catch (error) {
    return fail(error instanceof RangeError ? `The render_ref payload is over ${MAX_RENDER_REF_BYTES} bytes.` : 'The render_ref could not be fetched.');
  }
}
