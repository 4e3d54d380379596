import { html, type TemplateResult } from 'lit';
import type { ArtifactNode, ComposerNode, InvalidNode, NodeOf, NodeType } from '../../src/index.js';
import { isMoreType, moreFailed, moreNodes } from './lazy-nodes.js';
import { actionRow } from './nodes/action-row.js';
import { grid, stack } from './nodes/containers.js';
import type { NodeRenderer, RenderContext } from './nodes/context.js';
import { entityCard } from './nodes/entity-card.js';
import { metricGroup } from './nodes/metric-group.js';
import type { MoreNodeType } from './nodes/more.js';
import { callout, heading } from './nodes/text.js';

export type { RenderContext } from './nodes/context.js';

/** An invalid child: small, inert, and free of the model's data. */
export function invalidNode(node: InvalidNode): TemplateResult {
  return html`<p part="invalid" class="invalid" role="note">This part of the view could not be shown (${node.reason}).</p>`;
}

/**
 * The renderer of every catalog component a first reply is likely to show, keyed by type, and of the invalid
 * placeholder; the others are drawn by nodes/more.ts once it has loaded (lazy-nodes.ts). Typed by `NodeType`: a
 * component in src/catalog/ without a renderer here or there fails the type check.
 */
const NODE_RENDERERS: { readonly [K in Exclude<NodeType, MoreNodeType>]: NodeRenderer<NodeOf<K>> } & { readonly invalid: NodeRenderer<InvalidNode> } = {
  stack,
  grid,
  heading,
  callout,
  'metric-group': metricGroup,
  'entity-card': entityCard,
  'action-row': actionRow,
  invalid: invalidNode,
};

/**
 * Renders any node with the renderer of its type. A component of the lazily loaded module says in its place that it
 * is loading (the view loads the module: mantis-ui-view.component.ts), or that it could not be loaded.
 */
export function renderNode(
  node: ComposerNode | InvalidNode,
  ctx: RenderContext,
  openArtifact: (node: ArtifactNode) => void,
): TemplateResult {
  if (isMoreType(node.type)) {
    const more = moreNodes();
    if (!more) {
      // Quietly while it loads (no live region per component: the chat announces the reply); as a note if it cannot.
      return moreFailed()
        ? html`<p part="invalid" class="invalid" role="note">This part of the view could not be loaded.</p>`
        : html`<span part="loading" class="loading">Loading…</span>`;
    }
    // Keyed by the node's own type, as below.
    return (more.MORE_RENDERERS[node.type] as NodeRenderer<ComposerNode>)(node as ComposerNode, ctx, openArtifact);
  }
  // The map is keyed by the node's own type, so the renderer fits the node; TypeScript cannot correlate the two.
  const render = NODE_RENDERERS[node.type as Exclude<NodeType, MoreNodeType> | 'invalid'] as NodeRenderer<ComposerNode | InvalidNode>;
  return render(node, ctx, openArtifact);
}
