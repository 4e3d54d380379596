import type { MessageParser } from '../message/parser.js';
import type { ProtocolRecord } from '../protocols/connection.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import type { AssistantMessage, ChatMessage, PersistedMessage } from '../message/messages.js';
import { loadMessage, persistMessage, reloaded, type Kept } from './thread-records.js';

/*
 * What a Thread holds (its messages, the parsers of those that stream, each message's kept records) and the
 * conversation's persisted form: written out, loaded, read again when a protocol loads after its history. Thread
 * (thread.ts) adds the rules that apply conversation events to it.
 */
export abstract class ThreadBase {
  readonly protocols: ProtocolRegistry;
  protected list: ChatMessage[] = [];
  /** Streaming messages' parsers, by ID. */
  protected readonly live = new Map<string, MessageParser>();
  /** Each assistant message's records, their keys, and the protocol fields they make (made on first use). */
  protected readonly kept = new Map<string, Kept>();
  /** Records that named no message and waited for the next assistant message. */
  protected waiting: ProtocolRecord[] = [];
  /** Assistant messages that arrived on a connection here, rather than from a persisted history. */
  protected readonly arrived = new Set<string>();

  /** Told when a loaded message's parts are first derived (the session announces its citations then). */
  protected readonly derived: ((message: AssistantMessage) => void) | undefined;

  constructor(protocols: ProtocolRegistry, derived: ((message: AssistantMessage) => void) | undefined) {
    this.protocols = protocols;
    this.derived = derived;
  }

  get messages(): readonly ChatMessage[] {
    return this.list;
  }

  /** Whether an assistant message arrived here on a connection (not loaded from a persisted history). */
  arrivedLive(messageId: string): boolean {
    return this.arrived.has(messageId);
  }

  /** The IDs of the replies still streaming (without walking the thread: a long thread costs nothing here). */
  get streaming(): readonly string[] {
    return [...this.live.keys()];
  }

  /** The conversation in its persisted format. */
  toPersisted(): PersistedMessage[] {
    return this.list.map((m) => (m.role === 'user' ? m : persistMessage(this.protocols, m, this.kept.get(m.id))));
  }

  /**
   * Replaces the conversation with persisted messages (already read by checkPersistedHistory). Each assistant message
   * is parsed again under its stored marker (never the mode selected now), with its trusted records placed where they
   * arrived in the text, so the parts are exactly those of the live stream. Parts are derived on first use: a long
   * history paints its newest messages without parsing the oldest.
   */
  load(messages: readonly PersistedMessage[]): void {
    this.live.clear();
    this.kept.clear();
    this.waiting = [];
    this.arrived.clear();
    this.list = messages.map((m) => this.#made(m));
  }

  #made(m: PersistedMessage): ChatMessage {
    if (m.role === 'user') return m;
    const { message, kept } = loadMessage(this.protocols, m, undefined, this.derived);
    this.kept.set(m.id, kept);
    return message;
  }

  /**
   * Adds persisted messages (already read) before the message `before` (at the end when it is null), made as loaded
   * ones are; a message whose ID the thread holds is left out, and nothing is added when `before` is not here. Returns
   * the messages added.
   */
  insert(before: string | null, messages: readonly PersistedMessage[]): ChatMessage[] {
    const at = before === null ? this.list.length : this.list.findIndex((m) => m.id === before);
    const ids = new Set(this.list.map((m) => m.id));
    const made = at === -1 ? [] : messages.filter((m) => !ids.has(m.id) && ids.add(m.id)).map((m) => this.#made(m));
    if (made.length > 0) this.list = [...this.list.slice(0, at), ...made, ...this.list.slice(at)];
    return made;
  }

  /** User turns a protocol wrote (their text starts with `prefix`) are made again, so they are drawn as it describes them. */
  refreshTurns(prefix: string): void {
    this.list = this.list.map((m) => (m.role === 'user' && m.text.startsWith(prefix) ? { ...m } : m));
  }

  /**
   * A protocol loaded after a history that holds its records or fields: those messages are read again (new objects,
   * parts derived afresh), and each is returned.
   */
  refresh(records: readonly string[], fields: readonly string[]): AssistantMessage[] {
    const { messages, changed } = reloaded(this.protocols, this.list, { kept: this.kept, live: this.live }, { records, fields });
    this.list = messages;
    return changed;
  }
}
