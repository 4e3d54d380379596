import type { UiEnvelopeEntry } from './messages.js';
import type { Tour } from '../schema/tour.js';
import type { MantisView, ViewFailureReason } from '../catalog/validate.js';

/*
 * Parts of an assistant message, in source order, shaped as AI SDK 7 `UIMessage` parts: `text` parts and
 * `data-*` parts carrying `{ id?, data }`.
 */

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly state: 'streaming' | 'done';
}

/** A validated v1 view. */
export interface ViewPart {
  readonly type: 'data-mantis-ui';
  readonly id: string;
  readonly data: MantisView;
}

/** A `mantis-ui` fence still streaming: rendered as a non-interactive placeholder until it closes. */
export interface PendingViewPart {
  readonly type: 'data-mantis-ui-pending';
  readonly id: string;
  readonly data: { readonly bytes: number };
}

/** Why a view was refused while streaming, beyond the reasons `validateView` gives. */
export type StreamFailureReason = ViewFailureReason | 'too-many-views' | 'incomplete' | 'invalid-tour';

/** A safe, non-actionable fallback in place of a view. Carries a reason, never the model's data. */
export interface ViewErrorPart {
  readonly type: 'data-mantis-ui-error';
  readonly id: string;
  readonly data: { readonly reason: StreamFailureReason; readonly message: string };
}

/** A Visual Tour: the whole message was one valid tour object. */
export interface TourPart {
  readonly type: 'data-mantis-tour';
  readonly id: string;
  readonly data: Tour;
}

/** A file the user uploaded, from a trusted transport event (never from assistant text). */
export interface AttachmentPart {
  readonly type: 'data-mantis-attachment';
  readonly id: string;
  readonly data: {
    readonly name: string;
    readonly mediaType: string;
    readonly size: number;
    /** The authenticated media key, once the upload is stored. */
    readonly key?: string;
  };
}

/**
 * What an agent asked before a tool runs (AI SDK 7's `approval`), its fields kept as they came so that answering
 * sends them back (servers verify `signature`). Only `requestReason` is shown, as text.
 */
export interface ToolApproval {
  readonly id: string;
  /** Why the agent asks (the AI SDK's `reason` of its request). */
  readonly requestReason?: string;
  /** Decided without the user (a policy): its outcome shows, never buttons. */
  readonly isAutomatic?: boolean;
  readonly signature?: string;
  readonly descriptor?: unknown;
  readonly inputSchemaInput?: unknown;
}

/** An answered approval: `reason`, why the user answered as they did, shown as text. */
export type AnsweredApproval<Approved extends boolean = boolean> = ToolApproval & { readonly approved: Approved; readonly reason?: string };

/**
 * A tool call from trusted transport events, shaped as AI SDK 7's `dynamic-tool` part. Its lifecycle never comes
 * from assistant-authored text or UI. docs/protocol.md maps the backend's tool states onto these.
 */
export type ToolPart = {
  readonly type: 'dynamic-tool';
  readonly toolName: string;
  readonly toolCallId: string;
  readonly title?: string;
  /** Who made the call when it was not the agent itself: a subagent's name (AG-UI attributes its events). */
  readonly agent?: string;
  /**
   * A state the backend named that this client does not know (a later protocol's `cancelled`, say): the call stays in
   * its last known state and shows neutrally under this name.
   */
  readonly unlistedState?: string;
} & (
  | { readonly state: 'input-streaming'; readonly input?: unknown }
  | { readonly state: 'input-available'; readonly input: unknown }
  | { readonly state: 'approval-requested'; readonly input: unknown; readonly approval: ToolApproval }
  | { readonly state: 'approval-responded'; readonly input: unknown; readonly approval: AnsweredApproval }
  | { readonly state: 'output-available'; readonly input: unknown; readonly output: unknown; readonly approval?: AnsweredApproval<true> }
  | { readonly state: 'output-error'; readonly input: unknown; readonly errorText: string; readonly approval?: AnsweredApproval<true> }
  | { readonly state: 'output-denied'; readonly input: unknown; readonly approval: AnsweredApproval<false> }
);

