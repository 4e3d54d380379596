import type { ActionRegistry } from '../actions/registry.js';
import type { BagDirectory } from '../actions/bags.js';
import type { ConnectionState, ServerCapabilities } from '../protocols/connection.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import type { PersistedMessage } from '../message/messages.js';
import type { AttachmentTray } from '../uploads/tray.js';
import { ActionRunner } from './session-actions.js';
import type { SessionConnection } from './session-connection.js';
import type { SendResult, SessionEvent } from './session-events.js';
import { SessionInbox } from './session-inbox.js';
import { SessionProtocols } from './session-protocols.js';
import type { Thread } from './thread.js';

/*
 * How a ChatSession's parts are put together: its protocols' states, its action runner and its inbox, each given the
 * narrow view of the session it needs. Kept apart from session.ts, which is the session's API.
 */

/** What the parts are made from: the session's own pieces, and its current state read through getters. */
export interface SessionCore {
  readonly thread: Thread;
  readonly registry: ProtocolRegistry;
  readonly attachments: AttachmentTray;
  readonly connection: SessionConnection;
  readonly replyTimeout: number;
  readonly actionTimeout: number;
  capabilities: ServerCapabilities;
  readonly state: ConnectionState;
  readonly persisted: PersistedMessage[];
  readonly actions: ActionRegistry;
  readonly bags: BagDirectory | null;
  send(text: string): SendResult;
  emit(event: SessionEvent): void;
}

export function wireSession(core: SessionCore): { protocols: SessionProtocols; runner: ActionRunner; inbox: SessionInbox } {
  /** Messages changed; with `persisted`, the persisted conversation too. */
  const changed = (persisted: boolean): void => {
    core.emit({ type: 'messages' });
    if (persisted) core.emit({ type: 'history-change', messages: core.persisted });
  };
  const protocols = new SessionProtocols(
    core.registry,
    {
      thread: core.thread,
      get capabilities() {
        return core.capabilities;
      },
      carries: (kind) => core.connection.current?.carries(kind) ?? false,
      // A protocol's message goes with the conversation, for a wire that carries it whole on each request.
      send: (frame) => core.connection.current?.send(frame.type === 'carry' ? { ...frame, conversation: core.thread.messages } : frame) ?? false,
      sendTurn: (text) => {
        const sent = core.send(text);
        return sent.ok && 'message' in sent ? { ok: true, id: sent.message.id } : { ok: false, message: sent.ok ? '' : sent.message };
      },
      updated: () => changed(true),
      changed: () => core.emit({ type: 'messages' }),
      emit: (protocol, event) => core.emit({ type: 'protocol-event', protocol, event }),
      failed: (reason, skipped) => inbox.unavailable(reason, skipped),
    },
    (event) => inbox.onEvent(event),
  );
  const runner = new ActionRunner({
    thread: core.thread,
    send: (frame) => core.connection.current?.send(frame) ?? false,
    get actions() {
      return core.actions;
    },
    get bags() {
      return core.bags;
    },
    actionTimeout: core.actionTimeout,
    deliver: (request) => core.emit({ type: 'action', request }),
    prefill: (text) => core.emit({ type: 'prefill', text }),
    // A follow-up goes alone: the files attached meanwhile wait for the user's own message.
    sendText: (text) => {
      const sent = core.send(text);
      return sent.ok ? { ok: true } : { ok: false, message: sent.message };
    },
    changed: (message, outcome) => {
      core.emit({ type: 'messages' });
      core.emit({ type: 'action-outcome', messageId: message.id, outcome });
      core.emit({ type: 'history-change', messages: core.persisted });
    },
  });
  const inbox: SessionInbox = new SessionInbox(core, protocols, runner);
  return { protocols, runner, inbox };
}
