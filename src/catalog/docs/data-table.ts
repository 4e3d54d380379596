import type * as z from 'zod/mini';
import { LIMITS } from '../../limits.js';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { DataTableSchema } from '../data-table.js';

export const dataTableDescription: ComponentDescription = {
  purpose: `A table of up to ${LIMITS.tableRows} rows; put larger data in an artifact.`,
  notes: {
    'columns.format': '"number" right-aligns the column and formats its numbers.',
    'rows.cells': 'exactly one cell per column, in column order; null for an empty cell.',
  },
};

export const dataTableExample: ExampleOf<z.input<typeof DataTableSchema>> = {
  version: 1,
  id: 'table-example',
  root: {
    id: 'cluster-table',
    type: 'data-table',
    caption: 'Largest clusters',
    columns: [
      { id: 'col-name', label: 'Cluster' },
      { id: 'col-points', label: 'Points', format: 'number' },
      { id: 'col-growth', label: 'Growth (%)', format: 'number' },
    ],
    rows: [
      { id: 'row-memory', cells: ['Memory systems', 128, 12.5] },
      { id: 'row-retrieval', cells: ['Retrieval', 94, 3.1] },
      { id: 'row-agents', cells: ['Agents', 61, null] },
    ],
  },
};
