// What a script-tag page fetches, computed from built files and their source maps (scripts/size-graph.mjs), and the
// script-tag budgets of scripts/check-size.mjs, on small fixture chunks in a temporary folder. Whether the real build
// fits is the `size budget` step of npm test; whether a real page fetches only those files is test/iife-fetched.test.ts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { duplicateModules, readGraph, scriptTagPage } from '../../scripts/size-graph.mjs';

interface CheckSize {
  checkSizes(
    budgets: Record<string, unknown>,
    options?: { root?: string },
  ): Promise<{ ok: boolean; results: { ok: boolean; error?: string; gzipBytes?: number; files?: { path: string }[] }[]; duplicates: { dir: string; duplicates: { module: string; files: string[] }[]; error?: string }[] }>;
  formatResults(results: unknown[], duplicates?: unknown[]): string;
}
const { checkSizes, formatResults } = (await import(pathToFileURL(resolve('scripts/check-size.mjs')).href)) as CheckSize;

const root = mkdtempSync(join(tmpdir(), 'mantis-size-graph-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A built file, and its source map naming `sources` (relative to the root) unless `sources` is null. */
function chunk(path: string, code: string, sources: string[] | null): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  if (sources === null) return;
  const up = '../'.repeat(path.split('/').length - 1);
  writeFileSync(`${file}.map`, JSON.stringify({ version: 3, sources: sources.map((s) => `${up}${s}`), names: [], mappings: '' }));
}
const gzip = (path: string): number => gzipSync(readFileSync(join(root, path)), { level: 9 }).length;

// The loader imports the entry as a minifier writes it (backquotes); the entry imports a shared file up front and
// two lazy files on need; lazy-ab.js holds two modules and imports common.js up front; lazy-c.js is never named.
chunk('dist/loader.js', '(()=>{const u=new URL("x",location.href);import(u.href);import(`./cdn/entry.js`)})();', null);
chunk('dist/cdn/entry.js', 'import"./shared.js";export const a=()=>import(`./lazy-ab.js`),c=()=>import("./lazy-c.js");', ['src/entry.ts']);
chunk('dist/cdn/shared.js', 'export const s=1;', ['src/shared.ts', 'node_modules/lib/index.js']);
chunk('dist/cdn/lazy-ab.js', 'import"./common.js";export const a=1,b=2;', ['src/a.ts', 'src/b.ts']);
chunk('dist/cdn/common.js', 'export const k=3;', ['src/common.ts']);
chunk('dist/cdn/lazy-c.js', `export const c=${JSON.stringify('c'.repeat(500))};`, ['src/c.ts']);
chunk('dist/cdn/runtime.js', 'export const r=0;', null);

const FIRST = ['dist/loader.js', 'dist/cdn/entry.js', 'dist/cdn/shared.js'];

test('a page is the loader, the entry it imports and their static imports; a lazy file only when a named module is in it', async () => {
  const page = await scriptTagPage('dist/loader.js', ['src/entry.ts'], { root });
  assert.deepEqual(page.files.map((f) => f.path), FIRST);
  assert.equal(page.gzipBytes, FIRST.reduce((n, p) => n + gzip(p), 0));
  const withC = await scriptTagPage('dist/loader.js', ['src/c.ts'], { root });
  assert.deepEqual(withC.files.map((f) => f.path), [...FIRST, 'dist/cdn/lazy-c.js']);
});

test('a file that holds two named modules is counted once, with what it imports up front', async () => {
  const page = await scriptTagPage('dist/loader.js', ['src/a.ts', 'src/b.ts', 'src/shared.ts'], { root });
  const expected = [...FIRST, 'dist/cdn/lazy-ab.js', 'dist/cdn/common.js'];
  assert.deepEqual(page.files.map((f) => f.path), expected);
  assert.equal(page.gzipBytes, expected.reduce((n, p) => n + gzip(p), 0));
  assert.deepEqual(page.files.find((f) => f.path === 'dist/cdn/lazy-ab.js')?.modules, ['src/a.ts', 'src/b.ts']);
});

test('a named module that no file holds is an error, never a page that measures nothing', async () => {
  await assert.rejects(scriptTagPage('dist/loader.js', ['src/a.ts', 'src/nowhere.ts'], { root }), /no built file holds src\/nowhere\.ts/);
  const { ok, results } = await checkSizes({ page: { maxGzipBytes: 1_000_000, scriptTag: 'dist/loader.js', modules: ['src/nowhere.ts'] } }, { root });
  assert.equal(ok, false);
  assert.match(results[0]?.error ?? '', /no built file holds src\/nowhere\.ts/);
  assert.match(formatResults(results), /page: could not be measured: no built file holds src\/nowhere\.ts/);
});

test('a loader that imports no module by a literal specifier is an error', async () => {
  chunk('dist/opaque.js', '(()=>{import(location.href+"x.js")})();', null);
  await assert.rejects(scriptTagPage('dist/opaque.js', ['src/a.ts'], { root }), /imports no module by a literal specifier/);
});

test('a script-tag budget sums the files once and fails over its budget, listing each file', async () => {
  const modules = ['src/a.ts', 'src/b.ts'];
  const bytes = [...FIRST, 'dist/cdn/lazy-ab.js', 'dist/cdn/common.js'].reduce((n, p) => n + gzip(p), 0);
  const within = await checkSizes({ page: { maxGzipBytes: bytes, scriptTag: 'dist/loader.js', modules } }, { root });
  assert.equal(within.ok, true);
  assert.equal(within.results[0]?.gzipBytes, bytes);
  const over = await checkSizes({ page: { maxGzipBytes: bytes - 1, scriptTag: 'dist/loader.js', modules } }, { root });
  assert.equal(over.ok, false);
  const report = formatResults(over.results, over.duplicates);
  assert.match(report, /page is over its budget by 1 bytes gzip/);
  for (const path of [...FIRST, 'dist/cdn/lazy-ab.js', 'dist/cdn/common.js']) assert.match(report, new RegExp(`\\n  ${path.replaceAll('.', '\\.')}\\s+[\\d,]+ B gzip`));
  assert.match(report, /dist\/cdn\/: no module is in two files/);
  await assert.rejects(checkSizes({ page: { maxGzipBytes: 1, scriptTag: 'dist/loader.js' } }, { root }), /"modules"/);
});

test('a module in two files is reported with both files, and fails the check', async () => {
  assert.deepEqual(duplicateModules(await readGraph('dist/cdn', { root })), []);
  chunk('dist/cdn/again.js', 'export const s=1;', ['src/again.ts', 'node_modules/lib/index.js']);
  try {
    assert.deepEqual(duplicateModules(await readGraph('dist/cdn', { root })), [{ module: 'node_modules/lib/index.js', files: ['dist/cdn/again.js', 'dist/cdn/shared.js'] }]);
    const { ok, results, duplicates } = await checkSizes({ page: { maxGzipBytes: 1_000_000, scriptTag: 'dist/loader.js', modules: ['src/a.ts'] } }, { root });
    assert.equal(results[0]?.ok, true, 'the budget itself holds');
    assert.equal(ok, false, 'the duplicate fails the check');
    assert.match(formatResults(results, duplicates), /node_modules\/lib\/index\.js is in 2 files: dist\/cdn\/again\.js and dist\/cdn\/shared\.js/);
  } finally {
    rmSync(join(root, 'dist/cdn/again.js'));
    rmSync(join(root, 'dist/cdn/again.js.map'));
  }
});

test('the duplicate check refuses a folder without source maps rather than passing on nothing', async () => {
  chunk('bare/a.js', 'export const a=1;', null);
  assert.throws(() => duplicateModules(new Map()), /source map/);
  await assert.rejects(async () => duplicateModules(await readGraph('bare', { root })), /no file of bare\/a\.js has a source map/);
});

test('an import of a file the folder does not hold is an error', async () => {
  chunk('broken/loader.js', 'import(`./cdn/entry.js`);', null);
  chunk('broken/cdn/entry.js', 'import"./gone.js";', ['src/entry.ts']);
  await assert.rejects(scriptTagPage('broken/loader.js', ['src/entry.ts'], { root }), /broken\/cdn\/entry\.js imports broken\/cdn\/gone\.js, which is not a built file/);
});
