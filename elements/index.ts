/**
 * mantis-ui: importing this module defines every element. The DOM-free core is `mantis-ui/core`.
 */
export * from './mantis-ui-view/mantis-ui-view.js';
export * from './mantis-media-item/mantis-media-item.js';
export * from './mantis-chat/mantis-chat.js';
export * from './mantis-artifact-panel/mantis-artifact-panel.js';
export type * from './events.js';
export type { Theme } from './internal/theme.styles.js';
