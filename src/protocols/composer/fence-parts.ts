import { LIMITS } from '../../limits.js';
import { validateView } from '../../catalog/validate.js';
import { failureText } from '../../message/failures.js';
import type { MantisPart, StreamFailureReason, TextPart, TruncatedPart, ViewErrorPart } from '../../message/parts.js';

/*
 * The parts the fence parser (message-parser.ts) builds: the live text part, a view's part once its fence closes,
 * error parts and the truncation notice. The parser finds where text and views are (lines and fences); these
 * functions decide what each part is. Plain functions over the parts array (the parser keeps the state and hands it
 * in), so that the parser's per-chunk path calls them as it called its own closures.
 */

/**
 * Sets the live text part, at `index` in `parts` (-1: none yet); returns its index afterwards (-1: none). Per chunk
 * this must not read the whole text: whether it has anything visible is known from what was added (`visible`), and
 * a text part only grows while it streams, so an equal length is equal text.
 */
export function setTextPart(parts: MantisPart[], index: number, text: string, state: TextPart['state'], visible: boolean): number {
  if (index >= 0) {
    const current = parts[index] as TextPart;
    if (!visible) {
      parts.splice(index, 1);
      return -1;
    }
    if (current.text.length !== text.length || current.state !== state) parts[index] = { type: 'text', text, state };
    return index;
  }
  return visible ? parts.push({ type: 'text', text, state }) - 1 : -1;
}

/** A part that says why a view (or the rest of the message's views) is not shown, in a sentence for people. */
export const errorPart = (reason: StreamFailureReason, id: string): ViewErrorPart => ({
  type: 'data-mantis-ui-error',
  id,
  data: { reason, message: failureText(reason) },
});

/**
 * A view's fence closed: its placeholder at `view.index` becomes the validated view, or an error part. Returns the
 * message's media count afterwards (`media` items were used by the views before it).
 */
export function closeView(parts: MantisPart[], view: { readonly body: string; readonly index: number; readonly id: string }, media: number): number {
  // The views before it used part of the message's media budget: a child past the rest becomes an inert warning
  // beside its siblings, as in a single view; a root past it fails the view (too-much-media).
  const result = validateView(view.body, { mediaBudget: LIMITS.mediaPerMessage - media });
  if (!result.ok) {
    parts[view.index] = errorPart(result.reason, view.id);
    return media;
  }
  parts[view.index] = { type: 'data-mantis-ui', id: view.id, data: result.view };
  return media + result.media;
}

/** The notice that the text went past the display limit, of which `shownChars` were shown. */
export const truncationNotice = (shownChars: number): TruncatedPart => ({ type: 'data-mantis-truncated', id: 'truncated', data: { shownChars } });

/** The message ended past the display limit: the notice at `index` says how long its text was. */
export function endTruncated(parts: MantisPart[], index: number, totalChars: number): void {
  const notice = parts[index] as TruncatedPart;
  parts[index] = { ...notice, data: { ...notice.data, totalChars } };
}
