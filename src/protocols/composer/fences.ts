/*
 * The fence grammar of the fence parser (message-parser.ts): which line opens a code fence, which closes one, and
 * what an unfinished line may still turn into. Pure functions of a line that hold none of the parser's state: the
 * parser reads as the scan it is (lines in, parts out), and these CommonMark rules read on their own.
 */

/** An opening code fence per CommonMark: up to 3 spaces, 3+ backticks or tildes, then the info string. */
const OPEN_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/**
 * A line that could still become a fence once more characters arrive (indentation alone included): held back
 * from streaming prose. Once shown, a line can no longer become a fence, so a text part's text only ever grows.
 */
const MAYBE_FENCE = /^ {0,3}(`{0,2}|~{0,2}|(`{3,}|~{3,}).*)$/;
/** Past MAYBE_FENCE's short alternatives, only its last can match: a fence at the start (at most 6 characters). */
const FENCE_HEAD = /^ {0,3}(`{3,}|~{3,})/;
export const FENCE_HEAD_CHARS = 6;
/**
 * A closing fence is never this long (its length without a line-ending CR): a longer line does not close a view
 * or a discarded fence, so a longer partial line is never held back waiting to see whether it does.
 */
export const MAX_CLOSING_FENCE = 256;

export interface Fence {
  readonly char: string;
  readonly length: number;
}

export function openingFence(line: string): (Fence & { info: string }) | null {
  const match = OPEN_FENCE.exec(line);
  if (!match) return null;
  const run = match[1] as string;
  const info = (match[2] as string).trim();
  // CommonMark: a backtick fence's info string may not contain backticks.
  if (run[0] === '`' && info.includes('`')) return null;
  return { char: run[0] as string, length: run.length, info: info.split(/\s+/, 1)[0] ?? '' };
}

export function closesFence(line: string, fence: Fence): boolean {
  const trimmed = line.replace(/^ {0,3}/, '').trimEnd();
  return trimmed.length >= fence.length && [...trimmed].every((c) => c === fence.char);
}

/** A line's length without the CR of a CRLF line ending (which the line may still turn out to have). */
export const withoutCr = (line: string): number => (line.endsWith('\r') ? line.length - 1 : line.length);

/**
 * Whether a complete line (without its line-ending CR) closes a view or a discarded fence: only a closing fence
 * of at most MAX_CLOSING_FENCE characters does, however the line was chunked.
 */
export const closesBounded = (line: string, fence: Fence): boolean => line.length <= MAX_CLOSING_FENCE && closesFence(line, fence);

/** A partial line that more characters could still turn into a line that closes `fence`. */
const CLOSING_CANDIDATE = /^ {0,3}([`~]*)(\s*)$/;

export function mayCloseFence(partial: string, fence: Fence): boolean {
  if (withoutCr(partial) > MAX_CLOSING_FENCE) return false;
  const match = CLOSING_CANDIDATE.exec(partial);
  if (!match) return false;
  const run = match[1] as string;
  // After trailing whitespace no fence character may follow: the run must already be long enough.
  return [...run].every((c) => c === fence.char) && (match[2] === '' || run.length >= fence.length);
}

/**
 * MAYBE_FENCE.test(line), looking at the line's head only: `head` is its first FENCE_HEAD_CHARS characters and
 * `breaks` whether it holds a character that ends a line for a regular expression (CR, U+2028, U+2029).
 */
export const mayOpenFence = (line: string, head: string, breaks: boolean): boolean =>
  line.length < FENCE_HEAD_CHARS ? MAYBE_FENCE.test(line) : !breaks && FENCE_HEAD.test(head);
