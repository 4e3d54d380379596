import type { MantisPart, RecordPart } from './parts.js';

/**
 * Where trusted parts are placed in a message's parts: a streaming message's parser, or the finished parts of a
 * message that is no longer streaming (task progress after `message_end`).
 */
export interface PartsEditor {
  /**
   * Places a part from a trusted transport event (a tool, a todo, an upload) at the current position. Live text
   * freezes there: text that arrived before the event stays before it, including an unfinished line, and text
   * after it starts a new part.
   */
  insert(part: RecordPart): readonly MantisPart[];
  /**
   * Replaces the last trusted part `matches` accepts (a reasoning part growing, a tool call changing state) where it
   * stands; inserts `part` at the current position when none matches.
   */
  upsert(part: RecordPart, matches: (existing: MantisPart) => boolean): readonly MantisPart[];
}

/** An incremental parser for one assistant message: what a text protocol creates for each message. */
export interface MessageParser extends PartsEditor {
  /** Feeds the next text delta; returns every part so far. Unchanged parts keep their identity. */
  push(delta: string): readonly MantisPart[];
  /** Ends the message: an open view fence fails closed, the last text part becomes `done`. */
  end(): readonly MantisPart[];
}

/** A `PartsEditor` over the finished parts of a message: inserts append, upserts replace in place. */
export function editFinished(parts: readonly MantisPart[]): PartsEditor & { readonly parts: readonly MantisPart[] } {
  const edited = [...parts];
  const insert = (part: RecordPart): readonly MantisPart[] => {
    edited.push(part);
    return edited;
  };
  return {
    parts: edited,
    insert,
    upsert(part, matches) {
      const index = edited.findLastIndex(matches);
      if (index === -1) return insert(part);
      edited[index] = part;
      return edited;
    },
  };
}
