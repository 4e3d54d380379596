import type {
  Action,
  ActionOutcome,
  AssistantMessage,
  ConnectionState,
  InterruptReason,
  MediaFailure,
  MessageCitation,
  PersistedMessage,
  SendRefusal,
  ViewFailureReason,
  ViewIssue,
} from '../src/index.js';
import type { EnvelopeRejection, RenderStatus } from '../src/protocols/agent-ui/types.js';
import type { A2uiAction, A2uiError, JsonValue } from '../src/protocols/a2ui/types.js';
import type { A2uiAgentCall, A2uiCallAnswer } from '../src/protocols/a2ui/dialect.js';

/** Detail of `mantis-view-error`: why a view fell back, with JSON pointers to the problems. */
export interface ViewErrorDetail {
  /** Set when the whole view fell back; absent when only some children were replaced by warnings. */
  readonly reason?: ViewFailureReason;
  readonly issues: readonly ViewIssue[];
}

/**
 * Detail of `mantis-action`: the user chose an action of a view. State-changing actions (add-to-bag, run-task,
 * submit-followup) arrive only after a second, confirming click, and at most once per rendered message.
 */
export interface ActionDetail {
  /** The assistant message holding the view, when the view is inside a chat. */
  readonly messageId?: string;
  readonly viewId: string;
  /** The view's part ID in its message, inside a chat: two views of one message may share a view ID. */
  readonly partId?: string;
  readonly nodeId: string;
  readonly action: Action;
}

/**
 * Detail of `mantis-action-request`, fired by `<mantis-chat>` before any handler runs an action the user chose (after
 * its confirmation). Cancel it to handle the action yourself: nothing else runs, and a state-changing action is
 * remembered as delivered to the page (it still runs at most once per message).
 */
export type ActionRequestDetail = ActionDetail;

/** Detail of `mantis-action-outcome`: a state-changing action was confirmed, answered, or its task progressed. */
export interface ActionOutcomeDetail {
  readonly messageId: string;
  readonly outcome: ActionOutcome;
}

/**
 * Detail of `mantis-artifact-open`: the user asked to open an artifact's payload. Inside a chat it is cancelable:
 * cancel it to show the artifact yourself instead of in the chat's artifact panel.
 */
export interface ArtifactOpenDetail {
  /** The assistant message holding the view, when the view is inside a chat. */
  readonly messageId?: string;
  readonly viewId: string;
  /** The view's part ID in its message, inside a chat: two views of one message may share a view ID. */
  readonly partId?: string;
  readonly nodeId: string;
  readonly title: string;
  readonly format: 'markdown' | 'text' | 'code' | 'csv' | 'json';
  readonly language?: string;
  readonly content: string;
}

/**
 * Detail of `mantis-artifact-close`: a tab of an artifact panel closed and its payload left the store. `evicted` is
 * true when the store closed it, as its oldest tab, to make room for a new artifact (a cap was reached), so a host
 * can tell the user; false when the user closed it.
 */
export interface ArtifactCloseDetail {
  /** The artifact's key, `<messageId or "view">/<viewId>/<nodeId>` (with `<partId>/` before the view ID inside a chat). */
  readonly key: string;
  readonly title: string;
  readonly evicted: boolean;
}

/** Detail of `mantis-artifact-panel-resize`: the user resized the artifact panel. */
export interface ArtifactPanelResizeDetail {
  /** The new width, in CSS pixels. */
  readonly width: number;
}

/** Detail of `mantis-send`: a user message about to be sent. Cancel the event to keep it from being sent. */
export interface SendDetail {
  readonly text: string;
  /** The files attached to it (it waits for those still uploading); empty when none. */
  readonly attachments: readonly { readonly name: string; readonly mediaType: string; readonly size: number }[];
}

/** Detail of `mantis-message-complete`: the finished assistant message, with its source text and parts. */
export interface MessageCompleteDetail {
  readonly message: AssistantMessage;
}

/** Detail of `mantis-history-change`: the whole conversation in its persisted format. */
export interface HistoryChangeDetail {
  readonly messages: readonly PersistedMessage[];
}

