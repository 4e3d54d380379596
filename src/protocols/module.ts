import type { AssistantMessage, ChatMessage, PersistedEvent, ProtocolFields, UserMessage } from '../message/messages.js';
import type { ProtocolMarker } from '../message/marker.js';
import type { MessageParser, PartsEditor } from '../message/parser.js';
import type { MantisPart } from '../message/parts.js';
import type { Connection, ConnectionOptions, OutgoingFrame, ProtocolRecord, ServerCapabilities } from './connection.js';

/*
 * What a protocol module is (docs/protocol.md "Protocol modules"): one folder under src/protocols/ that owns its wire
 * (schemas, its connection if it has one, the frames it sends), its records (how each changes a message's parts, live
 * and on replay, and how a stored one is read back) and its state in a session. It is registered in one line naming
 * a loader (register.ts), so a page pays only for the protocols it uses; it may carry another protocol's messages by
 * handing them on by kind, never by importing that protocol.
 */

/** Options of one parse. */
export interface ParseOptions {
  /** Characters of text shown before the rest is cut off (COMPOSER_LIMITS.displayChars by default). */
  readonly displayChars?: number;
}

/** Reads the text of the messages whose marker it accepts. */
export interface TextProtocol {
  /** A name for people and tests. */
  readonly name: string;
  /** Whether this protocol reads messages authored under `marker`. */
  accepts(marker: ProtocolMarker): boolean;
  /** A parser for one message. `displayChars` overrides the display limit (projections read the whole text). */
  createParser(marker: ProtocolMarker, options?: ParseOptions): MessageParser;
}

/** How one type of record changes a message's parts, live and on replay alike. */
export interface RecordHandler<R extends ProtocolRecord = ProtocolRecord> {
  /**
   * Reads a record of this type from outside (a stored history, a frame): its known fields only, each checked; null
   * when a required one is missing or wrong. Unknown fields are left behind, never carried into parts or storage.
   */
  read(value: unknown): R | null;
  /** Places the record in the parts through `editor`; null when it does not apply (nothing changes, nothing is kept). */
  apply(record: R, editor: PartsEditor, parts: readonly MantisPart[]): readonly MantisPart[] | null;
  /**
   * Records with the same key are one record, grown or replaced where the first one began (a reasoning run and its
   * deltas, an envelope and its render status). Without it every record is its own.
   */
  key?(record: R): string;
  /** The record that `next` makes of the one kept under its key (a reasoning delta appended to its run). */
  merge?(previous: R, next: R): R;
  /**
   * `end`: its part goes after the message's other parts and never splits its text (an envelope of the turn);
   * `inline` (the default): where it arrived, freezing the text there.
   */
  readonly placement?: 'inline' | 'end';
  /**
   * The message a record that names none goes to: a message ID, `'wait'` to wait for the next assistant message (at
   * most a few), or null to drop it. Without it such a record is dropped.
   */
  target?(record: R, messages: readonly ChatMessage[], streaming: readonly string[]): string | 'wait' | null;
  /**
   * Whether a record naming its message may still come after the message ended, with the message's next sequence
   * number (A2UI: the agent's answer to a renderer's call, which touches no surface). Without it such a record is a late
   * duplicate and dropped.
   */
  late?(record: R): boolean;
}

/** A record as kept with its message: where it arrived in the text, when it arrived, and when it last changed. */
export type StoredRecord = PersistedEvent;

/** Message fields a protocol fills from its records and persists (agent-ui@1's `uiEnvelopes`, A2UI's `surfaceIds`). */
export interface MessageFields {
  /** The record types persisted in these fields instead of `events` (a record is never written twice). */
  readonly inFields: readonly string[];
  /** The fields of a message, from its records of this protocol (at least one). */
  view(records: readonly StoredRecord[]): Partial<ProtocolFields>;
  /** The persisted fields of a message, from its records of this protocol (at least one). */
  write(records: readonly StoredRecord[], message: AssistantMessage): Readonly<Record<string, unknown>>;
  /**
   * The records a stored message's fields hold, each read leniently (`textLength`: where records that say no place go);
   * `unread` counts what could not be read.
   */
  read(stored: Readonly<Record<string, unknown>>, textLength: number): { readonly records: readonly StoredRecord[]; readonly unread: number };
}

/** A user turn a protocol wrote for the user (an A2UI action), described so the chat shows it compactly. */
export interface TurnDescription {
  /** What was done (`submit`). */
  readonly name: string;
  /** Where (`on booking`). */
  readonly where: string;
  /** Its details, as JSON text. */
  readonly details: string;
}

