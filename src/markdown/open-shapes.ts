import type { Token, Tokens } from 'marked';
import { fenceCloser, isSettledRun, lastCut } from './runs.js';
import { SETTLE_MIN, type SplitState } from './split-state.js';

/*
 * The streamed shapes of the block splitter's open block (code, list, table, paragraph): how a new open block is
 * recognized as one, and how each later line is taken with a small context (the open list item, the table's header,
 * the paragraph's first and previous line) rather than by lexing the whole block. Apart from block-splitter.ts,
 * which finds where blocks end by lexing the open block whole, because these are the per-line fast paths: their
 * work must stay bounded by the line and its item, and they are easier to check on their own.
 */

const BLANK_LINE = /^[ \t]*\n?$/;
const FENCE_OPENER = /^ {0,3}(`{3,}|~{3,})/;
/** Characters the line-based fast paths do not handle (marked rewrites them): such a block is lexed whole. */
export const UNUSUAL = /[\r\0]/;

/**
 * A list's open item is lexed again when it has doubled once it is longer than this: an item of many lines (a list
 * nested deep, where marked lexes each line once per level) costs work in proportion to its size, and the items of
 * an ordinary list still settle a line or two after the next one starts.
 */
const ITEM_RELEX_DOUBLING = 256;

/** The items' raw texts are the list's (up to trailing whitespace): items can be cut apart where they meet. */
const itemsCover = (list: Tokens.List): boolean => {
  const joined = list.items.map((item) => item.raw).join('');
  return list.raw.startsWith(joined) && !list.raw.slice(joined.length).trim();
};

/** A paragraph whose text is its raw lines (marked rewrites the text when it merges a lazy indented line). */
export const plainParagraph = (token: Token | null | undefined): boolean =>
  token?.type === 'paragraph' && (token as Tokens.Paragraph).text === token.raw.replace(/\n$/, '');

const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

const onlyToken = (tokens: Token[] | null, type: string): Token | null => {
  if (!tokens) return null;
  const solid = tokens.filter((t) => t.type !== 'space');
  return solid.length === 1 && tokens[0]?.type === type ? (tokens[0] as Token) : null;
};

/** Starts a new open block from `text` (complete lines), whose last non-space token is `token`. */
export function setOpen(s: SplitState, text: string, token: Token | undefined): void {
  s.id += 1;
  s.kind = 'other';
  s.parts = [];
  s.partsLength = 0;
  s.tail = text;
  s.blankSeen = false;
  s.linesAt = 0;
  s.inlineAt = SETTLE_MIN;
  s.relexAt = 0;
  if (!token || UNUSUAL.test(text)) return;
  const textLines = lines(text);
  if (token.type === 'code' && FENCE_OPENER.test(text)) {
    const closer = fenceCloser(textLines[0] as string);
    s.closer = closer;
    if (!closer) return;
    s.kind = 'code';
    s.tail = '';
    s.fenceClosed = false;
    textLines.forEach((textLine, i) => {
      s.settle(textLine);
      if (i > 0 && !s.fenceClosed && closer.test(textLine)) s.fenceClosed = true;
    });
  } else if (token.type === 'list') {
    const items = (token as Tokens.List).items;
    if (!itemsCover(token as Tokens.List) || !text.startsWith(token.raw)) return;
    s.kind = 'list';
    for (const item of items.slice(0, -1)) s.settle(item.raw);
    s.tail = text.slice(s.partsLength);
  } else if (token.type === 'table') {
    const table = token as Tokens.Table;
    const rows = textLines.slice(2);
    const blank = rows.findIndex((row) => BLANK_LINE.test(row));
    const rowLines = blank === -1 ? rows : rows.slice(0, blank);
    if (textLines.length < 2 || rowLines.length !== table.rows.length) return;
    s.kind = 'table';
    s.settle(`${textLines[0]}${textLines[1]}`);
    for (const row of rowLines) s.settle(row);
    s.tail = text.slice(s.partsLength);
    s.blankSeen = blank !== -1;
  } else if (plainParagraph(token)) {
    s.kind = 'paragraph';
    s.firstLine = textLines[0] as string;
    s.previousLine = textLines.at(-1) as string;
    s.blankSeen = textLines.some((textLine) => BLANK_LINE.test(textLine));
    if (!s.blankSeen) settleRuns(s);
  }
}

/** Paragraph: every complete line but the last is paragraph text for sure; settle them once no inline is open. */
function settleRuns(s: SplitState): void {
  const last = s.tail.lastIndexOf('\n', s.tail.length - 2);
  if (last === -1 || last + 1 < s.linesAt) return;
  const run = s.tail.slice(0, last + 1);
  if (isSettledRun(run, s.lexInline)) {
    s.settle(run);
    s.tail = s.tail.slice(run.length);
    s.linesAt = 0;
  } else s.linesAt = 2 * run.length;
}

/**
 * Paragraph, as its unfinished line grows: once the line's first character shows that it cannot make the line
 * before it a heading or a table's header, the complete lines settle; then runs of the line itself, each ending at
 * spaces before a non-space character, so a paragraph that is one long line is not redrawn whole on every chunk.
 */
export function settleLine(s: SplitState): void {
  const line = s.line;
  if (s.kind === 'other' && s.partsLength === 0 && !s.tail && line.length >= s.inlineAt) {
    // The open block is one unfinished line so far: once it is long, find out whether it is a paragraph.
    if (UNUSUAL.test(line) || !plainParagraph(onlyToken(s.lex(line), 'paragraph'))) {
      s.inlineAt = 2 * line.length;
      return;
    }
    s.id += 1;
    s.kind = 'paragraph';
    s.firstLine = '';
    s.blankSeen = false;
  }
  if (s.kind !== 'paragraph' || s.blankSeen) return;
  if (s.tail) {
    const first = /\S/.exec(line)?.[0];
    if (!first || '=-|:'.includes(first) || s.tail.length < s.linesAt) return;
    if (!isSettledRun(s.tail, s.lexInline)) {
      s.linesAt = 2 * s.tail.length;
      return;
    }
    s.settle(s.tail);
    s.tail = '';
    s.linesAt = 0;
  }
  if (line.length - s.lineSettled < s.inlineAt) return;
  const cut = lastCut(line, s.lineSettled);
  if (cut === -1) return;
  const run = line.slice(s.lineSettled, cut);
  if (!UNUSUAL.test(run) && isSettledRun(run, s.lexInline)) {
    s.settle(run);
    s.lineSettled = cut;
    s.inlineAt = SETTLE_MIN;
  } else s.inlineAt = 2 * run.length;
}

/**
 * A complete line (ending in a newline) arrived in an open block of a streamed shape; `rest` is what of it is not
 * settled yet (all of it, but for a paragraph's line that settled runs while it streamed). Returns whether the
 * line may end the block or change its shape: then the caller lexes the open block whole (`rest` is in its tail).
 */
export function shapeLine(s: SplitState, text: string, rest: string): boolean {
  const blank = BLANK_LINE.test(text);
  switch (s.kind) {
    case 'code': {
      if (!s.fenceClosed) {
        s.settle(text);
        s.fenceClosed = (s.closer as RegExp).test(text);
        return false;
      }
      if (blank) {
        s.settle(text);
        return false;
      }
      // Something starts after a closed fence: the fence is a finished block.
      s.close(s.parts.join(''), [], { id: s.id, kind: 'code', parts: s.parts, remainder: '' });
      setOpen(s, '', undefined);
      s.tail = rest;
      return true;
    }
    case 'list': {
      const context = s.tail + rest;
      // An open item past ITEM_RELEX_DOUBLING characters is lexed each time it has doubled.
      if (context.length > ITEM_RELEX_DOUBLING && context.length < s.relexAt) {
        s.tail = context;
        return false;
      }
      const list = onlyToken(s.lex(context), 'list') as Tokens.List | null;
      if (list && context.startsWith(list.raw)) {
        s.tail = context;
        const items = list.items;
        if (items.length > 1 && itemsCover(list)) {
          for (const item of items.slice(0, -1)) s.settle(item.raw);
          s.tail = context.slice(items.slice(0, -1).reduce((n, item) => n + item.raw.length, 0));
        }
        s.relexAt = 2 * s.tail.length;
        return false;
      }
      s.tail = context;
      return true;
    }
    case 'table': {
      if (blank) {
        s.tail += rest;
        s.blankSeen = true;
        return false;
      }
      if (!s.blankSeen) {
        const table = onlyToken(s.lex((s.parts[0] as string) + text), 'table') as Tokens.Table | null;
        if (table && table.rows.length === 1) {
          s.settle(text);
          return false;
        }
      }
      s.tail += rest;
      return true;
    }
    default: {
      // A paragraph (the caller takes the lines of an `other` block itself).
      if (!s.firstLine) {
        // Its first line, found to be a paragraph while it streamed, is complete: lexed once, whole.
        s.tail += rest;
        if (!plainParagraph(onlyToken(s.lex(text), 'paragraph'))) return true;
        s.firstLine = text;
        s.previousLine = text;
        settleRuns(s);
        return false;
      }
      if (blank) {
        s.tail += rest;
        s.blankSeen = true;
        return false;
      }
      if (!s.blankSeen) {
        const { firstLine, previousLine } = s;
        const context = previousLine === firstLine && s.partsLength + s.tail.length === firstLine.length ? firstLine + text : firstLine + previousLine + text;
        if (plainParagraph(onlyToken(s.lex(context), 'paragraph'))) {
          s.tail += rest;
          s.previousLine = text;
          settleRuns(s);
          return false;
        }
      }
      s.tail += rest;
      return true;
    }
  }
}
