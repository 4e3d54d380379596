/*
 * agent-ui@1 (001_996c0b4640eee42b.txt) in one call, for backends checking what their model produced before it is
 * sent, and for tests: the envelope, then the registry, then (for a chart) the echarts-safe-subset check, which the
 * elements otherwise run lazily where they draw.
 */
import { checkChart } from './chart.js';
import { ok, parseEnvelope } from './envelope.js';
import { AgentUiRegistry, type CheckedEnvelope } from './registry.js';
import type { CheckedChart, Checked } from './types.js';

const DEFAULT_REGISTRY = new AgentUiRegistry();

/** The chart series types a registry allows: its server's list, or undefined (all four) without a server registry. */
export const seriesTypesOf = (registry: AgentUiRegistry): readonly string[] | undefined => (registry.server ? (registry.server.chart?.seriesTypes ?? []) : undefined);

/**
 * Validates an envelope (a value or JSON text) end to end. Never throws. Without a registry, only the built-in
 * chart grammar and map actions pass (no components). A chart also gets its checked option, and must use only the
 * series types the server's registry lists.
 */
export function validateEnvelope(value: unknown, registry: AgentUiRegistry = DEFAULT_REGISTRY): Checked<CheckedEnvelope & { chart?: CheckedChart }> {
  const parsed = parseEnvelope(value);
  const checked = parsed.ok ? registry.check(parsed.value) : parsed;
  if (!checked.ok || checked.value.kind !== 'chart') return checked;
  const { spec, data } = checked.value.envelope;
  const chart = checkChart(spec, data, seriesTypesOf(registry));
  return chart.ok ? ok({ ...checked.value, chart: chart.value }) : chart;
}
