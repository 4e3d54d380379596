import { closeOpenInline } from '../../../src/markdown/runs.js';
import { renderMarkdown, renderParagraphRun, type MarkdownProfile } from '../markdown-render.js';
import { firstElement, newline, PartView, type ViewContext } from './part-view.js';

/**
 * How many characters of a streaming paragraph go into one chunk: a long paragraph streams as blocks of about this
 * size (lines may end early at their seams until it is finished), since the browser lays out a paragraph as a whole.
 */
export const PARAGRAPH_CHUNK_CHARS = 4096;

/**
 * A paragraph: settled runs of its text are rendered once into its `<p>`; the rest is redrawn. A run's final newline
 * is a text node of its own, dropped if the run turns out to end the paragraph (marked drops it there).
 */
export class ParagraphView extends PartView {
  readonly #p = document.createElement('p');
  /** Where runs go: the paragraph, then (once it is long) block chunks of PARAGRAPH_CHUNK_CHARS each. */
  #chunk: HTMLElement = this.#p;
  #chunkChars = 0;
  #newline: Text | null = null;
  /** The last part ended inside a line (at spaces): the tail is the rest of that line, inline text only. */
  #midLine = false;

  constructor(id: number, host: HTMLElement, ctx: ViewContext) {
    super(id, host, ctx);
    host.append(this.#p, newline());
  }

  #run(text: string, profile: MarkdownProfile): Node[] {
    const p = firstElement(renderParagraphRun(text, this.ctx.links, profile), 'p');
    return [...p.childNodes];
  }

  /** Appends a settled run's nodes, starting a new chunk once the current one is long. */
  #append(text: string, nodes: Node[]): void {
    if (this.#chunkChars >= PARAGRAPH_CHUNK_CHARS) {
      this.#chunk = Object.assign(document.createElement('span'), { className: 'chunk' });
      this.#p.append(this.#chunk);
      this.#chunkChars = 0;
    }
    this.#chunk.append(...nodes);
    this.#chunkChars += text.length;
  }

  protected part(text: string): void {
    this.#midLine = !text.endsWith('\n');
    if (this.#midLine) {
      this.#newline = null;
      this.#append(text, this.#run(text, this.ctx.profile));
      return;
    }
    this.#newline = newline();
    this.#append(text, [...this.#run(text.slice(0, -1), this.ctx.profile), this.#newline]);
  }

  protected tail(tail: string): Node[] {
    let nodes: Node[];
    if (this.#midLine) nodes = this.#run(closeOpenInline(tail), this.ctx.openProfile);
    else {
      const fragment = renderMarkdown(closeOpenInline(tail), this.ctx.openProfile, this.ctx.links);
      const p = fragment.firstElementChild;
      if (!p || p.localName !== 'p' || fragment.childElementCount !== 1) return this.tailAfter(tail);
      nodes = [...p.childNodes];
    }
    this.#chunk.append(...nodes);
    return nodes;
  }

  protected remainder(text: string): void {
    // The paragraph's text ends before its trailing newline and blank lines.
    const last = text.replace(/\n[ \t\n]*$/, '');
    if (last) this.#chunk.append(...this.#run(last, this.ctx.profile));
    else this.#newline?.remove();
  }

  protected override finished(): void {
    for (const chunk of [...this.#p.children]) if (chunk.localName === 'span' && chunk.className === 'chunk') chunk.replaceWith(...chunk.childNodes);
  }
}
