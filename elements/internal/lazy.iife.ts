import type { A2uiSurfaceModule, AgentEnvelopeModule, ArtifactPanelModule, AttachmentsViewModule, TusUploaderModule, EnvelopeRuntimeModule, MapLibreRuntimeModule, MediaEngineModule, MediaItemModule } from './lazy.js';
import { UnavailableEnvelope } from '../agent-envelope/unavailable.js';
import { defineElement, warnTaken } from './define.js';
import { LIT_KIT, litKitKey } from './lit-kit.js';

/*
 * lazy.ts for the IIFE (vite.config.ts swaps it in): the lazily loaded parts are ES module files built next to
 * dist/mantis-ui.iife.js and imported from the folder the IIFE itself was served from. A classic script may use
 * import(); the URL is taken while the IIFE runs, when document.currentScript is still the IIFE's <script>.
 *
 * Only a script URL that names a `.js` file gives that folder. A package URL such as `https://unpkg.com/mantis-ui`
 * does not: its folder is the CDN's root, where `mantis-ui.chart.js` would be another package anyone may publish.
 * Such a page names the folder itself (`<script src=… data-mantis-lazy-base="https://…/dist/">`); without it the
 * lazy parts are not loaded at all (what needs them shows its fallback).
 */

function lazyBase(): string | null {
  const current = document.currentScript;
  const script =
    current instanceof HTMLScriptElement && current.src
      ? current
      : // Run some other way: the last script named like the bundle.
        [...document.scripts].reverse().find((s) => /\/mantis-ui[^/]*\.js(?:[?#]|$)/.test(s.src));
  if (!script) return null;
  const explicit = script.dataset['mantisLazyBase'];
  if (explicit) return new URL(explicit.endsWith('/') ? explicit : `${explicit}/`, document.baseURI).href;
  const own = new URL(script.src, document.baseURI);
  return /\/[^/]+\.js$/.test(own.pathname) ? own.href : null;
}
const base = lazyBase();
// The lazy Lit elements beside this IIFE take its Lit (elements/internal/lit-kit.ts).
if (base !== null) (globalThis as Record<symbol, unknown>)[litKitKey(new URL('./', base).href)] = LIT_KIT;

/** Imports a file beside the IIFE: what a dynamic import of a lazy part's entry is in the IIFE (vite.config.ts lazyImports). */
function importBeside(file: string): Promise<unknown> {
  return base === null ? Promise.reject(new Error(`[mantis-ui] no folder for ${file}: set data-mantis-lazy-base`)) : import(/* @vite-ignore */ new URL(file, base).href);
}
(globalThis as Record<symbol, unknown>)[Symbol.for('mantis-ui.lazy-import')] = importBeside;

/** Imports a file beside the IIFE once; a failed load is tried again at the next call. */
function once<T>(file: string): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= (importBeside(file) as Promise<T>).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export const loadAgentUi: () => Promise<EnvelopeRuntimeModule> = once('mantis-ui.agent-ui.js');
export const loadMapLibreRuntime: () => Promise<MapLibreRuntimeModule> = once('mantis-ui.maplibre.js');
export const loadMediaEngine: () => Promise<MediaEngineModule> = once('mantis-ui.media.js');
export const loadMediaItem: () => Promise<MediaItemModule> = once('mantis-ui.media-item.js');
export const loadAgentEnvelope: () => Promise<AgentEnvelopeModule> = once('mantis-ui.agent-envelope.js');
export const loadA2uiSurface: () => Promise<A2uiSurfaceModule> = once('mantis-ui.a2ui.js');
export const loadArtifactPanel: () => Promise<ArtifactPanelModule> = once('mantis-ui.artifact-panel.js');
export const loadTusUploader: () => Promise<TusUploaderModule> = once('mantis-ui.uploads.js');
export const loadAttachmentsView: () => Promise<AttachmentsViewModule> = once('mantis-ui.attachments.js');

/** The lazy tags the page had defined before the IIFE ran. */
const taken = new Set<string>();

/** Whether the page defined this lazy tag before the IIFE ran: its file is never loaded, and a chat shows none of it. */
export function takenBeforeLoad(tag: string): boolean {
  return taken.has(tag);
}

/**
 * Loads a lazy element's file once the page needs it: now if its own markup holds the tag, else when a node with the
 * tag is added (a MutationObserver until then). `require` loads and defines it; the twins export it for the chat. A
 * tag defined before the IIFE ran is warned about and never loaded. `unavailable` is called when its file could not be
 * loaded.
 */
export function lazyElement(tag: string, load: () => Promise<unknown>, unavailable?: () => void): () => void {
  // Taken already (by the page, or a copy of mantis-ui loaded before): that element stays, as for the eager tags.
  if (customElements.get(tag)) {
    warnTaken(tag);
    taken.add(tag);
  }
  const require = (): void => {
    if (customElements.get(tag)) return;
    load().catch((error: unknown) => {
      console.warn(`[mantis-ui] <${tag}> could not be loaded:`, error);
      unavailable?.();
    });
  };
  const watch = (): void => {
    if (document.querySelector(tag)) return require();
    const observer = new MutationObserver(() => {
      if (customElements.get(tag) || document.querySelector(tag)) {
        observer.disconnect();
        require();
      }
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true });
  else watch();
  return require;
}

/** Loads and defines `<agent-envelope>`, once (a failed load is tried again at the next call; meanwhile a stand-in says so). */
export const requireAgentEnvelope: () => void = lazyElement('agent-envelope', loadAgentEnvelope, () => defineElement('agent-envelope', UnavailableEnvelope));
