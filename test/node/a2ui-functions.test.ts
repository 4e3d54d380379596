// The basic catalog's client functions (src/protocols/a2ui/functions.ts, format.ts), called as an agent calls them: through
// evaluate() with catalog.json's argument names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluate, type EvalContext } from '../../src/protocols/a2ui/evaluate.js';
import { A2UI_FUNCTIONS, OPEN_URL, safeOpenUrl, type A2uiFunction } from '../../src/protocols/a2ui/functions.js';
import type { JsonValue } from '../../src/protocols/a2ui/types.js';
import { A2UI_LIMITS } from '../../src/protocols/a2ui/limits.js';

const ctx: EvalContext = { data: { zip: '12345', n: 7, items: [] }, scope: '', locale: 'en-US' };
const call = (name: string, args: Record<string, unknown>, context: EvalContext = ctx): JsonValue | undefined =>
  evaluate({ call: name, args }, context);

describe('the registry', () => {
  it('holds the basic catalog functions, openUrl excepted, the minimal catalog\'s capitalize and v1.0\'s @index', () => {
    assert.deepEqual(
      [...A2UI_FUNCTIONS.keys()].sort(),
      ['@index', 'and', 'capitalize', 'email', 'formatCurrency', 'formatDate', 'formatNumber', 'formatString', 'length', 'not', 'numeric', 'or', 'pluralize', 'regex', 'required'],
    );
  });

  it('capitalize: the first character (a code point) in upper case, the rest as it is', () => {
    assert.equal(call('capitalize', { value: 'hello world' }), 'Hello world');
    assert.equal(call('capitalize', { value: 'éCOLE' }), 'ÉCOLE');
    assert.equal(call('capitalize', { value: '\u{10428}x' }), '\u{10400}x', 'a letter outside the BMP');
    assert.equal(call('capitalize', { value: '' }), '');
    assert.equal(call('capitalize', { value: 12 }), '12', 'converted as the coercion table says');
    assert.equal(call('capitalize', { value: { path: '/zip' } }), '12345', 'a bound value');
  });

  it('runs a host function added to a copy of it', () => {
    const functions = new Map<string, A2uiFunction>([...A2UI_FUNCTIONS, ['double', (args) => (typeof args.value === 'number' ? args.value * 2 : undefined)]]);
    assert.equal(call('double', { value: { path: '/n' } }, { ...ctx, functions }), 14);
    assert.equal(call('double', { value: 1 }), undefined);
  });
});

describe('validation functions', () => {
  it('required: not null, missing, empty string or empty array', () => {
    for (const value of ['x', 0, false, [1], {}]) assert.equal(call('required', { value }), true, JSON.stringify(value));
    for (const value of ['', [], null, { path: '/missing' }, { path: '/items' }]) assert.equal(call('required', { value }), false, JSON.stringify(value));
    assert.equal(call('required', {}), false);
  });

  it('regex: searches like RegExp.test, on the value as a string', () => {
    assert.equal(call('regex', { value: { path: '/zip' }, pattern: '^[0-9]{5}$' }), true);
    assert.equal(call('regex', { value: '1234', pattern: '^[0-9]{5}$' }), false);
    assert.equal(call('regex', { value: 'ab12', pattern: '\\d' }), true);
    assert.equal(call('regex', { value: 12345, pattern: '^\\d+$' }), true);
    assert.equal(call('regex', { value: { path: '/missing' }, pattern: '^$' }), true);
  });

  it(`regex: an unsupported or malformed pattern is undefined, a value over ${A2UI_LIMITS.regexInputChars} characters false`, () => {
    const limit = A2UI_LIMITS.regexInputChars;
    assert.equal(call('regex', { value: 'aa', pattern: '(a)\\1' }), undefined);
    assert.equal(call('regex', { value: 'a', pattern: '(' }), undefined);
    assert.equal(call('regex', { value: 'a', pattern: 5 }), undefined);
    assert.equal(call('regex', { value: 'a'.repeat(limit), pattern: '^a+$' }), true);
    assert.equal(call('regex', { value: 'a'.repeat(limit + 1), pattern: '^a+$' }), false);
    assert.equal(call('regex', { value: `${'a'.repeat(limit - 1)}b`, pattern: '(a+)+$' }), false); // instant, not catastrophic
  });

  it('length: characters (code points) within min and max', () => {
    assert.equal(call('length', { value: 'abc', min: 3 }), true);
    assert.equal(call('length', { value: 'abc', min: 4 }), false);
    assert.equal(call('length', { value: 'abc', max: 2 }), false);
    assert.equal(call('length', { value: 'abc', min: 1, max: 3 }), true);
    assert.equal(call('length', { value: '😀😀', max: 2 }), true);
    assert.equal(call('length', { value: { path: '/missing' }, min: 1 }), false);
    assert.equal(call('length', { value: 'abc', min: 'x' }), false);
  });

  it('numeric: the value read as a number, within min and max; false when it is none', () => {
    assert.equal(call('numeric', { value: 5, min: 1, max: 10 }), true);
    assert.equal(call('numeric', { value: ' 42 ', max: 42 }), true);
    assert.equal(call('numeric', { value: 43, max: 42 }), false);
    assert.equal(call('numeric', { value: -1, min: 0 }), false);
    assert.equal(call('numeric', { value: { path: '/n' }, min: 7 }), true);
    for (const value of ['abc', '', null, { path: '/missing' }, [1]]) assert.equal(call('numeric', { value, min: 0 }), false);
  });

  it('email: the guide pattern, bounded and without a regex that could backtrack', () => {
    for (const value of ['jane@example.com', 'a.b+c@sub.example.org', 'x@y.z']) assert.equal(call('email', { value }), true, value);
    for (const value of ['', 'jane', 'jane@', '@example.com', 'jane@example', 'jane@example.', 'ja ne@example.com', 'a@b@c.d', 5]) {
      assert.equal(call('email', { value }), false, String(value));
    }
    assert.equal(call('email', { value: `${'a'.repeat(250)}@b.cd` }), false);
    assert.equal(call('email', { value: `${'@'.repeat(100_000)}` }), false);
  });
});

