import { Lexer, type Token, type Tokens } from 'marked';
import { COMPOSER_LIMITS } from '../limits.js';

/*
 * The block splitter's state (block-splitter.ts): the finished blocks and link definitions, and the open block as
 * settled parts, unsettled tail and unfinished line, with the per-shape context its streamed shapes keep. One object
 * that both the splitter's block boundaries (block-splitter.ts) and its per-shape line work (open-shapes.ts) use,
 * so that each of those jobs is a file of its own while the state stays in one place.
 */

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

/**
 * The fewest unsettled characters of a paragraph worth an attempt to settle them. An attempt that fails doubles the
 * size for the next one, so text that never settles (an emphasis marker that never closes) costs linear work.
 */
export const SETTLE_MIN = 64;

export class SplitState {
  readonly blocks: string[] = [];
  readonly shapes: (ClosedShape | null)[] = [];
  readonly links: Record<string, LinkTarget> = Object.create(null) as Record<string, LinkTarget>;
  readonly labels: string[] = [];
  lexedChars = 0;

  // The open block: settled parts, then unsettled complete lines (`tail`), then the unfinished line.
  id = 0;
  kind: OpenKind = 'other';
  parts: string[] = [];
  partsLength = 0;
  tail = '';
  line = '';
  /** How much of the unfinished line is settled already (a paragraph's runs): parts + tail + the rest is the block. */
  lineSettled = 0;
  // The sizes at which to try settling a paragraph's complete lines, and runs inside its unfinished line, again.
  linesAt = 0;
  inlineAt = SETTLE_MIN;
  relexAt = 0;
  // Per shape.
  closer: RegExp | null = null;
  fenceClosed = false;
  firstLine = '';
  previousLine = '';
  blankSeen = false;

  lex(text: string): Token[] | null {
    this.lexedChars += text.length;
    try {
      return Lexer.lex(text, lexerOptions);
    } catch {
      return null;
    }
  }

  /** A function of its own (made once), as `isSettledRun` takes it. */
  readonly lexInline = (text: string): Token[] | null => {
    this.lexedChars += text.length;
    try {
      return Lexer.lexInline(text, lexerOptions);
    } catch {
      return null;
    }
  };

  /** A block is finished: kept unless it is blank, and the link definitions among its tokens collected. */
  close(text: string, tokens: readonly Token[], shape: ClosedShape | null): void {
    for (const token of tokens) {
      if (token.type === 'def' && this.labels.length < COMPOSER_LIMITS.linkDefinitions) {
        const { tag, href, title } = token as Tokens.Def;
        if (Object.hasOwn(this.links, tag)) continue;
        this.links[tag] = { href, title };
        this.labels.push(tag);
      }
    }
    if (text.trim().length > 0) {
      this.blocks.push(text);
      this.shapes.push(shape);
    }
  }

  settle(part: string): void {
    this.parts.push(part);
    this.partsLength += part.length;
  }
}
