import { resolveContext, evaluateString, OPEN_URL, type EvalContext, type JsonObject, type JsonValue, type SurfaceModel } from '../../src/protocols/a2ui/index.js';
import type { A2uiActionDetail } from '../events.js';
import type { InstanceCache } from './instance-cache.js';
import type { A2uiNode, A2uiSurfaceHost } from './render-walk.js';

/*
 * What the render walk of one surface asks of the element that draws it (render-walk.ts A2uiSurfaceHost): writing the
 * surface's data model through its model (in the core), running a Button's action, and the state the element keeps
 * per rendered instance.
 */

/** What the element lends the hosts of its surfaces. */
export interface SurfaceElement {
  readonly cache: InstanceCache;
  level(): number;
  viewPolicy(): ReturnType<A2uiSurfaceHost['viewPolicy']>;
  /** Resolves an `agent_files/...` key to an object URL (an image, or video or audio), or null when nothing may be fetched. */
  resolveMedia(playable: boolean): ((key: string) => Promise<string>) | null;
  /** A server event of a Button, its context resolved: fired, and sent to the agent when the element is in a chat. */
  act(detail: A2uiActionDetail): void;
  /** An `openUrl` of a Button: asked with the full address shown, opened after a second explicit click. */
  askToOpen(url: string, trigger: HTMLElement): void;
  requestUpdate(): void;
  readonly updateComplete: Promise<boolean>;
}

/** The host of one surface's render walk. */
export function surfaceHost(element: SurfaceElement, model: SurfaceModel): A2uiSurfaceHost {
  const { surfaceId } = model;
  const cache = element.cache;
  return {
    surfaceId,
    headingLevel: () => element.level(),
    viewPolicy: () => element.viewPolicy(),
    write: (pointer, value) => {
      // A refused write changes nothing: the input is drawn again from the data model.
      if (!model.write(pointer, value)) element.requestUpdate();
    },
    activate: (node, trigger) => activate(element, model, node, trigger),
    local: (key, initial) => cache.local(`${surfaceId}\u0000${key}`, initial),
    markdown: (key, text, inline) => cache.markdown(`${surfaceId}\u0000${key}`, text, inline),
    media: (key, playable = false) => cache.media(key, element.resolveMedia(playable), playable),
    mediaFailed: (key, playable = false, failed = false) => cache.mediaFailed(key, playable, failed),
    domId: (key, part) => cache.domId(`${surfaceId}\u0000${key}\u0000${part}`),
    update: () => {
      element.requestUpdate();
      return element.updateComplete;
    },
  };
}

/** A Button was clicked: its server event (context resolved now, against the data model as it is now) or openUrl. */
function activate(element: SurfaceElement, model: SurfaceModel, node: A2uiNode, trigger: HTMLElement): void {
  const surface = model.state;
  const action = node.component['action'];
  if (!surface || typeof action !== 'object' || action === null) return;
  const ctx: EvalContext = { data: surface.data, scope: node.scope };
  const { event, functionCall } = action as { event?: { name?: unknown; context?: unknown }; functionCall?: { call?: unknown; args?: Record<string, unknown> } };
  if (event && typeof event.name === 'string') {
    const context: JsonObject = typeof event.context === 'object' && event.context !== null ? resolveContext(event.context as JsonObject, ctx) : {};
    element.act({
      action: { name: event.name, surfaceId: model.surfaceId, sourceComponentId: node.id, timestamp: new Date().toISOString(), context },
      ...(surface.sendDataModel ? { dataModel: surface.data } : {}),
    });
  } else if (functionCall?.call === OPEN_URL) {
    element.askToOpen(evaluateString((functionCall.args?.['url'] ?? '') as JsonValue, ctx), trigger);
  } else if (typeof functionCall?.call === 'string') {
    // An agent's function is called with its arguments as they are now (v1.0 callAgentFunction); ours do nothing here.
    // (Asked for once: each time a surface's calls are asked for counts as one of its renders.)
    const calls = model.calls;
    calls?.call(functionCall.call, resolveContext(functionCall.args, { ...ctx, functions: calls.functions }));
  }
}
