import { defineElement } from '../internal/define.js';
import { MantisA2uiSurface } from './mantis-a2ui-surface.component.js';

export { MantisA2uiSurface };
export type { A2uiActionDetail, A2uiChangeDetail, A2uiErrorDetail, A2uiMediaResolver } from './mantis-a2ui-surface.component.js';
export { BASIC_RENDERERS } from './basic-renderers.js';
export { moveSurface } from './move.js';
export { DEFAULT_CATALOGS, DEFAULT_RENDERERS, MANTIS_RENDERERS } from './mantis-renderers.js';
export type { A2uiNode, A2uiRenderFn, A2uiRenderers, A2uiSurfaceHost, SurfaceWalk } from './render-walk.js';

defineElement('mantis-a2ui-surface', MantisA2uiSurface);

/**
 * Makes sure <mantis-a2ui-surface> is defined: it is, once this module ran. (In the IIFE the element is a file of its
 * own, and this loads it: mantis-a2ui-surface.iife.ts.)
 */
export function requireA2uiSurface(): void {}

declare global {
  interface HTMLElementTagNameMap {
    'mantis-a2ui-surface': MantisA2uiSurface;
  }
}
