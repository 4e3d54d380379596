import type { CatalogDefinition } from './catalog-basic.js';
import { SPEC_CATALOGS } from './catalog-minimal.js';
import { MANTIS_CATALOG } from './catalog-mantis.js';
import { expandHigherOrder, type HigherOrderCatalog } from './higher-order.js';
import { surfaceOf } from './placements.js';
import type { A2uiSurfaceStore } from './surface.js';
import type { A2uiComponent, A2uiError } from './types.js';

/*
 * Higher-order components (004, "higher-order composition"): before a message applies, each is replaced by the basic
 * components it is made of, and an error about what came out points back into what the agent wrote.
 */

/** The catalogs a surface may name by default: the specification's (basic, under both identifiers, and minimal) and ours. */
export const DEFAULT_CATALOGS: readonly CatalogDefinition[] = [...SPEC_CATALOGS, MANTIS_CATALOG];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An updateComponents for a surface on a catalog with higher-order components, with each of them replaced by the
 * basic components it is made of (the store then validates those), and for each component of the result where the
 * agent wrote it: the index of its component in the agent's message, and whether it is that component unchanged (so an
 * error points into what the agent wrote); any other message as it is.
 */
export function expandMessage(message: unknown, catalog: (CatalogDefinition & HigherOrderCatalog) | undefined): { message: unknown; sources?: Written[] } {
  if (!catalog?.higherOrder || !isRecord(message)) return { message };
  const payload = message['updateComponents'];
  if (!isRecord(payload) || !Array.isArray(payload['components'])) return { message };
  const components = payload['components'] as unknown[];
  if (!components.every((c): c is A2uiComponent => isRecord(c) && typeof c['id'] === 'string' && typeof c['component'] === 'string')) return { message };
  const expanded: A2uiComponent[] = [];
  const sources: Written[] = [];
  components.forEach((component, index) => {
    for (const part of expandHigherOrder([component], catalog)) {
      expanded.push(part);
      // expandHigherOrder returns a component it leaves as it is: the same object.
      sources.push({ index, exact: part === component });
    }
  });
  return { message: { ...message, updateComponents: { ...payload, components: expanded } }, sources };
}

/** Where the agent wrote a component of an expanded message (surface.ts ComponentSource without its `since`). */
export interface Written {
  readonly index: number;
  readonly exact: boolean;
}

/**
 * An error about an expanded message, pointing into the agent's own message instead: at the component it wrote (and
 * inside it, when the failing component is that one unchanged).
 */
export function originalError(error: A2uiError, sources: readonly Written[] | undefined): A2uiError {
  const match = sources && 'path' in error ? /^\/components\/(\d+)(.*)$/.exec(error.path) : null;
  const source = match && sources?.[Number(match[1])];
  return source ? ({ ...error, path: `/components/${source.index}${source.exact ? (match[2] ?? '') : ''}` } as A2uiError) : error;
}

/**
 * Applies one server message to a store, the higher-order components of its surface's catalog expanded first; the
 * error, pointing into the agent's own message, or null. Never throws.
 */
export function applyExpanded(store: A2uiSurfaceStore, message: unknown, catalogs: readonly CatalogDefinition[]): A2uiError | null {
  const surfaceId = surfaceOf(message)?.surfaceId ?? '';
  try {
    const catalogId = store.get(surfaceId)?.catalogId;
    const catalog = catalogId === undefined ? undefined : catalogs.find((c) => c.catalogId === catalogId);
    const { message: expanded, sources } = expandMessage(message, catalog);
    const refused = store.apply(expanded, sources);
    return refused && originalError(refused, sources);
  } catch {
    return { code: 'INVALID_MESSAGE', surfaceId, message: 'The message could not be applied.' };
  }
}
