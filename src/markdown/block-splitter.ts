import { Lexer, type Token, type Tokens } from 'marked';
import { COMPOSER_LIMITS } from '../limits.js';
import { fenceCloser, isSettledRun, lastCut } from './runs.js';

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
 * The shapes streamed part by part. `code`: parts are the opening fence line, then each later complete line (content,
 * the closing fence, blank lines after it). `list`: each finished item (its raw text, nested lists included).
 * `table`: the header and delimiter lines, then each row line. `paragraph`: runs of complete lines in which no inline
 * construct is open. `other`: no parts, the tail is the whole open block.
 */
export type OpenKind = 'code' | 'list' | 'table' | 'paragraph' | 'other';

export interface OpenBlock {
  /** Changes whenever the open block starts over (a new block, or a change of shape): drop what was drawn. */
  readonly id: number;
  readonly kind: OpenKind;
  /** Settled parts; while `id` is unchanged they only grow, and none of them changes. */
  readonly parts: readonly string[];
  /** The rest of the open block, including the unfinished line. */
  readonly tail: string;
}

export interface LinkTarget {
  readonly href: string;
  readonly title: string | null | undefined;
}

export interface ClosedShape {
  readonly id: number;
  readonly kind: Exclude<OpenKind, 'other'>;
  /** The settled parts it had (a prefix of the block). */
  readonly parts: readonly string[];
  /** The rest of the block's text after the parts. */
  readonly remainder: string;
}

const lexerOptions = { gfm: true } as const;

