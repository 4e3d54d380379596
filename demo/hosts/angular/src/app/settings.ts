import type { MantisView, PersistedMessage } from 'mantis-ui/core';

/*
 * What the page is told by its query string, and the data it binds. The agent server's port is chosen when it
 * starts, so its origin comes from `?agent=http://127.0.0.1:PORT`; `?define=manual` keeps mantis-ui from defining its
 * elements until `window.mantisAngularHost.define()` is called, so a test can look at the elements before they upgrade.
 */

const query = new URLSearchParams(globalThis.location?.search ?? '');

/** The reference agent's origin, or null when the page was opened without one. */
export const agentOrigin: string | null = query.get('agent');

/** Whether mantis-ui waits for `window.mantisAngularHost.define()` instead of loading after the first render. */
export const manualDefine = query.get('define') === 'manual';

/** The Composer URL of a connection kind: the reference server serves WebSocket and SSE on paths of their own. */
export function composerUrl(kind: 'ws' | 'sse', params: Record<string, string> = {}): string {
  const url = new URL(`/api/v1/composer/${kind}`, agentOrigin ?? location.href);
  // The reference server's pause between deltas (`delay`), passed through when the page was given one.
  const delay = query.get('delay');
  if (delay !== null) url.searchParams.set('delay', delay);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** A conversation the app had stored, bound as `[messages]`: it replays exactly, view included. */
export const storedHistory: PersistedMessage[] = [
  { id: 'angular-u1', role: 'user', text: 'What did we look at yesterday?' },
  {
    id: 'angular-a1',
    role: 'assistant',
    text: [
      'Yesterday we looked at this:',
      '',
      '```mantis-ui',
      JSON.stringify({ version: 1, id: 'yesterday', root: { id: 'h', type: 'heading', text: "From Angular's history" } }),
      '```',
      '',
    ].join('\n'),
    marker: { inlineUiVersion: 1, mode: 'orchestrator' },
    sequence: 1,
    events: [],
    inReplyTo: 'angular-u1',
  },
];

/** The views the standalone `<mantis-ui-view>` cycles through, bound as `[view]`. */
export const views: readonly MantisView[] = [
  { version: 1, id: 'first', root: { id: 'h', type: 'heading', text: 'Bound by Angular' } },
  { version: 1, id: 'second', root: { id: 'h', type: 'heading', text: 'Rebound by Angular' } },
];
