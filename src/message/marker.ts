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
