import { CLASS_ESCAPES, LINE_TERMINATORS, unicodeProperty, type Ranges } from './regex-class.js';

/*
 * The parser of the linear-time matcher (regex.ts): a pattern of the supported subset to its syntax tree, or a
 * RegexError saying what it does not support. Apart from the compiler and the VM because it is the only part that
 * reads the pattern's syntax; they see only the tree.
 */

/** The largest bound a counted quantifier may give. */
export const REGEX_MAX_REPEAT = 1000;

/** A parsed pattern: a set of code units, an assertion, a sequence, alternatives or a repetition. */
export type RegexNode =
  | { readonly t: 'set'; readonly ranges: Ranges; readonly neg: boolean }
  | { readonly t: 'assert'; readonly k: '^' | '$' | 'b' | 'B' }
  | { readonly t: 'cat'; readonly items: readonly RegexNode[] }
  | { readonly t: 'alt'; readonly alts: readonly RegexNode[] }
  | { readonly t: 'rep'; readonly node: RegexNode; readonly min: number; readonly max: number };

export class RegexError extends Error {}
export const fail = (message: string): never => {
  throw new RegexError(message);
};

const CHAR_ESCAPES: Readonly<Record<string, number>> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

/** Unicode property escapes (\p{…}, \P{…}) one pattern may hold. */
export const REGEX_MAX_PROPERTIES = 8;

export class Parser {
  private i = 0;
  private properties = 0;
  constructor(private readonly src: string) {}

