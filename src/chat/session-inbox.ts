import type { ActionRunner } from './session-actions.js';
import type { AttachmentTray } from '../uploads/tray.js';
import type { ConnectionEvent, ConnectionState, ServerCapabilities } from '../protocols/connection.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import type { AssistantMessage, PersistedMessage } from '../message/messages.js';
import type { InterruptReason, SessionEvent } from './session-events.js';
import type { SessionProtocols } from './session-protocols.js';
import type { Thread } from './thread.js';

/*
 * What comes in to a session from its connection, and how its replies end: each conversation event applied to the
 * thread (records read by their protocol first), the silence timer of each streaming reply, and a reply interrupted
 * or finished with what it says to the page. A part of ChatSession, kept apart so the session reads as its API.
 */

/** What the inbox works on: the session's parts. */
export interface InboxHost {
  readonly thread: Thread;
  readonly registry: ProtocolRegistry;
  readonly attachments: AttachmentTray;
  readonly replyTimeout: number;
  readonly state: ConnectionState;
  readonly persisted: PersistedMessage[];
  capabilities: ServerCapabilities;
  emit(event: SessionEvent): void;
}

export class SessionInbox {
  readonly #host: InboxHost;
  readonly #silence = new Map<string, ReturnType<typeof setTimeout>>();
  /** Notices already given (an unknown event type is noted once per session). */
  readonly #noticed = new Set<string>();
  /** The agent's shared state (AG-UI), as its connection last said; undefined while it said none. */
  agentState: unknown = undefined;

  readonly #protocols: SessionProtocols;
  readonly #runner: ActionRunner;

  constructor(host: InboxHost, protocols: SessionProtocols, runner: ActionRunner) {
    this.#host = host;
    this.#protocols = protocols;
    this.#runner = runner;
  }

  /** Messages that already say a protocol could not be loaded, as `message\u0000protocol`. */
  readonly #unavailableIn = new Set<string>();