/** A field of an interrupt's answer form (from a flat `responseSchema`: strings, numbers, booleans, enums). */
export interface InterruptField {
  readonly name: string;
  readonly label: string;
  readonly kind: 'text' | 'number' | 'boolean' | 'choice';
  readonly required: boolean;
  /** The values of a `choice`. */
  readonly options?: readonly string[];
}

/**
 * Something a run needs from the user before it goes on (an AG-UI interrupt of a `RUN_FINISHED`): shown where its
 * tool call is (`toolCallId`) or at the message, answered from the UI and sent with the next run.
 */
export interface InterruptPart {
  readonly type: 'data-mantis-interrupt';
  /** The interrupt's ID. */
  readonly id: string;
  readonly data: {
    readonly reason: string;
    readonly message?: string;
    readonly toolCallId?: string;
    /** The answer form, when the interrupt asked for a payload this chat can ask for. */
    readonly fields?: readonly InterruptField[];
    /** When it stops being answerable (milliseconds since the epoch); absent or unparseable: never. */
    readonly expiresAt?: number;
    /** The run that asked: a resume answers the interrupts of the latest one. */
    readonly run: string;
    readonly answer?: { readonly status: 'resolved' | 'cancelled'; readonly payload?: unknown };
  };
}

/** The legacy todo list from trusted todo events; its items may carry persisted task IDs. */
export interface TodoPart {
  readonly type: 'data-mantis-todo';
  readonly id: string;
  readonly data: {
    /** `status` is `pending`, `in_progress`, `completed`, or another the backend named, shown neutrally. */
    readonly todos: readonly { readonly id: string; readonly text: string; readonly status: string; readonly task_id?: number | undefined }[];
  };
}

/** Reasoning from trusted transport events, shaped as AI SDK 7's `reasoning` part; `id` is the reasoning_id. */
export interface ReasoningPart {
  readonly type: 'reasoning';
  readonly id: string;
  readonly text: string;
  readonly state: 'streaming' | 'done';
}

/**
 * The message's text went past COMPOSER_LIMITS.displayChars: the text after its first `shownChars` characters is
 * neither rendered nor read for views (the stored text stays whole). Appended once, where the text stops;
 * `totalChars`, the length of the whole text, is there once the message has ended.
 */
export interface TruncatedPart {
  readonly type: 'data-mantis-truncated';
  readonly id: string;
  readonly data: { readonly shownChars: number; readonly totalChars?: number };
}

/**
 * An A2UI surface this message touched (from its trusted `a2ui` events), where it was first touched. The surface
 * renders only at the part of its current owner, the latest assistant message that touched it; `id` is the surface ID.
 */
export interface SurfacePart {
  readonly type: 'data-mantis-surface';
  readonly id: string;
  readonly data: { readonly surfaceId: string };
}

/**
 * An agent-ui@1 envelope of the message's turn (001_996c0b4640eee42b.txt), after the message's other parts: its entry
 * as persisted (the envelope as received, how it rendered), and what the core's schema check found before anything
 * renders (where it asks to be shown, or why it cannot be). Its renderer checks it against the registry in turn.
 */
export interface EnvelopePart {
  readonly type: 'data-mantis-envelope';
  readonly id: string;
  readonly data: {
    readonly entry: UiEnvelopeEntry;
    /** The agent-ui `session_id` it came with: what its render_refs are resolved under. */
    readonly sessionId: string;
    readonly check:
      | { readonly ok: true; readonly kind: string; readonly surface: string; readonly title: string }
      | { readonly ok: false; readonly reason: string; readonly message: string };
  };
}

/** Parts that only trusted transport events create; the message parser places them at the current position. */
/**
 * Part of the reply belongs to a protocol this page could not load (its file could not be fetched): a notice in its
 * place, so nothing of the reply vanishes without a word. Shown, never persisted (the history keeps what it had).
 */
export interface UnavailablePart {
  readonly type: 'data-mantis-unavailable';
  readonly id: string;
  readonly data: { readonly protocol: string; readonly message: string };
}

/**
 * A web page the agent cites (AI SDK 7 `source-url`): shown by its title and address. The chat never fetches it;
 * opening it takes a click and a confirmation.
 */
