import type { ActionOutcome } from '../actions/outcomes.js';
import type { ActionRequest } from '../actions/registry.js';
import { COMPOSER_LIMITS } from '../limits.js';
import type { MessageCitation } from '../message/citations.js';
import type { ConnectionState } from '../protocols/connection.js';
import type { AssistantMessage, PersistedMessage, UserMessage } from '../message/messages.js';
import type { WaitEnd } from './session-outbox.js';

/* What a ChatSession tells its listeners, and the words it uses for refusals. */

/** Why a reply ended without its end. */
export type InterruptReason = 'transport-changed' | 'connection-closed' | 'released' | 'server-error' | 'timeout';

/** Why a message was not sent. Nothing of it reached the transcript or the transport. */
export type SendRefusal = 'empty' | 'too-long' | 'loading' | 'no-connection' | 'waiting';

export type SessionEvent =
  /** The messages changed (any streamed event, a sent message, a replay). */
  | { readonly type: 'messages' }
  | { readonly type: 'state'; readonly state: ConnectionState }
  | { readonly type: 'message-start'; readonly message: AssistantMessage }
  | { readonly type: 'message-complete'; readonly message: AssistantMessage }
  | { readonly type: 'message-interrupted'; readonly message: AssistantMessage; readonly reason: InterruptReason }
  /**
   * A message's aggregate citation set, for the host's canvas: when a reply ends, and for a replayed message once,
   * when its parts are first derived (see ReplayedCitations).
   */
  | { readonly type: 'citations'; readonly messageId: string; readonly citations: readonly MessageCitation[] }
  /** The persisted conversation changed (a message was sent, a reply ended, a task reported progress). */
  | { readonly type: 'history-change'; readonly messages: readonly PersistedMessage[] }
  | { readonly type: 'protocol-error'; readonly reason: string }
  /**
   * Something on the wire this client does not know (an event type of a later version): skipped, never an error;
   * each `key` once per session.
   */
  | { readonly type: 'protocol-notice'; readonly key: string; readonly reason: string }
  /** The agent's shared state changed (AG-UI; `session.agentState`); undefined when a new connection has none yet. */
  | { readonly type: 'agent-state'; readonly state: unknown }
  /** The session was configured in a way it cannot honour (the transport cannot withdraw a capability, say). */
  | { readonly type: 'config-error'; readonly reason: string }
  /** An action for the host page (navigate, summarize, …): `<mantis-chat>` fires it as `mantis-action`. */
  | { readonly type: 'action'; readonly request: ActionRequest }
  /** A prefill-composer action: the text goes in the chat's message box, which takes focus; nothing is sent. */
  | { readonly type: 'prefill'; readonly text: string }
  /** A state-changing action was confirmed, answered, or its task reported progress (persisted with its message). */
  | { readonly type: 'action-outcome'; readonly messageId: string; readonly outcome: ActionOutcome }
  /**
   * Something a protocol tells the page (A2UI: the agent did not take an action, `{type: 'refused', message}`).
   * `protocol` names it.
   */
  | { readonly type: 'protocol-event'; readonly protocol: string; readonly event: ProtocolEvent }
  /** A message started waiting for its files to upload (`text`), or stopped (`text` null, and `end` says how). */
  | { readonly type: 'waiting'; readonly text: string | null; readonly end?: WaitEnd }
  /** A reconnect is scheduled in `delay` ms (attempt counts from 1). */
  | { readonly type: 'backoff'; readonly attempt: number; readonly delay: number };

/** What a protocol tells the page through its session. `refused`: something the user did was not taken, and why. */
export type ProtocolEvent = { readonly type: 'refused'; readonly message: string } | { readonly type: string; readonly [key: string]: unknown };

export type SessionListener = (event: SessionEvent) => void;

/**
 * What `ChatSession.send` did: sent `message`; or kept it `waiting` for its files to upload (it is sent once they
 * have); or refused it (`reason`, and `message` saying why).
 */
export type SendResult =
  | { readonly ok: true; readonly message: UserMessage }
  | { readonly ok: true; readonly waiting: true }
  | { readonly ok: false; readonly reason: SendRefusal; readonly message: string };

/**
 * The page-level switch, as NEXT_PUBLIC_COMPOSER_GENERATIVE_UI=false is in the specification:
 * `globalThis.MANTIS_COMPOSER_GENERATIVE_UI = false` before the code loads. (`<mantis-chat>` also reads a meta tag.)
 */
export function globalGenerativeUiSwitch(): boolean {
  const flag = (globalThis as { MANTIS_COMPOSER_GENERATIVE_UI?: unknown }).MANTIS_COMPOSER_GENERATIVE_UI;
  return !(flag === false || String(flag).toLowerCase() === 'false');
}

export const REFUSAL_TEXT: Record<SendRefusal, string> = {
  empty: 'Type a message first.',
  'too-long': `This message is too long: at most ${COMPOSER_LIMITS.userMessageLength.toLocaleString('en-US')} characters can be sent.`,
  loading: 'The conversation is still loading: send once it shows.',
  'no-connection': 'This chat has no connection to send through.',
  waiting: 'A message is waiting for its files to upload: send this one after it.',
};

