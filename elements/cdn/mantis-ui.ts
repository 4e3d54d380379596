/**
 * What a script-tag page gets as `MantisUI` (built as dist/cdn/mantis-ui.js, which dist/mantis-ui.iife.js imports): every tag,
 * defined at once (the lazily loaded ones load their code on need), and the API a page calls. The package's main
 * entry (elements/index.ts) adds the A2UI renderer's building blocks, which are the renderer itself.
 */
export * from '../mantis-ui-view/mantis-ui-view.js';
export * from '../mantis-media-item/mantis-media-item.js';
export * from '../mantis-chat/mantis-chat.js';
export * from '../mantis-artifact-panel/mantis-artifact-panel.js';
export * from '../agent-envelope/agent-envelope.js';
export * from '../mantis-a2ui-surface/mantis-a2ui-surface.js';
export * from '../maplibre/index.js';
export { loadAgentUi } from '../internal/lazy.js';
export type * from '../events.js';
export type { Theme } from '../internal/theme.styles.js';
