import type { MantisView, PersistedMessage } from 'mantis-ui/core';

/**
 * What the app reads from its address: `agent`, the origin of the agent server (the tests start one on a port of
 * its own); `delay`, the server's pause between streamed chunks in ms (the tests ask for 1); `define=late`, to mount
 * before mantis-ui defines its elements, as a page that loads it on demand does.
 */
export interface Settings {
  readonly agent: string;
  readonly delay: string | null;
  readonly late: boolean;
}

export function readSettings(search: string, fallbackOrigin: string): Settings {
  const params = new URLSearchParams(search);
  return { agent: params.get('agent') ?? fallbackOrigin, delay: params.get('delay'), late: params.get('define') === 'late' };
}

export type ConnectionKind = 'ws' | 'sse';

/** The Composer endpoint of each connection kind; `<mantis-chat>` turns an http URL into ws: itself for `ws`. */
export function composerUrl(settings: Settings, kind: ConnectionKind): string {
  const url = new URL(`/api/v1/composer/${kind}`, settings.agent);
  if (settings.delay !== null) url.searchParams.set('delay', settings.delay);
  return url.href;
}

/** A conversation the app stored earlier, in the persisted format `mantis-history-change` hands out. */
export const storedConversation: PersistedMessage[] = [
  { id: 'stored-user', role: 'user', text: 'What did we look at yesterday?' },
  {
    id: 'stored-assistant',
    role: 'assistant',
    text: 'The tyre pressures.\n\n```mantis-ui\n{"version":1,"id":"stored","root":{"id":"stored-title","type":"heading","text":"Yesterday: tyre pressures"}}\n```\n',
    marker: { inlineUiVersion: 1, mode: 'orchestrator' },
    sequence: 1,
    events: [],
  },
];

/** The views the app's own panel cycles through (`<mantis-ui-view>`'s `view` property). */
export const panelViews: readonly MantisView[] = [
  { version: 1, id: 'panel-1', root: { id: 'panel-1-title', type: 'heading', text: 'Fleet overview' } },
  { version: 1, id: 'panel-2', root: { id: 'panel-2-title', type: 'heading', text: 'Maintenance plan' } },
];

/** The app's media token: a function, which a template cannot set before the element is defined (docs/svelte.md). */
export const mediaToken = (): string => 'svelte-host-token';