  parse(): RegexNode {
    const node = this.alternation(0);
    if (this.i < this.src.length) fail(`Unmatched ')' at ${this.i}`);
    return node;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private alternation(depth: number): RegexNode {
    if (depth > 32) fail('Groups are nested too deeply');
    const alts = [this.sequence(depth)];
    while (this.peek() === '|') {
      this.i++;
      alts.push(this.sequence(depth));
    }
    return alts.length === 1 ? alts[0]! : { t: 'alt', alts };
  }

  private sequence(depth: number): RegexNode {
    const items: RegexNode[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      const atom = this.atom(depth);
      const bounds = this.quantifier();
      if (!bounds) items.push(atom);
      else if (atom.t === 'assert') fail('Nothing to repeat');
      else items.push({ t: 'rep', node: atom, min: bounds[0], max: bounds[1] });
    }
    return { t: 'cat', items };
  }

  /** A quantifier's bounds (its lazy `?` consumed), or null when none follows. */
  private quantifier(): [number, number] | null {
    const c = this.peek();
    let bounds: [number, number] | null = null;
    if (c === '*') bounds = [0, Infinity];
    else if (c === '+') bounds = [1, Infinity];
    else if (c === '?') bounds = [0, 1];
    if (bounds) this.i++;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i, this.i + 24));
      if (!m) return fail(`Unsupported '{' at ${this.i} (escape it as \\{)`);
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (min > REGEX_MAX_REPEAT || (max !== Infinity && max > REGEX_MAX_REPEAT)) fail(`Repetition bounds above ${REGEX_MAX_REPEAT}`);
      if (max < min) fail('Numbers out of order in {} quantifier');
      this.i += m[0].length;
      bounds = [min, max];
    }
    if (bounds && this.peek() === '?') this.i++;
    return bounds;
  }

  private atom(depth: number): RegexNode {
    const c = this.src[this.i++]!;
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape(false);
    if (c === '.') return { t: 'set', ranges: LINE_TERMINATORS, neg: true }; // the `s` flag makes it "any" when compiling
    if (c === '^' || c === '$') return { t: 'assert', k: c };
    if (c === '*' || c === '+' || c === '?') fail('Nothing to repeat');
    if (c === '{') fail(`Unsupported '{' at ${this.i - 1} (escape it as \\{)`);
    if (c !== '(') return { t: 'set', ranges: [c.charCodeAt(0), c.charCodeAt(0)], neg: false };
    if (this.peek() === '?') {
      const name = /^\?(?::|<[A-Za-z_$][\w$]*>)/.exec(this.src.slice(this.i, this.i + 80));
      if (!name) fail(`Unsupported group '(${this.src.slice(this.i, this.i + 3)}' (lookaround is not supported)`);
      this.i += name![0].length;
    }
    const inner = this.alternation(depth + 1);
    if (this.src[this.i++] !== ')') fail('Unterminated group');
    return inner;
  }

  /** After a backslash: a set (one code unit or a class escape) or, outside classes, \b \B. */
  private escape(inClass: boolean): RegexNode {
    const c = this.src[this.i++];
    if (c === undefined) return fail('\\ at end of pattern');
    const single = (code: number): RegexNode => ({ t: 'set', ranges: [code, code], neg: false });
    if (CLASS_ESCAPES[c]) return { t: 'set', ranges: CLASS_ESCAPES[c]!, neg: false };
    if (CHAR_ESCAPES[c] !== undefined) return single(CHAR_ESCAPES[c]!);
    if (c === 'b') return inClass ? single(8) : { t: 'assert', k: 'b' };
    if (c === 'B' && !inClass) return { t: 'assert', k: 'B' };
    if (c === '0' && !/[0-9]/.test(this.peek() ?? '')) return single(0);
    if (c === 'x' || c === 'u') {
      const m = (c === 'x' ? /^[0-9A-Fa-f]{2}/ : /^[0-9A-Fa-f]{4}/).exec(this.src.slice(this.i, this.i + 4));
      if (!m) return fail(`Unsupported escape \\${c}`);
      this.i += m[0].length;
      return single(parseInt(m[0], 16));
    }
    if ((c === 'p' || c === 'P') && this.peek() === '{') {
      const m = /^\{([A-Za-z_]{1,40}(?:=[A-Za-z_]{1,40})?)\}/.exec(this.src.slice(this.i, this.i + 84));
      if (!m) return fail(`Malformed Unicode property escape at ${this.i - 2}`);
      // Each property is read once over 65,536 code units: a pattern names a few, so compiling stays short.
      if (++this.properties > REGEX_MAX_PROPERTIES) return fail(`More than ${REGEX_MAX_PROPERTIES} Unicode property escapes`);
      const ranges = unicodeProperty(m[1]!, c === 'P');
      if (!ranges) return fail(`Unknown Unicode property \\${c}{${m[1]}}`);
      this.i += m[0].length;
      return { t: 'set', ranges, neg: false };
    }
    if (/[0-9]/.test(c)) return fail(inClass ? `Unsupported escape \\${c} (octal escapes are not supported)` : `Backreferences are not supported (\\${c})`);
    if (c === 'k') return fail('Backreferences are not supported (\\k)');
    if (/[A-Za-z]/.test(c)) return fail(`Unsupported escape \\${c}`);
    return single(c.charCodeAt(0));
  }

  private charClass(): RegexNode {
    const neg = this.peek() === '^';
    if (neg) this.i++;
    const ranges: number[] = [];
    // A member is one code unit [c, c] or a class escape's ranges (never a range's end).
    const member = (): Ranges => {
      const c = this.src[this.i++]!;
      return c === '\\' ? (this.escape(true) as Extract<RegexNode, { t: 'set' }>).ranges : [c.charCodeAt(0), c.charCodeAt(0)];
    };
    const single = (r: Ranges): boolean => r.length === 2 && r[0] === r[1];
    while (this.peek() !== ']') {
      if (this.peek() === undefined) fail('Unterminated character class');
      const first = member();
      if (this.peek() !== '-' || this.src[this.i + 1] === ']' || this.src[this.i + 1] === undefined) {
        ranges.push(...first);
        continue;
      }
      this.i++;
      const last = member();
      if (!single(first) || !single(last)) fail('Invalid range with a class escape');
      if (last[0]! < first[0]!) fail('Range out of order in character class');
      ranges.push(first[0]!, last[0]!);
    }
    this.i++;
    return { t: 'set', ranges, neg };
  }
}
