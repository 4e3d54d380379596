import { A2UI_LIMITS } from './limits.js';
import { ANY, LINE_TERMINATORS, Lru, classHas, compileClass, isTerminatorAt, isWordAt, type CharClass } from './regex-class.js';
import { Parser, RegexError, fail, type RegexNode } from './regex-parse.js';

export { REGEX_MAX_REPEAT } from './regex-parse.js';

/*
 * A linear-time regular expression matcher for agent-supplied patterns (the basic catalog's `regex` function). Native
 * RegExp backtracks, so a pattern like `(a+)+$` can freeze the page on a short input; this one compiles the pattern to
 * a Thompson NFA program and runs it as a Pike VM: every input position is visited once, with at most one thread per
 * program instruction, so a test costs O(input length × program size) whatever the pattern.
 *
 * Supported, read as JavaScript reads a pattern without the `u` flag (UTF-16 code units): literals and escapes (\d \w
 * \s \D \W \S, \t \n \r \f \v \0, \xHH, \uXXXX, escaped punctuation), Unicode property escapes \p{…} and \P{…}
 * (as with `u`, over the Basic Multilingual Plane: regex-class.ts unicodeProperty), `.`, classes (regex-class.ts),
 * ^ $ \b \B, groups (capturing, `(?:…)`, `(?<name>…)` all only group), alternation, * + ? {n} {n,} {n,m} and their
 * lazy forms (a boolean match does not depend on laziness), flags i m s. Anything else is refused, never
 * approximated: backreferences, lookaround, \cX, a `{` that is not a quantifier, the `u`, `v`, `g`, `y` and `d` flags.
 * The pattern is parsed in regex-parse.ts; here it is compiled and run.
 */

/** Instructions of a compiled program; counted repetitions are expanded, so `a{1000}` is a thousand. */
export const REGEX_MAX_PROGRAM = 2048;

export interface CompiledRegex {
  readonly source: string;
  readonly flags: string;
  /**
   * Whether the pattern matches anywhere in `input` (as `RegExp.prototype.test`, without its `lastIndex` state), its VM
   * steps taken from `steps` (else at most REGEX_TEST_STEPS); `undefined` when they run out. Results on inputs up to
   * regexInputChars are cached (pattern, flags and input): a cached one costs no steps.
   */
  match(input: string, steps?: RegexSteps): boolean | undefined;
  /** match() with REGEX_TEST_STEPS: false when they run out. */
  test(input: string): boolean;
}

/** A compiled program as flat arrays (the hot loop reads them fast): op, its jump targets, its class or assertion. */
interface Program {
  readonly ops: number[]; // SET, SPLIT (x then y), JMP (x), ASSERT (kind), MATCH
  readonly xs: number[];
  readonly ys: number[];
  readonly classes: CharClass[];
  readonly kinds: string[];
}
const [SET, SPLIT, JMP, ASSERT, MATCH] = [0, 1, 2, 3, 4];

function compileProgram(root: RegexNode, dotAll: boolean, ignoreCase: boolean): Program {
  const prog: Program = { ops: [], xs: [], ys: [], classes: [], kinds: [] };
  // A repeated atom (`a{1000}`) is one node: its class is compiled once and shared by its copies.
  const classes = new Map<RegexNode, CharClass>();
  const emit = (op: number, x = 0): number => {
    if (prog.ops.length >= REGEX_MAX_PROGRAM) fail(`Pattern too large (over ${REGEX_MAX_PROGRAM} instructions once repetitions are expanded)`);
    prog.xs.push(x);
    prog.ys.push(0);
    return prog.ops.push(op) - 1;
  };
  /** A split whose first branch is the code emitted next; its second (ys) is patched by the caller. */
  const split = (): number => emit(SPLIT, prog.ops.length + 1);
  const gen = (node: RegexNode): void => {
    if (node.t === 'set') {
      let cls = classes.get(node);
      if (!cls) {
        const any = dotAll && node.neg && node.ranges === LINE_TERMINATORS;
        cls = any ? compileClass(ANY, false, false) : compileClass(node.ranges, node.neg, ignoreCase);
        classes.set(node, cls);
      }
      prog.classes[emit(SET)] = cls;
    } else if (node.t === 'assert') prog.kinds[emit(ASSERT)] = node.k;
    else if (node.t === 'cat') node.items.forEach(gen);
    else if (node.t === 'alt') {
      const jumps: number[] = [];
      for (const alt of node.alts.slice(0, -1)) {
        const branch = split();
        gen(alt);
        jumps.push(emit(JMP));
        prog.ys[branch] = prog.ops.length;
      }
      gen(node.alts[node.alts.length - 1]!);
      for (const jmp of jumps) prog.xs[jmp] = prog.ops.length;
    } else {
      for (let i = 0; i < node.min; i++) gen(node.node);
      const optional: number[] = [];
      for (let i = node.min; i < (node.max === Infinity ? node.min + 1 : node.max); i++) {
        optional.push(split());
        gen(node.node);
        if (node.max === Infinity) emit(JMP, optional[0]);
      }
      for (const branch of optional) prog.ys[branch] = prog.ops.length;
    }
  };
  gen(root);
  emit(MATCH);
  return prog;
}

