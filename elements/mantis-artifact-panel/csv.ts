/** A CSV payload read as rows of fields (RFC 4180: commas, CRLF or LF, quoted fields with doubled quotes). */
export type CsvResult = { readonly ok: true; readonly rows: readonly (readonly string[])[] } | { readonly ok: false; readonly reason: string };

/**
 * Reads CSV text. A quoted field may hold commas, line breaks and `""` for a quote; a quote inside an unquoted field
 * is kept as text. Rows with no text at all (blank lines, the final line break) are left out. A quoted field that
 * never closes, or text after a closing quote, makes the whole payload unreadable as a table (`ok: false`).
 * One pass over the text, no backtracking.
 */
export function parseCsv(text: string): CsvResult {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  /** The current field was quoted and its closing quote was read: only a comma or a line break may follow. */
  let closed = false;
  const endRow = (): void => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
    closed = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
        closed = true;
      }
    } else if (c === ',') {
      row.push(field);
      field = '';
      closed = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else if (closed) {
      return { ok: false, reason: `text after a closing quote (row ${rows.length + 1})` };
    } else if (c === '"' && field === '') {
      quoted = true;
    } else {
      field += c;
    }
  }
  if (quoted) return { ok: false, reason: `a quoted field that never closes (row ${rows.length + 1})` };
  if (field !== '' || row.length > 0 || closed) endRow();
  return { ok: true, rows };
}
