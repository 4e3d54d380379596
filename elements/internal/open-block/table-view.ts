import { closeOpenInline } from '../../../src/markdown/runs.js';
import { renderMarkdown, type MarkdownProfile } from '../markdown-render.js';
import { CHUNK_PARTS, childrenWithSpace, firstElement, newline, PartView, Unsupported } from './part-view.js';

/**
 * How many rows a streaming table takes before its column widths are frozen. A browser lays a table out as a whole,
 * so a table that grows by rows costs layout and paint in proportion to all its rows on every frame. Past this many
 * rows, the streaming table keeps the widths its columns have and lays each row out on its own (a grid per row, the
 * `streaming` class, see the chat's styles); when the table is finished it is a plain table again.
 */
export const TABLE_FREEZE_ROWS = 24;

/** A table: the header is rendered once, each finished row once; the open row is redrawn. */
export class TableView extends PartView {
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
    // Emptied, read, then removed: removing the attribute alone left Chromium writing the inline style set through the
    // CSSOM back as `style=""` later, so the table no longer matched its one-shot render (which was then used
    // instead); reading the attribute writes it back now. Emptied through the CSSOM, because a page whose policy
    // forbids inline styles refuses setAttribute('style', …) (docs/strict-pages.md).
    this.#table?.style.removeProperty('--_columns');
    this.#table?.getAttribute('style');
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
