import * as z from 'zod/mini';
import { LIMITS, TEXT_LIMITS } from '../limits.js';
import { Id, Label } from '../schema/primitives.js';
import type { ComponentDescription, LeafDefinition, ExampleOf } from './definition.js';

export const ColumnSchema = z.strictObject({
  id: Id,
  label: Label,
  /** `number` right-aligns the column and formats numeric cells for the reader's locale. */
  format: z.optional(z.enum(['text', 'number'])),
});

const Cell = z.union([z.string().check(z.maxLength(TEXT_LIMITS.value)), z.number(), z.null()]);

export const RowSchema = z.strictObject({
  id: Id,
  /** One cell per column, in column order. */
  cells: z.array(Cell).check(z.minLength(1), z.maxLength(LIMITS.tableColumns)),
});

export const DataTableSchema = z
  .strictObject({
    id: Id,
    type: z.literal('data-table'),
    caption: Label,
    columns: z.array(ColumnSchema).check(z.minLength(1), z.maxLength(LIMITS.tableColumns)),
    rows: z.array(RowSchema).check(z.maxLength(LIMITS.tableRows)),
  })
  .check(
    z.superRefine((table, ctx) => {
      table.rows.forEach((row, index) => {
        if (row.cells.length !== table.columns.length) {
          ctx.addIssue({ code: 'custom', message: `a row has ${table.columns.length} cells, one per column`, path: ['rows', index, 'cells'] });
        }
      });
    }),
  );

export type DataTableNode = z.output<typeof DataTableSchema>;

export const dataTableDefinition: LeafDefinition<'data-table', typeof DataTableSchema> = {
  type: 'data-table',
  kind: 'leaf',
  schema: DataTableSchema,
};

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