/** Detail of `mantis-suggestions-request`: the follow-up projection of the reply that just ended. */
export interface SuggestionsRequestDetail {
  readonly messageId: string;
  readonly prompt: string;
}

/** Detail of `mantis-copy`: the copy projection of a message (its prose, without view payloads). */
export interface CopyDetail {
  readonly text: string;
}

/** Detail of `mantis-connection-change`. */
export interface ConnectionChangeDetail {
  readonly state: ConnectionState;
}

/** Detail of `mantis-protocol-error`: a frame from the server failed validation and was skipped. */
export interface ProtocolErrorDetail {
  readonly reason: string;
}

/**
 * Detail of `mantis-agent-state`: the agent's shared state changed (AG-UI `STATE_SNAPSHOT`/`STATE_DELTA`), the whole
 * state now, any JSON; `undefined` when a new connection has none yet. The chat shows none of it.
 */
export interface AgentStateDetail {
  readonly state: unknown;
}

/**
 * Detail of `mantis-protocol-notice`: something on the wire this chat does not know (an event type of a later
 * protocol version, a record type no protocol owns) was skipped; never an error. Each `key` once per session.
 */
export interface ProtocolNoticeDetail {
  /** What was not known, as `event:<type>` or `record:<type>`. */
  readonly key: string;
  /** One sentence for people. */
  readonly reason: string;
}

/**
 * Every event the elements fire, by name. The global `HTMLElementEventMap` and `GlobalEventHandlersEventMap` extend
 * it, so `addEventListener` is typed on the elements and on any ancestor they bubble to: a wrapping element,
 * `document` or `window` (all events are composed, so they also leave shadow roots).
 */
/** Detail of `mantis-send-error`: a message that was not sent, and why (nothing of it was shown or sent). */
export interface SendErrorDetail {
  readonly reason: SendRefusal;
  /** The sentence shown under the input. */
  readonly message: string;
  readonly text: string;
}

/** Detail of `mantis-message-interrupted`: a reply cut short, kept (and persisted) as interrupted. */
export interface MessageInterruptedDetail {
  readonly message: AssistantMessage;
  readonly reason: InterruptReason;
}

/**
 * Detail of `mantis-citations`: a message's one aggregate citation set, for the host's canvas. Fired when a reply
 * ends, and once for each message of a replayed history when it is first shown.
 */
export interface CitationsDetail {
  readonly messageId: string;
  readonly citations: readonly MessageCitation[];
}

/** Detail of `mantis-config-error`: a property got a value of the wrong kind (ignored), or a setting cannot be honoured. */
export interface ConfigErrorDetail {
  /** The property whose value was ignored, when there is one. */
  readonly property?: string;
  readonly reason: string;
}

/**
 * Detail of `mantis-media-error`: a media item could not show its preview or finish its download. Each reason has its
 * own placeholder; nothing is retried unless the user asks.
 */
export interface MediaErrorDetail {
  /** The item's `agent_files/...` key. */
  readonly key: string;
  readonly reason: MediaFailure;
  /** The HTTP status, when there was a response. */
  readonly status?: number;
}

/**
 * Detail of `mantis-envelope-status`: how an agent-ui@1 envelope rendered (001 "State Persistence"). `fallback`: the
 * envelope was invalid or not allowed, and its fallbackText (or a generic notice) shows; `error`: the renderer
 * failed (the chart runtime did not load, the map adapter threw); `pending`: it waits for the registry.
 */
export interface EnvelopeStatusDetail {
  /** The envelope's `envelope_id` (`<agent-envelope envelope-id>`); empty when the page set none. */
  readonly envelopeId: string;
  readonly status: RenderStatus;
  /** Why it did not render as asked (with `fallback`, `error`, and a `pending` whose registry failed to load). */
  readonly reason?: EnvelopeRejection;
  /** One sentence for people; never a stack trace. */
  readonly message?: string;
}

