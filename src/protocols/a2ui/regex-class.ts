/*
 * Character classes of the linear-time matcher (regex.ts), read as JavaScript reads them without the `u` flag (UTF-16
 * code units). At compile time every class — a literal, `.`, `[…]` with ranges, \d \w \s and their negations, the
 * negation `[^…]` and the `i` flag's case folding — becomes one sorted list of merged, non-overlapping ranges, tested
 * with a bitset for ASCII and a binary search above it. So a VM step costs O(log ranges) whatever the class was written
 * as: `[\d\w\s\D\W\S…]` repeated a thousand times no longer rescans dozens of unmerged ranges per thread.
 */

/** Ranges as flat pairs [lo, hi, lo, hi, …] of code units (inclusive). */
export type Ranges = readonly number[];

export const DIGIT: Ranges = [0x30, 0x39];
export const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
export const SPACE: Ranges = [
  9, 13, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000,
  0xfeff, 0xfeff,
];
export const LINE_TERMINATORS: Ranges = [10, 10, 13, 13, 0x2028, 0x2029];
const MAX_UNIT = 0xffff;

/** Sorted, merged, non-overlapping (and non-adjacent) ranges holding the same code units as `ranges`. */
export function normalizeRanges(ranges: Ranges): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    if (out.length > 0 && lo <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** The complement within 0..0xFFFF of normalized ranges. */
export function complement(ranges: Ranges): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1);
    next = ranges[i + 1]! + 1;
  }
  if (next <= MAX_UNIT) out.push(next, MAX_UNIT);
  return out;
}

/** Whether normalized ranges hold `c` (binary search). */
export function inRanges(ranges: Ranges, c: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < ranges[mid * 2]!) hi = mid - 1;
    else if (c > ranges[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** ECMAScript's Canonicalize without `u`: the upper case when it is one code unit, unless it maps non-ASCII to ASCII. */
export function canonical(c: number): number {
  const upper = String.fromCharCode(c).toUpperCase();
  if (upper.length !== 1) return c;
  const u = upper.charCodeAt(0);
  return c >= 128 && u < 128 ? c : u;
}

/** The code units sharing a canonical value with another (each group of two or more), computed once when first needed. */
let caseGroups: readonly (readonly number[])[] | undefined;
function groups(): readonly (readonly number[])[] {
  if (!caseGroups) {
    const byCanonical = new Map<number, number[]>();
    for (let c = 0; c <= MAX_UNIT; c++) {
      const k = canonical(c);
      const group = byCanonical.get(k);
      if (group) group.push(c);
      else byCanonical.set(k, [c]);
    }
    caseGroups = [...byCanonical.values()].filter((group) => group.length > 1);
  }
  return caseGroups;
}

/**
 * The `i` flag's closure of normalized ranges: every code unit whose canonical value is that of a member (so the class
 * matches a character when some member has its canonical case, as CharacterSetMatcher does).
 */
export function foldCase(ranges: Ranges): number[] {
  const added: number[] = [];
  for (const group of groups()) {
    if (group.some((c) => inRanges(ranges, c))) for (const c of group) added.push(c, c);
  }
  return added.length === 0 ? [...ranges] : normalizeRanges([...ranges, ...added]);
}

/** A compiled class: ASCII as a 128-bit set, the rest as normalized ranges. */
export interface CharClass {
  readonly ascii: Uint32Array;
  readonly ranges: Int32Array;
}

/** A class (its members' ranges, in any order, overlapping or not) as a CharClass, negation and case folding applied. */
export function compileClass(members: Ranges, negated: boolean, ignoreCase: boolean): CharClass {
  let ranges = normalizeRanges(members);
  if (ignoreCase) ranges = foldCase(ranges);
  if (negated) ranges = complement(ranges);
  const ascii = new Uint32Array(4);
  for (let i = 0; i < ranges.length && ranges[i]! < 128; i += 2) {
    for (let c = ranges[i]!; c <= Math.min(ranges[i + 1]!, 127); c++) ascii[c >> 5] = ascii[c >> 5]! | (1 << (c & 31));
  }
  return { ascii, ranges: Int32Array.from(ranges) };
}

/** Whether the class holds code unit `c`. */
export function classHas(cls: CharClass, c: number): boolean {
  if (c < 128) return (cls.ascii[c >> 5]! & (1 << (c & 31))) !== 0;
  const r = cls.ranges;
  let lo = 0;
  let hi = (r.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < r[mid * 2]!) hi = mid - 1;
    else if (c > r[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

const DIGITS = normalizeRanges(DIGIT);
const WORDS = normalizeRanges(WORD);
const SPACES = normalizeRanges(SPACE);
/** \d \D \w \W \s \S as normalized ranges. */
export const CLASS_ESCAPES: Readonly<Record<string, Ranges>> = {
  d: DIGITS, D: complement(DIGITS), w: WORDS, W: complement(WORDS), s: SPACES, S: complement(SPACES),
};
export const ANY: Ranges = [0, MAX_UNIT];

/** Entries of the Unicode property cache (each about as large as the property's ranges). */
const PROPERTY_CACHE = 128;
let properties: Lru<{ readonly ranges: Ranges | null }> | undefined;
/** The plane's code units below and above the surrogates, as two strings (built once, when a property is first read). */
let plane: readonly [string, string] | undefined;
const units = (from: number, to: number): string => {
  let text = '';
  for (let c = from; c <= to; c += 4096) text += String.fromCharCode(...Array.from({ length: Math.min(4096, to - c + 1) }, (_, i) => c + i));
  return text;
};

/**
 * The code units of `\p{name}` (or of `\P{name}` when `negated`), as normalized ranges: every code unit of the Basic
 * Multilingual Plane that the engine's own `\p{name}` (with `u`) matches as one character, read in one pass of the
 * engine over the plane (1 to 2 ms) and kept in a bounded cache. A character outside the plane is two code units here,
 * neither of which has a property but `Cs`: `\p{L}` does not match it, `\P{L}` matches each half. `null` for a name
 * the engine does not know. validate-component.ts bounds the names one message may use.
 */
export function unicodeProperty(name: string, negated: boolean): Ranges | null {
  properties ??= new Lru(PROPERTY_CACHE);
  let entry = properties.get(name);
  if (entry === undefined) {
    let ranges: number[] | null = null;
    try {
      const re = new RegExp(`\\p{${name}}+`, 'gu');
      plane ??= [units(0, 0xd7ff), units(0xe000, MAX_UNIT)];
      ranges = [];
      for (const [text, base] of [[plane[0], 0], [plane[1], 0xe000]] as const) {
        for (const run of text.matchAll(re)) ranges.push(base + run.index, base + run.index + run[0].length - 1);
      }
      // A lone surrogate is a character of its own (general category Cs): all of them have the property or none.
      if (new RegExp(`^\\p{${name}}$`, 'u').test('\ud800')) ranges = normalizeRanges([...ranges, 0xd800, 0xdfff]);
    } catch {
      // Not a property this engine knows: refused by the parser.
    }
    properties.set(name, (entry = { ranges }));
  }
  const { ranges } = entry;
  return ranges && negated ? complement(ranges) : ranges;
}

export const isWordAt = (input: string, i: number): boolean => i >= 0 && i < input.length && inRanges(WORDS, input.charCodeAt(i));
export const isTerminatorAt = (input: string, i: number): boolean => inRanges(LINE_TERMINATORS, input.charCodeAt(i));

/** A bounded map that forgets its least recently used entry (regex.ts's program and result caches). */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
  }
}
