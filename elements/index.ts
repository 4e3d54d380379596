/**
 * mantis-ui: importing this module defines every element. The DOM-free core is `mantis-ui/core`.
 */
export * from './mantis-ui-view/mantis-ui-view.js';
export * from './mantis-chat/mantis-chat.js';
export type * from './events.js';
export type { Theme } from './internal/theme.styles.js';
