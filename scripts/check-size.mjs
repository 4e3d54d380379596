// @ts-check
// The size budget (npm test runs it after the build; `npm run size` alone): measures everything `sizeBudgets` in
// package.json names, prints one table of the sizes, and exits non-zero, naming what failed, when any exceeds its
// budget or a module of the script tag's chunks is in two files.
//
// Budgets are gzip bytes at level 9 (1 KB = 1000 bytes). A budget is one of four kinds:
// - `{ "maxGzipBytes": N }`: the file itself, as built (the script tag's loader, dist/mantis-ui.iife.js).
// - `{ "maxGzipBytes": N, "bundle": true }`: the file bundled with everything it imports up front (the ES build keeps
//   dependencies external), minified: a Vite library build in IIFE format, every export kept. What it imports
//   dynamically (a protocol the registration file loads on first need) is a lazy part and is not counted: the budget
//   is the code a program runs before it needs that part.
// - `{ "maxGzipBytes": N, "file": F, "imports": [names] }`: what a program that imports only those names from F
//   carries, bundled and tree-shaken the same way (a backend that imports `validateView` and `parseAssistantText`
//   from `mantis-ui/core`). The key is then the scenario's name, not a path.
// - `{ "maxGzipBytes": N, "scriptTag": L, "modules": [sources] }`: what a script-tag page fetches once it has run
//   those source modules (scripts/size-graph.mjs): the loader L, the CDN entry it imports and every file that entry
//   imports up front, and the file holding each named module with what that file imports up front, each file once.
//   A named module that no file holds fails the check. The key is the page's description.
// Every folder of chunks a script-tag budget measures is also checked for a module built into two files.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { duplicateModules, scriptTagPage } from './size-graph.mjs';

/** Bytes in a KB, for the printed figures. */
export const KB = 1000;

/**
 * @typedef {{ maxGzipBytes: number, bundle?: boolean, file?: string, imports?: string[], scriptTag?: string, modules?: string[] }} Budget
 * @typedef {{
 *   path: string, label: string, kind?: 'file' | 'bundle' | 'imports' | 'page', budget: number, bundled: boolean,
 *   bytes?: number, gzipBytes?: number, margin?: number, ok: boolean, error?: string,
 *   files?: import('./size-graph.mjs').PageFile[],
 * }} SizeResult
 *   `files`: for a script-tag page, the files it fetches.
 * @typedef {{ dir: string, duplicates: { module: string, files: string[] }[], error?: string }} DuplicateCheck
 */

/** @param {unknown} names */
const isStringList = (names) => Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === 'string' && n !== '');

/** @param {string} path @param {unknown} budget @returns {Budget} */
function parseBudget(path, budget) {
  const b = /** @type {Partial<Budget> | null} */ (typeof budget === 'object' ? budget : null);
  const names = b?.imports;
  const importsOk = names === undefined ? b?.file === undefined : typeof b?.file === 'string' && isStringList(names) && names.every((n) => /^[A-Za-z_$][\w$]*$/.test(n));
  const page = b?.scriptTag !== undefined || b?.modules !== undefined;
  const pageOk = !page || (typeof b?.scriptTag === 'string' && isStringList(b?.modules) && b?.bundle === undefined && names === undefined && b?.file === undefined);
  if (!b || !Number.isInteger(b.maxGzipBytes) || /** @type {number} */ (b.maxGzipBytes) <= 0 || (b.bundle !== undefined && typeof b.bundle !== 'boolean') || !importsOk || !pageOk) {
    throw new TypeError(
      `sizeBudgets["${path}"] must be { "maxGzipBytes": <positive integer>, "bundle"?: boolean }, { "maxGzipBytes": <positive integer>, "file": <path>, "imports": [<names>] } or { "maxGzipBytes": <positive integer>, "scriptTag": <loader path>, "modules": [<source paths>] }, got ${JSON.stringify(budget)}`,
    );
  }
  return /** @type {Budget} */ (b);
}

/**
 * The file bundled with its dependencies and minified, as a host's bundler would (Vite with its own minifier; the
 * script tag's chunks are compressed by terser first, scripts/terse-chunks.ts). Nothing is written.
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
 * A script-tag page's budget: the files it fetches, summed.
 * @param {string} path the budget's key
 * @param {Budget} budget
 * @param {string} root
 * @param {Map<string, import('./size-graph.mjs').Graph>} graphs the folders of chunks measured so far, filled in
 * @returns {Promise<SizeResult>}
 */
