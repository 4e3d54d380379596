import type { IssueReport } from '../issues.js';
import { formatPointer } from '../pointer.js';
import { CatalogJsonError, count, fail, isRecord, kindOf, numberChecks, pass, quote, sameJson, stringChecks, type Check, type Result, type SchemaReader } from './json-checks.js';

/*
 * The JSON Schema (2020-12) keywords a catalog's components, functions and theme are written with, read into checks
 * that run without `eval` (a strict page's CSP allows them). Every keyword that constrains is enforced or the catalog
 * is refused where it is used: none is read loosely. Annotations (`description`, `title`, `default`, `examples`, `x-…`)
 * are skipped. `oneOf` is "exactly one" and `unevaluatedProperties` sees what `properties`, `additionalProperties` and
 * every subschema that passed (allOf, anyOf, oneOf, if/then/else, $ref) evaluated, as the specification says.
 * Strings and numbers are json-checks.ts's.
 */


const under = (segment: string | number, result: Result): Result =>
  result.ok ? result : { ok: false, failure: { path: [segment, ...result.failure.path], message: result.failure.message } };

/** Keywords that only annotate. */
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', '$defs', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'discriminator']);

const TYPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  array: Array.isArray,
  object: isRecord,
};

/** The checks of one schema object's keywords, each a closure built once. */
export function compileKeywords(node: Record<string, unknown>, at: string, compiler: SchemaReader): Check {
  for (const key of Object.keys(node)) {
    if (!ANNOTATIONS.has(key) && !key.startsWith('x-') && !KEYWORDS.has(key)) {
      throw new CatalogJsonError(`${at}/${key}`, `The keyword "${key.slice(0, 40)}" is not supported.`);
    }
  }
  const checks: Check[] = [];
  const sub = (schema: unknown, path: string, descends = false): Check => compiler.compile(schema, `${at}/${path}`, descends);
  /** The check of the schema under `keyword`, when there is one. */
  const opt = (keyword: string, descends?: boolean): Check | undefined => (node[keyword] === undefined ? undefined : sub(node[keyword], keyword, descends));
  const list = (keyword: string): Check[] => {
    const value = node[keyword];
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.length === 0) throw new CatalogJsonError(`${at}/${keyword}`, 'Must be a non-empty array of schemas.');
    return value.map((schema, i) => sub(schema, `${keyword}/${i}`));
  };

  if (node['type'] !== undefined) {
    const types = Array.isArray(node['type']) ? node['type'] : [node['type']];
    if (types.length === 0 || !types.every((t) => typeof t === 'string' && Object.prototype.hasOwnProperty.call(TYPES, t))) {
      throw new CatalogJsonError(`${at}/type`, 'Must name JSON types.');
    }
    const tests = types.map((t) => TYPES[t as string] as (value: unknown) => boolean);
    checks.push((v) => (tests.some((test) => test(v)) ? pass() : fail(`Expected ${types.join(' or ')}, got ${kindOf(v)}.`)));
  }
  if (node['enum'] !== undefined) {
    const values = node['enum'];
    if (!Array.isArray(values) || values.length === 0) throw new CatalogJsonError(`${at}/enum`, 'Must be a non-empty array.');
    const shown = values.slice(0, 12).map(quote).join(', ');
    checks.push((v) => (values.some((allowed) => sameJson(allowed, v)) ? pass() : fail(`Expected one of ${shown}; got ${quote(v)}.`)));
  }
  if (Object.prototype.hasOwnProperty.call(node, 'const')) {
    const expected = node['const'];
    checks.push((v) => (sameJson(expected, v) ? pass() : fail(`Expected ${quote(expected)}, got ${quote(v)}.`)));
  }
  checks.push(...stringChecks(node, at), ...numberChecks(node, at));

  const minItems = count(node, 'minItems', at);
  const maxItems = count(node, 'maxItems', at);
  const items = opt('items', true);
  if (minItems !== undefined || maxItems !== undefined || items) {
    checks.push((v) => {
      if (!Array.isArray(v)) return pass();
      if (minItems !== undefined && v.length < minItems) return fail(`Expected at least ${minItems} items.`);
      if (maxItems !== undefined && v.length > maxItems) return fail(`Expected at most ${maxItems} items.`);
      for (let i = 0; items && i < v.length; i++) {
        const result = items(v[i]);
        if (!result.ok) return under(i, result);
      }
      return pass();
    });
  }
  const objects = objectCheck(node, at, sub, opt);
  if (objects) checks.push(objects);

  const all = list('allOf');
  const any = list('anyOf');
  const one = list('oneOf');
  const not = opt('not');
  const cond = opt('if');
  const then = opt('then');
  const otherwise = opt('else');
  const ref = typeof node['$ref'] === 'string' ? compiler.ref(node['$ref'], `${at}/$ref`) : undefined;
  if (node['$ref'] !== undefined && !ref) throw new CatalogJsonError(`${at}/$ref`, 'Must be a string.');
  const unevaluated = opt('unevaluatedProperties', true);

  return (value) => {
    const keys = new Set<string>();
    const take = (result: Result): Result => {
      if (result.ok) for (const key of result.keys) keys.add(key);
      return result;
    };
    // The keywords' own checks, then the reference, then allOf: the first that fails says why.
    for (const check of [...checks, ...(ref ? [ref] : []), ...all]) {
      const result = take(check(value));
      if (!result.ok) return result;
    }
    if (any.length > 0) {
      // Every branch that passes counts for unevaluatedProperties, not only the first.
      const results = any.map((check) => take(check(value)));
      if (!results.some((r) => r.ok)) return closest(results);
    }
    if (one.length > 0) {
      const results = one.map((check) => check(value));
      const passed = results.filter((r) => r.ok);
      if (passed.length === 0) return closest(results);
      if (passed.length > 1) return fail('Matches more than one of the allowed forms.');
      take(passed[0] as Result);
    }
    if (not && not(value).ok) return fail('Matches a form that is not allowed.');
    if (cond) {
      const branch = take(cond(value)).ok ? then : otherwise;
      const result = branch ? take(branch(value)) : pass();
      if (!result.ok) return result;
    }
    if (unevaluated && isRecord(value)) {
      for (const key of Object.keys(value)) {
        if (keys.has(key)) continue;
        const result = unevaluated(value[key]);
        if (!result.ok) return result.failure.path.length === 0 && node['unevaluatedProperties'] === false
          ? fail(`Unknown property "${key.slice(0, 60)}".`, [key])
          : under(key, result);
        keys.add(key);
      }
    }
    return pass(keys);
  };
}