export interface SourceUrlPart {
  readonly type: 'source-url';
  readonly sourceId: string;
  readonly url: string;
  readonly title?: string;
}

/** A document the agent cites (AI SDK 7 `source-document`): its title and type; there is nothing to open. */
export interface SourceDocumentPart {
  readonly type: 'source-document';
  readonly sourceId: string;
  readonly mediaType: string;
  readonly title: string;
  readonly filename?: string;
}

/**
 * A file of the reply, or of its reasoning (AI SDK 7 `file`, `reasoning-file`): its name and type. The chat never
 * fetches its URL; opening it takes a click and a confirmation.
 */
export interface FilePart {
  readonly type: 'file' | 'reasoning-file';
  readonly mediaType: string;
  readonly filename?: string;
  readonly url: string;
}

/** An A2UI surface the agent is still making, or could not make (an AG-UI activity's `status`): shown in its place. */
export interface ActivityPart {
  readonly type: 'data-mantis-activity';
  /** The activity's ID. */
  readonly id: string;
  readonly data: { readonly status: 'building' | 'retrying' | 'failed' | null };
}

/**
 * A subagent the agent handed work to (AG-UI `SUBAGENT_*`), where it started: its name, what it is for, and how it is
 * doing (`running`, `done`, `suspended`, `failed` with the agent's `message`; another state shows neutrally). Tool
 * calls it made carry its name (`ToolPart.agent`).
 */
export interface SubagentPart {
  readonly type: 'data-mantis-subagent';
  /** The invocation's ID (`subagentRunId`). */
  readonly id: string;
  readonly data: { readonly name: string; readonly description?: string; readonly state: string; readonly message?: string; readonly toolCallId?: string };
}

/**
 * What the agent said when its reply failed (an AI SDK `error` chunk's `errorText`, an AG-UI `RUN_ERROR`'s `message`),
 * shown as plain text where the reply stopped; the reply itself ends as interrupted.
 */
export interface AgentErrorPart {
  readonly type: 'data-mantis-agent-error';
  readonly data: { readonly message: string };
}

export type TrustedPart = AttachmentPart | ToolPart | ReasoningPart | TodoPart | SurfacePart | EnvelopePart | UnavailablePart | InterruptPart | ActivityPart | SubagentPart | AgentErrorPart;

/**
 * What a record may place in a message: a trusted part, or a view a protocol carried outside the text (an AI SDK
 * `data-mantis-ui` part), validated exactly as a fence's view is, or the fallback that says why it was refused.
 */
export type RecordPart = TrustedPart | ViewPart | ViewErrorPart | SourceUrlPart | SourceDocumentPart | FilePart;

export type MantisPart = TextPart | ViewPart | PendingViewPart | ViewErrorPart | TourPart | TruncatedPart | TrustedPart | SourceUrlPart | SourceDocumentPart | FilePart;

/**
 * The data part types of a Mantis message, keyed as the AI SDK names them (`data-${NAME}`): a Mantis message is an
 * AI SDK 7 `UIMessage<unknown, MantisDataTypes>` (checked at type level by the test suite against the `ai` package).
 */
// A type alias, not an interface: it has no index signature, so a data part with the wrong data is refused, while it
// still satisfies the SDK's `Record<string, unknown>` constraint.
export type MantisDataTypes = {
  'mantis-ui': ViewPart['data'];
  'mantis-ui-pending': PendingViewPart['data'];
  'mantis-ui-error': ViewErrorPart['data'];
  'mantis-tour': TourPart['data'];
  'mantis-truncated': TruncatedPart['data'];
  'mantis-attachment': AttachmentPart['data'];
  'mantis-todo': TodoPart['data'];
  'mantis-surface': SurfacePart['data'];
  'mantis-envelope': EnvelopePart['data'];
  'mantis-unavailable': UnavailablePart['data'];
  'mantis-interrupt': InterruptPart['data'];
  'mantis-activity': ActivityPart['data'];
  'mantis-subagent': SubagentPart['data'];
  'mantis-agent-error': AgentErrorPart['data'];
};
