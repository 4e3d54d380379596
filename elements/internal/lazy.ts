import type * as AgentUiApi from '../agent-envelope/agent-ui-api.js';
import type * as MapLibreRuntime from '../maplibre/maplibre-adapter.js';
import type * as MediaEngine from '../../src/media/media-service.js';
import type * as TusUploader from './tus-uploader.js';
import type * as AttachmentsView from '../mantis-chat/attachments-view.js';
import type * as SurfacePlacerModule from '../mantis-a2ui-surface/placer.js';

/*
 * The parts loaded only when first needed: the agent-ui@1 runtime (schemas, registry, render_refs; it imports the
 * chart runtime, ECharts with the SVG renderer, in turn), the MapLibre adapter, the media engine (fetching and the
 * object-URL cache behind a chat's media service, elements/internal/lazy-media.ts), the tus client and the composer's
 * attachment controls. Plain dynamic imports: the host's bundler, and the script tag's build (dist/cdn/), make each a
 * chunk of the one module graph. The lazily loaded elements load their own code (elements/internal/lazy-element.ts).
 */

export type MapLibreRuntimeModule = typeof MapLibreRuntime;
export type MediaEngineModule = typeof MediaEngine;
export type TusUploaderModule = typeof TusUploader;
export type AttachmentsViewModule = typeof AttachmentsView;

/** Imports once; a failed load is tried again at the next call. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * The agent-ui@1 runtime with its SSE client: the way a script-tag page reaches `AgentUiStream`, `validateEnvelope`,
 * `HistoryPanelProps` and `ScadaPanelProps` (`const { AgentUiStream } = await MantisUI.loadAgentUi()`).
 */
export const loadAgentUi: () => Promise<typeof AgentUiApi> = once(() => import('../agent-envelope/agent-ui-api.js'));
export const loadMapLibreRuntime: () => Promise<MapLibreRuntimeModule> = once(() => import('../maplibre/maplibre-adapter.js'));
export const loadMediaEngine: () => Promise<MediaEngineModule> = once(() => import('../../src/media/media-service.js'));
/** The tus upload client (tus-js-client), loaded with a chat's first attachment. */
export const loadTusUploader: () => Promise<TusUploaderModule> = once(() => import('./tus-uploader.js'));
/** The composer's attachment controls, loaded once a chat has an upload endpoint. */
export const loadAttachmentsView: () => Promise<AttachmentsViewModule> = once(() => import('../mantis-chat/attachments-view.js'));

/*
 * The protocols' elements a chat draws, reached through this file (one road to a protocol's code, test/node/
 * import-graph.test.ts): each is defined at once by a small class whose code loads when the first one connects; what
 * puts a chat's A2UI surfaces into its messages (and moves them, keeping their state) loads with the first surface.
 */
export { AgentEnvelope } from '../agent-envelope/agent-envelope.js';
export { MantisA2uiSurface } from '../mantis-a2ui-surface/mantis-a2ui-surface.js';
export type { SurfacePlacer, Surfaces } from '../mantis-a2ui-surface/placer.js';
export const loadSurfacePlacer: () => Promise<typeof SurfacePlacerModule> = once(() => import('../mantis-a2ui-surface/placer.js'));