async function measurePage(path, budget, root, graphs) {
  const loader = /** @type {string} */ (budget.scriptTag);
  const base = { path, label: path, kind: /** @type {const} */ ('page'), budget: budget.maxGzipBytes, bundled: true };
  if (!existsSync(resolve(root, loader))) return { ...base, ok: false, error: `${loader} is missing (run \`npm run build\` first)` };
  try {
    const page = await scriptTagPage(loader, /** @type {string[]} */ (budget.modules), { root });
    graphs.set(page.dir, page.graph);
    const margin = budget.maxGzipBytes - page.gzipBytes;
    return { ...base, bytes: page.bytes, gzipBytes: page.gzipBytes, margin, ok: margin >= 0, files: page.files };
  } catch (error) {
    return { ...base, ok: false, error: `could not be measured: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Measures every budgeted file, and checks that no module of a folder of chunks a script-tag budget measured is in
 * two files. Paths are relative to `root`.
 * @param {Record<string, unknown>} budgets `{ path: { maxGzipBytes, bundle? } }`
 * @param {{ root?: string }} [options]
 * @returns {Promise<{ ok: boolean, results: SizeResult[], duplicates: DuplicateCheck[] }>}
 */
export async function checkSizes(budgets, { root = process.cwd() } = {}) {
  /** @type {SizeResult[]} */
  const results = [];
  /** @type {Map<string, import('./size-graph.mjs').Graph>} */
  const graphs = new Map();
  for (const [path, raw] of Object.entries(budgets)) {
    const budget = parseBudget(path, raw);
    if (budget.scriptTag !== undefined) {
      results.push(await measurePage(path, budget, root, graphs));
      continue;
    }
    const names = budget.imports;
    const bundled = budget.bundle === true || names !== undefined;
    const label = names !== undefined ? path : bundled ? `${path} + dependencies` : path;
    const kind = names !== undefined ? 'imports' : bundled ? 'bundle' : 'file';
    const file = resolve(root, budget.file ?? path);
    if (!existsSync(file)) {
      results.push({ path, label, kind, budget: budget.maxGzipBytes, bundled, ok: false, error: 'missing (run `npm run build` first)' });
      continue;
    }
    /** @type {Uint8Array} */
    let content;
    try {
      content = names !== undefined ? await bundleImports(file, names, root) : bundled ? await bundle(file, root) : readFileSync(file);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.push({ path, label, kind, budget: budget.maxGzipBytes, bundled, ok: false, error: `could not be measured: ${message}` });
      continue;
    }
    const gzipBytes = gzipSync(content, { level: 9 }).length;
    const margin = budget.maxGzipBytes - gzipBytes;
    results.push({ path, label, kind, budget: budget.maxGzipBytes, bundled, bytes: content.length, gzipBytes, margin, ok: margin >= 0 });
  }
  /** @type {DuplicateCheck[]} */
  const duplicates = [...graphs].map(([dir, graph]) => {
    try {
      return { dir, duplicates: duplicateModules(graph) };
    } catch (error) {
      return { dir, duplicates: [], error: error instanceof Error ? error.message : String(error) };
    }
  });
  const ok = results.every((r) => r.ok) && duplicates.every((d) => d.error === undefined && d.duplicates.length === 0);
  return { ok, results, duplicates };
}

/** @param {number} n */
const fmt = (n) => n.toLocaleString('en-US');

/** A table cell's text: a `|` would end the cell. */
const cell = (/** @type {string} */ text) => text.replaceAll('|', '\\|');

/**
 * One Markdown table of every budget (what is measured, minified bytes, gzip bytes, budget, margin; README's "Size" is
 * this table), then the files each script-tag page fetches, the duplicate-module check of each folder of chunks, and
 * the verdict.
 * @param {SizeResult[]} results
 * @param {DuplicateCheck[]} [duplicates]
 * @returns {string}
 */
export function formatResults(results, duplicates = []) {
  const lines = [`Size budget (gzip level 9; 1 KB = ${KB} bytes):`, '', '| measured | minified | gzip | budget | margin |', '|---|---:|---:|---:|---|'];
  for (const r of results) {
    // A path in code type, a page's or program's description as written.
    const name = cell(r.kind === 'file' ? `\`${r.path}\`` : r.kind === 'bundle' ? `\`${r.path}\` + dependencies` : r.label);
    if (r.error !== undefined) {
      lines.push(`| ${name} | | | ${fmt(r.budget)} | FAIL: ${cell(r.error)} |`);
      continue;
    }
    const margin = /** @type {number} */ (r.margin);
    lines.push(
      `| ${name} | ${fmt(/** @type {number} */ (r.bytes))} | ${fmt(/** @type {number} */ (r.gzipBytes))} | ${fmt(r.budget)} ` +
        `| ${(margin >= 0 ? '' : '-') + fmt(Math.abs(margin))} (${((margin / r.budget) * 100).toFixed(1)}%) ${r.ok ? 'ok' : 'OVER BUDGET'} |`,
    );
  }
  for (const r of results) {
    if (r.files === undefined) continue;
    const width = Math.max(...r.files.map((f) => f.path.length));
    lines.push('', `${r.label}: ${r.files.length} files, ${fmt(/** @type {number} */ (r.gzipBytes))} B gzip`);
    for (const f of r.files) lines.push(`  ${f.path.padEnd(width)}  ${fmt(f.gzipBytes).padStart(8)} B gzip${f.modules.length > 0 ? `  holds ${f.modules.join(', ')}` : ''}`);
  }
  if (duplicates.length > 0) lines.push('');
  for (const d of duplicates) {
    if (d.error !== undefined) lines.push(`${d.dir}/: the duplicate check could not run: ${d.error}. FAIL`);
    else if (d.duplicates.length === 0) lines.push(`${d.dir}/: no module is in two files.`);
    else for (const { module, files } of d.duplicates) lines.push(`${d.dir}/: ${module} is in ${files.length} files: ${files.join(' and ')}. FAIL`);
  }
  lines.push('');
  const failed = results.filter((r) => !r.ok);
  const doubled = duplicates.some((d) => d.error !== undefined || d.duplicates.length > 0);
  if (failed.length === 0 && !doubled) lines.push('Every file is within its budget.');
  for (const r of failed) {
    lines.push(
      r.error !== undefined
        ? `${r.label}: ${r.error}.`
        : `${r.label} is over its budget by ${fmt(-(/** @type {number} */ (r.margin)))} bytes gzip (${fmt(/** @type {number} */ (r.gzipBytes))} > ${fmt(r.budget)}).`,
    );
  }
  if (doubled) lines.push('A module built into two files runs twice on a page (two copies of its state): see above.');
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
  const { ok, results, duplicates } = await checkSizes(readBudgets());
  const report = formatResults(results, duplicates);
  if (ok) console.log(report);
  else {
    console.error(report);
    process.exitCode = 1;
  }
}
