/**
 * mantis-ui: importing this module defines every element (each lazily loaded one loads its code on need). The DOM-free
 * core is `mantis-ui/core`; the agent-ui@1 schemas and clients are `mantis-ui/agent-ui`; A2UI is `mantis-ui/a2ui`.
 */
export * from './cdn/mantis-ui.js';
// The A2UI renderer's building blocks, for a page that renders its own catalog. Not in the script tag's `MantisUI`:
// they are the renderer itself, which a script-tag page loads with its first surface.
export { BASIC_RENDERERS } from './mantis-a2ui-surface/basic-renderers.js';
export { DEFAULT_CATALOGS, DEFAULT_RENDERERS, MANTIS_RENDERERS } from './mantis-a2ui-surface/mantis-renderers.js';
export { moveSurface } from './mantis-a2ui-surface/move.js';
