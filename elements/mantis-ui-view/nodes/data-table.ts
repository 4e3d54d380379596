import { css, html, nothing, type TemplateResult } from 'lit';
import type { DataTableNode } from '../../../src/index.js';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });

function cell(value: string | number | null, format: 'text' | 'number'): string {
  if (value === null) return '—';
  if (typeof value === 'number') return format === 'number' ? numberFormat.format(value) : String(value);
  return value;
}

export function dataTable(node: DataTableNode): TemplateResult {
  // The region scrolls inside itself, and is focusable so keyboard users can scroll it.
  return html`<div part="data-table" class="table-scroll" role="region" aria-label=${node.caption} tabindex="0">
    <table>
      <caption>${node.caption}</caption>
      <thead>
        <tr>
          ${node.columns.map((column) => html`<th scope="col" class=${column.format === 'number' ? 'number' : nothing}>${column.label}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${node.rows.length === 0
          ? html`<tr><td colspan=${node.columns.length} class="empty-row">No rows.</td></tr>`
          : node.rows.map(
              (row) => html`<tr>
                ${row.cells.map((value, index) => {
                  const format = node.columns[index]?.format ?? 'text';
                  return html`<td class=${format === 'number' ? 'number' : nothing}>${cell(value, format)}</td>`;
                })}
              </tr>`,
            )}
      </tbody>
    </table>
  </div>`;
}

export const tableStyles = css`
  .table-scroll {
    overflow: auto;
    max-height: var(--mantis-table-max-height, 24rem);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    max-width: 100%;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.875em;
  }
  caption {
    text-align: start;
    font-weight: 650;
    padding: var(--_space);
  }
  th,
  td {
    padding: calc(var(--_space) * 0.5) var(--_space);
    border-top: 1px solid var(--_border);
    text-align: start;
    vertical-align: top;
    /*
     * break-word, not anywhere: it leaves a column's min-content width at its longest word, so in a narrow
     * container a wide table scrolls sideways instead of wrapping every cell one character per line.
     */
    overflow-wrap: break-word;
  }
  th {
    position: sticky;
    top: 0;
    background: var(--_raised);
  }
  .number {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .empty-row {
    color: var(--_muted);
  }
`;
