import type { OpenBlock } from '../../src/markdown/block-splitter.js';
import { closeOpenInline } from '../../src/markdown/runs.js';
import { renderMarkdown } from './markdown-render.js';
import { CodeView } from './open-block/code-view.js';
import { ListView } from './open-block/list-view.js';
import { ParagraphView } from './open-block/paragraph-view.js';
import { LateText, type OpenBlockView, type ViewContext } from './open-block/part-view.js';
import { TableView } from './open-block/table-view.js';

export { CHUNK_PARTS, REDRAW_CHARS, Unsupported, type OpenBlockView, type ViewContext } from './open-block/part-view.js';
export { PARAGRAPH_CHUNK_CHARS } from './open-block/paragraph-view.js';
export { TABLE_FREEZE_ROWS } from './open-block/table-view.js';

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
