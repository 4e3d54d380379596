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
 * basic components it is made of (the store then validates those), and for each component of the result the index
 * of the component of the agent's message it came from (so an error points into what the agent wrote); any other
 * message as it is.
 */
export function expandMessage(message: unknown, catalog: (CatalogDefinition & HigherOrderCatalog) | undefined): { message: unknown; origins?: number[] } {
  if (!catalog?.higherOrder || !isRecord(message)) return { message };
  const payload = message['updateComponents'];
  if (!isRecord(payload) || !Array.isArray(payload['components'])) return { message };
  const components = payload['components'] as unknown[];
  if (!components.every((c): c is A2uiComponent => isRecord(c) && typeof c['id'] === 'string' && typeof c['component'] === 'string')) return { message };
  const expanded: A2uiComponent[] = [];
  const origins: number[] = [];
  components.forEach((component, index) => {
    for (const part of expandHigherOrder([component], catalog)) {
      expanded.push(part);
      origins.push(index);
    }
  });
  return { message: { ...message, updateComponents: { ...payload, components: expanded } }, origins };
}

/**
 * An error about an expanded message, pointing into the agent's own message instead: at the component it wrote (and
 * inside it, when the failing component is that one unchanged).
 */
export function originalError(error: A2uiError, origins: readonly number[] | undefined): A2uiError {
  const match = origins && 'path' in error ? /^\/components\/(\d+)(.*)$/.exec(error.path) : null;
  if (!match || !origins) return error;
  const index = Number(match[1]);
  const origin = origins[index];
  if (origin === undefined) return error;
  const unchanged = origins.indexOf(origin) === index && origins.lastIndexOf(origin) === index;
  return { ...error, path: `/components/${origin}${unchanged ? (match[2] ?? '') : ''}` } as A2uiError;
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
    const { message: expanded, origins } = expandMessage(message, catalog);
    const refused = store.apply(expanded, origins);
    return refused && originalError(refused, origins);
  } catch {
    return { code: 'INVALID_MESSAGE', surfaceId, message: 'The message could not be applied.' };
  }
}
