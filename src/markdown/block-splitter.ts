import { Lexer, type Token } from 'marked';

/**
 * Splits streaming Markdown into finished top-level blocks and an open tail, so a renderer renders and sanitizes
 * each finished block once and re-renders only the tail per chunk (PERFORMANCE.md: per-chunk work must not grow
 * with the message).
 *
 * A block is closed only when a later non-space token exists and that token's first line is complete: the tail is
 * re-lexed once per complete line, never per chunk, and only the tail (usually one block) is kept as a string.
 * Link reference definitions break block independence: they are collected in `definitions`, and
 * `definitionsVersion` changes when one arrives so a renderer can re-render the blocks that may use it.
 */
export interface BlockSplitter {
  /** Feeds the next delta. */
  push(delta: string): void;
  /** The message ended: the tail becomes the last block. */
  end(): void;
  /** Finished blocks, in order; the array only grows. */
  readonly blocks: readonly string[];
  /** The open block: complete lines not yet closed, plus the unfinished line. */
  readonly open: string;
  /** Raw link reference definitions seen so far, to prepend when rendering any block. */
  readonly definitions: string;
  readonly definitionsVersion: number;
}

const lexerOptions = { gfm: true } as const;

export function createBlockSplitter(): BlockSplitter {
  const blocks: string[] = [];
  let tail = '';
  let line = '';
  let definitions = '';
  let definitionsVersion = 0;
  let ended = false;

  const close = (text: string, tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'def') {
        definitions += `${token.raw.trimEnd()}\n`;
        definitionsVersion += 1;
      }
    }
    if (text.trim().length > 0) blocks.push(text);
  };

  const completeLine = (): void => {
    let tokens: Token[];
    try {
      tokens = Lexer.lex(tail, lexerOptions);
    } catch {
      return;
    }
    let last = tokens.length - 1;
    while (last >= 0 && tokens[last]?.type === 'space') last -= 1;
    if (last < 1) return;
    let cut = 0;
    for (let i = 0; i < last; i++) cut += (tokens[i] as Token).raw.length;
    // Only cut where the tokens' raw text is exactly the source; otherwise keep the tail whole (always correct).
    if (tail.slice(0, cut) !== tokens.slice(0, last).map((t) => t.raw).join('')) return;
    close(tail.slice(0, cut), tokens.slice(0, last));
    tail = tail.slice(cut);
  };

  return {
    push(delta: string): void {
      if (ended) return;
      let start = 0;
      for (;;) {
        const newline = delta.indexOf('\n', start);
        if (newline === -1) {
          line += delta.slice(start);
          return;
        }
        tail += `${line}${delta.slice(start, newline)}\n`;
        line = '';
        completeLine();
        start = newline + 1;
      }
    },
    end(): void {
      if (ended) return;
      ended = true;
      tail += line;
      line = '';
      let tokens: Token[] = [];
      try {
        tokens = Lexer.lex(tail, lexerOptions);
      } catch {
        /* rendered as one block */
      }
      close(tail, tokens);
      tail = '';
    },
    get blocks() {
      return blocks;
    },
    get open() {
      return tail + line;
    },
    get definitions() {
      return definitions;
    },
    get definitionsVersion() {
      return definitionsVersion;
    },
  };
}

/**
 * Closes inline constructs left open at the end of a streaming block, for display only: an odd backtick, `**`,
 * `*` or `~~` gets its closer, so half-received emphasis renders as emphasis rather than as stray markers. An
 * unfinished fenced code block is left alone (it renders as code already). The source text is never changed.
 */
export function closeOpenInline(block: string): string {
  const fences = block.match(/^ {0,3}(`{3,}|~{3,})/gm);
  if (fences && fences.length % 2 === 1) return block;
  let text = block.trimEnd();
  const odd = (pattern: RegExp, source: string) => (source.match(pattern) ?? []).length % 2 === 1;
  if (odd(/(?<!\\)`/g, text)) {
    if (text.endsWith('`')) return text.slice(0, -1);
    return `${text}\``;
  }
  // Outside code spans, without list bullets and spaced asterisks (neither is emphasis).
  const plain = text
    .replace(/`[^`]*`/g, '')
    .replace(/^\s*[*+-]\s/gm, '')
    .replace(/\s\*+\s/g, ' ');
  const open = (['*', '**', '~~'] as const).filter((marker) => {
    const source = marker === '*' ? plain.replace(/\*\*/g, '') : plain;
    const pattern = marker === '*' ? /(?<!\\)\*/g : marker === '**' ? /(?<!\\)\*\*/g : /(?<!\\)~~/g;
    return odd(pattern, source);
  });
  // An opener with nothing after it yet is dropped; the others get their closers, innermost first.
  const trailing = open.find((marker) => text.endsWith(marker) && !text.endsWith(`${marker}${marker}`));
  if (trailing) text = text.slice(0, -trailing.length).trimEnd();
  return text + open.filter((marker) => marker !== trailing).join('');
}
