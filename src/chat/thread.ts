import type { ActionOutcome } from '../actions/outcomes.js';
import type { MantisPart, TrustedPart } from '../message/parts.js';
import { citationIndex } from '../message/citations.js';
import type { ConversationEvent, ProtocolRecord } from '../protocols/connection.js';
import type { RecordHandler } from '../protocols/module.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import { defaultProtocols } from '../protocols/register.js';
import type { AttachedFile } from '../uploads/tray.js';
import { EMPTY_FIELDS, type AssistantMessage, type PersistedEvent, type ProtocolFields, type UserMessage } from '../message/messages.js';
import { findAction, protocolFields, replayLive, type Kept } from './thread-records.js';
import { cachedTrailing, cut, keepRecord, keptOf, startedMessage, stepped, type Steps } from './thread-keep.js';
import { ThreadBase } from './thread-base.js';

export type * from '../message/messages.js';
export { EMPTY_FIELDS } from '../message/messages.js';

/** Records that came before any assistant message of their turn wait for the next one, at most this many. */
const WAITING_RECORDS = 16;

/**
 * The messages of one conversation and the rules that apply conversation events to them, whatever protocol they came
 * by. A changed message is replaced by a new object and unchanged ones keep their identity, so a renderer redraws only
 * what changed. Records are applied by the handler of their protocol (`protocols`), which must be loaded: the session
 * loads it before it hands the record on.
 */
export class Thread extends ThreadBase {
  #nextUserId = 0;

  constructor(protocols: ProtocolRegistry = defaultProtocols, options: { readonly derived?: (message: AssistantMessage) => void; readonly clock?: () => number } = {}) {
    super(protocols, options.derived);
    this.#clock = options.clock ?? Date.now;
  }

  /** When records arrive and change (milliseconds): the wall clock, or a scripted one. */
  readonly #clock: () => number;

  /** A new user message's ID. */
  nextUserId(): string {
    return `user-${Date.now().toString(36)}-${this.#nextUserId++}`;
  }

  addUserMessage(text: string, id = this.nextUserId(), attachments: readonly AttachedFile[] = []): UserMessage {
    const message: UserMessage = { id, role: 'user', text, ...(attachments.length > 0 ? { attachments } : {}) };
    this.list = [...this.list, message];
    return message;
  }

  /** The assistant message with this ID. */
  assistant(id: string): AssistantMessage | undefined {
    const message = this.list.findLast((m) => m.id === id);
    return message?.role === 'assistant' ? message : undefined;
  }

