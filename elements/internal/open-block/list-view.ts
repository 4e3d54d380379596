import { closeOpenInline } from '../../../src/markdown/runs.js';
import { renderListItems, type MarkdownProfile } from '../markdown-render.js';
import { CHUNK_PARTS, childrenWithSpace, newline, nodesFragment, PartView, Unsupported } from './part-view.js';

/** A list: each finished item is rendered once; the open item is redrawn. */
export class ListView extends PartView {
  #list: Element | null = null;
  /** The chunks after the first (the list itself), see CHUNK_PARTS. */
  readonly #chunks: Element[] = [];
  #loose = false;
  readonly #items: { text: string; nodes: Node[] }[] = [];

  /** The list element the next item goes into. */
  #target(): Element {
    const list = this.#list as Element;
    const count = this.#items.length;
    if (count === 0 || count % CHUNK_PARTS !== 0) return this.#chunks.at(-1) ?? list;
    const previous = this.#chunks.at(-1) ?? list;
    const chunk = list.cloneNode(false) as Element;
    chunk.removeAttribute('class');
    // An ordered list continues its numbering.
    if (list.localName === 'ol') chunk.setAttribute('start', String(Number(list.getAttribute('start') ?? '1') + count));
    chunk.classList.add('chunk');
    previous.classList.add('continued');
    previous.after(chunk);
    this.#chunks.push(chunk);
    return chunk;
  }

  protected override finished(): void {
    const list = this.#list;
    if (!list) return;
    for (const chunk of this.#chunks) {
      list.append(...chunk.childNodes);
      chunk.remove();
    }
    list.removeAttribute('class');
  }

  /** Renders items: their li nodes (each with the newline after it), or null when they do not render as a list. */
  #render(text: string, profile: MarkdownProfile, last: boolean): { nodes: Node[]; loose: boolean } | null {
    const rendered = renderListItems(text, this.ctx.links, profile, this.#loose, last);
    const list = rendered?.fragment.firstElementChild;
    if (!rendered || !list || !['ul', 'ol'].includes(list.localName)) return null;
    if (this.#list && list.localName !== this.#list.localName) return null;
    if (!this.#list) {
      this.#list = list.cloneNode(false) as Element;
      this.#list.append(newline());
      this.host.prepend(this.#list, newline());
    }
    const nodes = childrenWithSpace(list, 'li');
    if (rendered.dummy === 'first') nodes.splice(0, 2);
    if (rendered.dummy === 'last') nodes.splice(-2);
    return { nodes, loose: rendered.loose };
  }

  #becomeLoose(): void {
    // The list became loose: the items drawn tight are drawn again (once per list).
    this.#loose = true;
    for (const item of this.#items) {
      const rendered = this.#render(item.text, this.ctx.profile, false);
      if (!rendered) throw new Unsupported();
      item.nodes[0]?.parentNode?.insertBefore(nodesFragment(rendered.nodes), item.nodes[0]);
      for (const node of item.nodes) node.parentNode?.removeChild(node);
      item.nodes = rendered.nodes;
    }
  }

  #add(text: string, last: boolean): void {
    let rendered = this.#render(text, this.ctx.profile, last);
    if (!rendered) throw new Unsupported();
    if (rendered.loose && !this.#loose) {
      this.#becomeLoose();
      rendered = this.#render(text, this.ctx.profile, last);
      if (!rendered) throw new Unsupported();
    }
    this.#target().append(...rendered.nodes);
    this.#items.push({ text, nodes: rendered.nodes });
  }

  protected part(text: string): void {
    this.#add(text, false);
  }

  /** Several finished items at once (a fast stream): rendered together, one call for all. */
  protected override partsFrom(texts: readonly string[], first: number): void {
    if (texts.length > 1) {
      const rendered = this.#render(texts.join(''), this.ctx.profile, false);
      const items: Node[][] = [];
      for (const node of rendered?.nodes ?? []) {
        if (node instanceof Element) items.push([node]);
        else items.at(-1)?.push(node);
      }
      if (rendered && items.length === texts.length && (this.#loose || !rendered.loose)) {
        texts.forEach((text, i) => {
          const nodes = items[i] as Node[];
          this.#target().append(...nodes);
          this.#items.push({ text, nodes });
        });
        return;
      }
    }
    super.partsFrom(texts, first);
  }

  protected tail(tail: string): Node[] {
    const rendered = this.#render(closeOpenInline(tail), this.ctx.openProfile, true);
    if (!rendered) return this.tailAfter(tail);
    (this.#chunks.at(-1) ?? this.#list)?.append(...rendered.nodes);
    return rendered.nodes;
  }

  protected remainder(text: string): void {
    this.#add(text, true);
  }
}
