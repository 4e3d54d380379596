import { plainParagraph, setOpen, settleLine, shapeLine, UNUSUAL } from './open-shapes.js';
import { SplitState, type ClosedShape, type LinkTarget, type OpenBlock } from './split-state.js';

export type { ClosedShape, LinkTarget, OpenBlock, OpenKind } from './split-state.js';

/**
 * Splits streaming Markdown into finished top-level blocks and an open tail, so a renderer renders and sanitizes
 * each finished block once and re-renders only the tail per chunk (PERFORMANCE.md: per-chunk work must not grow
 * with the message).
 *
 * A block is closed only when a later non-space token exists and that token's first line is complete: the tail is
 * looked at once per complete line, never per chunk. Link reference definitions break block independence: they are
 * collected in `links`, their labels in `labels` as they arrive, so a renderer can re-render the blocks that use one.
 *
 * One open block can itself be large (a long code fence, list, table or paragraph). For these four shapes the open
 * block is kept as settled `parts` plus an unsettled `tail`, and a complete line is lexed with a small context only
 * (the open list item, the table's header, the paragraph's first and previous line; a fence line is not lexed at
 * all), so the work per line is bounded by the line and its item, not by the block. The whole open block is lexed
 * again only when that context says the block may end or change shape (once per block), which is always correct.
 */
export interface BlockSplitter {
  /** Feeds the next delta. */
  push(delta: string): void;
  /** The message ended: the tail becomes the last block. */
  end(): void;
  /** Finished blocks, in order; the array only grows. */
  readonly blocks: readonly string[];
  /**
   * For each finished block, how it was streamed when it was the open block (its id, shape and settled parts, and
   * the rest of its text), so a renderer that drew those parts can keep them; null when it was not.
   */
  readonly shapes: readonly (ClosedShape | null)[];
  /** The open block: complete lines not yet closed, plus the unfinished line. */
  readonly open: string;
  /** The open block as settled parts and an unsettled tail. */
  readonly openBlock: OpenBlock;
  /**
   * The link reference definitions seen so far (at most COMPOSER_LIMITS.linkDefinitions of them), as marked keeps
   * them: normalized label to destination and title, the first definition of a label winning. A renderer hands them
   * to marked rather than prepending definitions to every block it renders.
   */
  readonly links: Readonly<Record<string, LinkTarget>>;
  /** The labels of `links`, in the order they arrived: the renderer re-renders only the blocks that use new ones. */
  readonly labels: readonly string[];
  /** Characters given to the Markdown lexer so far (a debug counter, for tests that bound the work). */
  readonly lexedChars: number;
}

/**
 * Past this many characters, a block of no streamed shape (`other`) is lexed again only when it has doubled since
 * the last time, rather than on every line: blocks close later, never wrongly (a hostile stream of one huge quote
 * would otherwise be lexed whole on every line). A list's open item has a threshold of its own (open-shapes.ts).
 */
const RELEX_DOUBLING = 4096;

export function createBlockSplitter(): BlockSplitter {
  const s = new SplitState();
  let ended = false;

  /**
   * Lexes the whole open block (complete lines): closes what is finished and starts the open block over. `final`
   * closes everything.
   */
  const relex = (final: boolean): void => {
    const { kind, id, parts, partsLength } = s;
    const whole = parts.join('') + s.tail;
    const tokens = whole.trim() ? s.lex(whole) : [];
    if (!tokens) {
      if (final) s.close(whole, [], null);
      else setOpen(s, whole, undefined);
      return;
    }
    let last = tokens.length - 1;
    while (last >= 0 && tokens[last]?.type === 'space') last -= 1;
    const closing = final ? tokens.length : last;
    let cut = 0;
    if (closing >= 1) {
      const raws = tokens.slice(0, closing).map((t) => t.raw);
      const all = raws.join('');
      // Only cut where the tokens' raw text is exactly the source; otherwise keep the tail whole (always correct).
      if (whole.startsWith(all)) {
        let first = 1;
        while (first < closing && tokens[first]?.type === 'space') first += 1;
        const firstCut = raws.slice(0, first).join('').length;
        const type = tokens[0]?.type;
        const shape: ClosedShape | null =
          kind !== 'other' && firstCut >= partsLength && type === kind && (kind !== 'paragraph' || plainParagraph(tokens[0]))
            ? { id, kind, parts, remainder: whole.slice(partsLength, final && first === closing ? whole.length : firstCut) }
            : null;
        if (final && first === closing) {
          s.close(whole, tokens, shape);
          cut = whole.length;
        } else {
          s.close(whole.slice(0, firstCut), tokens.slice(0, first), shape);
          if (first < closing) s.close(final ? whole.slice(firstCut) : all.slice(firstCut), tokens.slice(first, closing), null);
          cut = final ? whole.length : all.length;
        }
      } else if (final) {
        s.close(whole, tokens, null);
        cut = whole.length;
      }
    } else if (final) {
      s.close(whole, tokens, null);
      cut = whole.length;
    }
    // The new open block starts at the last token only if everything before it was closed.
    setOpen(s, whole.slice(cut), final || (closing >= 1 && cut === 0) ? undefined : tokens[last]);
  };

  /** A block of no streamed shape: lexed again on each line while small, then each time it has doubled. */
  const relexOther = (): void => {
    const size = s.partsLength + s.tail.length;
    if (size > RELEX_DOUBLING && size < s.relexAt) return;
    relex(false);
    if (s.kind === 'other') s.relexAt = 2 * (s.partsLength + s.tail.length);
  };

  /**
   * A complete line (ending in a newline) arrived; `rest` is what of it is not settled yet (all of it, but for a
   * paragraph's line that settled runs while it streamed).
   */
  const completeLine = (text: string, rest: string): void => {
    if (UNUSUAL.test(text)) s.kind = 'other';
    if (s.kind === 'other') {
      s.tail += rest;
      relexOther();
    } else if (shapeLine(s, text, rest)) relex(false);
  };

  const openBlock: OpenBlock = {
    get id() {
      return s.id;
    },
    get kind() {
      return s.kind;
    },
    get parts() {
      return s.parts;
    },
    get tail() {
      return s.tail + s.line.slice(s.lineSettled);
    },
  };

  return {
    push(delta: string): void {
      if (ended) return;
      let start = 0;
      for (;;) {
        const newline = delta.indexOf('\n', start);
        if (newline === -1) {
          s.line += delta.slice(start);
          settleLine(s);
          return;
        }
        const text = `${s.line}${delta.slice(start, newline)}\n`;
        const rest = text.slice(s.lineSettled);
        s.line = '';
        s.lineSettled = 0;
        completeLine(text, rest);
        start = newline + 1;
      }
    },
    end(): void {
      if (ended) return;
      ended = true;
      s.tail += s.line.slice(s.lineSettled);
      s.line = '';
      s.lineSettled = 0;
      relex(true);
      s.kind = 'other';
      s.parts = [];
      s.partsLength = 0;
      s.tail = '';
    },
    get blocks() {
      return s.blocks;
    },
    get shapes() {
      return s.shapes;
    },
    get open() {
      return s.parts.join('') + s.tail + s.line.slice(s.lineSettled);
    },
    openBlock,
    get links() {
      return s.links;
    },
    get labels() {
      return s.labels;
    },
    get lexedChars() {
      return s.lexedChars;
    },
  };
}
