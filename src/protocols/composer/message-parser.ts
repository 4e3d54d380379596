import { COMPOSER_LIMITS, LIMITS } from '../../limits.js';
import { utf8Length } from '../../utf8.js';
import { FENCE_HEAD_CHARS, MAX_CLOSING_FENCE, closesBounded, closesFence, mayCloseFence, mayOpenFence, openingFence, withoutCr, type Fence } from './fences.js';
import { closeView, endTruncated, errorPart, setTextPart, truncationNotice } from './fence-parts.js';
import { markerAllowsViews, type ProtocolMarker } from '../../message/marker.js';
import type { MessageParser } from '../../message/parser.js';
import type { MantisPart, RecordPart, StreamFailureReason } from '../../message/parts.js';

/** The info string that marks a view fence. */
export const VIEW_FENCE_INFO = 'mantis-ui';

/** A high surrogate: the first half of a character outside the BMP, never shown without its second half. */
const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

export interface FenceParserOptions {
  /**
   * Characters (UTF-16 code units) of the text that are displayed: COMPOSER_LIMITS.displayChars unless set. Past
   * them the text is neither shown nor read for views, and one `data-mantis-truncated` part says so.
   */
  readonly displayChars?: number;
}

/**
 * Creates an incremental parser. Work per `push` is bounded by the delta and the current line, not by the
 * message: only the unfinished line is kept as a string, and fence bodies are measured as they arrive. Past the
 * display limit a push only counts its characters.
 */