  #indexOf(id: string): number {
    return this.list.findLastIndex((m) => m.id === id && m.role === 'assistant');
  }

  #replace(index: number, next: AssistantMessage): AssistantMessage {
    this.list = this.list.with(index, next);
    return next;
  }

  #keptOf(message: AssistantMessage): Kept {
    return keptOf(this.protocols, this.kept, message);
  }

  /** Adds or replaces (by client action ID) the outcome of an action of a message; returns the changed message. */
  setAction(messageId: string, outcome: ActionOutcome): AssistantMessage | null {
    const index = this.#indexOf(messageId);
    const message = this.list[index] as AssistantMessage | undefined;
    if (!message) return null;
    const at = message.actions.findIndex((o) => o.clientActionId === outcome.clientActionId);
    const actions = at === -1 ? [...message.actions, outcome] : message.actions.with(at, outcome);
    return this.#replace(index, { ...message, actions });
  }

  /** The message and outcome of an action by its client action ID (the newest messages are looked at first). */
  findAction(clientActionId: string): { readonly message: AssistantMessage; readonly outcome: ActionOutcome } | null {
    return findAction(this.list, clientActionId);
  }

  /**
   * Applies one conversation event. Events at or below a message's last applied sequence are duplicates and ignored,
   * so a replay after reconnecting never doubles a part. Returns the message it changed, or null.
   */
  apply(event: ConversationEvent): AssistantMessage | null {
    switch (event.type) {
      case 'message-start':
        return this.#start(event);
      case 'record':
        return this.#record(event);
      case 'error':
        return event.messageId ? this.interrupt(event.messageId) : null;
      case 'step':
        return this.#step(event);
      case 'text-delta':
      case 'message-end':
        break;
      default:
        return null;
    }
    const index = this.#indexOf(event.messageId);
    const current = this.list[index] as AssistantMessage | undefined;
    const parser = this.live.get(event.messageId);
    if (!current || !parser || current.status !== 'streaming' || !this.#fresh(current, event.sequence)) return null;
    const sequence = event.sequence ?? current.sequence;
    if (event.type === 'message-end') return this.#finish(index, current, 'done', sequence);
    const parts = parser.push(event.delta);
    return this.#replace(index, { ...current, text: current.text + event.delta, parts: [...parts, ...this.#trailing(this.#keptOf(current))], sequence });
  }

  #fresh(message: AssistantMessage, sequence: number | undefined): boolean {
    return sequence === undefined || sequence > message.sequence;
  }

  #start(event: Extract<ConversationEvent, { type: 'message-start' }>): AssistantMessage | null {
    const at = this.#indexOf(event.messageId);
    if (at >= 0) return event.continues || event.replaces ? this.#reopen(at, event.replaces) : null;
    this.live.set(event.messageId, this.protocols.createParser(event.marker));
    this.arrived.add(event.messageId);
    const kept: Kept = { records: [], keys: new Map(), fields: EMPTY_FIELDS, trailing: [] };
    this.kept.set(event.messageId, kept);
    const message = startedMessage(event, kept.records);
    this.list = [...this.list, message];
    return message;
  }

  /**
   * A finished message the agent goes on with (after the user answered it): it streams again, from where it stood; or,
   * `replaces`, from nothing (a resumed stream replays it whole).
   */
  #reopen(index: number, replaces?: boolean): AssistantMessage | null {
    const current = this.list[index] as AssistantMessage;
    if (current.status === 'streaming') return null;
    this.arrived.add(current.id);
    if (replaces) {
      cut(this.#keptOf(current), 0);
      this.#steps.delete(current.id);
    }
    return this.#relive(index, current, replaces ? '' : current.text);
  }

  /** The message streams on from `text` and its kept records, read into a new parser where they stood. */
  #relive(index: number, current: AssistantMessage, text: string): AssistantMessage {
    const kept = this.#keptOf(current);
    const { parser, parts } = replayLive(this.protocols, text, current.marker, kept.records);
    this.live.set(current.id, parser);
    return this.#replace(index, { ...current, text, status: 'streaming', parts: [...parts, ...this.#trailing(kept)], events: kept.records, ...this.#fieldsOf(kept) });
  }

  /** Where each streaming message's current step began. */
  readonly #steps: Steps = new Map();

  override load(messages: Parameters<ThreadBase['load']>[0]): void {
    this.#steps.clear();
    super.load(messages);
  }

  #step({ messageId, step }: Extract<ConversationEvent, { type: 'step' }>): AssistantMessage | null {
    const index = this.#indexOf(messageId);
    const current = this.list[index] as AssistantMessage | undefined;
    const text = current && this.live.has(messageId) ? stepped(this.#steps, this.#keptOf(current), current, step) : null;
    return current && text !== null ? this.#relive(index, current, text) : null;
  }

  /**
   * Shows a part that is no record (a notice that a protocol could not be loaded) in a message that streams, where its
   * text stands; never persisted. Null when the message does not stream.
   */
  notice(messageId: string, part: TrustedPart): AssistantMessage | null {
    const index = this.#indexOf(messageId);
    const current = this.list[index] as AssistantMessage | undefined;
    const parser = this.live.get(messageId);
    if (!current || !parser || current.status !== 'streaming') return null;
    return this.#replace(index, { ...current, parts: [...parser.insert(part), ...this.#trailing(this.#keptOf(current))] });
  }

  /** The records that waited for an assistant message (see `RecordHandler.target`): the caller applies them now. */
  takeWaiting(): ProtocolRecord[] {
    const waiting = this.waiting;
    this.waiting = [];
    return waiting;
  }

  /** Applies a record to the message it names, or to the one its handler picks; null when nothing changed. */
  #record(event: Extract<ConversationEvent, { type: 'record' }>): AssistantMessage | null {
    const handler = this.protocols.handler(event.record.type);
    if (!handler) return null;
    let id = event.messageId;
    if (id === undefined) {
      const target = handler.target?.(event.record, this.list, this.streaming) ?? null;
      if (target === 'wait') {
        this.waiting = [...this.waiting, event.record].slice(-WAITING_RECORDS);
        return null;
      }
      if (target === null) return null;
      id = target;
    }
    const index = this.#indexOf(id);
    const current = this.list[index] as AssistantMessage | undefined;
    if (!current) return null;
    // A record naming its message belongs to its stream: once the message ended, it is a late duplicate, unless its
    // protocol takes it late (and it is not one already applied).
    if (event.messageId !== undefined && (!this.#fresh(current, event.sequence) || (!this.live.has(id) && !handler.late?.(event.record)))) return null;
    const changed = this.#keep(index, current, handler, event.record, false);
    return changed && event.sequence !== undefined && event.messageId !== undefined ? this.#replace(index, { ...changed, sequence: event.sequence }) : changed;
  }

  /**
   * Keeps a record with its message and places it in the parts: one with the key of a kept record grows it (`merge`)
   * or, with `replace`, takes its place. Null when its handler did not apply it or nothing changed.
   */
  #keep(index: number, current: AssistantMessage, handler: RecordHandler, record: ProtocolRecord, replace: boolean): AssistantMessage | null {
    const kept = this.#keptOf(current);
    const parts = keepRecord(this.protocols, kept, current, this.live.get(current.id), { handler, record, replace }, this.#clock);
    return parts && this.#replace(index, { ...current, parts, events: kept.records, ...this.#fieldsOf(kept) });
  }

  #trailing(kept: Kept): readonly MantisPart[] {
    return cachedTrailing(this.protocols, kept);
  }

  /** A message's protocol fields, made again only after its records changed. */
  #fieldsOf(kept: Kept): ProtocolFields {
    kept.fields ??= protocolFields(this.protocols, kept.records, kept.pending);
    return kept.fields;
  }

  /**
   * Keeps a record in a message outside its stream; the message's parts follow. With `replace` (an envelope's render
   * status) it takes the place of the record of its key, and a message without one is left alone; without (the user's
   * answer to a question) it is kept as the stream keeps a record. Null when nothing changed.
   */
  update(messageId: string, record: ProtocolRecord, replace = true): AssistantMessage | null {
    const handler = this.protocols.handler(record.type);
    const key = handler?.key?.(record);
    const index = this.#indexOf(messageId);
    const message = this.list[index] as AssistantMessage | undefined;
    if (!handler || !message || (replace && (key === undefined || !this.#keptOf(message).keys.has(`${record.type}\u0000${key}`)))) return null;
    return this.#keep(index, message, handler, record, replace);
  }

  #finish(index: number, current: AssistantMessage, status: 'done' | 'interrupted', sequence = current.sequence): AssistantMessage {
    const parser = this.live.get(current.id);
    this.live.delete(current.id);
    this.#steps.delete(current.id);
    const parts = parser ? [...parser.end(), ...this.#trailing(this.#keptOf(current))] : current.parts;
    return this.#replace(index, { ...current, parts, status, sequence, citations: citationIndex(parts).citations });
  }

  /**
   * Ends a reply that was cut short: its parser is closed (an open view fence fails closed), it is kept as
   * interrupted, and later events for it are ignored. Returns the message, or null when it was not streaming.
   */
  interrupt(messageId: string): AssistantMessage | null {
    const index = this.#indexOf(messageId);
    const current = this.list[index];
    if (!current || current.role !== 'assistant' || current.status !== 'streaming') return null;
    return this.#finish(index, current, 'interrupted');
  }

}

export type { PersistedEvent };
