import { closeOpenInline } from '../../../src/markdown/runs.js';
import { markdownWork, renderMarkdown, type Links, type MarkdownProfile } from '../markdown-render.js';

/**
 * Draws the open block of a streaming message part by part (see `OpenBlock` in src/markdown/block-splitter.ts):
 * each settled part is rendered and sanitized once and appended, only the tail is redrawn per update, and when the
 * block closes its remainder is drawn in final form, so the nodes are those a one-shot render of the block makes.
 * A view that meets something it cannot draw part by part throws `Unsupported`; the caller then renders the open
 * block whole (always correct).
 */
export interface OpenBlockView {
  readonly id: number;
  /** Draws the parts not drawn yet and redraws the tail (display only: closed emphasis, no live links). */
  update(parts: readonly string[], tail: string): void;
  /** The block closed: the parts not drawn yet and the remainder, in final form. Returns the block's nodes. */
  finish(parts: readonly string[], remainder: string): DocumentFragment;
}

export class Unsupported extends Error {}

/**
 * How many lines, items or rows go into one chunk of a streaming code block, list or table. The browser lays out and
 * paints a box that changes as a whole, so a block that grows inside one box costs layout and paint in proportion to
 * all of it on every frame; split into chunks, each a box of its own, only the newest chunk changes. A chunk is a
 * block `span` of a code block, a list element continuing the list (its `start` counted on), or a `tbody` of a table
 * whose columns are frozen; when the block is finished, its chunks become the one element a one-shot render makes.
 */
export const CHUNK_PARTS = 64;

export interface ViewContext {
  /** Link reference definitions made elsewhere in the text, for references in the block. */
  readonly links: Links | undefined;
  readonly profile: MarkdownProfile;
  /** The profile for the tail. */
  readonly openProfile: MarkdownProfile;
}

export const newline = (): Text => document.createTextNode('\n');

export function firstElement(fragment: DocumentFragment, ...names: string[]): Element {
  const element = fragment.firstElementChild;
  if (!element || !names.includes(element.localName)) throw new Unsupported();
  return element;
}

/** An element's children of one kind, each with the whitespace text node after it. */
export function childrenWithSpace(parent: Element, name: string): Node[] {
  const nodes: Node[] = [];
  for (const child of [...parent.childNodes]) {
    if (child instanceof Element && child.localName === name) nodes.push(child);
    else if (child.nodeType === Node.TEXT_NODE && nodes.length > 0 && nodes.at(-1) instanceof Element) nodes.push(child);
  }
  return nodes;
}

/** Past this many characters, an open tail (or a whole open block) that keeps growing is redrawn in steps. */
export const REDRAW_CHARS = 8192;

/**
 * The text that arrived after a long open tail was last drawn, shown as plain text (a text node, never markup) at the
 * end of what was drawn, until the tail has grown by half and is drawn again: the tail is drawn about three times
 * its final length in all, however it streams.
 */
export class LateText {
  #drawnLength = 0;
  #drawnText = '';
  #node: Text | null = null;

  /** Shows the growth of `text` as plain text when a redraw is not due yet; false when it is (or `text` did not grow). */
  grow(nodes: readonly Node[], text: string): boolean {
    const length = this.#drawnLength;
    if (length < REDRAW_CHARS || text.length >= length + length / 2 || !text.startsWith(this.#drawnText)) return false;
    if (!this.#node) {
      this.#node = document.createTextNode('');
      let last: Node | null = nodes.at(-1) ?? null;
      while (last instanceof Element && last.lastElementChild) last = last.lastElementChild;
      if (last instanceof Element) last.append(this.#node);
      else last?.parentNode?.append(this.#node);
    }
    this.#node.data = text.slice(length);
    return true;
  }

  drawn(text: string): void {
    this.#drawnLength = text.length;
    this.#drawnText = text.length >= REDRAW_CHARS ? text : '';
  }

  clear(): void {
    this.#node?.remove();
    this.#node = null;
  }
}

export abstract class PartView implements OpenBlockView {
  protected drawn = 0;
  #tail: Node[] = [];
  readonly #late = new LateText();

  constructor(
    readonly id: number,
    protected readonly host: HTMLElement,
    protected readonly ctx: ViewContext,
  ) {}

  update(parts: readonly string[], tail: string): void {
    const drawn = this.drawn;
    this.#drawParts(parts);
    // A long tail that only grew since it was drawn (nothing settled it) is drawn again only once it has grown by
    // half; in between, what arrived shows as plain text. Work stays linear in the text however it streams.
    if (drawn === this.drawn && this.#late.grow(this.#tail, tail)) return;
    this.clearTail();
    if (tail.trim()) this.#tail = this.tail(tail);
    this.#late.drawn(tail);
  }

  finish(parts: readonly string[], remainder: string): DocumentFragment {
    const whole = parts.join('') + remainder;
    if (remainder.length * 2 > whole.length) {
      // Most of the block was never settled (a paragraph whose emphasis never closed, say): nothing drawn is worth
      // keeping, and the one-shot render is the block.
      this.clearTail();
      this.host.replaceChildren();
      return renderMarkdown(whole, this.ctx.profile, this.ctx.links);
    }
    this.#drawParts(parts);
    this.clearTail();
    this.remainder(remainder);
    this.finished();
    const fragment = document.createDocumentFragment();
    fragment.append(...this.host.childNodes);
    // Once per block, when it closes: the nodes kept must be exactly a one-shot render of the block. Where drawing
    // part by part missed something (a list that turned loose across a chunk, say), the one-shot render is used.
    const oneShot = renderMarkdown(whole, this.ctx.profile, this.ctx.links);
    if (sameMarkup(fragment, oneShot)) return fragment;
    markdownWork.mismatches += 1;
    return oneShot;
  }

  #drawParts(parts: readonly string[]): void {
    if (this.drawn >= parts.length) return;
    const first = this.drawn;
    this.drawn = parts.length;
    this.partsFrom(parts.slice(first), first);
  }

  /** Draws parts `first`, `first + 1`, …; one at a time unless a view draws several at once. */
  protected partsFrom(texts: readonly string[], first: number): void {
    texts.forEach((text, i) => this.part(text, first + i));
  }

  protected clearTail(): void {
    for (const node of this.#tail) node.parentNode?.removeChild(node);
    this.#tail = [];
    this.#late.clear();
  }

  /** The tail rendered as a block of its own after the view's nodes (for a tail that is not the shape's). */
  protected tailAfter(tail: string): Node[] {
    const nodes = [...renderMarkdown(closeOpenInline(tail), this.ctx.openProfile, this.ctx.links).childNodes];
    this.host.append(...nodes);
    return nodes;
  }

  /** The block closed: undo anything done for streaming only, before its nodes are compared with a one-shot render. */
  protected finished(): void {}

  protected abstract part(text: string, index: number): void;
  protected abstract tail(tail: string): Node[];
  protected abstract remainder(text: string): void;
}

/** Whether two fragments serialize to the same markup (their nodes are lent to a detached element, not copied). */
export function sameMarkup(a: DocumentFragment, b: DocumentFragment): boolean {
  const holder = document.createElement('div');
  const serialize = (fragment: DocumentFragment): string => {
    holder.append(fragment);
    const markup = holder.innerHTML;
    for (let node = holder.firstChild; node; node = holder.firstChild) fragment.append(node);
    return markup;
  };
  return serialize(a) === serialize(b);
}

export function nodesFragment(nodes: Node[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(...nodes);
  return fragment;
}
