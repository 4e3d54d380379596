import { fenceCloser } from '../../../src/markdown/runs.js';
import { CHUNK_PARTS, newline, PartView, Unsupported, type ViewContext } from './part-view.js';

/** A fenced code block: lines become text nodes of its `<code>` (nothing is parsed), as marked would escape them. */
export class CodeView extends PartView {
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
