// The size budget checker (scripts/check-size.mjs), on temporary files with tiny budgets, and the real budgets'
// paths after a build. Whether the real build fits its budgets is the `size budget` step of npm test, not this file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface SizeResult {
  path: string;
  label: string;
  budget: number;
  bundled: boolean;
  bytes?: number;
  gzipBytes?: number;
  margin?: number;
  ok: boolean;
  error?: string;
}
interface CheckSize {
  checkSizes(budgets: Record<string, unknown>, options?: { root?: string }): Promise<{ ok: boolean; results: SizeResult[] }>;
  formatResults(results: SizeResult[]): string;
  readBudgets(packageJson?: string): Record<string, unknown>;
}

const script = resolve('scripts/check-size.mjs');
// A plain .mjs without declarations: imported by URL and typed by the interface above.
const { checkSizes, formatResults, readBudgets } = (await import(pathToFileURL(script).href)) as CheckSize;

const dir = mkdtempSync(join(tmpdir(), 'mantis-size-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Incompressible text: gzip cannot shrink it much, so sizes are predictable. */
const noise = (bytes: number): string => randomBytes(bytes / 2).toString('hex');

writeFileSync(join(dir, 'small.js'), `export const small = ${JSON.stringify(noise(2_000))};\n`);
writeFileSync(join(dir, 'dep.js'), `export const payload = ${JSON.stringify(noise(20_000))};\n`);
writeFileSync(join(dir, 'entry.js'), `import { payload } from './dep.js';\nexport const size = () => payload.length;\n`);
writeFileSync(join(dir, 'two.js'), `export { small } from './small.js';\nexport { size } from './entry.js';\n`);

test('a file within its budget passes, with its bytes, gzip bytes and margin', async () => {
  const { ok, results } = await checkSizes({ 'small.js': { maxGzipBytes: 100_000 } }, { root: dir });
  assert.equal(ok, true);
  const [result] = results;
  assert.ok(result);
  const content = readFileSync(join(dir, 'small.js'));
  assert.equal(result.bytes, content.length);
  assert.equal(result.gzipBytes, gzipSync(content, { level: 9 }).length);
  assert.equal(result.margin, 100_000 - (result.gzipBytes ?? 0));
  const report = formatResults(results);
  assert.match(report, /\| `small\.js` \| [\d,]+ \| [\d,]+ \| 100,000 \| [\d,]+ \([\d.]+%\) ok \|/);
  assert.match(report, /within its budget/);
});

test('a file over its budget fails, and the report names it and by how much', async () => {
  const { ok, results } = await checkSizes({ 'small.js': { maxGzipBytes: 100_000 }, 'dep.js': { maxGzipBytes: 50 } }, { root: dir });
  assert.equal(ok, false);
  assert.deepEqual(results.map((r) => [r.path, r.ok]), [['small.js', true], ['dep.js', false]]);
  const over = results[1];
  assert.ok(over && over.margin !== undefined && over.margin < 0);
  assert.match(formatResults(results), /dep\.js is over its budget by [\d,]+ bytes gzip/);
});

test('a missing file fails, saying it is missing', async () => {
  const { ok, results } = await checkSizes({ 'absent.js': { maxGzipBytes: 1_000 } }, { root: dir });
  assert.equal(ok, false);
  assert.match(results[0]?.error ?? '', /missing/);
  assert.match(formatResults(results), /absent\.js: missing/);
});

test('a malformed budget is refused', async () => {
  await assert.rejects(checkSizes({ 'small.js': 1_000 }, { root: dir }), /maxGzipBytes/);
  await assert.rejects(checkSizes({ 'small.js': { maxGzipBytes: -1 } }, { root: dir }), /maxGzipBytes/);
});

test('a bundled budget counts what the file imports', async () => {
  const own = gzipSync(readFileSync(join(dir, 'entry.js')), { level: 9 }).length;
  const { ok, results } = await checkSizes({ 'entry.js': { maxGzipBytes: 1_000, bundle: true } }, { root: dir });
  assert.equal(ok, false, 'the 20 KB dependency must count against the 1 KB budget');
  const [result] = results;
  assert.ok(result?.gzipBytes !== undefined);
  assert.equal(result.bundled, true);
  assert.ok(result.gzipBytes > 10_000, `bundled gzip ${result.gzipBytes} should include dep.js (entry alone: ${own})`);
  assert.match(formatResults(results), /entry\.js \+ dependencies is over its budget/);
});

test('an imports budget counts what a program importing only those names carries: tree-shaken, not the whole file', async () => {
  const { results } = await checkSizes(
    {
      'only small': { maxGzipBytes: 5_000, file: 'two.js', imports: ['small'] },
      'only size': { maxGzipBytes: 5_000, file: 'two.js', imports: ['size'] },
    },
    { root: dir },
  );
  const [small, size] = results;
  assert.equal(small?.ok, true, `importing small must leave dep.js out: ${small?.gzipBytes} B`);
  assert.equal(size?.ok, false, 'importing size brings the 20 KB dependency');
  assert.ok((size?.gzipBytes ?? 0) > 10_000);
  assert.match(formatResults(results), /only size is over its budget/);
  await assert.rejects(checkSizes({ x: { maxGzipBytes: 1_000, imports: ['small'] } }, { root: dir }), /"file"/);
  await assert.rejects(checkSizes({ x: { maxGzipBytes: 1_000, file: 'two.js', imports: [] } }, { root: dir }), /"imports"/);
});

test('the command exits non-zero and names the file when a budget is exceeded, zero otherwise', () => {
  const run = (budgets: Record<string, unknown>) => {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ sizeBudgets: budgets }));
    return spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' });
  };
  const within = run({ 'small.js': { maxGzipBytes: 100_000 } });
  assert.equal(within.status, 0, within.stderr);
  assert.match(within.stdout, /\| `small\.js` \| [\d,]+ \| [\d,]+ \| 100,000 \| [\d,]+ \([\d.]+%\) ok \|/);
  const over = run({ 'small.js': { maxGzipBytes: 100_000 }, 'dep.js': { maxGzipBytes: 50 } });
  assert.notEqual(over.status, 0);
  assert.match(over.stderr, /small\.js` .* ok/, 'every size is printed, the passing ones too');
  assert.match(over.stderr, /dep\.js` \| [\d,]+ \| [\d,]+ \| 50 \| -[\d,]+ \(-[\d.]+%\) OVER BUDGET/);
  assert.match(over.stderr, /dep\.js is over its budget/);
});

test('every budgeted path in package.json exists after a build', (t) => {
  const budgets = readBudgets('package.json');
  assert.ok(Object.keys(budgets).length > 0);
  if (!existsSync('dist')) {
    t.skip('dist/ is absent: run `npm run build` first');
    return;
  }
  for (const [name, budget] of Object.entries(budgets)) {
    const { file, scriptTag } = budget as { file?: string; scriptTag?: string };
    const path = scriptTag ?? file ?? name;
    assert.ok(existsSync(path), `${path} is budgeted in package.json but the build did not make it`);
  }
});
