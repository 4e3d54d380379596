/**
 * Valid views whose JSON is an exact number of UTF-8 bytes: for testing the view byte limit (LIMITS.viewBytes) at
 * the limit and one byte over. The view is a stack of callouts whose bodies are padded; nothing else varies, so
 * a view at the limit validates and the same view one byte larger is refused only for its size.
 */
import { LIMITS, TEXT_LIMITS, utf8Length } from '../../src/index.js';

export interface SizedViewOptions {
  /** The padding character: ASCII by default; `'€'` (3 bytes) or `'😀'` (4 bytes) for a multi-byte body. */
  readonly pad?: string;
  /** Pretty-prints the JSON over many lines (the bytes then count the newlines between lines). */
  readonly pretty?: boolean;
}

/**
 * The JSON text of a valid view of exactly `bytes` UTF-8 bytes (as the fence body: lines joined by `\n`). Throws
 * when `bytes` is too small for the view's skeleton or too large for its callouts.
 */
export function sizedView(id: string, bytes: number, { pad = 'x', pretty = false }: SizedViewOptions = {}): string {
  const padBytes = utf8Length(pad);
  const callouts = Array.from({ length: LIMITS.fanOut }, (_, i) => ({ id: `${id}-c${i}`, type: 'callout', title: `Part ${i}`, body: 'a' }));
  const view = { version: 1, id, root: { id: `${id}-s`, type: 'stack', direction: 'vertical', children: callouts } };
  const serialize = () => (pretty ? JSON.stringify(view, null, 2) : JSON.stringify(view));
  let missing = bytes - utf8Length(serialize());
  for (const callout of callouts) {
    // Whole padding characters first, as many as the callout's Markdown limit (in UTF-16 units) allows.
    const room = Math.floor((TEXT_LIMITS.markdown - callout.body.length) / pad.length);
    const count = Math.min(room, Math.floor(missing / padBytes));
    callout.body += pad.repeat(count);
    missing -= count * padBytes;
  }
  // What is left is smaller than one padding character: ASCII in the first callout with room for it.
  const last = callouts.find((c) => c.body.length + missing <= TEXT_LIMITS.markdown);
  if (missing > 0 && last) {
    last.body += 'x'.repeat(missing);
    missing = 0;
  }
  const json = serialize();
  if (missing !== 0 || utf8Length(json) !== bytes) throw new Error(`cannot build a view of exactly ${bytes} bytes`);
  return json;
}
