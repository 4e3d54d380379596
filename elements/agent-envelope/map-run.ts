
/**
 * Runs a checked map action on the page's adapter: a render_junctions first resolves its render_ref (under the
 * agent-ui base and session) and checks the GeoJSON. Resolves to a sentence saying what the map now shows, or a
 * problem: `render-ref-failed` (the fallback shows), `render-failed` (the adapter threw).
 */
export async function runMapAction(
  request: MapRequest,
  adapter: MapAdapter,
  where: { base: string; sessionId: string; headers?: (() => Record<string, string>) | undefined; signal?: AbortSignal },
): Promise<Checked<string>> {
  try {
    switch (request.action) {
      case 'render_junctions': {
        if (!where.base || !where.sessionId) {
          return { ok: false, reason: 'render-ref-failed', message: 'No agent-ui URL and session to resolve the render_ref under.' };
        }
        const junctions = await resolveRenderRef({
          url: agentUiEndpoints(where.base).renderRef,
          renderRef: request.params.renderRef,
          sessionId: where.sessionId,
          ...(where.headers ? { headers: where.headers } : {}),
          ...(where.signal ? { signal: where.signal } : {}),
        });
        if (!junctions.ok) return junctions;
        // The element went (or renders something else) while the payload came: the map is left alone.
        if (where.signal?.aborted) return { ok: false, reason: 'render-failed', message: 'The map action was not needed any more.' };
        await adapter.renderJunctions({ renderRef: request.params.renderRef, junctions: junctions.value });
        const count = junctions.value.features.length;
        return { ok: true, value: `Shown on the map: ${count} junction${count === 1 ? '' : 's'}.` };
      }
      case 'locate_features': {
        await adapter.locateFeatures(request.params);
        const count = request.params.featureIds.length;
        return { ok: true, value: `Located on the map: ${count} feature${count === 1 ? '' : 's'}.` };
      }
      case 'zoom_to_map':
        await adapter.zoomToMap(request.params);
        return { ok: true, value: 'The map moved to the requested area.' };
      case 'apply_layer_style':
        await adapter.applyLayerStyle(request.params);
        return { ok: true, value: `The map layer ${request.params.layerId} was restyled.` };
    }
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message.slice(0, 200) : 'The map could not apply this action.';
    return { ok: false, reason: 'render-failed', message: reason };
  }
}import { agentUiEndpoints, resolveRenderRef } from '../../src/protocols/agent-ui/index.js';
import type { MapRequest, Checked, MapAdapter } from '../../src/protocols/agent-ui/index.js';

