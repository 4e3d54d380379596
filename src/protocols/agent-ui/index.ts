/**
 * mantis-ui/agent-ui: the agent-ui@1 protocol (001_996c0b4640eee42b.txt), DOM-free. Backends validate what their
 * model produced with the same schemas the elements render through (`validateEnvelope`), and pages read the envelope
 * stream, the registry and render_refs with these clients. `agentUiProtocol` is agent-ui@1 as a protocol of a chat,
 * loaded by the registration file when a conversation first holds an envelope.
 */
export * from './types.js';
export { AGENT_UI_LIMITS, AGENT_UI_PATTERNS } from './limits.js';
export { UIEnvelopeSchema, parseEnvelope, fallbackTextOf, describeRejection } from './envelope.js';
export { CHART_SERIES_TYPES, CHART_SYMBOLS, ChartSpec, ChartData, checkChart, type ChartSeriesType } from './chart.js';
export { STYLE_PRESETS, LayerStyleSchema, parseMapAction, checkJunctions, type MapRequest, type StylePreset } from './map.js';
export { ServerRegistry, parseServerRegistry, AgentUiRegistry, type ServerRegistryInfo, type CheckedEnvelope, type AgentUiRegistryOptions } from './registry.js';
export * from './validate.js';
export * from './history-panel.js';
export * from './stream.js';
export * from './registry-loader.js';
export * from './render-ref.js';
export { UiEnvelopeEvent } from './wire.js';
export { ENVELOPE_FIELDS, ENVELOPE_RECORDS, envelopePart, entryOf, readEnvelope, type EnvelopeRecord } from './records.js';
export { agentUiProtocol, envelopesOf, EnvelopeSession } from './module.js';
