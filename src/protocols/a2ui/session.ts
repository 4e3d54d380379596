import { COMPOSER_LIMITS } from '../../limits.js';
import type { AssistantMessage, UserMessage } from '../../message/messages.js';
import type { ProtocolRecord } from '../connection.js';
import type { ProtocolHost, ProtocolState, TurnDescription } from '../module.js';
import { formatActionTurn, parseActionTurn } from './action.js';
import { DEFAULT_CATALOGS } from './expand.js';
import { loadA2uiVersion, SurfaceGroup } from './group.js';
import { touchedBy, type A2uiRecord } from './records.js';
import { A2UI_VERSION, type A2uiAction, type A2uiError } from './types.js';
import type { CatalogDefinition } from './catalog-basic.js';
import type { A2uiSurfaceStore } from './surface.js';

/*
 * A2UI in one conversation (004_655f119d9cdaeeed.txt, docs/protocol.md "A2UI surfaces"): its surface group, fed by the
 * `a2ui` records of the thread as they arrive (and as a history replays); the round trip of a user's action, as a
 * first-class client action when the server offers one and its wire carries it, else as the synthesized
 * `[a2ui_action]` user turn; and every error about what the agent sent, reported to the agent once (never again for a
 * replayed message) and to the page.
 */

/** How an A2UI action went out: `via` says which way; `clientActionId` names a client action's answer. */
export type A2uiSendResult =
  | { readonly ok: true; readonly via: 'client_action'; readonly clientActionId: string }
  | { readonly ok: true; readonly via: 'turn'; readonly userMessageId: string }
  | { readonly ok: false; readonly message: string };

/** client_data_model.json: the data models of the surfaces created with `sendDataModel`, by surface ID. */
export type ClientDataModel = NonNullable<ReturnType<A2uiSurfaceStore['clientDataModel']>>;

let nextAction = 0;

export class A2uiSession implements ProtocolState {
  readonly name = 'a2ui';
  readonly group: SurfaceGroup;
  readonly #host: ProtocolHost;
  /** Whether the last record arrived (not read again). */
  #live = true;
  /** Client actions sent and not answered yet. */
  readonly #sent = new Set<string>();

  constructor(host: ProtocolHost) {
    this.#host = host;
    this.group = new SurfaceGroup({
      report: (error, owner, version) => this.#report(error, owner, version),
      respond: (answer, owner) => this.#told(owner) && this.#carry(answer, owner),
      // A call goes with the message that owns its surface (the agent answers on it: in a chat every surface has one).
      send: (message, failed) => this.#carry(message, this.group.placements.get(message.callAgentFunction.surfaceId)?.owner, failed),
      loadVersion: loadA2uiVersion,
      waited: () => host.changed(),
    });
    this.reset();
  }

  recorded(record: ProtocolRecord, message: AssistantMessage, live: boolean): void {
    // Read again (a history, the chat's catalogs changed): what the agent was told once is not told again, nor what
    // the surfaces read again find when they render, until a message arrives.
    this.#live = live;
    if (record.type === 'a2ui') for (const m of (record as A2uiRecord).messages) this.group.apply(m, message.id);
    else this.group.touch(touchedBy(record), message.id);
  }

  /** Starts over, with the chat's `a2uiCatalogs` as they are now (a change of them resets, then replays). */
  reset(): void {
    this.group.catalogs = (this.#host.options?.['a2ui'] as readonly CatalogDefinition[] | undefined) ?? DEFAULT_CATALOGS;
    this.group.reset();
  }

  carried(): Readonly<Record<string, unknown>> | undefined {
    // A2UI's metadata of each user message and client action while a surface that asked for it is shown.
    const model = this.group.store.clientDataModel();
    return model ? { a2ui: model } : undefined;
  }

  answered(clientActionId: string, status: 'accepted' | 'rejected', reason?: string): boolean {
    if (!this.#sent.delete(clientActionId)) return false;
    if (status === 'rejected') this.#refused(`The agent did not take the action${reason ? `: ${reason}` : '.'}`);
    return true;
  }

  reconnected(): void {
    this.#sent.clear();
  }

  #refused(message: string): void {
    this.#host.emit({ type: 'refused', message });
  }

  /**
   * Sends a user's action on a surface to the agent, as part of the message that owns the surface (or `messageId`).
   * A refusal is also told to the page (`refused`), so the chat shows it.
   */
  sendAction(action: A2uiAction, messageId = this.group.placements.get(action.surfaceId)?.owner): A2uiSendResult {
    const result = this.#send(action, messageId);
    if (!result.ok) this.#refused(result.message);
    return result;
  }

  #send(action: A2uiAction, messageId: string | undefined): A2uiSendResult {
    const host = this.#host;
    if (!messageId) return { ok: false, message: 'This surface belongs to no message of this conversation.' };
    if (host.capabilities.clientAction && host.carries('a2ui')) {
      const carried = this.carried();
      // A frame the server cannot take would be sent again on every reconnect: refused here instead.
      if (JSON.stringify({ action, carried }).length > COMPOSER_LIMITS.userMessageLength) return { ok: false, message: 'This action carries too much data to send.' };
      const clientActionId = `a2ui-${Date.now().toString(36)}-${nextAction++}`;
      // In the version of the surface it came from (a v1.0 surface's actions are v1.0 messages).
      const payload = { version: this.#version(action.surfaceId), action };
      if (!host.send({ type: 'carry', kind: 'a2ui', payload, messageId, clientActionId, ...(carried ? { carried } : {}) })) {
        return { ok: false, message: 'This chat has no connection to send the action through.' };
      }
      this.#sent.add(clientActionId);
      return { ok: true, via: 'client_action', clientActionId };
    }
    const sent = host.sendTurn(formatActionTurn(action));
    return sent.ok ? { ok: true, via: 'turn', userMessageId: sent.id } : { ok: false, message: sent.message || 'The action could not be sent.' };
  }

  /**
   * Tells the agent what was wrong with what it sent (never a stack trace: the error's own one-sentence message), in
   * the version of what it sent (`v1.0` for a v1.0 message or surface; by default the version of the surface it names).
   */
  reportError(error: A2uiError, messageId?: string, version = this.#version(error.surfaceId)): void {
    this.#carry({ version, error: { ...error } }, messageId);
  }

  /** The version of a surface (the one it was created with); v0.9 for one this chat does not have. */
  #version(surfaceId: string): string {
    return this.group.store.get(surfaceId)?.version ?? A2UI_VERSION;
  }

  /** Sends an A2UI message for the agent (an error, an answer); false when the connection cannot carry it. */
  #carry(payload: object, messageId: string | undefined, failed?: (reason?: string) => void): boolean {
    return this.#host.send({ type: 'carry', kind: 'a2ui', payload, failed, ...(messageId ? { messageId } : {}) });
  }

  /** An error found here: the agent hears it when it came with a message that arrived live; the page always does. */
  #report(error: A2uiError, owner: string | undefined, version: string): void {
    if (this.#told(owner)) this.reportError(error, owner, version);
    this.#host.emit({ type: 'error', error });
  }

  /** Whether the agent is told about what came with `owner`: a message that arrived live, not one read again. */
  #told(owner: string | undefined): owner is string {
    return owner !== undefined && this.#live && this.#host.arrivedLive(owner);
  }
}

/** A user turn that is an A2UI action (004), described for the chat's compact chip. */
export function describeActionTurn(message: UserMessage): TurnDescription | null {
  const action = parseActionTurn(message.text);
  return action ? { name: action.name, where: action.surfaceId, details: JSON.stringify(action.context, null, 2) } : null;
}
