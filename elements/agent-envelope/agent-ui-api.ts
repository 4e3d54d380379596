/*
 * What a script-tag page reaches through `MantisUI.loadAgentUi()` (elements/internal/lazy.ts): the agent-ui@1 runtime
 * an envelope renders with, and the envelope stream, which is a part of its own (it brings an SSE parser) so that a
 * page that only shows envelopes never loads it.
 */
export * from './envelope-runtime.js';
export { AgentUiStream } from '../../src/protocols/agent-ui/stream.js';
