import { closeOpenInline, fenceCloser, type OpenBlock } from '../../src/markdown/block-splitter.js';
import { renderListItems, renderMarkdown, renderParagraphRun, type MarkdownProfile } from './markdown-render.js';

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

export interface ViewContext {
  /** Link reference definitions, to prepend to everything rendered. */
  readonly definitions: string;
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

abstract class PartView implements OpenBlockView {
  protected drawn = 0;
  #tail: Node[] = [];

  constructor(
    readonly id: number,
    protected readonly host: HTMLElement,
    protected readonly ctx: ViewContext,
  ) {}

  update(parts: readonly string[], tail: string): void {
    for (; this.drawn < parts.length; this.drawn++) this.part(parts[this.drawn] as string, this.drawn);
    this.clearTail();
    if (tail.trim()) this.#tail = this.tail(tail);
  }

  finish(parts: readonly string[], remainder: string): DocumentFragment {
    for (; this.drawn < parts.length; this.drawn++) this.part(parts[this.drawn] as string, this.drawn);
    this.clearTail();
    this.remainder(remainder);
    const fragment = document.createDocumentFragment();
    fragment.append(...this.host.childNodes);
    // Once per block, when it closes: the nodes kept must be exactly a one-shot render of the block. Where drawing
    // part by part missed something (a list that turned loose across a chunk, say), the one-shot render is used.
    const whole = renderMarkdown(this.ctx.definitions + parts.join('') + remainder, this.ctx.profile);
    return sameMarkup(fragment, whole) ? fragment : whole;
  }

  protected clearTail(): void {
    for (const node of this.#tail) node.parentNode?.removeChild(node);
    this.#tail = [];
  }

  /** The tail rendered as a block of its own after the view's nodes (for a tail that is not the shape's). */
  protected tailAfter(tail: string): Node[] {
    const nodes = [...renderMarkdown(this.ctx.definitions + closeOpenInline(tail), this.ctx.openProfile).childNodes];
    this.host.append(...nodes);
    return nodes;
  }

  protected abstract part(text: string, index: number): void;
  protected abstract tail(tail: string): Node[];
  protected abstract remainder(text: string): void;
}

/** A fenced code block: lines become text nodes of its `<code>` (nothing is parsed), as marked would escape them. */
class CodeView extends PartView {
  readonly #code = document.createElement('code');
  #closer: RegExp | null = null;
  #indent = 0;
  #closed = false;

  constructor(id: number, host: HTMLElement, ctx: ViewContext) {
    super(id, host, ctx);
    const pre = document.createElement('pre');
    pre.append(this.#code);
    host.append(pre, newline());
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
    else this.#code.append(`${this.#line(text)}\n`);
  }

  protected tail(tail: string): Node[] {
    if (this.#closed) return [];
    const node = document.createTextNode(this.#line(tail));
    this.#code.append(node);
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
  #loose = false;
  readonly #items: { text: string; nodes: Node[] }[] = [];

  /** Renders items: their li nodes (each with the newline after it), or null when they do not render as a list. */
  #render(text: string, profile: MarkdownProfile, last: boolean): { nodes: Node[]; loose: boolean } | null {
    const rendered = renderListItems(text, this.ctx.definitions, profile, this.#loose, last);
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
    this.#list?.append(...rendered.nodes);
    this.#items.push({ text, nodes: rendered.nodes });
  }

  protected part(text: string): void {
    this.#add(text, false);
  }

  protected tail(tail: string): Node[] {
    const rendered = this.#render(closeOpenInline(tail), this.ctx.openProfile, true);
    if (!rendered) return this.tailAfter(tail);
    this.#list?.append(...rendered.nodes);
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

/** A table: the header is rendered once, each finished row once; the open row is redrawn. */
class TableView extends PartView {
  #head = '';
  #table: Element | null = null;
  #body: Element | null = null;

  #rows(text: string, profile: MarkdownProfile): Node[] | null {
    const table = renderMarkdown(this.ctx.definitions + this.#head + text, profile).firstElementChild;
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
      this.#table = firstElement(renderMarkdown(this.ctx.definitions + text, this.ctx.profile), 'table');
      this.host.append(this.#table, newline());
      return;
    }
    const rows = this.#rows(text, this.ctx.profile);
    if (!rows) throw new Unsupported();
    if (rows.length > 0) this.#body_().append(...rows);
  }

  protected tail(tail: string): Node[] {
    const rows = this.#rows(closeOpenInline(tail), this.ctx.openProfile);
    if (!rows || rows.length === 0) return this.tailAfter(tail);
    const created = !this.#body;
    const body = this.#body_();
    body.append(...rows);
    if (!created) return rows;
    this.#body = null;
    return [body];
  }

  protected remainder(text: string): void {
    if (!text.trim()) return;
    const rows = this.#rows(text, this.ctx.profile);
    if (!rows) throw new Unsupported();
    if (rows.length > 0) this.#body_().append(...rows);
  }
}

/**
 * A paragraph: settled runs of its text are rendered once into its `<p>`; the rest is redrawn. A run's final newline
 * is a text node of its own, dropped if the run turns out to end the paragraph (marked drops it there).
 */
class ParagraphView extends PartView {
  readonly #p = document.createElement('p');
  #newline: Text | null = null;

  constructor(id: number, host: HTMLElement, ctx: ViewContext) {
    super(id, host, ctx);
    host.append(this.#p, newline());
  }

  #run(text: string, profile: MarkdownProfile): Node[] {
    const p = firstElement(renderParagraphRun(text, this.ctx.definitions, profile), 'p');
    return [...p.childNodes];
  }

  protected part(text: string): void {
    this.#newline = newline();
    this.#p.append(...this.#run(text.slice(0, -1), this.ctx.profile), this.#newline);
  }

  protected tail(tail: string): Node[] {
    const fragment = renderMarkdown(this.ctx.definitions + closeOpenInline(tail), this.ctx.openProfile);
    const p = fragment.firstElementChild;
    if (!p || p.localName !== 'p' || fragment.childElementCount !== 1) return this.tailAfter(tail);
    const nodes = [...p.childNodes];
    this.#p.append(...nodes);
    return nodes;
  }

  protected remainder(text: string): void {
    // The paragraph's text ends before its trailing newline and blank lines.
    const last = text.replace(/\n[ \t\n]*$/, '');
    if (last) this.#p.append(...this.#run(last, this.ctx.profile));
    else this.#newline?.remove();
  }
}

/** Whatever cannot be drawn part by part: the open block rendered whole on every update (always correct). */
export class WholeView implements OpenBlockView {
  constructor(
    readonly id: number,
    private readonly host: HTMLElement,
    private readonly ctx: ViewContext,
  ) {}

  update(parts: readonly string[], tail: string): void {
    const open = parts.join('') + tail;
    this.host.replaceChildren(open.trim() ? renderMarkdown(this.ctx.definitions + closeOpenInline(open), this.ctx.openProfile) : '');
  }

  finish(parts: readonly string[], remainder: string): DocumentFragment {
    this.host.replaceChildren();
    return renderMarkdown(this.ctx.definitions + parts.join('') + remainder, this.ctx.profile);
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
