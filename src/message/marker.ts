import { BASIC_CATALOG_ID, MANTIS_CATALOG_ID } from '../protocols/a2ui/types.js';
/** Composer modes. Ask is authored under the read-only action policy. */
export const MODES = ['orchestrator', 'ask', 'visual-tour'] as const;
export type ComposerMode = (typeof MODES)[number];

/**
 * The trusted per-message protocol marker, stored with each assistant message and sent by the server (never
 * derived from assistant text). Replay reads this, never the mode currently selected in the Composer.
 */
export interface ProtocolMarker {
  /** 1 when this response negotiated inline UI v1; null when it was authored without the capability. */
  readonly inlineUiVersion: 1 | null;
  readonly mode: ComposerMode;
}

/** The capability a compatible client advertises on the Composer WebSocket URL. */
export const INLINE_UI_CAPABILITY = { param: 'inline_ui_version', value: '1' } as const;

/** Whether `mantis-ui` fences in a message authored under this marker are views (else they stay Markdown). */
export function markerAllowsViews(marker: ProtocolMarker): boolean {
  return marker.inlineUiVersion === 1 && (marker.mode === 'orchestrator' || marker.mode === 'ask');
}

/** The URL parameter, repeated, naming each A2UI catalog a client renders (docs/protocol.md "A2UI surfaces"). */
export const A2UI_CATALOG_PARAM = 'a2ui_catalog';
/** The A2UI catalogs `<mantis-chat>` renders: the specification's basic catalog and our v1 components as a second one. */
export const A2UI_CATALOGS: readonly string[] = [BASIC_CATALOG_ID, MANTIS_CATALOG_ID];
