import { Directive, directive } from 'lit/directive.js';
import { createBlockSplitter } from '../../src/markdown/block-splitter.js';
import { createQuoteDepthCap } from '../../src/markdown/quote-depth.js';
import { renderMarkdown, type MarkdownProfile } from './markdown-render.js';
import { createOpenBlockView, Unsupported, WholeView, type OpenBlockView, type ViewContext } from './open-block-view.js';

export { renderMarkdown, markdownWork, type MarkdownProfile } from './markdown-render.js';

class MarkdownDirective extends Directive {
  #source: string | undefined;
  #profile: MarkdownProfile | undefined;
  #fragment: DocumentFragment | undefined;

  render(source: string, profile: MarkdownProfile): DocumentFragment {
    if (source !== this.#source || profile !== this.#profile || !this.#fragment) {
      this.#source = source;
      this.#profile = profile;
      this.#fragment = renderMarkdown(source, profile);
    }
    return this.#fragment;
  }
}

/** Renders Markdown into a child part; re-renders only when the text changes. */
export const markdown = directive(MarkdownDirective);

/**
 * Streams Markdown into one container that keeps its identity: each finished block is rendered and sanitized once
 * and appended. The open block is drawn part by part (open-block-view.ts): a code fence's lines, a list's items, a
 * table's rows and a paragraph's settled runs are each rendered once, and only the open tail is redrawn per update,
 * so the work per update is bounded by the update, not by the block. The text must only grow between updates (the
 * message parser guarantees it for a text part); anything else starts over.
 */
class StreamingMarkdownDirective extends Directive {
  readonly #root = Object.assign(document.createElement('div'), { className: 'md' });
  readonly #open = Object.assign(document.createElement('div'), { className: 'md-open' });
  #splitter = createBlockSplitter();
  /** Quotes nested deeper than MAX_QUOTE_DEPTH show their further markers as text. */
  #cap = createQuoteDepthCap();
  #text = '';
  #profile: MarkdownProfile | null = null;
  /** The finished blocks on the page: their text and top-level nodes. */
  readonly #shown: ShownBlock[] = [];
  /** How many of the splitter's link labels the blocks on the page were rendered with. */
  #labels = 0;
  #view: OpenBlockView | null = null;

  #streaming = true;

  render(text: string, profile: MarkdownProfile, streaming: boolean): HTMLElement {
    // Unchanged (a finished part while a later one streams): nothing to do.
    if (text === this.#text && profile === this.#profile && streaming === this.#streaming) return this.#root;
    this.#streaming = streaming;
    const grew = text.length >= this.#text.length && text.charCodeAt(this.#text.length - 1) === this.#text.charCodeAt(this.#text.length - 1);
    if (profile !== this.#profile || !grew) this.#reset(profile);
    if (text.length > this.#text.length) this.#splitter.push(this.#cap.push(text.slice(this.#text.length)));
    this.#text = text;
    if (!streaming) this.#splitter.end();

    const splitter = this.#splitter;
    const ctx: ViewContext = {
      links: splitter.labels.length > 0 ? splitter.links : undefined,
      profile,
      openProfile: profile === 'prose' ? 'prose-open' : profile,
    };
    if (splitter.labels.length > this.#labels) this.#define(splitter.labels.slice(this.#labels), ctx);
    for (let i = this.#shown.length; i < splitter.blocks.length; i++) {
      // The open block that closed keeps what was drawn of it; any other block is rendered whole, once.
      const shape = splitter.shapes[i];
      const view = this.#view;
      const blockText = splitter.blocks[i] as string;
      let nodes: DocumentFragment | null = null;
      if (shape && view && view.id === shape.id) {
        this.#view = null;
        nodes = this.#guard(() => view.finish(shape.parts, shape.remainder));
        this.#open.replaceChildren();
      }
      nodes ??= renderMarkdown(blockText, profile, ctx.links);
      this.#shown.push({ text: blockText, nodes: [...nodes.childNodes], normalized: null });
      this.#root.insertBefore(nodes, this.#open.parentNode === this.#root ? this.#open : null);
    }
    const block = splitter.openBlock;
    if (this.#view?.id !== block.id) this.#view = createOpenBlockView(block, this.#open, ctx);
    const view = this.#view;
    if (this.#guard(() => (view.update(block.parts, block.tail), true)) === null) {
      // Not drawable part by part: the open block is rendered whole from now on.
      this.#view = new WholeView(block.id, this.#open, ctx);
      this.#view.update(block.parts, block.tail);
    }
    // The open wrapper is in the tree only while it has content, so the last finished block is the container's last
    // child and styles can use `:last-child` (a backward positional selector such as `:nth-last-child` would make the
    // browser restyle every sibling of a growing list or table on each commit).
    if (!this.#open.hasChildNodes()) this.#open.remove();
    else if (this.#open.parentNode !== this.#root) this.#root.append(this.#open);
    return this.#root;
  }

  /**
   * Link definitions arrived. A definition applies to the whole text, so the blocks on the page that mention one of
   * the new labels are rendered again, and the open block is drawn again if it does; nothing else is touched (at most
   * COMPOSER_LIMITS.linkDefinitions times per message).
   */
  #define(labels: readonly string[], ctx: ViewContext): void {
    this.#labels += labels.length;
    // Every reference form ([label], [text][label], [label][]) holds the label in brackets.
    const uses = (text: string): boolean => labels.some((label) => text.includes(`[${label}]`));
    for (const block of this.#shown) {
      block.normalized ??= normalizeLabels(block.text);
      if (!uses(block.normalized) || block.nodes.length === 0) continue;
      const fragment = renderMarkdown(block.text, ctx.profile, ctx.links);
      const nodes = [...fragment.childNodes];
      block.nodes[0]?.parentNode?.insertBefore(fragment, block.nodes[0]);
      for (const node of block.nodes) node.parentNode?.removeChild(node);
      block.nodes = nodes;
    }
    const open = this.#splitter.openBlock;
    if (this.#view && uses(normalizeLabels(open.parts.join('') + open.tail))) {
      this.#view = null;
      this.#open.replaceChildren();
    }
  }

  #guard<T>(draw: () => T): T | null {
    try {
      return draw();
    } catch (error) {
      if (error instanceof Unsupported) return null;
      throw error;
    }
  }

  #reset(profile: MarkdownProfile): void {
    this.#splitter = createBlockSplitter();
    this.#cap = createQuoteDepthCap();
    this.#text = '';
    this.#profile = profile;
    this.#shown.length = 0;
    this.#labels = 0;
    this.#view = null;
    this.#root.replaceChildren();
  }
}

interface ShownBlock {
  readonly text: string;
  nodes: Node[];
  /** The text as link labels are normalized (lower case, white space collapsed), computed when first needed. */
  normalized: string | null;
}

const normalizeLabels = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ');

/** Renders streaming Markdown: finished blocks once, the open block part by part. */
export const streamingMarkdown = /* @__PURE__ */ directive(StreamingMarkdownDirective);
