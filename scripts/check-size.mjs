// @ts-check
// The size budget (npm test runs it after the build): measures every file named in package.json's `sizeBudgets`,
// prints each size, and exits non-zero, naming the file, when any exceeds its budget.
//
// Budgets are gzip bytes at level 9 (1 KB = 1000 bytes). A budget is one of two kinds:
// - `{ "maxGzipBytes": N }`: the file itself, as built. For the IIFE this is the `<script>` file alone; a file that
//   it might load lazily later (chart or map chunks) is not counted.
// - `{ "maxGzipBytes": N, "bundle": true }`: the file bundled with everything it imports up front (the ES build keeps
//   dependencies external), minified the way the IIFE is: a Vite library build in IIFE format, every export kept.
//   What it imports dynamically (a protocol the registration file loads on first need) is a lazy part and is not
//   counted, as for the IIFE: the budget is the code a page runs before it needs that part.
// - `{ "maxGzipBytes": N, "file": F, "imports": [names] }`: what a program that imports only those names from F
//   carries, bundled and tree-shaken the same way (a backend that imports `validateView` and `parseAssistantText`
//   from `mantis-ui/core`). The key is then the scenario's name, not a path.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Bytes in a KB, for the printed figures. */
export const KB = 1000;

/**
 * @typedef {{ maxGzipBytes: number, bundle?: boolean, file?: string, imports?: string[] }} Budget
 * @typedef {{
 *   path: string, label: string, budget: number, bundled: boolean,
 *   bytes?: number, gzipBytes?: number, margin?: number, ok: boolean, error?: string,
 * }} SizeResult
 */

/** @param {string} path @param {unknown} budget @returns {Budget} */
function parseBudget(path, budget) {
  const b = /** @type {Partial<Budget> | null} */ (typeof budget === 'object' ? budget : null);
  const names = b?.imports;
  const importsOk = names === undefined ? b?.file === undefined : typeof b?.file === 'string' && Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === 'string' && /^[A-Za-z_$][\w$]*$/.test(n));
  if (!b || !Number.isInteger(b.maxGzipBytes) || /** @type {number} */ (b.maxGzipBytes) <= 0 || (b.bundle !== undefined && typeof b.bundle !== 'boolean') || !importsOk) {
    throw new TypeError(
      `sizeBudgets["${path}"] must be { "maxGzipBytes": <positive integer>, "bundle"?: boolean } or { "maxGzipBytes": <positive integer>, "file": <path>, "imports": [<names>] }, got ${JSON.stringify(budget)}`,
    );
  }
  return /** @type {Budget} */ (b);
}

/**
 * The file bundled with its dependencies and minified, as the IIFE build does (Vite, so the same bundler and
 * minifier as dist/mantis-ui.iife.js). Nothing is written.
 * @param {string} file absolute path
 * @param {string} root
 * @returns {Promise<Uint8Array>}
 */
async function bundle(file, root) {
  const { build } = await import('vite');
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    publicDir: false,
    // A dynamic import stays one (its module is another part, loaded when needed), never inlined.
    plugins: [{ name: 'size-budget-lazy-parts', resolveDynamicImport: () => false }],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry: file, formats: ['iife'], name: 'SizeBudget', fileName: () => 'size-budget.js' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  const chunks = outputs.filter((o) => o.type === 'chunk');
  return Buffer.concat(chunks.map((c) => Buffer.from(c.code)));
}

/**
 * A program that imports only `names` from the file, bundled as `bundle` does: what tree-shaking leaves of it.
 * @param {string} file absolute path
 * @param {string[]} names
 * @param {string} root
 * @returns {Promise<Uint8Array>}
 */
async function bundleImports(file, names, root) {
  const dir = mkdtempSync(join(tmpdir(), 'mantis-size-entry-'));
  try {
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, `export { ${names.join(', ')} } from ${JSON.stringify(file)};\n`);
    return await bundle(entry, root);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Measures every budgeted file. Paths are relative to `root`.
 * @param {Record<string, unknown>} budgets `{ path: { maxGzipBytes, bundle? } }`
 * @param {{ root?: string }} [options]
 * @returns {Promise<{ ok: boolean, results: SizeResult[] }>}
 */
export async function checkSizes(budgets, { root = process.cwd() } = {}) {
  /** @type {SizeResult[]} */
  const results = [];
  for (const [path, raw] of Object.entries(budgets)) {
    const budget = parseBudget(path, raw);
    const names = budget.imports;
    const bundled = budget.bundle === true || names !== undefined;
    const label = names !== undefined ? path : bundled ? `${path} + dependencies` : path;
    const file = resolve(root, budget.file ?? path);
    if (!existsSync(file)) {
      results.push({ path, label, budget: budget.maxGzipBytes, bundled, ok: false, error: 'missing (run `npm run build` first)' });
      continue;
    }
    /** @type {Uint8Array} */
    let content;
    try {
      content = names !== undefined ? await bundleImports(file, names, root) : bundled ? await bundle(file, root) : readFileSync(file);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.push({ path, label, budget: budget.maxGzipBytes, bundled, ok: false, error: `could not be measured: ${message}` });
      continue;
    }
    const gzipBytes = gzipSync(content, { level: 9 }).length;
    const margin = budget.maxGzipBytes - gzipBytes;
    results.push({ path, label, budget: budget.maxGzipBytes, bundled, bytes: content.length, gzipBytes, margin, ok: margin >= 0 });
  }
  return { ok: results.every((r) => r.ok), results };
}

/** @param {number} n */
const fmt = (n) => n.toLocaleString('en-US');

/**
 * One line per file (name, bytes, gzip bytes, budget, margin), then the verdict.
 * @param {SizeResult[]} results
 * @returns {string}
 */
export function formatResults(results) {
  const width = Math.max(...results.map((r) => r.label.length), 4);
  const lines = [`Size budget (gzip level 9; 1 KB = ${KB} bytes):`];
  for (const r of results) {
    const name = r.label.padEnd(width);
    if (r.error !== undefined) {
      lines.push(`  ${name}  ${r.error}; budget ${fmt(r.budget)} B gzip  FAIL`);
      continue;
    }
    const margin = /** @type {number} */ (r.margin);
    lines.push(
      `  ${name}  ${fmt(/** @type {number} */ (r.bytes)).padStart(9)} B  ${fmt(/** @type {number} */ (r.gzipBytes)).padStart(8)} B gzip` +
        `  budget ${fmt(r.budget).padStart(8)}  margin ${(margin >= 0 ? '' : '-') + fmt(Math.abs(margin))} (${((margin / r.budget) * 100).toFixed(1)}%)` +
        `  ${r.ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  const failed = results.filter((r) => !r.ok);
  if (failed.length === 0) lines.push('Every file is within its budget.');
  else {
    for (const r of failed) {
      lines.push(
        r.error !== undefined
          ? `${r.label}: ${r.error}.`
          : `${r.label} is over its budget by ${fmt(-(/** @type {number} */ (r.margin)))} bytes gzip (${fmt(/** @type {number} */ (r.gzipBytes))} > ${fmt(r.budget)}).`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * The budgets in a package.json.
 * @param {string} [packageJson]
 * @returns {Record<string, unknown>}
 */
export function readBudgets(packageJson = 'package.json') {
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8'));
  if (typeof pkg.sizeBudgets !== 'object' || pkg.sizeBudgets === null) throw new TypeError(`${packageJson} has no "sizeBudgets" object`);
  return pkg.sizeBudgets;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { ok, results } = await checkSizes(readBudgets());
  const report = formatResults(results);
  if (ok) console.log(report);
  else {
    console.error(report);
    process.exitCode = 1;
  }
}