/**
 * Runs a program over the input as a Pike VM: the set of live threads advances one code unit at a time, at most one
 * thread per instruction. Counts its steps (an instruction visited, a thread tested): `undefined` once past `limit`.
 */
function run({ ops, xs, ys, classes, kinds }: Program, input: string, multiline: boolean, limit: number, used: { steps: number }): boolean | undefined {
  const n = input.length;
  const size = ops.length;
  const marks = new Int32Array(size).fill(-1);
  let current = new Int32Array(size);
  let next = new Int32Array(size);
  let count = 0;
  let nextCount = 0;
  let steps = 0;
  const stack = new Int32Array(size * 2 + 1);
  const holds = (k: string | undefined, at: number): boolean => {
    if (k === '^') return at === 0 || (multiline && isTerminatorAt(input, at - 1));
    if (k === '$') return at === n || (multiline && isTerminatorAt(input, at));
    return (isWordAt(input, at - 1) !== isWordAt(input, at)) === (k === 'b');
  };
  /** Adds the thread at `pc` and all it reaches without reading to `next` (at `at`); true when one of them matches. */
  const add = (pc: number, at: number): boolean => {
    let top = 0;
    stack[top++] = pc;
    while (top > 0) {
      const p = stack[--top]!;
      if (marks[p] === at) continue;
      marks[p] = at;
      steps++;
      const op = ops[p];
      if (op === SET) next[nextCount++] = p;
      else if (op === SPLIT) {
        stack[top++] = ys[p]!;
        stack[top++] = xs[p]!;
      } else if (op === JMP) stack[top++] = xs[p]!;
      else if (op === MATCH) return true;
      else if (holds(kinds[p], at)) stack[top++] = p + 1;
    }
    return false;
  };
  try {
    for (let at = 0; ; at++) {
      if (add(0, at)) return true;
      [current, next, count, nextCount] = [next, current, nextCount, 0];
      if (at === n) return false;
      if ((steps += count) > limit) return undefined;
      const c = input.charCodeAt(at);
      for (let t = 0; t < count; t++) if (classHas(classes[current[t]!]!, c) && add(current[t]! + 1, at + 1)) return true;
    }
  } finally {
    used.steps = steps;
  }
}

/** Something that pays for matching: its `regexSteps` are taken as the VM runs (an EvalBudget is one). */
export interface RegexSteps {
  /** VM steps left; set to -1 when a match needed more (the match is then `undefined`). */
  regexSteps: number;
}

/** VM steps one match may take when nothing else pays for it (test(), or match() without `steps`). */
export const REGEX_TEST_STEPS = 2_000_000;
/** Entries of the compiled-program cache (cachedRegex) and of the result cache (match on inputs up to regexInputChars). */
export const REGEX_CACHE_SIZE = 64;

const programs = new Lru<CompiledRegex | { readonly error: string }>(REGEX_CACHE_SIZE);
const results = new Lru<boolean>(REGEX_CACHE_SIZE);
const cacheKey = (flags: string, source: string, input = ''): string => `${flags}/${source.length}/${source}${input}`;

/** Compiles a pattern of the supported subset, or says why it cannot. Never throws. */
export function compileRegex(source: string, flags = ''): CompiledRegex | { readonly error: string } {
  if (typeof source !== 'string' || typeof flags !== 'string') return { error: 'The pattern and flags must be strings' };
  if (source.length > A2UI_LIMITS.regexSourceChars) return { error: `Pattern longer than ${A2UI_LIMITS.regexSourceChars} characters` };
  if (!/^[ims]*$/.test(flags) || new Set(flags).size !== flags.length) return { error: `Unsupported flags '${flags.slice(0, 8)}'` };
  try {
    const prog = compileProgram(new Parser(source).parse(), flags.includes('s'), flags.includes('i'));
    const multiline = flags.includes('m');
    const match = (input: string, steps?: RegexSteps): boolean | undefined => {
      if (typeof input !== 'string') return false;
      const key = input.length <= A2UI_LIMITS.regexInputChars ? cacheKey(flags, source, input) : undefined;
      const known = key === undefined ? undefined : results.get(key);
      if (known !== undefined) return known;
      const left = steps ? Math.max(0, steps.regexSteps) : REGEX_TEST_STEPS;
      const used = { steps: 0 };
      const result = run(prog, input, multiline, left, used);
      if (steps) steps.regexSteps = result === undefined ? -1 : steps.regexSteps - used.steps;
      if (result !== undefined && key !== undefined) results.set(key, result);
      return result;
    };
    return { source, flags, match, test: (input: string) => match(input) === true };
  } catch (error) {
    return { error: error instanceof RegexError ? error.message : 'Invalid pattern' };
  }
}

/** compileRegex through a bounded cache of programs (pattern and flags): re-rendering does not recompile. */
export function cachedRegex(source: string, flags = ''): CompiledRegex | { readonly error: string } {
  if (typeof source !== 'string' || typeof flags !== 'string') return compileRegex(source, flags);
  const key = cacheKey(flags, source);
  const entry = programs.get(key) ?? compileRegex(source, flags);
  programs.set(key, entry);
  return entry;
}
