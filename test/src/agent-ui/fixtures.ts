/*
 * What the agent-ui tests check against, taken from the reference server the test runner started rather than
 * copied: demo/server/agent-ui.ts imports node:crypto, so the browser cannot import its UI_REGISTRY or script.
 * The registry, each scenario's envelopes and a render_ref payload come over HTTP, exactly as a frontend gets them.
 */
import { HistoryPanelProps, ScadaPanelProps } from '../../../src/protocols/agent-ui/history-panel.js';
import { AgentUiRegistry, parseServerRegistry, type ServerRegistryInfo } from '../../../src/protocols/agent-ui/registry.js';
import type { HostComponent } from '../../../src/protocols/agent-ui/types.js';
import { agentOrigin } from '../../helpers/agent.js';

const api = (path: string, params: Record<string, string> = {}): string => {
  const url = new URL(`/api/v1/agent/chat/${path}`, agentOrigin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
};

async function json(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** The server's registry JSON (UI_REGISTRY), as sent. */
export const serverRegistryJson = (): Promise<unknown> => json(api('ui-registry'));

/** The server's registry, parsed. */
export async function serverRegistry(): Promise<ServerRegistryInfo> {
  const parsed = parseServerRegistry(await serverRegistryJson());
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

let sessions = 0;

/** The envelopes of a scenario of the server's stream, in order, and the session they were made for. */
export async function scenario(name: 'default' | 'invalid'): Promise<{ sessionId: string; envelopes: unknown[] }> {
  const sessionId = `validate-${Date.now().toString(36)}-${++sessions}`;
  const response = await fetch(api('stream', { session_id: sessionId, scenario: name, delay: '0' }));
  const text = await response.text();
  const envelopes = text
    .split('\n\n')
    .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')))
    .map((line) => (JSON.parse(line.slice('data: '.length)) as { envelope: unknown }).envelope);
  return { sessionId, envelopes };
}

/** The payload a render_ref resolves to, for the session that received it. */
export const renderRefPayload = (renderRef: string, sessionId: string): Promise<unknown> =>
  json(api(`render-ref/${encodeURIComponent(renderRef)}`, { session_id: sessionId }));

/** The reference server's two panels, as a host registers them. */
export const HOST_COMPONENTS: readonly HostComponent[] = [
  { name: 'HistoryPanel', tagName: 'demo-history-panel', props: HistoryPanelProps },
  { name: 'ScadaPanel', tagName: 'demo-scada-panel', props: ScadaPanelProps },
];

/** The host's panels and the server's registry. */
export const fullRegistry = async (): Promise<AgentUiRegistry> =>
  new AgentUiRegistry({ server: await serverRegistry(), components: HOST_COMPONENTS });

/** The chart envelope of both scenarios, for tests that vary it. */
export function serverChart(): {
  kind: 'chart';
  schemaVersion: 'agent-ui@1';
  grammar: 'echarts-safe-subset';
  surface: 'chat_inline';
  spec: {
    title: Record<string, unknown>;
    tooltip: Record<string, unknown>;
    xAxis: Record<string, unknown>;
    yAxis: Record<string, unknown>;
    series: Array<Record<string, unknown>>;
  };
  data: { dimensions: string[]; source: Array<Array<string | number | null>> };
  fallbackText: string;
} {
  return {
    kind: 'chart',
    schemaVersion: 'agent-ui@1',
    grammar: 'echarts-safe-subset',
    surface: 'chat_inline',
    spec: {
      title: { text: 'Pressure at J-101 (kPa)' },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', name: 'time' },
      yAxis: { type: 'value', name: 'kPa' },
      series: [
        { type: 'line', name: 'Pressure', encode: { x: 'time', y: 'pressure_kpa' } },
        { type: 'bar', name: 'Demand', encode: { x: 'time', y: 'demand_m3h' } },
      ],
    },
    data: {
      dimensions: ['time', 'pressure_kpa', 'demand_m3h'],
      source: [
        ['06:00', 318, 42],
        ['08:00', 301, 77],
        ['10:00', 296, 81],
        ['12:00', 305, 69],
        ['14:00', 309, 58],
      ],
    },
    fallbackText: 'Pressure at J-101 fell from 318 kPa at 06:00 to 296 kPa at 10:00, then recovered to 309 kPa by 14:00.',
  };
}
