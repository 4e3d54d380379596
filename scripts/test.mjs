// @ts-check
// npm test: installs what is missing, then build, type-check, lint, the manifest and API reference checks, the Node tests and the
// browser suite. Every step runs even when an earlier one failed, so one run reports everything. The last line
// is `N passed, N failed`: tests of both runners plus one entry per check.
// Arguments after `--` go to web-test-runner (for example `npm test -- --files test/elements/**/*.test.ts`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium, ensureNodeModules } from './ensure.mjs';

ensureNodeModules();
ensureChromium();

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const failures = [];

/** @param {string} name @param {string} command @param {string[]} args @param {Record<string, string>} [env] */
function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** @param {string} name @param {boolean} ok */
function check(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

check('build', step('build', 'node', ['scripts/build.mjs']));
check('size budget', step('size budget', 'node', ['scripts/check-size.mjs']));
// The Angular and Svelte hosts, built with their own toolchains against dist/; the browser suite drives them.
check('framework hosts', step('framework hosts', 'node', ['scripts/hosts.mjs']));
check('type-check', step('type-check', 'npx', ['--no-install', 'tsc', '-p', 'tsconfig.json']));
check('type-check of the DOM-free core', step('type-check of the DOM-free core', 'npx', ['--no-install', 'tsc', '-p', 'tsconfig.core.json']));
check('lint', step('lint', 'npx', ['--no-install', 'eslint', '.', '--max-warnings', '0']));
check('custom-elements.json', step('custom-elements.json', 'node', ['scripts/check-manifest.mjs']));
check('API reference', step('API reference', 'node', ['scripts/api-docs.mjs', '--check']));
// README's screenshots: the script that makes them still reaches every scene on this build (into a scratch folder).
check('screenshots', step('screenshots', 'node', ['scripts/check-screenshots.mjs']));

// Node tests: the core in Node without a DOM, and the reference server.
console.log('\n=== node tests');
const nodeTests = readdirSync('test/node').filter((f) => f.endsWith('.test.ts')).map((f) => `test/node/${f}`);
// Bounded: a test that leaves a socket or timer open must fail the run, not hang it.
const node = spawnSync('node', ['--import', 'tsx', '--test', '--test-reporter=tap', ...nodeTests], { encoding: 'utf8', timeout: 300_000 });
if (node.error) console.log(`node tests did not finish: ${node.error.message}`);
process.stdout.write(node.stdout);
process.stderr.write(node.stderr);
const count = (/** @type {string} */ label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(node.stdout)?.[1] ?? 0);
passed += count('pass');
failed += count('fail') + count('cancelled');
skipped += count('skipped') + count('todo');
if (node.status !== 0 && count('fail') + count('cancelled') === 0) check('node tests', false);

// Browser tests in real Chromium, against the reference agent server the runner starts.
mkdirSync('node_modules/.cache', { recursive: true });
const results = 'node_modules/.cache/mantis-wtr-results.json';
rmSync(results, { force: true });
const extra = process.argv.slice(2);
const browserOk = step('browser tests', 'npx', ['--no-install', 'wtr', ...extra], { MANTIS_WTR_RESULTS: results });
if (existsSync(results)) {
  const counts = JSON.parse(readFileSync(results, 'utf8'));
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  if (!browserOk && counts.failed === 0) check('browser test run', false);
} else {
  check('browser test run', false);
}

if (failures.length > 0) console.log(`\nFailed checks: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
