import { html } from 'lit';
import { BASIC_CATALOG, type CatalogDefinition } from '../../src/protocols/a2ui/catalog-basic.js';
import { MANTIS_CATALOG, MANTIS_COMPONENTS, toMantisView } from '../../src/protocols/a2ui/catalog-mantis.js';
import { expandHigherOrder, type HigherOrderCatalog } from '../../src/protocols/a2ui/higher-order.js';
import { BASIC_CATALOG_ID, MANTIS_CATALOG_ID, type A2uiComponent, type A2uiError } from '../../src/protocols/a2ui/types.js';
import { BASIC_RENDERERS } from './basic-renderers.js';
import type { A2uiRenderFn, A2uiRenderers } from './render-walk.js';

/*
 * Our second A2UI catalog (MANTIS_CATALOG_ID, src/protocols/a2ui/catalog-mantis.ts): every basic component, our v1 components
 * drawn by <mantis-ui-view> as one-node views (so the v1 renderer, its action policy and its media rules apply), and
 * higher-order components, which are expanded into basic components before their message is applied.
 */

/** A v1 component: validated again as a one-node v1 view, then drawn by <mantis-ui-view> (the bundle defines it). */
const renderMantisView: A2uiRenderFn = (node, r) => {
  const result = toMantisView(node.component);
  if (!result.ok) return r.placeholder('A part of this surface could not be shown.');
  const policy = r.host.viewPolicy();
  return html`<mantis-ui-view
    part="mantis-view"
    .view=${result.view}
    .messageId=${policy.messageId}
    ?read-only=${policy.readOnly}
    ?actions-disabled=${policy.actionsDisabled}
  ></mantis-ui-view>`;
};

export const MANTIS_RENDERERS: A2uiRenderers = {
  ...BASIC_RENDERERS,
  ...Object.fromEntries(Object.keys(MANTIS_COMPONENTS).map((name) => [name, renderMantisView])),
};

/** Render functions per catalog ID: a surface whose `catalogId` is not here shows a fallback note. */
export const DEFAULT_RENDERERS: Readonly<Record<string, A2uiRenderers>> = { [BASIC_CATALOG_ID]: BASIC_RENDERERS, [MANTIS_CATALOG_ID]: MANTIS_RENDERERS };

/** The catalogs a surface may name by default: the specification's basic catalog and ours. */
export const DEFAULT_CATALOGS: readonly CatalogDefinition[] = [BASIC_CATALOG, MANTIS_CATALOG];

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