const KEYWORDS = new Set([
  'type', 'enum', 'const', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'items', 'minItems', 'maxItems', 'properties', 'required', 'additionalProperties',
  'propertyNames', 'minProperties', 'maxProperties', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', '$ref',
  'unevaluatedProperties',
]);

/** The failure of the branch that got furthest (its path deepest), for a union none of whose branches passed. */
function closest(results: readonly Result[]): Result {
  let best: IssueReport | undefined;
  for (const result of results) {
    if (!result.ok && (!best || result.failure.path.length > best.path.length)) best = result.failure;
  }
  return best && best.path.length > 0 ? { ok: false, failure: best } : fail(best?.message ?? 'Does not match any allowed form.');
}

/** properties, required, additionalProperties, propertyNames, minProperties, maxProperties; null without any. */
function objectCheck(
  node: Record<string, unknown>,
  at: string,
  sub: (schema: unknown, path: string, descends?: boolean) => Check,
  opt: (keyword: string, descends?: boolean) => Check | undefined,
): Check | null {
  const properties = node['properties'];
  if (properties !== undefined && !isRecord(properties)) throw new CatalogJsonError(`${at}/properties`, 'Must be an object of schemas.');
  const own = Object.entries(properties ?? {}).map(([name, schema]) => [name, sub(schema, `properties${formatPointer([name])}`, true)] as const);
  const byName = new Map(own);
  const required = node['required'] ?? [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) throw new CatalogJsonError(`${at}/required`, 'Must be an array of names.');
  const additional = opt('additionalProperties', true);
  const names = opt('propertyNames', true);
  const min = count(node, 'minProperties', at);
  const max = count(node, 'maxProperties', at);
  if (own.length === 0 && required.length === 0 && !additional && !names && min === undefined && max === undefined) return null;
  return (value) => {
    if (!isRecord(value)) return pass();
    for (const name of required as string[]) if (!Object.prototype.hasOwnProperty.call(value, name)) return fail(`Missing required property "${name}".`, [name]);
    const keys = Object.keys(value);
    if (min !== undefined && keys.length < min) return fail(`Expected at least ${min} properties.`);
    if (max !== undefined && keys.length > max) return fail(`Expected at most ${max} properties.`);
    const evaluated = new Set<string>();
    for (const key of keys) {
      if (names && !names(key).ok) return fail(`The property name "${key.slice(0, 60)}" is not allowed.`, [key]);
      const check = byName.get(key) ?? additional;
      if (!check) continue;
      const result = check(value[key]);
      if (!result.ok) {
        return !byName.has(key) && result.failure.path.length === 0 && node['additionalProperties'] === false
          ? fail(`Unknown property "${key.slice(0, 60)}".`, [key])
          : under(key, result);
      }
      evaluated.add(key);
    }
    return pass(evaluated);
  };
}
