/**
 * mantis-ui: importing this module defines every element. The DOM-free core is `mantis-ui/core`; the agent-ui@1
 * schemas and clients are `mantis-ui/agent-ui`.
 */
export * from './mantis-ui-view/mantis-ui-view.js';
export * from './mantis-media-item/mantis-media-item.js';
export * from './mantis-chat/mantis-chat.js';
export * from './mantis-artifact-panel/mantis-artifact-panel.js';
export * from './agent-envelope/agent-envelope.js';
export * from './mantis-a2ui-surface/mantis-a2ui-surface.js';
export * from './maplibre/index.js';
export { loadAgentUi } from './internal/lazy.js';
export type * from './events.js';
export type { Theme } from './internal/theme.styles.js';
