import type * as EnvelopeRuntime from '../agent-envelope/envelope-runtime.js';
import type * as AgentEnvelope from '../agent-envelope/agent-envelope.js';
import type * as MapLibreRuntime from '../maplibre/maplibre-adapter.js';
import type * as MediaEngine from '../../src/media/media-service.js';
import type * as MediaItem from '../mantis-media-item/mantis-media-item.js';
import type * as A2uiSurface from '../mantis-a2ui-surface/mantis-a2ui-surface.js';
import type * as ArtifactPanel from '../mantis-artifact-panel/mantis-artifact-panel.js';
import type * as TusUploader from './tus-uploader.js';
import type * as AttachmentsView from '../mantis-chat/attachments-view.js';

/*
 * The parts loaded only when first needed, each its own file: the agent-ui@1 runtime (schemas, registry,
 * render_refs; it imports the chart runtime, ECharts with the SVG renderer, in turn), the MapLibre adapter and the media engine (fetching and
 * the object-URL cache behind a chat's media service, elements/internal/lazy-media.ts). In the ES build these are dynamic
 * imports the host's bundler splits; the IIFE build replaces this module with lazy.iife.ts, which imports the same
 * parts as files next to the IIFE (vite.config.ts builds them).
 */

export type EnvelopeRuntimeModule = typeof EnvelopeRuntime;
export type AgentEnvelopeModule = typeof AgentEnvelope;
export type MapLibreRuntimeModule = typeof MapLibreRuntime;
export type MediaEngineModule = typeof MediaEngine;
export type MediaItemModule = typeof MediaItem;
export type A2uiSurfaceModule = typeof A2uiSurface;
export type ArtifactPanelModule = typeof ArtifactPanel;
export type TusUploaderModule = typeof TusUploader;
export type AttachmentsViewModule = typeof AttachmentsView;

/** Imports once; a failed load is tried again at the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * The agent-ui@1 runtime (also the way a script-tag page reaches `AgentUiStream`, `validateEnvelope`,
 * `HistoryPanelProps` and `ScadaPanelProps`: `const { AgentUiStream } = await MantisUI.loadAgentUi()`).
 */
export const loadAgentUi: () => Promise<EnvelopeRuntimeModule> = once(() => import('../agent-envelope/envelope-runtime.js'));
export const loadMapLibreRuntime: () => Promise<MapLibreRuntimeModule> = once(() => import('../maplibre/maplibre-adapter.js'));
export const loadMediaEngine: () => Promise<MediaEngineModule> = once(() => import('../../src/media/media-service.js'));
/** `<mantis-media-item>`, a file of its own beside the IIFE (in the ES build it is defined with the rest). */
export const loadMediaItem: () => Promise<MediaItemModule> = once(() => import('../mantis-media-item/mantis-media-item.js'));
/** `<agent-envelope>`, a file of its own beside the IIFE. */
export const loadAgentEnvelope: () => Promise<AgentEnvelopeModule> = once(() => import('../agent-envelope/agent-envelope.js'));
/** `<mantis-a2ui-surface>` (the A2UI renderer, its schemas and functions), a file of its own beside the IIFE. */
export const loadA2uiSurface: () => Promise<A2uiSurfaceModule> = once(() => import('../mantis-a2ui-surface/mantis-a2ui-surface.js'));
/** `<mantis-artifact-panel>` (tabs, layout, the payload formats), a file of its own beside the IIFE. */
export const loadArtifactPanel: () => Promise<ArtifactPanelModule> = once(() => import('../mantis-artifact-panel/mantis-artifact-panel.js'));

/** The tus upload client (tus-js-client), loaded with a chat's first attachment. */
export const loadTusUploader: () => Promise<TusUploaderModule> = once(() => import('./tus-uploader.js'));
/** The composer's attachment controls, loaded once a chat has an upload endpoint. */
export const loadAttachmentsView: () => Promise<AttachmentsViewModule> = once(() => import('../mantis-chat/attachments-view.js'));

/** In the ES build the elements are defined with the rest (a tag the page took shows as another class once loaded). */
export function takenBeforeLoad(_tag: string): boolean {
  return false;
}

/** In the ES build every element is defined with the rest: nothing to watch for (lazy.iife.ts loads them in the IIFE). */
export function lazyElement(_tag: string, load: () => Promise<unknown>, _unavailable?: () => void): () => void {
  return () => void load();
}

/** Makes sure `<agent-envelope>` is defined before a chat shows one (in the ES build it is, with the rest). */
export const requireAgentEnvelope: () => void = lazyElement('agent-envelope', loadAgentEnvelope);
