import type { ConnectionEvent } from '../protocols/connection.js';
import type { ProtocolState } from '../protocols/module.js';
import type { RenderStatus } from '../message/messages.js';

/*
 * The doors a ChatSession has always had to its A2UI and agent-ui@1 protocols, kept so that hosts written against them
 * go on working. Each hands the call to the protocol by name, through the same generic doors everything else uses
 * (`protocol`, `receive`); none holds protocol logic, and nothing here imports a protocol.
 */

/** An A2UI action, as `sendA2uiAction` takes it. */
export interface A2uiActionInput {
  readonly name: string;
  readonly surfaceId: string;
  readonly sourceComponentId: string;
  readonly timestamp: string;
  readonly context: { readonly [key: string]: unknown };
}

/** How an A2UI action went out: `via` says which way; `clientActionId` names a `client_action` frame's answer. */
export type A2uiSendResult =
  | { readonly ok: true; readonly via: 'client_action'; readonly clientActionId: string }
  | { readonly ok: true; readonly via: 'turn'; readonly userMessageId: string }
  | { readonly ok: false; readonly message: string };

type A2uiDoors = ProtocolState & {
  sendAction?(action: A2uiActionInput, messageId?: string): A2uiSendResult;
  reportError?(error: { readonly code: string; readonly surfaceId: string; readonly message: string; readonly path?: string }, messageId?: string): void;
};
type EnvelopeDoors = ProtocolState & { setStatus?(envelopeId: string, status: RenderStatus, error?: string): boolean };

export abstract class SessionCompat {
  abstract protocol(name: string): ProtocolState | undefined;
  abstract receive(event: ConnectionEvent): void;

  /**
   * Sends a user's action on an A2UI surface to the agent, as part of the message that owns the surface (or
   * `messageId`). Also `a2uiOf(session)?.sendAction(action)` (`mantis-ui/a2ui`).
   */
  sendA2uiAction(action: A2uiActionInput, messageId?: string): A2uiSendResult {
    const a2ui = this.protocol('a2ui') as A2uiDoors | undefined;
    return a2ui?.sendAction?.(action, messageId) ?? { ok: false, message: 'This chat shows no A2UI surface to act on.' };
  }

  /**
   * Tells the agent what was wrong with A2UI messages it sent. Also `a2uiOf(session)?.reportError(error, messageId)`.
   */
  reportA2uiError(error: { readonly code: string; readonly surfaceId: string; readonly message: string; readonly path?: string }, messageId?: string): void {
    (this.protocol('a2ui') as A2uiDoors | undefined)?.reportError?.(error, messageId);
  }

  /**
   * Attaches an agent-ui@1 envelope (from an `AgentUiStream` the host connected) to the assistant message of its turn:
   * `session.receive({ type: 'record', record: { type: 'ui-envelope', ...event } })`.
   */
  addEnvelope(event: { readonly session_id: string; readonly envelope_id: string; readonly created_at: number; readonly envelope: unknown }): void {
    this.receive({ type: 'record', record: { type: 'ui-envelope', ...event } });
  }

  /**
   * Records how an envelope rendered (persisted with its message). Also `envelopesOf(session)?.setStatus(…)`.
   */
  setEnvelopeStatus(envelopeId: string, status: RenderStatus, error?: string): void {
    (this.protocol('agent-ui') as EnvelopeDoors | undefined)?.setStatus?.(envelopeId, status, error);
  }
}
