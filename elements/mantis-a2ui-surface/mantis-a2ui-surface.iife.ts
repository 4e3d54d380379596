import { lazyElement, loadA2uiSurface } from '../internal/lazy.js';

/*
 * mantis-a2ui-surface.ts for the IIFE (vite.config.ts swaps it in): the element is its own file beside the IIFE
 * (mantis-ui.a2ui.js), a Lit element that takes the IIFE's Lit (elements/internal/lit-kit.ts), loaded when a page
 * first needs one: the chat shows an A2UI surface, or the page itself holds a <mantis-a2ui-surface>.
 */

/** Loads and defines <mantis-a2ui-surface>, once (a failed load is tried again at the next call). */
export const requireA2uiSurface: () => void = lazyElement('mantis-a2ui-surface', loadA2uiSurface);