/** What a protocol's session state may do with its session. */
export interface ProtocolHost {
  readonly messages: readonly ChatMessage[];
  readonly streaming: readonly string[];
  assistant(id: string): AssistantMessage | undefined;
  /** Whether an assistant message arrived here on a connection (not loaded from a persisted history). */
  arrivedLive(messageId: string): boolean;
  /** What the server offered on the current connection. */
  readonly capabilities: ServerCapabilities;
  /** Whether the current connection's wire carries this kind of message. */
  carries(kind: string): boolean;
  /** Sends a frame through the connection; false when there is none or it cannot carry it. */
  send(frame: OutgoingFrame): boolean;
  /** Sends a user turn the way typing would (checked, shown, persisted). */
  sendTurn(text: string): { readonly ok: true; readonly id: string } | { readonly ok: false; readonly message: string };
  /** Replaces a keyed record of a message (its handler's `key`); the message's parts follow, and it is persisted. */
  updateRecord(messageId: string, record: ProtocolRecord): boolean;
  /** The state changed in a way renderers show (a surface's data model): the session says `messages` changed. */
  changed(): void;
  /** Tells the session's listeners something of this protocol's (`protocol-event`). */
  emit(event: { readonly type: string; readonly [key: string]: unknown }): void;
  /** What the session was configured with, by protocol name (`a2ui`: the chat's A2UI catalogs), as it is now. */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** A protocol's state in one session (A2UI's surfaces, agent-ui@1's registry), made when the session first needs it. */
export interface ProtocolState {
  /** The protocol's name. */
  readonly name: string;
  /** A record of this protocol was applied to `message`: live (it arrived now), or replayed from a history. */
  recorded?(record: ProtocolRecord, message: AssistantMessage, live: boolean): void;
  /** The conversation was replaced (a history loaded): start over; `recorded` replays what the new one holds. */
  reset?(): void;
  /** A reply ended (done or interrupted). */
  ended?(message: AssistantMessage): void;
  /** What the next user turn carries for this protocol, by kind (A2UI's data models), or undefined. */
  carried?(): Readonly<Record<string, unknown>> | undefined;
  /** The server answered something this protocol sent with `clientActionId`; false when it was not its own. */
  answered?(clientActionId: string, status: 'accepted' | 'rejected', reason?: string): boolean;
  /** The connection was replaced: answers to what was sent through the old one will not come. */
  reconnected?(): void;
  dispose?(): void;
}

/** A protocol's options in a session (ChatSession.configureProtocol). */
export interface ProtocolOptions {
  /** What its state reads as `options[name]`. */
  readonly options: unknown;
  /** What is advertised instead of its registration's defaults, by parameter. */
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  /** Documents a wire that can carries inline, as JSON text, by the same parameter. */
  readonly documents?: Readonly<Record<string, readonly string[]>>;
  /**
   * The version of what is advertised, by its ID, where it is not the protocol's first (A2UI's v1.0 catalogs: `1.0`),
   * for a wire whose capability format lists each version apart (AG-UI's `context`).
   */
  readonly versions?: Readonly<Record<string, string>>;
  /** What could not be used, each said to the page. */
  readonly refused?: readonly string[];
}

/** Where what reads a protocol's options puts them (A2UI's catalogs: register.ts configureA2uiCatalogs). */
export interface ProtocolConfigTarget {
  configureProtocol(name: string, given: ProtocolOptions): void;
}

/** A protocol module: what its folder's loader resolves to. */
export interface ProtocolModule {
  readonly name: string;
  /**
   * Connection kinds (`<mantis-chat transport>`) this protocol opens, each a factory of its connection. A factory may
   * return a promise (its wire's code loads on first use): until it settles the session talks to a stand-in that is
   * `connecting` and keeps what is sent, as while a protocol loads.
   */
  readonly connections?: Readonly<Record<string, (options: ConnectionOptions) => Connection | Promise<Connection>>>;
  /** The connection of an object a host gave (`<mantis-chat>.connection`), when it is one this protocol speaks. */
  readonly adapt?: (value: unknown) => Connection | null;
  /** How message text is read, by the message's trusted marker. */
  readonly text?: readonly TextProtocol[];
  /** The records it owns, by type (each type also named in its registration). */
  readonly records?: Readonly<Record<string, RecordHandler>>;
  /** Fields it persists on assistant messages instead of `events` (its registration names them). */
  readonly fields?: MessageFields;
  /** A user turn it wrote, described (its registration names the turn's prefix). */
  readonly describeTurn?: (message: UserMessage) => TurnDescription | null;
  /** Its state in a session. */
  readonly createState?: (host: ProtocolHost) => ProtocolState;
}

/**
 * One line of the registration file: a protocol's name, what it is known by before it loads, and its loader. A
 * loader is `() => import('./folder/index.js')`; the one protocol whose `Transport` is the session's own API is
 * there from the start.
 */
export interface ProtocolRegistration {
  readonly name: string;
  /** Connection kinds it opens. */
  readonly connections?: readonly string[];
  /** Record types it owns. */
  readonly records?: readonly string[];
  /** Persisted message fields it reads back. */
  readonly fields?: readonly string[];
  /** The prefix of user turns it writes. */
  readonly turnPrefix?: string;
  /** What a client that may load it advertises on a connection URL, by parameter (A2UI's `a2ui_catalog`). */
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  /** Loaded when registered: its module ships in the first load (the session's own protocol). */
  readonly eager?: boolean;

  readonly load: () => ProtocolModule | Promise<ProtocolModule>;
}