describe('formatNumber and formatCurrency', () => {
  it('formats with grouping and decimals in the context locale', () => {
    assert.equal(call('formatNumber', { value: 1234.5 }), '1,234.5');
    assert.equal(call('formatNumber', { value: 1234.5, decimals: 2 }), '1,234.50');
    assert.equal(call('formatNumber', { value: 1234.5, decimals: 0, grouping: false }), '1235');
    assert.equal(call('formatNumber', { value: '1234' }), '1,234');
    assert.equal(call('formatNumber', { value: 1234.5, decimals: 1 }, { ...ctx, locale: 'de-DE' }), '1.234,5');
  });

  it('formats a currency by its ISO 4217 code', () => {
    assert.equal(call('formatCurrency', { value: 49.5, currency: 'USD' }), '$49.50');
    assert.equal(call('formatCurrency', { value: 1234, currency: 'eur', decimals: 0 }), '€1,234');
    assert.equal(call('formatCurrency', { value: 1234, currency: 'USD', grouping: false }), '$1234.00');
  });

  it('is undefined for what it cannot format, and never throws', () => {
    assert.equal(call('formatNumber', { value: 'abc' }), undefined);
    assert.equal(call('formatNumber', { value: { path: '/missing' } }), undefined);
    for (const currency of ['US', 'DOLLARS', '', 5, '€']) assert.equal(call('formatCurrency', { value: 1, currency }), undefined, String(currency));
    assert.equal(call('formatNumber', { value: 1 }, { ...ctx, locale: 'not a locale!' }), undefined);
  });
});

describe('formatDate', () => {
  const date = '2026-01-16T14:30:05.120'; // local time, so the results do not depend on the time zone
  it("formats the catalog's TR35 examples", () => {
    assert.equal(call('formatDate', { value: date, format: 'MMM dd, yyyy' }), 'Jan 16, 2026');
    assert.equal(call('formatDate', { value: date, format: 'HH:mm' }), '14:30');
    assert.equal(call('formatDate', { value: date, format: 'h:mm a' }), '2:30 PM');
    assert.equal(call('formatDate', { value: date, format: 'EEEE, d MMMM' }), 'Friday, 16 January');
    assert.equal(call('formatDate', { value: date, format: 'yy/M/d E' }), '26/1/16 Fri');
    assert.equal(call('formatDate', { value: date, format: 'hh:mm:ss.SSS' }), '02:30:05.120');
  });

  it("formats the protocol's example pattern, its week-year YYYY read as the calendar year", () => {
    // a2ui_protocol.md's contact form: {"call":"formatDate","args":{"value":"2026-02-02T15:17:00Z","format":"E MMM d, YYYY h:mm a"}}
    assert.equal(call('formatDate', { value: '2026-02-02T15:17:00', format: 'E MMM d, YYYY h:mm a' }), 'Mon Feb 2, 2026 3:17 PM');
    assert.equal(call('formatDate', { value: date, format: 'YY Y YYYY' }), '26 2026 2026');
    // The examples' other patterns (examples/01, 03, 17): E, MMM d / h:mm a / EEEE / d.
    assert.equal(call('formatDate', { value: date, format: 'E, MMM d' }), 'Fri, Jan 16');
    assert.equal(call('formatDate', { value: date, format: 'EEEE' }), 'Friday');
    assert.equal(call('formatDate', { value: date, format: 'd' }), '16');
  });

  it("copies quoted text and '' as a quote", () => {
    assert.equal(call('formatDate', { value: date, format: "h 'o''clock' '' yyyy" }), "2 o'clock ' 2026");
  });

  it('reads dates, dates and times with offsets, times and epoch milliseconds', () => {
    assert.equal(call('formatDate', { value: '2026-01-16', format: 'yyyy-MM-dd HH:mm' }), '2026-01-16 00:00');
    assert.equal(call('formatDate', { value: '09:05', format: 'h:mm a' }), '9:05 AM');
    const instant = new Date(Date.UTC(2026, 0, 16, 14, 30));
    const local = `${instant.getFullYear()}-${String(instant.getMonth() + 1).padStart(2, '0')}-${String(instant.getDate()).padStart(2, '0')} ${String(instant.getHours()).padStart(2, '0')}:${String(instant.getMinutes()).padStart(2, '0')}`;
    assert.equal(call('formatDate', { value: '2026-01-16T14:30:00Z', format: 'yyyy-MM-dd HH:mm' }), local);
    assert.equal(call('formatDate', { value: '2026-01-16T16:30:00+02:00', format: 'yyyy-MM-dd HH:mm' }), local);
    assert.equal(call('formatDate', { value: instant.getTime(), format: 'yyyy-MM-dd HH:mm' }), local);
  });

  it('is undefined for invalid dates, a missing pattern or one over 100 characters', () => {
    for (const value of ['2026-02-30', '2026-13-01', 'yesterday', '', null, true, { path: '/missing' }, 1e20]) {
      assert.equal(call('formatDate', { value, format: 'yyyy' }), undefined, String(value));
    }
    assert.equal(call('formatDate', { value: date }), undefined);
    assert.equal(call('formatDate', { value: date, format: 'y'.repeat(101) }), undefined);
    assert.equal(call('formatDate', { value: date, format: `yyyy${'-'.repeat(96)}` }), `2026${'-'.repeat(96)}`);
  });
});

