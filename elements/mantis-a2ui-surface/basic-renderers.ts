import { CONTENT_RENDERERS } from './render-content.js';
import { INPUT_RENDERERS } from './render-inputs.js';
import { LAYOUT_RENDERERS } from './render-layout.js';
import type { A2uiRenderers } from './render-walk.js';

/** The basic catalog's eighteen components (catalogs/basic/catalog.json), each drawn by its render function. */
export const BASIC_RENDERERS: A2uiRenderers = { ...CONTENT_RENDERERS, ...LAYOUT_RENDERERS, ...INPUT_RENDERERS };

