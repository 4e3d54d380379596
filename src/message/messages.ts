import type { ActionOutcome } from '../actions/outcomes.js';
import type { ProtocolMarker } from './marker.js';
import type { MantisPart } from './parts.js';
import type { MessageCitation } from './citations.js';
import type { AttachedFile } from '../uploads/tray.js';

/*
 * The messages of a conversation and their persisted format (docs/protocol.md "Trusted records, the persisted format
 * and replay"). Protocols add records to a message; the few fields of the persisted format that protocols own
 * (`uiEnvelopes`, `uiSessionId` of agent-ui@1, `surfaceIds` of A2UI) are typed here as part of the format, and
 * filled by those protocols (their `fields`).
 */

/** A trusted record of a message: what a protocol keeps beside the text. `type` names the protocol that owns it. */
export interface ProtocolRecord {
  readonly type: string;
}

export interface UserMessage {
  readonly id: string;
  readonly role: 'user';
  /** Exactly what the user typed; always plain text, fences included (empty when only files were sent). */
  readonly text: string;
  /**
   * The files sent with it, as the composer uploaded them (absent when none). What the backend stored and confirmed
   * comes as `attachment` records of the reply: only those make `data-mantis-attachment` parts.
   */
  readonly attachments?: readonly AttachedFile[];
}

/**
 * `streaming` until the reply ends: `done` with its end; `interrupted` when it was cut short (the connection was
 * replaced or gave up, the server reported an error for it, or it stayed silent past the reply timeout).
 */
export type AssistantStatus = 'streaming' | 'done' | 'interrupted';

/** One trusted record as kept with its message: where it happened in the text, and when it arrived and last changed. */
export interface PersistedEvent {
  /** The assistant text's length when the record began. */
  readonly at: number;
  /** Milliseconds since the epoch when it began (reasoning durations come from these). */
  readonly receivedAt: number;
  /** When it last changed (a reasoning run's last delta or its end); absent when it never changed. */
  readonly updatedAt?: number;
  readonly event: ProtocolRecord;
}

/** How an agent-ui@1 envelope rendered (001 "State Persistence"). */
export const RENDER_STATUSES = ['pending', 'rendered', 'fallback', 'error'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** An agent-ui@1 envelope of a message as persisted (001 "State Persistence"), with how it rendered. */
export interface UiEnvelopeEntry {
  readonly envelopeId: string;
  readonly createdAt: number;
  /** The envelope as received: checked by its schema each time it renders, never trusted as stored. */
  readonly envelope: unknown;
  readonly renderStatus: RenderStatus;
  /** Why it fell back or failed, for people (never a stack trace). */
  readonly error?: string;
}

/** A persisted message's deprecated `tool_call` and `artifacts` fields (001), kept as they were, shown as debug data. */
export interface LegacyDebug {
  readonly tool_call?: unknown;
  readonly artifacts?: unknown;
}

/** The fields of an assistant message its protocols fill in (empty until they have something). */
export interface ProtocolFields {
  /** The agent-ui@1 envelopes of its turn, as received, each with its render status. */
  readonly uiEnvelopes: readonly UiEnvelopeEntry[];
  /** The agent-ui `session_id` its envelopes came with: what their render_refs are resolved under. */
  readonly uiSessionId?: string;
  /** The A2UI surfaces it touched, in first-touch order (004's `surface_ids`); a surface renders only in the latest. */
  readonly surfaceIds: readonly string[];
}

export const EMPTY_FIELDS: ProtocolFields = { uiEnvelopes: [], surfaceIds: [] };

export interface AssistantMessage extends ProtocolFields {
  readonly id: string;
  readonly role: 'assistant';
  /** The original assistant text: the source of truth for persistence, replay and audit. */
  readonly text: string;
  /** The trusted protocol marker sent by the server for this message. */
  readonly marker: ProtocolMarker;
  readonly parts: readonly MantisPart[];
  readonly status: AssistantStatus;
  /** The last applied event sequence (when its protocol numbers events); events at or below it are duplicates. */
  readonly sequence: number;
  /** The ID of the user message this answers. */
  readonly inReplyTo?: string;
  /**
   * The trusted records of the message (reasoning runs, tools, todos, uploads, task progress, A2UI messages,
   * envelopes) in arrival order, each with the length of the text when it arrived: with the text, they rebuild the
   * exact timeline on replay. The list grows in place (records are never copied per event); each record is replaced,
   * never mutated.
   */
  readonly events: readonly PersistedEvent[];
  /** The message's one aggregate citation set, numbered continuously across its text and views. Empty while it streams. */
  readonly citations: readonly MessageCitation[];
  /** The state-changing actions of its views that ran, with their outcomes (persisted: each runs once, for good). */
  readonly actions: readonly ActionOutcome[];
  /** Deprecated debug surfaces (001: `tool_call` and `artifacts`), kept as loaded and shown only as debug data. */
  readonly debug?: LegacyDebug;
}

export type ChatMessage = UserMessage | AssistantMessage;

/**
 * The persisted format of a conversation (`<mantis-chat>.messages`, `mantis-history-change`): the original text as
 * the source of truth, the trusted marker, and the trusted records. Parts are never stored: they are derived again,
 * exactly, on replay. `status` is present only for a reply that was interrupted; `actions` only when a
 * state-changing action of its views ran; the protocols' fields only when they hold something.
 */
export type PersistedMessage =
  | UserMessage
  | (Pick<AssistantMessage, 'id' | 'role' | 'text' | 'marker' | 'sequence' | 'inReplyTo' | 'events'> &
      Partial<ProtocolFields> & {
        readonly status?: 'interrupted';
        /** The actions of its views that ran, with their outcomes; absent when none did. */
        readonly actions?: AssistantMessage['actions'];
        /** Deprecated (001): kept and shown only as debug data. */
        readonly tool_call?: unknown;
        /** Deprecated (001): kept and shown only as debug data. */
        readonly artifacts?: unknown;
      });

export type PersistedAssistant = Extract<PersistedMessage, { role: 'assistant' }>;
