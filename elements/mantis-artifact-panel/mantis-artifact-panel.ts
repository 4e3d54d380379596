import type { ArtifactStore } from '../../src/artifacts/artifact-store.js';
import { defineElement } from '../internal/define.js';
import { MantisArtifactPanel } from './mantis-artifact-panel.component.js';

export { MantisArtifactPanel };
export type { ArtifactCloseDetail, ArtifactPanelResizeDetail } from '../events.js';

defineElement('mantis-artifact-panel', MantisArtifactPanel);

/**
 * Makes sure <mantis-artifact-panel> is defined: it is, once this module ran. (In the IIFE the element is a file of
 * its own, and this loads it, when `store` holds its first artifact: mantis-artifact-panel.iife.ts.)
 */
export function requireArtifactPanel(_store?: ArtifactStore): void {}

declare global {
  interface HTMLElementTagNameMap {
    'mantis-artifact-panel': MantisArtifactPanel;
  }
}