describe('pluralize', () => {
  const forms = { one: 'review', other: 'reviews', zero: 'no reviews' };
  it("picks the locale's CLDR category, else other", () => {
    assert.equal(call('pluralize', { value: 1, ...forms }), 'review');
    assert.equal(call('pluralize', { value: 2, ...forms }), 'reviews');
    assert.equal(call('pluralize', { value: 0, ...forms }), 'reviews'); // English has no `zero` category
    assert.equal(call('pluralize', { value: 0, ...forms }, { ...ctx, locale: 'ar' }), 'no reviews');
    assert.equal(call('pluralize', { value: 3, one: 'a', few: 'b', many: 'c', other: 'd' }, { ...ctx, locale: 'ru' }), 'b');
    assert.equal(call('pluralize', { value: 3, one: 'a', other: 'd' }, { ...ctx, locale: 'ru' }), 'd');
  });

  it('is undefined without a number or an other form', () => {
    assert.equal(call('pluralize', { value: 'x', ...forms }), undefined);
    assert.equal(call('pluralize', { value: 2, one: 'review' }), undefined);
  });
});

describe('and, or, not', () => {
  it('combine booleans (with the boolean conversion)', () => {
    assert.equal(call('and', { values: [true, 'TRUE', 1] }), true);
    assert.equal(call('and', { values: [true, false] }), false);
    assert.equal(call('or', { values: [false, 'true'] }), true);
    assert.equal(call('or', { values: [false, 0, { path: '/missing' }] }), false);
    assert.equal(call('not', { value: false }), true);
    assert.equal(call('not', { value: 'true' }), false);
    assert.equal(call('and', { values: 'true' }), undefined);
  });

  it('short-circuit: later values are not evaluated once the result is known', () => {
    let calls = 0;
    const functions = new Map<string, A2uiFunction>([...A2UI_FUNCTIONS, ['count', () => (calls++, true)]]);
    const counted = { call: 'count', args: {} };
    assert.equal(call('and', { values: [false, counted, counted] }, { ...ctx, functions }), false);
    assert.equal(call('or', { values: [true, counted] }, { ...ctx, functions }), true);
    assert.equal(calls, 0);
    assert.equal(call('and', { values: [true, counted, counted] }, { ...ctx, functions }), true);
    assert.equal(calls, 2);
  });
});

describe('openUrl', () => {
  it('is never run by evaluation', () => {
    assert.equal(OPEN_URL, 'openUrl');
    assert.equal(call('openUrl', { url: 'https://example.com' }), undefined);
  });

  it('safeOpenUrl normalizes absolute http(s) URLs and refuses everything else', () => {
    assert.equal(safeOpenUrl('https://Example.com/a b?q=1#x'), 'https://example.com/a%20b?q=1#x');
    assert.equal(safeOpenUrl('http://example.com'), 'http://example.com/');
    for (const url of [
      'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', 'mailto:a@b.c',
      '/relative', 'relative', '//example.com', 'https://user:pw@example.com', 'https://user@example.com', 'https://', '',
      `https://example.com/${'a'.repeat(5000)}`, 5, null, undefined, { href: 'https://example.com' },
    ]) {
      assert.equal(safeOpenUrl(url), null, String(url));
    }
  });
});
