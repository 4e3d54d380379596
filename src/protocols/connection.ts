import type { ComposerMode, ProtocolMarker } from '../message/marker.js';
import type { ChatMessage, PersistedMessage, ProtocolRecord, UserMessage } from '../message/messages.js';

/*
 * The one road every protocol takes to a conversation (docs/protocol.md "Protocol modules"). A protocol's connection
 * turns its wire into these conversation events and turns these outgoing frames into its wire; the session applies
 * the events to its thread and never reads a wire of its own. Nothing here names a protocol.
 */

/** Connection states, as data (shown and announced by the elements). */
export const CONNECTION_STATES = ['idle', 'connecting', 'open', 'reconnecting', 'closed'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export type { ProtocolRecord };

/** What the server offers beyond the base protocol, as its connection read it (each protocol reads its own keys). */
export interface ServerCapabilities {
  /** A2UI actions may go as first-class client actions (a tool result for the agent) rather than as user turns. */
  readonly clientAction?: boolean;
  /** The A2UI catalogs the server's agent writes for. */
  readonly a2uiCatalogs?: readonly string[];
}

/**
 * What happens in a conversation, whatever the wire. `sequence`, when a protocol numbers its events, orders the
 * events of one message: an event at or below the last one applied is a duplicate and changes nothing.
 */
export type ConversationEvent =
  /** An assistant message begins, under its trusted marker, answering the user message `inReplyTo`. */
  /** `continues`: the message exists and streams again (the agent goes on after the user answered it). */
  /**
   * `replaces`: if the message exists, it streams again from nothing, its text and records gone (a resumed stream,
   * which replays the reply from its start); if not, it begins as any message does.
   */
  | {
      readonly type: 'message-start';
      readonly messageId: string;
      readonly marker: ProtocolMarker;
      readonly inReplyTo?: string;
      readonly sequence?: number;
      readonly continues?: boolean;
      readonly replaces?: boolean;
    }
  | { readonly type: 'text-delta'; readonly messageId: string; readonly delta: string; readonly sequence?: number }
  /**
   * A trusted record. Without `messageId` its protocol places it (a task's progress goes to the message whose todo list
   * carries the task; an envelope to the message of its turn). `clientActionId`: the action it reports on.
   */
  | {
      readonly type: 'record';
      readonly record: ProtocolRecord;
      readonly messageId?: string;
      readonly sequence?: number;
      readonly clientActionId?: string;
      /** With `clientActionId`: the status of the task that action started (`delivered`, `running`, …). */
      readonly progress?: string;
    }
  | { readonly type: 'message-end'; readonly messageId: string; readonly sequence?: number }
  /**
   * A step of a streaming reply begins (`start`: what a reset goes back to), or is undone (`reset`, the AI SDK's
   * `reset-step`): the text and records that came since its start go.
   */
  | { readonly type: 'step'; readonly messageId: string; readonly step: 'start' | 'reset' }
  /** The server reported an error, for one message (it ends as interrupted) or for the conversation. */
  | { readonly type: 'error'; readonly messageId?: string; readonly code: string; readonly message: string }
  /** The server's decision on something sent with `clientActionId` (an action of a view, an A2UI action). */
  | { readonly type: 'action-result'; readonly clientActionId: string; readonly status: 'accepted' | 'rejected'; readonly reason?: string }
  | { readonly type: 'capabilities'; readonly capabilities: ServerCapabilities };

/** What a connection tells its session. */
export type ConnectionEvent =
  | ConversationEvent
  | { readonly type: 'state'; readonly state: ConnectionState }
  /**
   * Messages of the conversation the chat lacks, from the agent's own copy of it (AG-UI `MESSAGES_SNAPSHOT`), added
   * before the message `before` (null: at the end; one no longer there: nothing is added, and that is said). They are
   * in the persisted format, already read as a history from outside is (`checkPersistedHistory`), and replay as one.
   */
  | { readonly type: 'messages-add'; readonly before: string | null; readonly messages: readonly PersistedMessage[] }
  /** A reconnect was scheduled: `attempt` counts from 1, `delay` is in milliseconds. */
  | { readonly type: 'backoff'; readonly attempt: number; readonly delay: number }
  /** Something on the wire could not be used (not JSON, a required field missing): skipped; the stream goes on. */
  | { readonly type: 'protocol-error'; readonly reason: string }
  /** Something on the wire this client does not know (an event type of a later version): skipped, never an error. */
  | { readonly type: 'protocol-notice'; readonly key: string; readonly reason: string }
  /** The agent's shared state changed (AG-UI `STATE_SNAPSHOT`/`STATE_DELTA`): the whole state now, any JSON. */
  | { readonly type: 'agent-state'; readonly state: unknown };

/** What a session sends, whatever the wire. */
export type OutgoingFrame =
  /**
   * A user message. `carried`: what protocols add to a turn, by kind (A2UI's data models); a connection carries the
   * kinds its wire can and leaves the others.
   */
  | {
      readonly type: 'user-message';
      readonly message: UserMessage;
      readonly mode: ComposerMode;
      /** The conversation up to and with this message, for a wire that carries it whole on each turn. */
      readonly conversation: readonly ChatMessage[];
      readonly carried?: Readonly<Record<string, unknown>>;
    }
  /** A state-changing action of a view that the backend carries out (answered by an `action-result`). */
  | {
      readonly type: 'action';
      readonly clientActionId: string;
      readonly messageId: string;
      readonly viewId: string;
      readonly nodeId: string;
      readonly action: unknown;
      readonly createSelectionBag?: boolean;
    }
  | { readonly type: 'abort'; readonly messageId: string }
  /**
   * The user answered what the assistant message `messageId` asked (tool approvals, interrupts): the agent goes on in
   * that message. Sent once every question of the message is answered; only by a connection that `carries('answers')`.
   */
  | { readonly type: 'answers'; readonly messageId: string; readonly answers: readonly Answer[]; readonly conversation: readonly ChatMessage[] }
  /**
   * A protocol's own message for the agent, by kind (an A2UI action or error). Answered, when `clientActionId` is
   * set, by an `action-result`. A connection whose wire cannot carry the kind refuses it (`send` returns false).
   */
  | {
      readonly type: 'carry';
      readonly kind: string;
      readonly payload: unknown;
      readonly messageId?: string;
      readonly clientActionId?: string;
      /** What protocols add to it, as to a user turn (A2UI's data models go with an A2UI action). */
      readonly carried?: Readonly<Record<string, unknown>>;
      /** The conversation so far, for a wire that carries it whole on each request (AG-UI's runs). */
      readonly conversation?: readonly ChatMessage[];
      /**
       * Told, never sent, when a wire that took what this carries learns it will bring no answer: why (a call's run
       * that failed or ended without it), or nothing when it was dropped unsent (a newer call took its place).
       */
      readonly failed?: (reason?: string) => void;
    };

/** The user's answer to a question of the agent's. */
export type Answer =
  /** A tool approval: `approved`, with the user's reason if they gave one. */
  | { readonly kind: 'approval'; readonly toolCallId: string; readonly approved: boolean; readonly reason?: string }
  /** An interrupt: answered (with its payload when it asked for one) or cancelled. */
  | { readonly kind: 'interrupt'; readonly interruptId: string; readonly status: 'resolved' | 'cancelled'; readonly payload?: unknown };

export type ConnectionListener = (event: ConnectionEvent) => void;

/** What a session talks through: made by a protocol for a connection kind, or adapted from an object a host gave. */
export interface Connection {
  readonly state: ConnectionState;
  /** Opens the connection; aborting the signal closes it. */
  connect(options?: { signal?: AbortSignal }): void;
  close(): void;
  /** Sends a frame; false when this connection's wire cannot carry it (a `carry` of a kind it does not know). */
  send(frame: OutgoingFrame): boolean;
  /** Whether the wire carries this kind of protocol message (`carry` frames, `carried` values of a turn). */
  carries(kind: string): boolean;
  subscribe(listener: ConnectionListener): () => void;
  /**
   * What this client may advertise: inline UI, and what the protocols it may load advertise beside it (by URL
   * parameter). Without it a connection advertises nothing of its own.
   */
  advertise?(capabilities: {
    readonly generativeUi: boolean;
    readonly advertises?: Readonly<Record<string, readonly string[]>>;
    readonly documents?: Readonly<Record<string, readonly string[]>>;
    /** The version of what is advertised, by its ID (ProtocolOptions `versions`). */
    readonly versions?: Readonly<Record<string, string>>;
  }): void;
  /** Reconnects now, without waiting for the backoff delay. */
  retry?(): void;
  /** A history was shown (the session loaded one): a connection that looks at the conversation looks again. */
  historyShown?(): void;
  /** The object behind it (a `Transport` a host gave, or the one a protocol made), for `session.transport`. */
  readonly source: object;
}

/**
 * What each request of a connection carries besides the conversation (`<mantis-chat>.requestOptions`): each an object,
 * or a function that returns one, read per request.
 */
export interface RequestOptions {
  /** Request headers (an `Authorization` bearer token, say), where the connection's kind can send any. */
  readonly headers?: Record<string, string> | (() => Record<string, string>);
  /** Fields of a turn's request body beside the protocol's own (AG-UI: its `forwardedProps`); the protocol's win. */
  readonly body?: Record<string, unknown> | (() => Record<string, unknown>);
}

/** Where a connection kind connects, from a chat's configuration. */
export interface ConnectionOptions {
  readonly url: string;
  /** Resolves a relative URL (the page's base URL in a browser). */
  readonly relativeTo?: string;
  /** Headers for every request (an `Authorization` bearer token, say), read per request. */
  readonly headers?: () => Record<string, string>;
  /** Fields of every turn's request body beside the protocol's own (where its kind posts one), read per request. */
  readonly body?: () => Readonly<Record<string, unknown>>;
  /** Whether the connection may advertise inline UI; the session tells it again when that changes. */
  readonly generativeUi: boolean;
  /** What protocols that may load advertise (A2UI's `a2ui_catalog` IDs), by parameter name. */
  readonly advertises: Readonly<Record<string, readonly string[]>>;
  /** The conversation's ID on the backend, kept across reloads (see `ConnectionConfig.chatId`). */
  readonly chatId?: string;
  /**
   * The conversation once the history given last shows (at once when none is loading), for a connection that looks at
   * it when it opens (a resumed reply).
   */
  readonly conversation?: () => Promise<readonly ChatMessage[]>;
  /** The conversation as it stands now, for a connection that merges what its agent keeps (AG-UI's snapshots). */
  readonly messages?: () => readonly ChatMessage[];
}

/**
 * Calls every listener with the event. One broken listener must not starve the others or break the stream: its
 * error is rethrown in a microtask, where the page still sees it.
 */
export function notifyAll<E>(listeners: Iterable<(event: E) => void>, event: E): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}
