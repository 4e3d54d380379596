import type { ArtifactStore } from '../../src/artifacts/artifact-store.js';
import { lazyElement, loadArtifactPanel } from '../internal/lazy.js';

/*
 * mantis-artifact-panel.ts for the IIFE (vite.config.ts swaps it in): the element is its own file beside the IIFE
 * (mantis-ui.artifact-panel.js), a Lit element that takes the IIFE's Lit (elements/internal/lit-kit.ts), loaded when a
 * page first needs one: a chat's store opens its first artifact (requireArtifactPanel), or the page itself holds a
 * <mantis-artifact-panel for="…">. Properties set before it is defined (the chat's `.store`) are taken at the upgrade;
 * until then the undefined element shows nothing, as the panel does with no tab.
 */

const load = lazyElement('mantis-artifact-panel', loadArtifactPanel);
const watched = new WeakSet<ArtifactStore>();

/**
 * Loads and defines <mantis-artifact-panel> (once; a failed load is tried again at the next call): now, or, given the
 * store a chat's panel shows, once that store holds its first artifact.
 */
export function requireArtifactPanel(store?: ArtifactStore): void {
  if (!store || store.tabs.length > 0) return load();
  if (watched.has(store)) return;
  watched.add(store);
  const stop = store.subscribe(() => {
    if (store.tabs.length === 0) return;
    stop();
    load();
  });
}
