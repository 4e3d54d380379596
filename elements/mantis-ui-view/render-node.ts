import { html, type TemplateResult } from 'lit';
import type { ArtifactNode, ComposerNode, InvalidNode } from '../../src/index.js';
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

/** The renderer switch of the closed catalog: one case per `ComposerNode` type, checked exhaustive by TypeScript. */
export function renderNode(
  node: ComposerNode | InvalidNode,
  ctx: RenderContext,
  openArtifact: (node: ArtifactNode) => void,
): TemplateResult {
  switch (node.type) {
    case 'stack':
      return stack(node, ctx);
    case 'grid':
      return grid(node, ctx);
    case 'heading':
      return heading(node, ctx);
    case 'callout':
      return callout(node);
    case 'metric-group':
      return metricGroup(node);
    case 'entity-card':
      return entityCard(node, ctx);
    case 'citation-list':
      return citationList(node, ctx);
    case 'data-table':
      return dataTable(node);
    case 'task-card':
      return taskCard(node, ctx);
    case 'media-gallery':
      return mediaGallery(node);
    case 'artifact':
      return artifact(node, ctx, openArtifact);
    case 'action-row':
      return actionRow(node, ctx);
    case 'invalid':
      return invalidNode(node);
  }
}
