import { Directive, directive } from 'lit/directive.js';
import { createBlockSplitter } from '../../src/markdown/block-splitter.js';
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
  #text = '';
  #profile: MarkdownProfile | null = null;
  #appended = 0;
  #definitionsVersion = 0;
  #view: OpenBlockView | null = null;

  #streaming = true;

  render(text: string, profile: MarkdownProfile, streaming: boolean): HTMLElement {
    // Unchanged (a finished part while a later one streams): nothing to do.
    if (text === this.#text && profile === this.#profile && streaming === this.#streaming) return this.#root;
    this.#streaming = streaming;
    const grew = text.length >= this.#text.length && text.charCodeAt(this.#text.length - 1) === this.#text.charCodeAt(this.#text.length - 1);
    if (profile !== this.#profile || !grew) this.#reset(profile);
    if (text.length > this.#text.length) this.#splitter.push(text.slice(this.#text.length));
    this.#text = text;
    if (!streaming) this.#splitter.end();

    const splitter = this.#splitter;
    const ctx: ViewContext = {
      definitions: splitter.definitions ? `${splitter.definitions}\n` : '',
      profile,
      openProfile: profile === 'prose' ? 'prose-open' : profile,
    };
    if (splitter.definitionsVersion !== this.#definitionsVersion) {
      // A link definition arrived: blocks before it may use it, so they are rendered again (rare).
      this.#definitionsVersion = splitter.definitionsVersion;
      this.#root.replaceChildren(this.#open);
      this.#appended = 0;
      this.#view = null;
    }
    for (; this.#appended < splitter.blocks.length; this.#appended++) {
      // The open block that closed keeps what was drawn of it; any other block is rendered whole, once.
      const shape = splitter.shapes[this.#appended];
      const view = this.#view;
      let nodes: DocumentFragment | null = null;
      if (shape && view && view.id === shape.id) {
        this.#view = null;
        nodes = this.#guard(() => view.finish(shape.parts, shape.remainder));
        this.#open.replaceChildren();
      }
      this.#root.insertBefore(nodes ?? renderMarkdown(ctx.definitions + (splitter.blocks[this.#appended] as string), profile), this.#open);
    }
    const block = splitter.openBlock;
    if (this.#view?.id !== block.id) this.#view = createOpenBlockView(block, this.#open, ctx);
    const view = this.#view;
    if (this.#guard(() => (view.update(block.parts, block.tail), true)) === null) {
      // Not drawable part by part: the open block is rendered whole from now on.
      this.#view = new WholeView(block.id, this.#open, ctx);
      this.#view.update(block.parts, block.tail);
    }
    return this.#root;
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
    this.#text = '';
    this.#profile = profile;
    this.#appended = 0;
    this.#definitionsVersion = 0;
    this.#view = null;
    this.#root.replaceChildren(this.#open);
  }
}

/** Renders streaming Markdown: finished blocks once, the open block part by part. */
export const streamingMarkdown = directive(StreamingMarkdownDirective);
