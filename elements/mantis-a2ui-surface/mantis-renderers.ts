import { MANTIS_COMPONENTS, toMantisView, BASIC_CATALOG_ID, BASIC_CATALOG_ALIAS_ID, MINIMAL_CATALOG_ID, MANTIS_CATALOG_ID } from '../../src/protocols/a2ui/index.js';
export { DEFAULT_CATALOGS } from '../../src/protocols/a2ui/index.js';
import { html } from 'lit';
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

/**
 * Render functions per catalog ID: a surface whose `catalogId` is not here shows a fallback note. The minimal catalog's
 * five components are the basic catalog's, so its renderers are too.
 */
export const DEFAULT_RENDERERS: Readonly<Record<string, A2uiRenderers>> = {
  [BASIC_CATALOG_ID]: BASIC_RENDERERS,
  [BASIC_CATALOG_ALIAS_ID]: BASIC_RENDERERS,
  [MINIMAL_CATALOG_ID]: BASIC_RENDERERS,
  [MANTIS_CATALOG_ID]: MANTIS_RENDERERS,
};

