import { lazyElement, loadMediaItem } from '../internal/lazy.js';

/*
 * mantis-media-item.ts for the IIFE (vite.config.ts swaps it in): the element is its own file beside the IIFE, a
 * Lit element that takes the IIFE's Lit (elements/internal/lit-kit.ts), loaded when a page first needs one: a view
 * renders a media gallery (requireMediaItem), or the page itself holds a <mantis-media-item>.
 */

/** Loads and defines <mantis-media-item>, once (a failed load is tried again at the next call). */
export const requireMediaItem: () => void = lazyElement('mantis-media-item', loadMediaItem);