/** Detail of `mantis-a2ui-action`: the user triggered a server event of a surface. */
export interface A2uiActionDetail {
  /** The client-to-server `action`, its context resolved at the moment of the click. */
  readonly action: A2uiAction;
  /** The surface's whole data model, when its createSurface asked for it (`sendDataModel`). */
  readonly dataModel?: JsonValue;
}

/** Detail of `mantis-a2ui-error`: a message the store refused, or a render-time failure (each distinct one once). */
export interface A2uiErrorDetail {
  readonly error: A2uiError;
}

/**
 * Detail of `mantis-a2ui-function-answer`: the renderer's answer to an agent's A2UI v1.0 `callRendererFunction`, a
 * renderer-to-agent message to send to the agent as it is (a `rendererFunctionResponse`, or an `INVALID_FUNCTION_CALL`
 * error by the call's ID).
 */
export interface A2uiFunctionAnswerDetail {
  readonly message: A2uiCallAnswer;
}

/**
 * Detail of `mantis-a2ui-function-call`: a surface's call to an agent's function (A2UI v1.0 `callAgentFunction`), a
 * renderer-to-agent message to send to the agent as it is; its `agentFunctionResponse`, appended to `messages`,
 * gives the value.
 */
export interface A2uiFunctionCallDetail {
  readonly message: A2uiAgentCall;
}

/** Detail of `mantis-a2ui-change`: a surface changed (a message was applied, or an input wrote its data model). */
export interface A2uiChangeDetail {
  readonly surfaceId: string;
}

export interface MantisEventMap {
  'mantis-a2ui-action': CustomEvent<A2uiActionDetail>;
  'mantis-a2ui-error': CustomEvent<A2uiErrorDetail>;
  'mantis-a2ui-function-answer': CustomEvent<A2uiFunctionAnswerDetail>;
  'mantis-a2ui-function-call': CustomEvent<A2uiFunctionCallDetail>;
  'mantis-a2ui-change': CustomEvent<A2uiChangeDetail>;
  'mantis-envelope-status': CustomEvent<EnvelopeStatusDetail>;
  'mantis-media-error': CustomEvent<MediaErrorDetail>;
  'mantis-send-error': CustomEvent<SendErrorDetail>;
  'mantis-message-interrupted': CustomEvent<MessageInterruptedDetail>;
  'mantis-citations': CustomEvent<CitationsDetail>;
  'mantis-config-error': CustomEvent<ConfigErrorDetail>;
  'mantis-view-error': CustomEvent<ViewErrorDetail>;
  'mantis-action': CustomEvent<ActionDetail>;
  'mantis-action-request': CustomEvent<ActionRequestDetail>;
  'mantis-action-outcome': CustomEvent<ActionOutcomeDetail>;
  'mantis-artifact-open': CustomEvent<ArtifactOpenDetail>;
  'mantis-artifact-close': CustomEvent<ArtifactCloseDetail>;
  'mantis-artifact-panel-resize': CustomEvent<ArtifactPanelResizeDetail>;
  'mantis-send': CustomEvent<SendDetail>;
  'mantis-message-complete': CustomEvent<MessageCompleteDetail>;
  'mantis-connection-change': CustomEvent<ConnectionChangeDetail>;
  'mantis-history-change': CustomEvent<HistoryChangeDetail>;
  'mantis-suggestions-request': CustomEvent<SuggestionsRequestDetail>;
  'mantis-copy': CustomEvent<CopyDetail>;
  'mantis-protocol-error': CustomEvent<ProtocolErrorDetail>;
  'mantis-protocol-notice': CustomEvent<ProtocolNoticeDetail>;
  'mantis-agent-state': CustomEvent<AgentStateDetail>;
}

declare global {
  // Empty on purpose: each only adds the MantisEventMap entries to the DOM's own map of that name.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends MantisEventMap {}
  // DocumentEventMap and WindowEventMap extend this one, which types document and window listeners.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends MantisEventMap {}
}

/** Dispatches a typed event that bubbles and crosses shadow roots. Returns false if a cancelable one was cancelled. */
export function emit<K extends keyof MantisEventMap>(
  target: EventTarget,
  name: K,
  detail: MantisEventMap[K] extends CustomEvent<infer D> ? D : never,
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}
