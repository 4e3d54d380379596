import { Lexer, type Token } from 'marked';

/*
 * Where streaming Markdown text may be cut and drawn apart from what follows it, and how an unfinished block is shown
 * meanwhile. Used by the block splitter (settled runs) and the open-block views (display of the tail).
 */

const lexerOptions = { gfm: true } as const;
const FENCE_OPENER = /^ {0,3}(`{3,}|~{3,})/;

/** marked's closing fence: up to 3 spaces, the opening fence string, any more fence characters, spaces. */
export function fenceCloser(openerLine: string): RegExp | null {
  const fence = FENCE_OPENER.exec(openerLine)?.[1];
  if (!fence) return null;
  return new RegExp(`^ {0,3}${fence.replace(/[`~]/g, (c) => `\\${c === '`' ? 'x60' : 'x7e'}`)}[~\`]* *\n?$`);
}

const TOP_STRAY = /[`*_~[\]<]/;
const NESTED_STRAY = /[`[\]<]/;
/** A run of one delimiter character (`*_` is two runs) that whitespace follows: it can close, never open. */
const CLOSER_ONLY = /([*_~])\1*(?=\s)/g;
const CLOSED = new Set(['em', 'strong', 'del', 'link']);
const INTRAWORD_UNDERSCORE = /(?<=[\p{L}\p{N}])_+(?=[\p{L}\p{N}])/gu;

/**
 * Whether a run of complete paragraph lines can be rendered on its own: inline constructs inside it are complete
 * and nothing in it could pair with later text (no stray `*`, `_`, `~`, backtick, bracket or `<` in plain text),
 * and it does not end in a hard line break (which depends on the text after it).
 */
export function isSettledRun(run: string, lex: (text: string) => Token[] | null = (text) => Lexer.lexInline(text, lexerOptions)): boolean {
  // A run ends a line, or ends inside one at spaces that a non-space character follows (see `settleLine`).
  const endsLine = run.endsWith('\n');
  if (endsLine ? /(?: {2,}|\\)\n$/.test(run) : !/\S[ \t]+$/.test(run)) return false;
  const tokens = lex(run);
  if (!tokens) return false;
  // Emphasis delimiters inside a closed emphasis, strikethrough or link were paired or dropped within it and cannot
  // pair with later text; code spans, links and tags can still start there and end later, so those are checked at
  // every depth.
  const open = (list: readonly Token[], stray: RegExp): boolean =>
    list.some((token) => {
      // An underscore inside a word (snake_case) can neither open nor close emphasis.
      // A delimiter run that whitespace follows can only close, and what it closes is before it.
      if (token.type === 'text' && stray.test(token.raw.replace(INTRAWORD_UNDERSCORE, '').replace(CLOSER_ONLY, ''))) return true;
      const children = (token as { tokens?: Token[] }).tokens;
      return children ? open(children, CLOSED.has(token.type) ? NESTED_STRAY : stray) : false;
    });
  return !open(tokens, TOP_STRAY);
}

/** Where a line may be cut inside: after its last run of spaces that a non-space character follows (-1: nowhere). */
export function lastCut(line: string, from: number): number {
  for (let i = line.length - 1; i > from; i--) {
    const c = line.charCodeAt(i - 1);
    if ((c === 32 || c === 9) && line.charCodeAt(i) !== 32 && line.charCodeAt(i) !== 9) return i;
  }
  return -1;
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
