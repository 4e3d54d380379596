import type { ActionRegistry } from '../actions/registry.js';
import type { BagDirectory } from '../actions/bags.js';
import type { ArtifactLimits } from '../artifacts/types.js';
import type { ComposerMode } from '../message/marker.js';
import type { ChatMessage } from '../message/messages.js';
import type { MediaService } from '../media/types.js';
import type { Connection } from '../protocols/connection.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import type { AttachmentTray } from '../uploads/tray.js';
import { SessionCompat } from './session-compat.js';
import type { ProtocolOptions } from '../protocols/module.js';
import { SessionConfiguration, type ChatSessionConfig, type ConfigProblem } from './session-config.js';

/*
 * What a ChatSession is made with (its options) and configured with afterwards (`configure`, session-config.ts): the
 * base of ChatSession, so that the session's own module is about the conversation.
 */

export interface ChatSessionOptions {
  /** A Composer `Transport` to talk through; the session does not close it (see `useTransport` for owned ones). */
  readonly transport?: object | null;
  /** Whether the client may advertise inline UI (default true). The page-level switch still applies. */
  readonly generativeUi?: boolean;
  /** The mode new replies are authored under (default `orchestrator`). */
  readonly mode?: ComposerMode;
  /** The protocols it may speak (default: every registered one, `defaultProtocols`). */
  readonly protocols?: ProtocolRegistry;
  readonly actions?: ActionRegistry;
  /** The bags API that add-to-bag confirmations consult (see `createBagDirectory`). */
  readonly bags?: BagDirectory | null;
  /** Milliseconds a streaming reply may stay silent while connected before it ends as interrupted. */
  readonly replyTimeout?: number;
  /** Milliseconds an action sent to the backend waits for its answer before it shows as failed. */
  readonly actionTimeout?: number;
  /** A persisted conversation to start from. */
  readonly messages?: readonly unknown[];
  /** The authenticated media service views of this conversation fetch through (see `createMediaService`). */
  readonly media?: MediaService | null;
  /** The caps of the artifact store (default ARTIFACT_LIMITS). */
  readonly artifactLimits?: Partial<ArtifactLimits>;
  /** When records arrive, in milliseconds (default `Date.now`): a test's scripted clock makes durations repeatable. */
  readonly clock?: () => number;
}

/** The configuration doors of a ChatSession (see `configure`). */
export abstract class ConfiguredSession extends SessionCompat {
  abstract readonly protocols: ProtocolRegistry;
  abstract readonly attachments: AttachmentTray;
  abstract get messages(): readonly ChatMessage[];
  abstract get historyReady(): Promise<void>;
  abstract get generativeUi(): boolean;
  abstract bags: BagDirectory | null;
  abstract media: MediaService | null;
  abstract useConnection(connection: Connection | null, options?: { owned?: boolean }): void;
  abstract useTransport(transport: object | null, options?: { owned?: boolean }): void;
  abstract configureProtocol(name: string, given: ProtocolOptions): void;

  #configuration: SessionConfiguration | undefined;

  // Made on first use: the session's own parts exist by then.
  get #config(): SessionConfiguration {
    return (this.#configuration ??= new SessionConfiguration(this));
  }

  /**
   * Configures the session (the settings given; the others stay): where it connects, the bags API, the media store,
   * attachments and the agent-ui@1 base, as `<mantis-chat>`'s attributes do. Returns the values it could not use
   * (that part is left off); never throws.
   */
  configure(partial: ChatSessionConfig): ConfigProblem[] {
    return this.#config.apply(partial);
  }

  /** The configuration `configure` applied, as given. */
  get config(): ChatSessionConfig {
    return this.#config.current;
  }

  /** The agent-ui@1 base URL the configuration gives ('' for none). */
  get agentUiBase(): string {
    return this.#config.agentUiBase;
  }
}
