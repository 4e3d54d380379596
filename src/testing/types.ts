import type { ReplyBuilder } from './reply.js';

/* The options and records of a ScriptedTransport. */

/** What a user message is matched on: a substring of its text, a pattern, or a test. */
export type TextMatcher = string | RegExp | ((text: string) => boolean);

/** An A2UI action the chat sent: as a `client_action` frame, or as an `[a2ui_action]` user turn. */
export interface RecordedA2uiAction {
  /** The action's name (the component's `action.event.name`). */
  readonly name: string;
  /** The surface it came from. */
  readonly surfaceId: string;
  /** The component that triggered it. */
  readonly sourceComponentId: string;
  /** The component's context, every binding resolved. */
  readonly context: Readonly<Record<string, unknown>>;
  /** When the user acted (ISO 8601), as a `client_action` frame says; a turn does not carry it. */
  readonly timestamp?: string;
  /** How it came: a `client_action` frame, or an `[a2ui_action]` user turn. */
  readonly via: 'client_action' | 'turn';
}

/** How the scripted server answers an `action` frame (add-to-bag, run-task). */
export type ActionAnswer = { readonly status: 'accepted' } | { readonly status: 'rejected'; readonly reason: string };

/** How a ScriptedTransport plays its script. */
export interface ScriptedTransportOptions {
  /** Replies to answer with, in order: each user message (or A2UI action) no rule matches takes the next one. */
  readonly replies?: readonly ReplyBuilder[];
  /** Largest text delta, in characters; by default each step's text goes in one delta. */
  readonly chunk?: number;
  /** Starts paused: nothing is delivered until `step()`, `flush()` or `resume()`. */
  readonly paused?: boolean;
  /** Whether the server takes A2UI actions as `client_action` frames (the default) or as `[a2ui_action]` turns. */
  readonly clientAction?: boolean;
  /** The agent-ui session scripted envelopes belong to (default `scripted-session`). */
  readonly sessionId?: string;
  /**
   * Put before every ID the script makes (`assistant-1`, `call-1`, …; default none). A chat that talks through two
   * scripted transports in turn needs a different one for each: it takes a reply whose ID it already has for a replay
   * of that message, as it must for a server's.
   */
  readonly idPrefix?: string;
}

