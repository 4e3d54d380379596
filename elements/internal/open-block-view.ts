import { closeOpenInline, fenceCloser, type OpenBlock } from '../../src/markdown/block-splitter.js';
import { renderListItems, renderMarkdown, renderParagraphRun, type Links, type MarkdownProfile } from './markdown-render.js';

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

/**
 * How many characters of a streaming paragraph go into one chunk: a long paragraph streams as blocks of about this
 * size (lines may end early at their seams until it is finished), since the browser lays out a paragraph as a whole.
 */
export const PARAGRAPH_CHUNK_CHARS = 4096;

export interface ViewContext {
  /** Link reference definitions made elsewhere in the text, for references in the block. */
  readonly links: Links | undefined;
  readonly profile: MarkdownProfile;
  /** The profile for the tail. */
  readonly openProfile: MarkdownProfile;
}

const newline = (): Text => document.createTextNode('\n');

function firstElement(fragment: DocumentFragment, ...names: string[]): Element {
  const element = fragment.firstElementChild;
  if (!element || !names.includes(element.localName)) throw new Unsupported();
  return element;
}

/** An element's children of one kind, each with the whitespace text node after it. */
function childrenWithSpace(parent: Element, name: string): Node[] {
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
class LateText {
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

abstract class PartView implements OpenBlockView {
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
    return sameMarkup(fragment, oneShot) ? fragment : oneShot;
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

/** A fenced code block: lines become text nodes of its `<code>` (nothing is parsed), as marked would escape them. */
class CodeView extends PartView {
  readonly #code = Object.assign(document.createElement('code'), { className: 'streaming' });
  #chunk: HTMLElement | null = null;
  #lines = 0;
  #closer: RegExp | null = null;
  #indent = 0;
  #closed = false;

  constructor(id: number, host: HTMLElement, ctx: ViewContext) {
    super(id, host, ctx);
    const pre = document.createElement('pre');
    pre.append(this.#code);
    host.append(pre, newline());
  }

  /** The chunk the next line goes into. */
  #target(): HTMLElement {
    if (!this.#chunk || this.#lines % CHUNK_PARTS === 0) {
      this.#chunk = Object.assign(document.createElement('span'), { className: 'chunk' });
      this.#code.append(this.#chunk);
    }
    this.#lines += 1;
    return this.#chunk;
  }

  protected override finished(): void {
    // One text node, as marked makes it.
    this.#code.replaceChildren(this.#code.textContent ?? '');
    this.#code.removeAttribute('class');
  }

  /** marked's indentCodeCompensation: a backtick fence indented by n removes up to n spaces from each line. */
  #line(text: string): string {
    const line = text.endsWith('\n') ? text.slice(0, -1) : text;
    const indent = /^\s+/.exec(line)?.[0].length ?? 0;
    return line.slice(Math.min(indent, this.#indent));
  }

  protected part(text: string, index: number): void {
    if (index === 0) {
      this.#closer = fenceCloser(text);
      if (!this.#closer) throw new Unsupported();
      this.#indent = /^(\s+)(?:```)/.exec(text)?.[1]?.length ?? 0;
      return;
    }
    if (this.#closed) return;
    if ((this.#closer as RegExp).test(text)) this.#closed = true;
    else this.#target().append(`${this.#line(text)}\n`);
  }

  protected tail(tail: string): Node[] {
    if (this.#closed) return [];
    const node = document.createTextNode(this.#line(tail));
    (this.#chunk ?? this.#code).append(node);
    return [node];
  }

  protected remainder(text: string): void {
    const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    for (const line of lines) this.part(line, this.drawn++);
  }
}

/** A list: each finished item is rendered once; the open item is redrawn. */
class ListView extends PartView {
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

/** Whether two fragments serialize to the same markup. */
function sameMarkup(a: DocumentFragment, b: DocumentFragment): boolean {
  const serialize = (fragment: DocumentFragment): string => {
    const holder = document.createElement('div');
    holder.append(fragment.cloneNode(true));
    return holder.innerHTML;
  };
  return serialize(a) === serialize(b);
}

function nodesFragment(nodes: Node[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(...nodes);
  return fragment;
}

/**
 * How many rows a streaming table takes before its column widths are frozen. A browser lays a table out as a whole,
 * so a table that grows by rows costs layout and paint in proportion to all its rows on every frame. Past this many
 * rows, the streaming table keeps the widths its columns have and lays each row out on its own (a grid per row, the
 * `streaming` class, see the chat's styles); when the table is finished it is a plain table again.
 */
export const TABLE_FREEZE_ROWS = 24;

/** A table: the header is rendered once, each finished row once; the open row is redrawn. */
class TableView extends PartView {
  #head = '';
  #table: HTMLElement | null = null;
  #body: Element | null = null;
  /** The bodies after the first, once the columns are frozen (see CHUNK_PARTS). */
  readonly #chunks: Element[] = [];
  #rowCount = 0;
  #frozen = false;

  #rows(text: string, profile: MarkdownProfile): Node[] | null {
    const table = renderMarkdown(this.#head + text, profile, this.ctx.links).firstElementChild;
    if (!table || table.localName !== 'table') return null;
    const body = table.querySelector(':scope > tbody');
    return body ? childrenWithSpace(body, 'tr') : [];
  }

  #body_(): Element {
    if (!this.#body) {
      this.#body = document.createElement('tbody');
      this.#table?.append(this.#body);
    }
    return this.#body;
  }

  protected part(text: string, index: number): void {
    if (index === 0) {
      this.#head = text;
      this.#table = firstElement(renderMarkdown(text, this.ctx.profile, this.ctx.links), 'table') as HTMLElement;
      this.host.append(this.#table, newline());
      return;
    }
    this.#append(this.#rows(text, this.ctx.profile));
    if (index >= TABLE_FREEZE_ROWS) this.#freeze();
  }

  /** Several finished rows at once (a fast stream): rendered together, one call for all. */
  protected override partsFrom(texts: readonly string[], first: number): void {
    if (first === 0) {
      this.part(texts[0] as string, 0);
      this.partsFrom(texts.slice(1), 1);
      return;
    }
    if (texts.length < 2) {
      super.partsFrom(texts, first);
      return;
    }
    const rows = this.#rows(texts.join(''), this.ctx.profile);
    if (!rows || rows.filter((node) => node instanceof Element).length !== texts.length) {
      super.partsFrom(texts, first);
      return;
    }
    this.#append(rows);
    if (first + texts.length - 1 >= TABLE_FREEZE_ROWS) this.#freeze();
  }

  /** Appends finished rows (each with the newline after it), starting a new body every CHUNK_PARTS frozen rows. */
  #append(rows: Node[] | null): void {
    if (!rows) throw new Unsupported();
    for (const row of rows) {
      if (row instanceof Element) {
        if (this.#frozen && this.#rowCount % CHUNK_PARTS === 0) {
          const chunk = document.createElement('tbody');
          this.#table?.append(chunk);
          this.#chunks.push(chunk);
        }
        this.#rowCount += 1;
      }
      (this.#chunks.at(-1) ?? this.#body_()).append(row);
    }
  }

  /** Freezes the column widths the table has now (one layout, once per table). */
  #freeze(): void {
    const table = this.#table;
    if (this.#frozen || !table?.isConnected) return;
    const widths = [...table.querySelectorAll(':scope > thead > tr > th')].map((cell) => cell.getBoundingClientRect().width);
    if (widths.length === 0 || widths.some((width) => !(width > 0))) return;
    this.#frozen = true;
    table.style.setProperty('--_columns', widths.map((width) => `${width.toFixed(1)}px`).join(' '));
    table.classList.add('streaming');
  }

  protected override finished(): void {
    // The one-shot render has one body and no style or class: the finished table is laid out as a table again.
    for (const chunk of this.#chunks) {
      this.#body?.append(...chunk.childNodes);
      chunk.remove();
    }
    this.#table?.removeAttribute('style');
    this.#table?.removeAttribute('class');
  }

  protected tail(tail: string): Node[] {
    const rows = this.#rows(closeOpenInline(tail), this.ctx.openProfile);
    if (!rows || rows.length === 0) return this.tailAfter(tail);
    const created = !this.#body;
    const body = this.#body_();
    (this.#chunks.at(-1) ?? body).append(...rows);
    if (!created) return rows;
    this.#body = null;
    return [body];
  }

  protected remainder(text: string): void {
    if (!text.trim()) return;
    const rows = this.#rows(text, this.ctx.profile);
    if (rows?.length !== 0) this.#append(rows);
  }
}

/**
 * A paragraph: settled runs of its text are rendered once into its `<p>`; the rest is redrawn. A run's final newline
 * is a text node of its own, dropped if the run turns out to end the paragraph (marked drops it there).
 */
class ParagraphView extends PartView {
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

/** Whatever cannot be drawn part by part: the open block rendered whole on every update (always correct). */
export class WholeView implements OpenBlockView {
  constructor(
    readonly id: number,
    private readonly host: HTMLElement,
    private readonly ctx: ViewContext,
  ) {}

  readonly #late = new LateText();

  update(parts: readonly string[], tail: string): void {
    const open = parts.join('') + tail;
    if (this.#late.grow([...this.host.childNodes], open)) return;
    this.#late.clear();
    this.host.replaceChildren(...(open.trim() ? [renderMarkdown(closeOpenInline(open), this.ctx.openProfile, this.ctx.links)] : []));
    this.#late.drawn(open);
  }

  finish(parts: readonly string[], remainder: string): DocumentFragment {
    this.host.replaceChildren();
    return renderMarkdown(parts.join('') + remainder, this.ctx.profile, this.ctx.links);
  }
}

export function createOpenBlockView(block: OpenBlock, host: HTMLElement, ctx: ViewContext): OpenBlockView {
  host.replaceChildren();
  switch (block.kind) {
    case 'code':
      return new CodeView(block.id, host, ctx);
    case 'list':
      return new ListView(block.id, host, ctx);
    case 'table':
      return new TableView(block.id, host, ctx);
    case 'paragraph':
      return new ParagraphView(block.id, host, ctx);
    default:
      return new WholeView(block.id, host, ctx);
  }
}
