/*
 * The artifact store's contract (000_de6e533300a72cb9.txt: "Dense artifact payloads open in a keyed, responsive
 * ... panel on the right side ... Artifact payloads are kept in a bounded in-memory store ... When the payload cap
 * is reached, the matching oldest artifact tab is closed before its payload is evicted."). DOM-free, never persisted.
 */
import type { ArtifactNode } from '../catalog/artifact.js';
import { ARTIFACT_LIMITS } from '../limits.js';

export { ARTIFACT_LIMITS };

export type ArtifactLimits = { -readonly [K in keyof typeof ARTIFACT_LIMITS]: number };

/**
 * An agent-ui@1 envelope shown in the panel (a `side_panel` envelope): the node's content is the envelope as JSON,
 * rendered by `<agent-envelope>` with these, never as text.
 */
export interface EnvelopeArtifact {
  readonly envelopeId: string;
  /** The agent-ui base URL its registry and render_refs come from ('' for none). */
  readonly agentUiUrl: string;
  readonly sessionId: string;
  /** What its registry is cached under (the chat's session), and the headers of its requests: in memory only. */
  readonly registryScope?: object;
  readonly headers?: () => Record<string, string>;
}

/** What opens an artifact: the node of a validated view, and where it was rendered. */
export interface ArtifactSource {
  readonly node: ArtifactNode;
  readonly viewId: string;
  /** The assistant message holding the view (absent for a view outside a chat). */
  readonly messageId?: string;
  /**
   * The view's part ID in its message (`view-0`, …), when a chat renders it: two views of one message may share a
   * view ID, and their artifacts must not share a key.
   */
  readonly partId?: string;
  /** Set when the artifact is an agent-ui@1 envelope. */
  readonly envelope?: EnvelopeArtifact;
}

/** One open artifact: a tab of the panel and its payload. */
export interface ArtifactEntry {
  /**
   * `<messageId or "view">/<viewId>/<nodeId>`, or `<messageId>/<partId>/<viewId>/<nodeId>` for a view with a part ID:
   * opening the same artifact again focuses its tab.
   */
  readonly key: string;
  readonly title: string;
  readonly format: ArtifactNode['format'];
  readonly language?: string;
  readonly content: string;
  /** UTF-8 bytes of the content. */
  readonly bytes: number;
  readonly viewId: string;
  readonly nodeId: string;
  readonly messageId?: string;
  readonly partId?: string;
  readonly envelope?: EnvelopeArtifact;
}

export type ArtifactChange =
  | { readonly type: 'opened'; readonly key: string }
  | { readonly type: 'activated'; readonly key: string }
  /** A tab was closed: by the user, or as the oldest when a cap was reached (`evicting`). */
  | { readonly type: 'closed'; readonly key: string; readonly evicting: boolean }
  /** A payload left the store; its tab was closed first. */
  | { readonly type: 'evicted'; readonly key: string };
