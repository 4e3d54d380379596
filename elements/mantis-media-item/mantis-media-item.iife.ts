import { loadMediaItem } from '../internal/lazy.js';

/*
 * mantis-media-item.ts for the IIFE (vite.config.ts swaps it in): the element is its own file beside the IIFE, a
 * Lit element that takes the IIFE's Lit (elements/internal/lit-kit.ts), loaded when a page first needs one: a view
 * renders a media gallery (requireMediaItem), or the page itself holds a <mantis-media-item>.
 */

const TAG = 'mantis-media-item';

/** Loads and defines <mantis-media-item>, once (a failed load is tried again at the next call). */
export function requireMediaItem(): void {
  if (!customElements.get(TAG)) loadMediaItem().catch((error: unknown) => console.warn('[mantis-ui] <mantis-media-item> could not be loaded:', error));
}

// Items in the page's own markup, now or later.
const watch = (): void => {
  if (document.querySelector(TAG)) return requireMediaItem();
  const observer = new MutationObserver(() => {
    if (customElements.get(TAG) || document.querySelector(TAG)) {
      observer.disconnect();
      requireMediaItem();
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true });
else watch();
