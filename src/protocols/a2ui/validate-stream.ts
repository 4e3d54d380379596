import { A2UI_LIMITS } from './limits.js';
import { checkGraph } from './graph.js';
import type { A2uiServerMessage } from './schema.js';
import type { A2uiComponent } from './types.js';
import { catalogsOf, failure, surfaceIdOf, type A2uiStreamError, type A2uiValidationOptions, type A2uiValidationResult } from './validate.js';
import { createA2uiValidator } from './validator.js';
import type { A2uiV1Message } from './v1/schema.js';

/*
 * A whole stream of A2UI messages checked at once (validateA2uiMessages), for a backend: each message as the chat's
 * store applies it (createA2uiValidator's check), then every tree the stream built.
 * createA2uiValidator (validator.ts) checks one message at a time across turns.
 */

interface BatchSurface {
  readonly catalogId: string;
  readonly version?: string;
  /** Component id → where it was last defined; `null` for a surface created before the batch (its tree is unknown). */
  readonly components: Map<string, { component: A2uiComponent; index: number; position: number }> | null;
}

/**
 * Validates a batch of messages in order, each as the chat applies it (createA2uiValidator's check: what the chat would
 * refuse of it, a write through a scalar say, is refused here too), and then the component tree of every surface the
 * batch created that has a `root`: no dangling reference, no cycle, no deeper than A2UI_LIMITS.depth. Returns the
 * first failure. Surfaces in `knownSurfaces` were created earlier: their earlier components are not known here, so
 * their trees are checked when rendered (A2uiSurfaceStore.checkSurface), not now. Never throws.
 */
export function validateA2uiMessages(messages: unknown, options: A2uiValidationOptions = {}): A2uiValidationResult {
  try {
    if (!Array.isArray(messages)) return { ...failure('', [], 'Expected a list of A2UI messages.'), index: -1 };
    const surfaces = new Map<string, BatchSurface>();
    const catalogs = catalogsOf(options);
    for (const [id, catalogId] of options.knownSurfaces ?? []) surfaces.set(id, { catalogId, components: null });
    // (A known surface on a catalog it lacks does not exist here: the first message for it is refused.)
    const known = [...(options.knownSurfaces ?? [])].filter(([, catalogId]) => catalogs.some((c) => c.catalogId === catalogId));
    const chat = createA2uiValidator({ ...options, knownSurfaces: new Map(known) });
    const valid: (A2uiServerMessage | A2uiV1Message)[] = [];
    /** Where each component of a surface the batch created was last defined: message `index`, at `position`. */
    const add = (surface: BatchSurface | undefined, index: number, components: readonly unknown[] = []): void =>
      components.forEach((component, position) => surface?.components?.set((component as A2uiComponent).id, { component: component as A2uiComponent, index, position }));
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      if (index >= A2UI_LIMITS.messagesPerBatch) {
        return { ...failure(surfaceIdOf(message), [], `A batch holds at most ${A2UI_LIMITS.messagesPerBatch} messages.`), index };
      }
      const applied = chat.check(message);
      // (An error with no place in the message, `INVALID_MESSAGE` or a function call's, has `path` "".)
      if (!applied.ok) return { ok: false, index, error: { path: '', ...applied.error } as A2uiStreamError };
      // The agent's own message, as it sent it.
      const m = message as A2uiServerMessage | A2uiV1Message;
      valid.push(m);
      if ('createSurface' in m) {
        const created = m.createSurface;
        const surface: BatchSurface = { catalogId: created.catalogId ?? '', components: new Map(), version: m.version };
        surfaces.set(created.surfaceId, surface);
        add(surface, index, (created as { components?: readonly unknown[] }).components);
      } else if ('deleteSurface' in m) surfaces.delete(m.deleteSurface.surfaceId);
      else if ('updateComponents' in m) add(surfaces.get(m.updateComponents.surfaceId), index, m.updateComponents.components);
    }
    for (const [surfaceId, surface] of surfaces) {
      if (!surface.components) continue;
      const tree = new Map([...surface.components].map(([id, at]) => [id, at.component]));
      const graph = checkGraph(tree);
      const dialect = graph.ok ? options.versions?.find((d) => d.versions.includes(surface.version as string)) : undefined;
      const problem = graph.ok ? dialect?.checkTree(tree, surface.catalogId, catalogs) : { ...graph.error, ...graph };
      if (!problem) continue;
      const at = surface.components.get(problem.componentId) as { index: number; position: number };
      const path = `/components/${at.position}${problem.refPath}`;
      return { ok: false, index: at.index, error: { code: problem.code, surfaceId, path, message: problem.message } };
    }
    return { ok: true, messages: valid };
  } catch {
    return { ...failure('', [], 'The messages could not be validated.'), index: -1 };
  }
}
