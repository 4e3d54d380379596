import { defineElement } from '../internal/define.js';
import { MantisArtifactPanel } from './mantis-artifact-panel.component.js';

export { MantisArtifactPanel };
export type { ArtifactCloseDetail, ArtifactPanelResizeDetail } from '../events.js';

defineElement('mantis-artifact-panel', MantisArtifactPanel);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-artifact-panel': MantisArtifactPanel;
  }
}