export function createFenceParser(marker: ProtocolMarker, options: FenceParserOptions = {}): MessageParser {
  const viewsEnabled = markerAllowsViews(marker);
  const displayChars = options.displayChars ?? COMPOSER_LIMITS.displayChars;
  const parts: MantisPart[] = [];
  /** Characters (UTF-16 code units) of text received, shown or not. */
  let received = 0;
  /** The last code unit of the text read so far (-1 before any). */
  let lastUnit = -1;
  /** Index in `parts` of the truncation notice, once the text went past the display limit. */
  let truncatedIndex = -1;
  /** Complete lines of the current prose run, not yet closed by a view fence. */
  let prose = '';
  /** Whether `prose` holds anything but white space (tracked as it grows, never by reading it whole). */
  let proseVisible = false;
  const addProse = (text: string): void => {
    prose += text;
    if (!proseVisible && /\S/.test(text)) proseVisible = true;
  };
  /** A non-view code fence open inside the prose: its contents are never views. */
  let proseFence: Fence | null = null;
  /** The unfinished last line. */
  let line = '';
  /** Whether `line` holds anything but white space (tracked as it grows). */
  let lineVisible = false;
  let lineBytes = 0;
  /**
   * The line's first characters, and whether it holds a character that ends a line for a regular expression (CR,
   * U+2028, U+2029), tracked as it grows: enough to tell whether it may open a fence without scanning the line (a
   * regular expression over a long line copies the whole of it, on every chunk).
   */
  let lineHead = '';
  let lineBreaks = false;
  /** Set while skipping an overlong line of a discarded fence up to its newline. */
  let skippingLine = false;
  let view: { fence: Fence; body: string; bytes: number; index: number; id: string } | null = null;
  let discarding: Fence | null = null;
  let viewCount = 0;
  /** Authenticated media items across the message's views so far. */
  let mediaCount = 0;
  let nextId = 0;
  let ended = false;

  /** Index in `parts` of the live text part, if the last part is one. */
  let textIndex = -1;

  const closeProse = (): void => {
    setTextPart(parts, textIndex, prose, 'done', proseVisible);
    prose = '';
    proseVisible = false;
    textIndex = -1;
  };

  /** Replaces the open view's placeholder with an error part, or appends one. */
  const fail = (reason: StreamFailureReason, at?: { index: number; id: string }): void => {
    const part = errorPart(reason, at ? at.id : `view-${nextId++}`);
    if (at) parts[at.index] = part;
    else parts.push(part);
  };

  const completeLine = (text: string): void => {
    if (view) {
      if (closesBounded(text, view.fence)) {
        mediaCount = closeView(parts, view, mediaCount);
        view = null;
        return;
      }
      const bytes = view.bytes + (view.body ? 1 : 0) + utf8Length(text);
      if (bytes > LIMITS.viewBytes) {
        fail('too-large', view);
        discarding = view.fence;
        view = null;
        return;
      }
      view.body = view.body ? `${view.body}\n${text}` : text;
      view.bytes = bytes;
      parts[view.index] = { type: 'data-mantis-ui-pending', id: view.id, data: { bytes } };
      return;
    }
    if (discarding) {
      if (closesBounded(text, discarding)) discarding = null;
      return;
    }
    if (proseFence) {
      if (closesFence(text, proseFence)) proseFence = null;
      addProse(`${text}\n`);
      return;
    }
    const fence = openingFence(text);
    if (fence && viewsEnabled && fence.info === VIEW_FENCE_INFO) {
      closeProse();
      viewCount += 1;
      if (viewCount > LIMITS.viewsPerMessage) {
        // One note says that the rest are not shown: thousands of tiny fences do not make thousands of parts.
        if (viewCount === LIMITS.viewsPerMessage + 1) fail('too-many-views');
        discarding = fence;
        return;
      }
      const id = `view-${nextId++}`;
      const index = parts.push({ type: 'data-mantis-ui-pending', id, data: { bytes: 0 } }) - 1;
      view = { fence, body: '', bytes: 0, index, id };
      return;
    }
    if (fence) proseFence = fence;
    addProse(`${text}\n`);
  };

  const growLine = (piece: string): void => {
    line += piece;
    if (!lineVisible && /\S/.test(piece)) lineVisible = true;
    lineBytes += utf8Length(piece);
    if (lineHead.length < FENCE_HEAD_CHARS) lineHead = (lineHead + piece).slice(0, FENCE_HEAD_CHARS);
    if (!lineBreaks && /[\r\u2028\u2029]/.test(piece)) lineBreaks = true;
  };

  const clearLine = (): void => {
    line = '';
    lineVisible = false;
    lineBytes = 0;
    lineHead = '';
    lineBreaks = false;
  };

  /**
   * Streams the open prose run, holding back an unfinished line that may yet open a fence, and, at the display
   * limit, a final high surrogate that the cut may yet drop (so a text part's text still only grows).
   */
  const showProse = (): void => {
    let partial = !proseFence && mayOpenFence(line, lineHead, lineBreaks) ? '' : line;
    if (partial && received === displayChars && isHighSurrogate(lastUnit)) partial = partial.slice(0, -1);
    textIndex = setTextPart(parts, textIndex, prose + partial, 'streaming', proseVisible || (partial.length > 0 && lineVisible));
  };

  /**
   * The text went past the display limit: what was read of it is final (an open view failed as incomplete, the
   * unfinished prose line shown as it is, without a final half character), and the notice is appended.
   */
  const truncate = (): void => {
    let shownChars = displayChars;
    if (isHighSurrogate(lastUnit)) {
      shownChars -= 1;
      if (!skippingLine) line = line.slice(0, -1);
    }
    if (view) fail('incomplete', view);
    else if (!discarding && !skippingLine) addProse(line);
    view = null;
    discarding = null;
    proseFence = null;
    skippingLine = false;
    clearLine();
    closeProse();
    truncatedIndex = parts.push(truncationNotice(shownChars)) - 1;
  };

  /**
   * Whether the unfinished line, as a body line, already takes the open view past the limit. A final CR does not
   * count: it is dropped if a newline follows, as `completeLine` measures the line without it.
   */
  const bodyOverflows = (open: { body: string; bytes: number }): boolean =>
    open.bytes + (open.body ? 1 : 0) + lineBytes - (line.endsWith('\r') ? 1 : 0) > LIMITS.viewBytes;

  const push = (delta: string): readonly MantisPart[] => {
    if (ended) return parts;
    // Past the display limit, only the length counts: nothing is read, kept or shown.
    if (truncatedIndex >= 0) {
      received += delta.length;
      return parts;
    }
    const room = displayChars - received;
    received += delta.length;
    if (delta.length > room) {
      if (room > 0) read(delta.slice(0, room));
      truncate();
      return parts;
    }
    read(delta);
    if (!view && !discarding) showProse();
    return parts;
  };

  /** Reads text within the display limit: completes lines, grows the open view or prose. */
  const read = (delta: string): void => {
    if (delta.length > 0) lastUnit = delta.charCodeAt(delta.length - 1);
    let start = 0;
    for (;;) {
      const newline = delta.indexOf('\n', start);
      const piece = delta.slice(start, newline === -1 ? undefined : newline);
      if (skippingLine) {
        if (newline !== -1) skippingLine = false;
      } else {
        growLine(piece);
        if (newline !== -1) {
          completeLine(line.endsWith('\r') ? line.slice(0, -1) : line);
          clearLine();
        } else if (view && bodyOverflows(view) && !mayCloseFence(line, view.fence)) {
          // Fail closed the moment the body passes the limit, without buffering the rest of the line. A line that
          // may yet close the fence is not body (yet): a view of exactly the limit survives its closing delimiter
          // arriving piece by piece.
          fail('too-large', view);
          discarding = view.fence;
          view = null;
          clearLine();
          skippingLine = true;
        } else if (discarding && withoutCr(line) > MAX_CLOSING_FENCE) {
          clearLine();
          skippingLine = true;
        }
      }
      if (newline === -1) break;
      start = newline + 1;
    }
  };

  const insert = (part: RecordPart): readonly MantisPart[] => {
    if (ended) return parts;
    if (!view && !discarding) {
      // Freeze: the unfinished line belongs before the event. It can no longer open a fence: a fence must start a
      // line. (Inside a prose code block the text after the event starts a new part outside that block.)
      addProse(line);
      clearLine();
      closeProse();
    }
    parts.push(part);
    return parts;
  };

  const upsert = (part: RecordPart, matches: (existing: MantisPart) => boolean): readonly MantisPart[] => {
    const index = parts.findLastIndex(matches);
    if (index === -1) return insert(part);
    parts[index] = part;
    return parts;
  };

  const end = (): readonly MantisPart[] => {
    if (ended) return parts;
    if (truncatedIndex >= 0) {
      endTruncated(parts, truncatedIndex, received);
      ended = true;
      return parts;
    }
    if (line && !skippingLine) completeLine(line);
    clearLine();
    if (view) {
      fail('incomplete', view);
      view = null;
    }
    ended = true;
    textIndex = setTextPart(parts, textIndex, prose, 'done', proseVisible);
    return parts;
  };

  return { push, insert, upsert, end };
}
