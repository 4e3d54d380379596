import type { MapActionParams, MapAdapter } from '../../src/protocols/agent-ui/types.js';
import { loadMapLibreRuntime } from '../internal/lazy.js';
import type { MapLibreAdapterOptions, MapLibreMapLike } from './maplibre-adapter.js';

export type { MapLibreAdapterOptions, MapLibreMapLike };

/** The MapLibre adapter: a MapAdapter that also removes what it added. */
export type MapLibreAdapter = MapAdapter & { dispose(): void };

/**
 * A MapAdapter that drives a MapLibre map the host created (maplibre-gl 5 or 6, an optional peer dependency: this
 * package never imports it). The adapter's code is its own file, fetched when the adapter is created (beside the
 * IIFE for a script-tag page, a chunk of the host's bundle otherwise); actions asked for before it arrived run in
 * order once it has.
 *
 * @example
 * const map = new maplibregl.Map({ container: 'map', style });
 * chat.mapAdapter = createMapLibreAdapter(map, { padding: 32 });
 */
export function createMapLibreAdapter(map: MapLibreMapLike, options: MapLibreAdapterOptions = {}): MapLibreAdapter {
  let disposed = false;
  let adapter: Promise<MapLibreAdapter> | null = null;
  // Loaded at once, and again at the next action if the file did not load.
  const real = (): Promise<MapLibreAdapter> =>
    (adapter ??= loadMapLibreRuntime()
      .then((runtime) => runtime.createMapLibreAdapter(map, options))
      .catch((error: unknown) => {
        adapter = null;
        throw error;
      }));
  real().catch(() => undefined);
  // Actions run one after another, in the order they were asked for.
  let queue: Promise<unknown> = Promise.resolve();
  const run = <K extends keyof MapAdapter>(method: K, params: Parameters<MapAdapter[K]>[0]): Promise<void> => {
    const next = queue.then(async () => {
      if (disposed) throw new Error('the map adapter was disposed');
      const ready = await real();
      await (ready[method] as (p: typeof params) => void | Promise<void>)(params);
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    locateFeatures: (params: MapActionParams['locate_features']) => run('locateFeatures', params),
    zoomToMap: (params: MapActionParams['zoom_to_map']) => run('zoomToMap', params),
    renderJunctions: (params: MapActionParams['render_junctions']) => run('renderJunctions', params),
    applyLayerStyle: (params: MapActionParams['apply_layer_style']) => run('applyLayerStyle', params),
    dispose: () => {
      disposed = true;
      void adapter?.then((ready) => ready.dispose(), () => undefined);
    },
  };
}
