import * as z from 'zod/mini';

/*
 * Zod Mini ships no messages of its own: without a locale every issue reads "Invalid input". These are the English
 * messages of Zod's own locale (`z.locales.en()`, word for word) for the issues our schemas can raise; the locale
 * itself names forty string formats we never check (e-mail, UUID, IBAN…), a kilobyte the first load does without. A
 * format not named here (we check none of them) reads "Invalid <format>".
 */

// Zod's own helpers for these messages, as its util module has them (`z.core.util` keeps all of Zod's core alive).
const stringifyPrimitive = (value: unknown): string => (typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? `"${value}"` : String(value));
const joinValues = (values: readonly unknown[], separator: string): string => values.map(stringifyPrimitive).join(separator);
function parsedType(data: unknown): string {
  if (typeof data === 'number') return Number.isNaN(data) ? 'nan' : 'number';
  if (typeof data !== 'object') return typeof data;
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  const made = Object.getPrototypeOf(data) !== Object.prototype && 'constructor' in data ? (data.constructor as { readonly name?: string } | undefined) : undefined;
  return made?.name ?? 'object';
}

const UNITS: Readonly<Record<string, string>> = { string: 'characters', file: 'bytes', array: 'items', set: 'items', map: 'entries' };
const FORMATS: Readonly<Record<string, string>> = { regex: 'input', datetime: 'ISO datetime', template_literal: 'input' };

const typeName = (type: string, input?: unknown): string => (type === 'number' && typeof input === 'number' && !Number.isFinite(input) ? String(input) : type === 'nan' ? 'NaN' : type);

function size(issue: { readonly origin?: string; readonly exact?: boolean; readonly inclusive?: boolean }, limit: { toString(): string }, big: boolean): string {
  const adj = issue.exact ? 'exactly ' : issue.inclusive ? (big ? '<=' : '>=') : big ? '<' : '>';
  const unit = issue.origin === undefined ? undefined : UNITS[issue.origin];
  const what = big ? (issue.origin ?? 'value') : issue.origin;
  return `${big ? 'Too big' : 'Too small'}: expected ${what} to ${unit ? 'have' : 'be'} ${adj}${limit.toString()}${unit ? ` ${unit}` : ''}`;
}

function message(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${typeName(issue.expected)}, received ${typeName(parsedType(issue.input), issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `Invalid input: expected ${stringifyPrimitive(issue.values[0])}` : `Invalid option: expected one of ${joinValues(issue.values, '|')}`;
    case 'too_big':
      return size(issue, issue.maximum, true);
    case 'too_small':
      return size(issue, issue.minimum, false);
    case 'invalid_format': {
      const format = issue as z.core.$ZodIssueInvalidStringFormat;
      return format.format === 'regex' ? `Invalid string: must match pattern ${String(format.pattern)}` : `Invalid ${FORMATS[format.format] ?? format.format}`;
    }
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${joinValues(issue.keys, ', ')}`;
    case 'invalid_key':
      return `Invalid key in ${issue.origin}`;
    case 'invalid_union': {
      const options = (issue as { readonly options?: unknown }).options;
      if (Array.isArray(options) && options.length > 0) return `Invalid discriminator value. Expected ${options.map((o) => `'${String(o)}'`).join(' | ')}`;
      return issue.inclusive === false ? 'Invalid input: more than one option matched' : 'Invalid input';
    }
    case 'invalid_element':
      return `Invalid value in ${issue.origin}`;
    default:
      return 'Invalid input';
  }
}

/** Configures Zod's messages (every schema module imports a module that calls this first). */
export function configureMessages(): void {
  z.config({ localeError: message });
}
