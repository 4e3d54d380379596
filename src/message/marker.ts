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

/**
 * The marker of a reply from a protocol whose messages carry metadata (the AI SDK's `messageMetadata`, an AG-UI
 * event's `metadata`): `{ mantis: { inlineUiVersion: 1, mode } }`. Only a backend that says so gets `mantis-ui` fences
 * read as views; any other reply is Markdown, fences included. A mode this client does not know is read-only Ask.
 */
export function markerFromMetadata(metadata: unknown): ProtocolMarker {
  const mantis = (metadata as { mantis?: { inlineUiVersion?: unknown; mode?: unknown } } | null)?.mantis;
  if (!mantis || typeof mantis !== 'object') return { inlineUiVersion: null, mode: 'orchestrator' };
  const known = (MODES as readonly unknown[]).includes(mantis.mode);
  return { inlineUiVersion: known && mantis.inlineUiVersion === 1 ? 1 : null, mode: known ? (mantis.mode as ComposerMode) : 'ask' };
}
