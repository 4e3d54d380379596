import { html, type TemplateResult } from 'lit';
import type { ArtifactNode, ComposerNode, InvalidNode, NodeOf, NodeType } from '../../src/index.js';
import { actionRow } from './nodes/action-row.js';
import { artifact } from './nodes/artifact.js';
import { citationList } from './nodes/citation-list.js';
import { grid, stack } from './nodes/containers.js';
import type { RenderContext } from './nodes/context.js';
import { dataTable } from './nodes/data-table.js';
import { entityCard } from './nodes/entity-card.js';
import { mediaGallery } from './nodes/media-gallery.js';
import { metricGroup } from './nodes/metric-group.js';
import { taskCard } from './nodes/task-card.js';
import { callout, heading } from './nodes/text.js';

export type { RenderContext } from './nodes/context.js';

/** An invalid child: small, inert, and free of the model's data. */
export function invalidNode(node: InvalidNode): TemplateResult {
  return html`<p part="invalid" class="invalid" role="note">This part of the view could not be shown (${node.reason}).</p>`;
}

/** Renders one node of a type; `openArtifact` asks the host to open an artifact's payload. */
type NodeRenderer<N> = (node: N, ctx: RenderContext, openArtifact: (node: ArtifactNode) => void) => TemplateResult;

/**
 * The renderer of every catalog component, keyed by type, and of the invalid placeholder. Typed by `NodeType`: a
 * component in src/catalog/ without a renderer here fails the type check.
 */
const NODE_RENDERERS: { readonly [K in NodeType]: NodeRenderer<NodeOf<K>> } & { readonly invalid: NodeRenderer<InvalidNode> } = {
  stack,
  grid,
  heading,
  callout,
  'metric-group': metricGroup,
  'entity-card': entityCard,
  'citation-list': citationList,
  'data-table': dataTable,
  'task-card': taskCard,
  'media-gallery': mediaGallery,
  artifact,
  'action-row': actionRow,
  invalid: invalidNode,
};

/** Renders any node with the renderer of its type. */
export function renderNode(
  node: ComposerNode | InvalidNode,
  ctx: RenderContext,
  openArtifact: (node: ArtifactNode) => void,
): TemplateResult {
  // The map is keyed by the node's own type, so the renderer fits the node; TypeScript cannot correlate the two.
  const render = NODE_RENDERERS[node.type] as NodeRenderer<ComposerNode | InvalidNode>;
  return render(node, ctx, openArtifact);
}
