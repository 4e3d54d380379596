/** The reference agent server the test runner started (web-test-runner.config.mjs). */
const agent = (globalThis as { __MANTIS_AGENT__?: { origin: string } }).__MANTIS_AGENT__;
if (!agent) throw new Error('The reference agent server is not running: run the browser tests with `npm test`.');

export const agentOrigin = agent.origin;

/** The Composer WebSocket URL; `delay` is the server's pause between deltas, in milliseconds. */
export function composerSocketUrl(params: Record<string, string> = {}): string {
  const url = new URL('/api/v1/composer/ws', agentOrigin);
  url.protocol = 'ws:';
  for (const [key, value] of Object.entries({ delay: '1', ...params })) url.searchParams.set(key, value);
  return url.href;
}

/** The Composer SSE URL, with the same parameters. */
export function composerSseUrl(params: Record<string, string> = {}): string {
  const url = new URL('/api/v1/composer/sse', agentOrigin);
  for (const [key, value] of Object.entries({ delay: '1', ...params })) url.searchParams.set(key, value);
  return url.href;
}
