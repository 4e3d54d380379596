/*
 * DateTimeInput's conversions (basic_catalog_implementation_guide.md "DateTimeInput"): the data model holds ISO 8601
 * strings; the native inputs read and write `YYYY-MM-DD`, `HH:MM[:SS]` and `YYYY-MM-DDTHH:MM[:SS]` (local time).
 */

export type DateInputType = 'date' | 'time' | 'datetime-local';

const pad = (n: number): string => String(n).padStart(2, '0');
const DATE = /^(\d{4}-\d{2}-\d{2})/;
const TIME = /(\d{2}:\d{2}(?::(?!00)\d{2})?)/;
const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** A model value as the native input of `type` takes it ('' when it is not a date or time). */
export function toDateInput(value: string, type: DateInputType): string {
  if (!value) return '';
  let iso = value.trim();
  // A moment with a zone is shown in the user's local time.
  if (iso.includes('T') && ZONED.test(iso)) {
    const moment = new Date(iso);
    if (!Number.isNaN(moment.getTime())) {
      iso = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
    }
  }
  const date = DATE.exec(iso)?.[1];
  const time = TIME.exec(iso.includes('T') ? iso.slice(iso.indexOf('T')) : iso)?.[1];
  if (type === 'date') return date ?? '';
  if (type === 'time') return time ?? '';
  return date ? `${date}T${time ?? '00:00'}` : '';
}

/** What the native input of `type` holds, as the ISO 8601 string the model gets. */
export function fromDateInput(value: string, type: DateInputType): string {
  if (type === 'datetime-local' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return `${value}:00`;
  return value;
}