  /**
   * A protocol could not be loaded: said to the page, and, where a record of it was skipped in a reply that streams,
   * in that reply (once per protocol), so nothing of it vanishes without a word.
   */
  unavailable(reason: string, skipped?: { readonly protocol: string; readonly event: Extract<ConnectionEvent, { type: 'record' }> }): void {
    this.#host.emit({ type: 'protocol-error', reason });
    const messageId = skipped && (skipped.event.messageId ?? this.#host.thread.streaming.at(-1));
    if (!skipped || !messageId || this.#unavailableIn.has(`${messageId}\u0000${skipped.protocol}`)) return;
    const message = `Part of this reply could not be shown: this page could not load what reads it (${skipped.protocol}).`;
    const changed = this.#host.thread.notice(messageId, { type: 'data-mantis-unavailable', id: `unavailable-${skipped.protocol}`, data: { protocol: skipped.protocol, message } });
    if (!changed) return;
    this.#unavailableIn.add(`${messageId}\u0000${skipped.protocol}`);
    this.#host.emit({ type: 'messages' });
  }

  clearSilence(): void {
    for (const timer of this.#silence.values()) clearTimeout(timer);
    this.#silence.clear();
  }

  /** (Re)starts the silence timer of a streaming reply; only while connected. */
  #watch(messageId: string): void {
    clearTimeout(this.#silence.get(messageId));
    if (this.#host.state !== 'open') {
      this.#silence.delete(messageId);
      return;
    }
    this.#silence.set(
      messageId,
      setTimeout(() => this.interrupt(messageId, 'timeout'), this.#host.replyTimeout),
    );
  }

  interrupt(messageId: string, reason: InterruptReason, notify = true): void {
    clearTimeout(this.#silence.get(messageId));
    this.#silence.delete(messageId);
    const message = this.#host.thread.interrupt(messageId);
    if (!message || !notify) return;
    this.#host.emit({ type: 'messages' });
    this.#host.emit({ type: 'message-interrupted', message, reason });
    this.#finished(message);
  }

  #finished(message: AssistantMessage): void {
    this.#protocols.ended(message);
    this.#host.emit({ type: 'citations', messageId: message.id, citations: message.citations });
    this.#host.emit({ type: 'history-change', messages: this.#host.persisted });
  }

  onEvent(event: ConnectionEvent): void {
    switch (event.type) {
      case 'state':
        if (event.state === 'closed') for (const id of this.#host.thread.streaming) this.interrupt(id, 'connection-closed');
        else for (const id of this.#host.thread.streaming) this.#watch(id);
        // Uploads that lost the network with the connection resume now, not at their next retry.
        if (event.state === 'open') this.#host.attachments.resume();
        return this.#host.emit({ type: 'state', state: event.state });
      case 'protocol-error':
        return this.#host.emit({ type: 'protocol-error', reason: event.reason });
      case 'protocol-notice':
        if (this.#noticed.has(event.key)) return;
        this.#noticed.add(event.key);
        return this.#host.emit({ type: 'protocol-notice', key: event.key, reason: event.reason });
      case 'backoff':
        return this.#host.emit({ type: 'backoff', attempt: event.attempt, delay: event.delay });
      case 'agent-state':
        this.agentState = event.state;
        return this.#host.emit(event);
      case 'capabilities':
        this.#host.capabilities = event.capabilities;
        return;
      case 'action-result':
        if (!this.#protocols.answered(event.clientActionId, event.status, event.reason)) this.#runner.result(event.clientActionId, event.status, event.reason);
        return;
      case 'error':
        if (event.messageId && this.#host.thread.streaming.includes(event.messageId)) return this.interrupt(event.messageId, 'server-error');
        return this.#host.emit({ type: 'protocol-error', reason: `server error ${event.code}: ${event.message}` });
      case 'messages-add': {
        const added = this.#host.thread.insert(event.before, event.messages);
        if (added.length < event.messages.length) this.#host.emit({ type: 'protocol-error', reason: `${event.messages.length - added.length} message(s) the agent kept could not be added: the chat holds their IDs, or where they go is gone.` });
        if (added.length === 0) return;
        // Their records are heard as a replayed history's are.
        for (const m of added) if (m.role === 'assistant') for (const { event: record } of m.events) this.#protocols.recorded(record, m, false);
        this.#host.emit({ type: 'messages' });
        return this.#host.emit({ type: 'history-change', messages: this.#host.persisted });
      }
      case 'record': {
        if (event.clientActionId && event.progress !== undefined && this.#runner.progress(event.clientActionId, event.progress)) return;
        const type = event.record.type;
        if (!this.#host.registry.owner({ record: type })) {
          return this.onEvent({ type: 'protocol-notice', key: `record:${type}`, reason: `A "${type}" record is not one this chat knows; it was skipped.` });
        }
        // Read by its protocol, as a stored one is: only the fields it knows go on.
        const record = this.#host.registry.handler(type)?.read(event.record) ?? null;
        if (!record) return this.#host.emit({ type: 'protocol-error', reason: `A "${type}" record could not be read (a required field is missing or wrong); it was skipped.` });
        return this.#apply({ ...event, record });
      }
    }
    this.#apply(event);
  }

  #apply(event: Exclude<ConnectionEvent, { type: 'state' | 'protocol-error' | 'protocol-notice' | 'backoff' | 'capabilities' | 'action-result' | 'error' | 'agent-state' | 'messages-add' }>): void {
    const changed = this.#host.thread.apply(event);
    if (!changed) return;
    if (event.type === 'record') this.#protocols.recorded(event.record, changed, true);
    this.#host.emit({ type: 'messages' });
    // A record that came outside its message's stream (task progress, an envelope of the turn) is persisted at once.
    if (event.type === 'record' && (changed.status !== 'streaming' || event.messageId === undefined)) return this.#host.emit({ type: 'history-change', messages: this.#host.persisted });
    if (event.type === 'message-start') {
      this.#host.emit({ type: 'message-start', message: changed });
      // Records that waited for this message are applied now.
      for (const record of this.#host.thread.takeWaiting()) this.#apply({ type: 'record', record });
    }
    const message = this.#host.thread.assistant(changed.id) ?? changed;
    if (message.status === 'streaming') this.#watch(message.id);
    else if (event.type === 'message-end') {
      clearTimeout(this.#silence.get(message.id));
      this.#silence.delete(message.id);
      this.#host.emit({ type: 'message-complete', message });
      this.#finished(message);
    }
  }
}
