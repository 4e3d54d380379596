import type { EvalContext } from './budget.js';
import { FORMAT_LIMITS } from './format.js';
import type { JsonValue } from './types.js';

/*
 * The basic catalog's formatDate (a Unicode TR35 pattern, catalog.json) and the reading of the dates it formats. Apart
 * from format.ts: formatString's template parser shares nothing with it but the bounds (FORMAT_LIMITS.datePattern).
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * A date from epoch milliseconds or an ISO 8601 string: a date-time with an offset is that instant; a date, a
 * date-time without offset or a time alone (on 1970-01-01) are local, as a DateTimeInput writes them.
 */
export function toDate(value: JsonValue | undefined): Date | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= 8.64e15 ? new Date(value) : undefined;
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const time = TIME.exec(value);
  const m = time ? ['', '1970', '01', '01', ...time.slice(1)] : ISO.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m.slice(1, 7).map((digits) => Number(digits ?? 0));
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h > 23 || mi > 59 || sec > 59) return undefined;
  const offset = m[8];
  if (offset === undefined || time) {
    const date = new Date(y!, mo! - 1, d!, h, mi, sec, ms);
    return date.getDate() === d ? date : undefined;
  }
  const minutes = offset.toUpperCase() === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
  const utc = Date.UTC(y!, mo! - 1, d!, h, mi, sec, ms);
  return new Date(y!, mo! - 1, d!).getDate() === d ? new Date(utc - minutes * 60_000) : undefined;
}

const pad = (n: number, width: number): string => String(n).padStart(Math.min(width, 10), '0');

/** One named part of the date as Intl writes it in the locale (a month or weekday name, the day period). */
function part(date: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes): string {
  return new Intl.DateTimeFormat(locale, options).formatToParts(date).find((p) => p.type === type)?.value ?? '';
}

const WIDTHS = ['short', 'long', 'narrow'] as const;

/** One field of a TR35 pattern (a run of `n` times `letter`); null for a letter we do not format. */
function field(date: Date, letter: string, n: number, locale: string | undefined): string | null {
  const hours = date.getHours();
  const width = WIDTHS[Math.min(n, 5) - 3] ?? 'short';
  switch (letter) {
    case 'y':
    case 'Y': // the week-based year, simplified to the calendar year (they differ only around New Year)
      return n === 2 ? pad(date.getFullYear() % 100, 2) : pad(date.getFullYear(), n);
    case 'M':
    case 'L':
      if (n <= 2) return pad(date.getMonth() + 1, n);
      // M is the month as it stands in a date (day included), L as it stands alone: they differ in some languages.
      return part(date, locale, letter === 'M' ? { day: 'numeric', month: width } : { month: width }, 'month');
    case 'd':
      return pad(date.getDate(), n);
    case 'E':
      return part(date, locale, { weekday: n <= 3 ? 'short' : width }, 'weekday');
    case 'a':
      return part(date, locale, { hour: 'numeric', hour12: true }, 'dayPeriod');
    case 'h':
      return pad(hours % 12 || 12, n);
    case 'H':
      return pad(hours, n);
    case 'K':
      return pad(hours % 12, n);
    case 'k':
      return pad(hours || 24, n);
    case 'm':
      return pad(date.getMinutes(), n);
    case 's':
      return pad(date.getSeconds(), n);
    case 'S':
      return pad(date.getMilliseconds(), 3).slice(0, n).padEnd(n, '0');
    default:
      return null;
  }
}

/**
 * formatDate: the catalog's TR35 fields (y M L d E a h H K k m s S, and Y as y; numbers in ASCII digits, names from Intl in
 * the context's locale, local time), `'quoted'` text and `''` for a quote. Other letters are copied as written.
 * a2ui_protocol.md's own example writes the year `YYYY` (TR35's week-based year): it is read as the calendar year,
 * which it is but for a few days around New Year (2024-12-30, a Monday, is in week-year 2025).
 */
export function formatDate(args: Readonly<Record<string, JsonValue | undefined>>, ctx: EvalContext): JsonValue | undefined {
  const pattern = args.format;
  const date = toDate(args.value);
  if (typeof pattern !== 'string' || pattern.length > FORMAT_LIMITS.datePattern || !date) return undefined;
  try {
    let out = '';
    for (let i = 0; i < pattern.length; ) {
      const c = pattern[i]!;
      if (c === "'") {
        if (pattern[i + 1] === "'") {
          out += "'";
          i += 2;
          continue;
        }
        let j = i + 1;
        while (j < pattern.length && (pattern[j] !== "'" || pattern[j + 1] === "'")) {
          out += pattern[j];
          j += pattern[j] === "'" ? 2 : 1;
        }
        i = j + 1;
      } else if (/[A-Za-z]/.test(c)) {
        let j = i;
        while (pattern[j] === c) j++;
        out += field(date, c, j - i, ctx.locale) ?? pattern.slice(i, j);
        i = j;
      } else {
        out += c;
        i++;
      }
    }
    return out;
  } catch {
    return undefined; // an invalid locale
  }
}
