import { createFenceParser } from './composer/message-parser.js';
import type { ProtocolMarker } from '../message/marker.js';
import type { MessageParser } from '../message/parser.js';
import type { MantisPart } from '../message/parts.js';
import { RECORD_HANDLERS, type RecordHandler, type TrustedRecord, type TrustedRecordType } from './composer/records.js';
import { createTourParser } from './composer/tour-parser.js';

/*
 * The protocol registry: what turns an assistant message's text (read under its trusted marker) and its trusted
 * records into parts. A text protocol claims the messages of some markers and makes one parser per message; record
 * handlers apply trusted records (reasoning, tools, todos, uploads, task progress) to the parts, live and on replay
 * alike. A new protocol is one entry here: its parser or its record handler, and its tests.
 */

/** Reads the text of the messages whose marker it accepts. */
export interface TextProtocol {
  /** A name for people and tests. */
  readonly name: string;
  /** Whether this protocol reads messages authored under `marker`. */
  accepts(marker: ProtocolMarker): boolean;
  /** A parser for one message. `displayChars` overrides the display limit (projections read the whole text). */
  createParser(marker: ProtocolMarker, options?: ParseOptions): MessageParser;
}

/** Options of one parse. */
export interface ParseOptions {
  /** Characters of text shown before the rest is cut off (COMPOSER_LIMITS.displayChars by default). */
  readonly displayChars?: number;
}

/** `mantis-ui` fences inside Markdown (000): views where the marker negotiated them, Markdown otherwise. */
export const FENCE_PROTOCOL: TextProtocol = { name: 'mantis-ui fences', accepts: () => true, createParser: createFenceParser };

/** Visual Tour (000): the whole message is one JSON object. */
export const TOUR_PROTOCOL: TextProtocol = {
  name: 'visual tour',
  accepts: (marker) => marker.mode === 'visual-tour',
  createParser: () => createTourParser(),
};

export type RecordHandlers = { readonly [T in TrustedRecordType]: RecordHandler<T> };

export class ProtocolRegistry {
  /** Asked newest first: a protocol registered later may claim a marker an earlier one also accepts. */
  readonly #text: readonly TextProtocol[];
  readonly #records: RecordHandlers;

  constructor(text: readonly TextProtocol[] = [FENCE_PROTOCOL, TOUR_PROTOCOL], records: RecordHandlers = RECORD_HANDLERS) {
    this.#text = text;
    this.#records = records;
  }

  /** A registry with one more text protocol, asked before the others. */
  withText(protocol: TextProtocol): ProtocolRegistry {
    return new ProtocolRegistry([...this.#text, protocol], this.#records);
  }

  /** A registry whose handler of one record type is replaced. */
  withRecord<T extends TrustedRecordType>(type: T, handler: RecordHandler<T>): ProtocolRegistry {
    return new ProtocolRegistry(this.#text, { ...this.#records, [type]: handler });
  }

  /** The text protocol that reads messages of this marker. */
  textProtocol(marker: ProtocolMarker): TextProtocol {
    const protocol = this.#text.findLast((p) => p.accepts(marker));
    if (!protocol) throw new Error(`no text protocol accepts the marker ${JSON.stringify(marker)}`);
    return protocol;
  }

  createParser(marker: ProtocolMarker, options?: ParseOptions): MessageParser {
    return this.textProtocol(marker).createParser(marker, options);
  }

  /** Applies a trusted record to a message's parts through `editor`; null when it does not apply. */
  applyRecord(record: TrustedRecord, editor: { insert: MessageParser['insert']; upsert: MessageParser['upsert'] }, parts: readonly MantisPart[]): readonly MantisPart[] | null {
    const handler = this.#records[record.type] as RecordHandler<TrustedRecordType>;
    return handler.apply(record as never, editor, parts);
  }
}

/** The protocols every chat speaks. */
export const defaultProtocols = new ProtocolRegistry();

/** Creates the incremental parser of one assistant message, chosen by its trusted marker. */
export function createMessageParser(marker: ProtocolMarker, options?: ParseOptions): MessageParser {
  return defaultProtocols.createParser(marker, options);
}

/** Parses a whole assistant message at once: exactly the parts that streaming it in any chunks yields. */
export function parseAssistantText(text: string, marker: ProtocolMarker, options?: ParseOptions): readonly MantisPart[] {
  const parser = createMessageParser(marker, options);
  parser.push(text);
  return parser.end();
}
