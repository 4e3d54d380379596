import { A2UI_VERSION, type A2uiAction, type A2uiError } from './types.js';
import { formatActionTurn } from './action.js';
import { COMPOSER_LIMITS } from '../../limits.js';
import type { A2uiDataModel as A2uiDataModelSchema, ServerEvent } from '../composer/frames.js';
import type * as z from 'zod/mini';

/** client_data_model.json: the data models of the surfaces created with `sendDataModel`, by surface ID. */
export type ClientDataModel = z.infer<typeof A2uiDataModelSchema>;
import type { Transport } from '../composer/transport.js';

/*
 * The chat side of A2UI's round trip (004_655f119d9cdaeeed.txt, docs/protocol.md "A2UI surfaces"): a user action on
 * a surface goes back to the agent as a first-class `client_action` frame when the server offers it, and otherwise as
 * the synthesized `[a2ui_action]` user turn; errors about what the agent sent go back as `a2ui_error` frames.
 */

/** What the server offered in its `capabilities` event; empty until it sent one. */
export interface ServerCapabilities {
  /** It takes A2UI actions as `client_action` frames (a tool result for the agent), not as user turns. */
  readonly clientAction?: boolean;
  /** The A2UI catalogs its agent writes for. */
  readonly a2uiCatalogs?: readonly string[];
}

export function capabilitiesOf(event: Extract<ServerEvent, { type: 'capabilities' }>): ServerCapabilities {
  return {
    ...(event.client_action !== undefined ? { clientAction: event.client_action } : {}),
    ...(event.a2ui_catalogs ? { a2uiCatalogs: event.a2ui_catalogs } : {}),
  };
}

/** How an A2UI action went out: `via` says which way; `clientActionId` names a `client_action` frame's answer. */
export type A2uiSendResult =
  | { readonly ok: true; readonly via: 'client_action'; readonly clientActionId: string }
  | { readonly ok: true; readonly via: 'turn'; readonly userMessageId: string }
  | { readonly ok: false; readonly message: string };

/** What the session lends the A2UI outbox. */
export interface A2uiOutboxHost {
  readonly transport: Transport | null;
  readonly capabilities: ServerCapabilities;
  /** Sent with a client action (a user turn carries it too: see ChatSession.send). */
  readonly dataModel: ClientDataModel | null;
  /** Sends a user turn the way typing would (checked, shown, persisted). */
  sendTurn(text: string): { readonly ok: true; readonly id: string } | { readonly ok: false; readonly message: string };
}

let nextAction = 0;

/** Sends one A2UI action from the surface owned by assistant message `messageId`. */
export function sendA2uiAction(host: A2uiOutboxHost, action: A2uiAction, messageId: string): A2uiSendResult {
  const transport = host.transport;
  if (!transport) return { ok: false, message: 'This chat has no connection to send the action through.' };
  if (host.capabilities.clientAction) {
    // A frame the server cannot take would be sent again on every reconnect: refused here instead.
    if (JSON.stringify({ action, model: host.dataModel }).length > COMPOSER_LIMITS.userMessageLength) {
      return { ok: false, message: 'This action carries too much data to send.' };
    }
    const clientActionId = `a2ui-${Date.now().toString(36)}-${nextAction++}`;
    const model = host.dataModel ? { a2ui_data_model: host.dataModel } : {};
    transport.send({ type: 'client_action', client_action_id: clientActionId, message_id: messageId, a2ui: { version: A2UI_VERSION, action }, ...model });
    return { ok: true, via: 'client_action', clientActionId };
  }
  const sent = host.sendTurn(formatActionTurn(action));
  return sent.ok ? { ok: true, via: 'turn', userMessageId: sent.id } : { ok: false, message: sent.message };
}

/** Reports an error about what the agent sent (never a stack trace: the error's own one-sentence message). */
export function reportA2uiError(transport: Transport | null, error: A2uiError, messageId?: string): void {
  transport?.send({ type: 'a2ui_error', ...(messageId ? { message_id: messageId } : {}), a2ui: { version: A2UI_VERSION, error: { ...error } } });
}
