/**
 * Caps how deep block quotes nest, for display: at the start of a line outside fenced code, the quote markers (`>`,
 * each after at most three spaces) past the `max`-th are escaped (`\>`), so the rest of the line is text in the
 * innermost quote shown. Markdown nested 1,000 quotes deep costs marked time in proportion to the square of the depth
 * on every line (a 256 KiB stream of `>>>>…` took over a second to lex once); no real answer nests quotes more than a
 * few levels. Streaming: `push` takes each delta and returns it with the escapes added, looking at each character once.
 * The message's stored text is never changed; only what is rendered is.
 */
export interface QuoteDepthCap {
  push(delta: string): string;
}

/** The deepest block quote nesting shown; markers past it show as text. */
export const MAX_QUOTE_DEPTH = 32;

export function createQuoteDepthCap(max = MAX_QUOTE_DEPTH): QuoteDepthCap {
  // Per line: still reading its leading markers, how many markers so far, spaces since the last one.
  let scanning = true;
  let depth = 0;
  let spaces = 0;
  let lineStart = true;
  // The line's first characters (after its quote markers) while they may still open or close a fence.
  let head = '';
  let fence: { char: string; length: number } | null = null;

  const endLine = (): void => {
    if (lineStart || head) {
      const match = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(head);
      if (match) {
        const run = match[1] as string;
        const rest = match[2] as string;
        if (!fence && !(run[0] === '`' && rest.includes('`'))) fence = { char: run[0] as string, length: run.length };
        else if (fence && run[0] === fence.char && run.length >= fence.length && !rest.trim()) fence = null;
      }
    }
    scanning = true;
    depth = 0;
    spaces = 0;
    lineStart = true;
    head = '';
  };

  return {
    push(delta: string): string {
      let out = '';
      let from = 0;
      for (let i = 0; i < delta.length; i++) {
        const c = delta[i] as string;
        if (c === '\n' || c === '\r') {
          endLine();
          continue;
        }
        if (head.length < 8 && !(scanning && depth > 0 && (c === '>' || c === ' '))) head += c;
        lineStart = false;
        if (!scanning || fence) continue;
        if (c === ' ' && spaces < 3) spaces += 1;
        else if (c === '\t' && depth > 0 && spaces === 0) spaces = 3;
        else if (c === '>') {
          if (depth === max) {
            out += `${delta.slice(from, i)}\\`;
            from = i;
            scanning = false;
            continue;
          }
          depth += 1;
          spaces = 0;
          // What the markers hide from the fence check: the line's text starts after them.
          head = '';
        } else scanning = false;
      }
      return out + delta.slice(from);
    },
  };
}