const BLANK_LINE = /^[ \t]*\n?$/;
const FENCE_OPENER = /^ {0,3}(`{3,}|~{3,})/;
/** Characters the line-based fast paths do not handle (marked rewrites them): such a block is lexed whole. */
const UNUSUAL = /[\r\0]/;

/** The items' raw texts are the list's (up to trailing whitespace): items can be cut apart where they meet. */
const itemsCover = (list: Tokens.List): boolean => {
  const joined = list.items.map((item) => item.raw).join('');
  return list.raw.startsWith(joined) && !list.raw.slice(joined.length).trim();
};

/** A paragraph whose text is its raw lines (marked rewrites the text when it merges a lazy indented line). */
const plainParagraph = (token: Token | null | undefined): boolean =>
  token?.type === 'paragraph' && (token as Tokens.Paragraph).text === token.raw.replace(/\n$/, '');

const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/**
 * The fewest unsettled characters of a paragraph worth an attempt to settle them. An attempt that fails doubles the
 * size for the next one, so text that never settles (an emphasis marker that never closes) costs linear work.
 */
const SETTLE_MIN = 64;
/**
 * Past this many characters, a block of no streamed shape (`other`) is lexed again only when it has doubled since
 * the last time, rather than on every line: blocks close later, never wrongly (a hostile stream of one huge quote
 * would otherwise be lexed whole on every line). A list's open item has its own threshold, ITEM_RELEX_DOUBLING.
 */
const RELEX_DOUBLING = 4096;
/**
 * A list's open item is lexed again when it has doubled once it is longer than this: an item of many lines (a list
 * nested deep, where marked lexes each line once per level) costs work in proportion to its size, and the items of
 * an ordinary list still settle a line or two after the next one starts.
 */
const ITEM_RELEX_DOUBLING = 256;


export function createBlockSplitter(): BlockSplitter {
  const blocks: string[] = [];
  const shapes: (ClosedShape | null)[] = [];
  const links: Record<string, LinkTarget> = Object.create(null) as Record<string, LinkTarget>;
  const labels: string[] = [];
  let ended = false;
  let lexedChars = 0;

  // The open block: settled parts, then unsettled complete lines (`tail`), then the unfinished line.
  let id = 0;
  let kind: OpenKind = 'other';
  let parts: string[] = [];
  let partsLength = 0;
  let tail = '';
  let line = '';
  /** How much of the unfinished line is settled already (a paragraph's runs): parts + tail + the rest is the block. */
  let lineSettled = 0;
  // The sizes at which to try settling a paragraph's complete lines, and runs inside its unfinished line, again.
  let linesAt = 0;
  let inlineAt = SETTLE_MIN;
  let relexAt = 0;
  // Per shape.
  let closer: RegExp | null = null;
  let fenceClosed = false;
  let firstLine = '';
  let previousLine = '';
  let blankSeen = false;

  const lex = (text: string): Token[] | null => {
    lexedChars += text.length;
    try {
      return Lexer.lex(text, lexerOptions);
    } catch {
      return null;
    }
  };
  const lexInline = (text: string): Token[] | null => {
    lexedChars += text.length;
    try {
      return Lexer.lexInline(text, lexerOptions);
    } catch {
      return null;
    }
  };

  const close = (text: string, tokens: readonly Token[], shape: ClosedShape | null): void => {
    for (const token of tokens) {
      if (token.type === 'def' && labels.length < COMPOSER_LIMITS.linkDefinitions) {
        const { tag, href, title } = token as Tokens.Def;
        if (Object.hasOwn(links, tag)) continue;
        links[tag] = { href, title };
        labels.push(tag);
      }
    }
    if (text.trim().length > 0) {
      blocks.push(text);
      shapes.push(shape);
    }
  };

  const settle = (part: string): void => {
    parts.push(part);
    partsLength += part.length;
  };

  /** Starts a new open block from `text` (complete lines), whose last non-space token is `token`. */
  const setOpen = (text: string, token: Token | undefined): void => {
    id += 1;
    kind = 'other';
    parts = [];
    partsLength = 0;
    tail = text;
    blankSeen = false;
    linesAt = 0;
    inlineAt = SETTLE_MIN;
    relexAt = 0;
    if (!token || UNUSUAL.test(text)) return;
    const textLines = lines(text);
    if (token.type === 'code' && FENCE_OPENER.test(text)) {
      closer = fenceCloser(textLines[0] as string);
      if (!closer) return;
      kind = 'code';
      tail = '';
      fenceClosed = false;
      textLines.forEach((textLine, i) => {
        settle(textLine);
        if (i > 0 && !fenceClosed && (closer as RegExp).test(textLine)) fenceClosed = true;
      });
    } else if (token.type === 'list') {
      const items = (token as Tokens.List).items;
      if (!itemsCover(token as Tokens.List) || !text.startsWith(token.raw)) return;
      kind = 'list';
      for (const item of items.slice(0, -1)) settle(item.raw);
      tail = text.slice(partsLength);
    } else if (token.type === 'table') {
      const table = token as Tokens.Table;
      const rows = textLines.slice(2);
      const blank = rows.findIndex((row) => BLANK_LINE.test(row));
      const rowLines = blank === -1 ? rows : rows.slice(0, blank);
      if (textLines.length < 2 || rowLines.length !== table.rows.length) return;
      kind = 'table';
      settle(`${textLines[0]}${textLines[1]}`);
      rowLines.forEach(settle);
      tail = text.slice(partsLength);
      blankSeen = blank !== -1;
    } else if (plainParagraph(token)) {
      kind = 'paragraph';
      firstLine = textLines[0] as string;
      previousLine = textLines.at(-1) as string;
      blankSeen = textLines.some((textLine) => BLANK_LINE.test(textLine));
      if (!blankSeen) settleRuns();
    }
  };

  /** Paragraph: every complete line but the last is paragraph text for sure; settle them once no inline is open. */
  const settleRuns = (): void => {
    const last = tail.lastIndexOf('\n', tail.length - 2);
    if (last === -1 || last + 1 < linesAt) return;
    const run = tail.slice(0, last + 1);
    if (isSettledRun(run, lexInline)) {
      settle(run);
      tail = tail.slice(run.length);
      linesAt = 0;
    } else linesAt = 2 * run.length;
  };

  /**
   * Paragraph, as its unfinished line grows: once the line's first character shows that it cannot make the line
   * before it a heading or a table's header, the complete lines settle; then runs of the line itself, each ending at
   * spaces before a non-space character, so a paragraph that is one long line is not redrawn whole on every chunk.
   */
  const settleLine = (): void => {
    if (kind === 'other' && partsLength === 0 && !tail && line.length >= inlineAt) {
      // The open block is one unfinished line so far: once it is long, find out whether it is a paragraph.
      if (UNUSUAL.test(line) || !plainParagraph(onlyToken(lex(line), 'paragraph'))) {
        inlineAt = 2 * line.length;
        return;
      }
      id += 1;
      kind = 'paragraph';
      firstLine = '';
      blankSeen = false;
    }
    if (kind !== 'paragraph' || blankSeen) return;
    if (tail) {
      const first = /\S/.exec(line)?.[0];
      if (!first || '=-|:'.includes(first) || tail.length < linesAt) return;
      if (!isSettledRun(tail, lexInline)) {
        linesAt = 2 * tail.length;
        return;
      }
      settle(tail);
      tail = '';
      linesAt = 0;
    }
    if (line.length - lineSettled < inlineAt) return;
    const cut = lastCut(line, lineSettled);
    if (cut === -1) return;
    const run = line.slice(lineSettled, cut);
    if (!UNUSUAL.test(run) && isSettledRun(run, lexInline)) {
      settle(run);
      lineSettled = cut;
      inlineAt = SETTLE_MIN;
    } else inlineAt = 2 * run.length;
  };

  /**
   * Lexes the whole open block (complete lines): closes what is finished and starts the open block over. `final`
   * closes everything.
   */
  const relex = (final: boolean): void => {
    const whole = parts.join('') + tail;
    const tokens = whole.trim() ? lex(whole) : [];
    if (!tokens) {
      if (final) close(whole, [], null);
      else setOpen(whole, undefined);
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
          close(whole, tokens, shape);
          cut = whole.length;
        } else {
          close(whole.slice(0, firstCut), tokens.slice(0, first), shape);
          if (first < closing) close(final ? whole.slice(firstCut) : all.slice(firstCut), tokens.slice(first, closing), null);
          cut = final ? whole.length : all.length;
        }
      } else if (final) {
        close(whole, tokens, null);
        cut = whole.length;
      }
    } else if (final) {
      close(whole, tokens, null);
      cut = whole.length;
    }
    // The new open block starts at the last token only if everything before it was closed.
    setOpen(whole.slice(cut), final || (closing >= 1 && cut === 0) ? undefined : tokens[last]);
  };

  /** A block of no streamed shape: lexed again on each line while small, then each time it has doubled. */
  const relexOther = (): void => {
    const size = partsLength + tail.length;
    if (size > RELEX_DOUBLING && size < relexAt) return;
    relex(false);
    if (kind === 'other') relexAt = 2 * (partsLength + tail.length);
  };

  const onlyToken = (tokens: Token[] | null, type: string): Token | null => {
    if (!tokens) return null;
    const solid = tokens.filter((t) => t.type !== 'space');
    return solid.length === 1 && tokens[0]?.type === type ? (tokens[0] as Token) : null;
  };

  /**
   * A complete line (ending in a newline) arrived; `rest` is what of it is not settled yet (all of it, but for a
   * paragraph's line that settled runs while it streamed).
   */
  const completeLine = (text: string, rest: string): void => {
    if (UNUSUAL.test(text)) kind = 'other';
    const blank = BLANK_LINE.test(text);
    switch (kind) {
      case 'code': {
        if (!fenceClosed) {
          settle(text);
          fenceClosed = (closer as RegExp).test(text);
          return;
        }
        if (blank) {
          settle(text);
          return;
        }
        // Something starts after a closed fence: the fence is a finished block.
        close(parts.join(''), [], { id, kind, parts, remainder: '' });
        setOpen('', undefined);
        tail = rest;
        relex(false);
        return;
      }
      case 'list': {
        const context = tail + rest;
        // An open item past ITEM_RELEX_DOUBLING characters is lexed each time it has doubled.
        if (context.length > ITEM_RELEX_DOUBLING && context.length < relexAt) {
          tail = context;
          return;
        }
        const list = onlyToken(lex(context), 'list') as Tokens.List | null;
        if (list && context.startsWith(list.raw)) {
          tail = context;
          const items = list.items;
          if (items.length > 1 && itemsCover(list)) {
            for (const item of items.slice(0, -1)) settle(item.raw);
            tail = context.slice(items.slice(0, -1).reduce((n, item) => n + item.raw.length, 0));
          }
          relexAt = 2 * tail.length;
          return;
        }
        tail = context;
        relex(false);
        return;
      }
      case 'table': {
        if (blank) {
          tail += rest;
          blankSeen = true;
          return;
        }
        if (!blankSeen) {
          const table = onlyToken(lex((parts[0] as string) + text), 'table') as Tokens.Table | null;
          if (table && table.rows.length === 1) {
            settle(text);
            return;
          }
        }
        tail += rest;
        relex(false);
        return;
      }
      case 'paragraph': {
        if (!firstLine) {
          // Its first line, found to be a paragraph while it streamed, is complete: lexed once, whole.
          tail += rest;
          if (!plainParagraph(onlyToken(lex(text), 'paragraph'))) {
            relex(false);
            return;
          }
          firstLine = text;
          previousLine = text;
          settleRuns();
          return;
        }
        if (blank) {
          tail += rest;
          blankSeen = true;
          return;
        }
        if (!blankSeen) {
          const context = previousLine === firstLine && partsLength + tail.length === firstLine.length ? firstLine + text : firstLine + previousLine + text;
          if (plainParagraph(onlyToken(lex(context), 'paragraph'))) {
            tail += rest;
            previousLine = text;
            settleRuns();
            return;
          }
        }
        tail += rest;
        relex(false);
        return;
      }
      default:
        tail += rest;
        relexOther();
    }
  };

  const openBlock = {
    get id() {
      return id;
    },
    get kind() {
      return kind;
    },
    get parts() {
      return parts;
    },
    get tail() {
      return tail + line.slice(lineSettled);
    },
  };

  return {
    push(delta: string): void {
      if (ended) return;
      let start = 0;
      for (;;) {
        const newline = delta.indexOf('\n', start);
        if (newline === -1) {
          line += delta.slice(start);
          settleLine();
          return;
        }
        const text = `${line}${delta.slice(start, newline)}\n`;
        const rest = text.slice(lineSettled);
        line = '';
        lineSettled = 0;
        completeLine(text, rest);
        start = newline + 1;
      }
    },
    end(): void {
      if (ended) return;
      ended = true;
      tail += line.slice(lineSettled);
      line = '';
      lineSettled = 0;
      relex(true);
      kind = 'other';
      parts = [];
      partsLength = 0;
      tail = '';
    },
    get blocks() {
      return blocks;
    },
    get shapes() {
      return shapes;
    },
    get open() {
      return parts.join('') + tail + line.slice(lineSettled);
    },
    openBlock,
    get links() {
      return links;
    },
    get labels() {
      return labels;
    },
    get lexedChars() {
      return lexedChars;
    },
  };
}

