import * as z from 'zod/mini';
import { LIMITS, TEXT_LIMITS } from '../limits.js';
import { Id, Label } from '../schema/primitives.js';
import type { LeafDefinition } from './definition.js';

export const ColumnSchema = z.strictObject({
  id: Id,
  label: Label,
  /** `number` right-aligns the column and formats numeric cells for the reader's locale. */
  format: z.optional(z.literal(['text', 'number'])),
});

const Cell = z.union([z.string().check(z.maxLength(TEXT_LIMITS.value)), z.number(), z.literal(null)]);

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
