import type { TemplateResult, nothing } from 'lit';
import type { Action, ArtifactNode, ComposerNode, InvalidNode, MediaService } from '../../../src/index.js';

/** What a component renderer gets besides its node. */
export interface RenderContext {
  /** The `aria-level` of a level-1 view heading (the view's place in the page outline). */
  readonly headingLevel: number;
  /** Renders a node's actions as buttons under the view's action policy (read-only, disabled, confirmed, once). */
  readonly renderActions: (nodeId: string, actions: readonly Action[] | undefined) => TemplateResult | typeof nothing;
  /** The number of a citation-list's first citation: numbering continues across the views of a message. */
  readonly citationStart: (nodeId: string) => number;
  /** Renders any child node (containers use it). */
  readonly renderChild: (node: ComposerNode | InvalidNode) => TemplateResult;
  /** The authenticated media service media items fetch through; null when the host configured none. */
  readonly media: MediaService | null;
}

/** Renders one node of a type; `openArtifact` asks the host to open an artifact's payload. */
export type NodeRenderer<N> = (node: N, ctx: RenderContext, openArtifact: (node: ArtifactNode) => void) => TemplateResult;

/** Visually hidden text for assistive technology (the `visually-hidden` class lives in the view styles). */
export const srOnly = 'visually-hidden';
