// @ts-check
// Installs what is missing, using only Node's built-ins (node_modules may not exist yet).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromiumPath } from './chromium.mjs';

/** @param {string} command @param {string[]} args */
function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error(`"${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

/** npm ci when node_modules is absent or does not hold exactly what package-lock.json locks. */
export function ensureNodeModules() {
  const installed = 'node_modules/.package-lock.json';
  if (!existsSync(installed) || !sameLock(installed)) run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Every package of package-lock.json is installed at its locked version. */
function sameLock(/** @type {string} */ installed) {
  try {
    const want = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages;
    const have = JSON.parse(readFileSync(installed, 'utf8')).packages;
    return Object.entries(want).every(([path, info]) => path === '' || info.optional || have[path]?.version === info.version);
  } catch {
    return false;
  }
}

/** Debian's Chromium via apt-get when no Chromium is found and CHROME_PATH is unset. */
export function ensureChromium() {
  if (chromiumPath()) return;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    console.error('No Chromium found. Install Chromium or Chrome, or set CHROME_PATH to its executable.');
    process.exit(1);
  }
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const [command, ...prefix] = asRoot ? ['apt-get'] : ['sudo', 'apt-get'];
  console.log("No Chromium found: installing Debian's chromium (set CHROME_PATH to use another browser).");
  run(command, [...prefix, 'update']);
  run(command, [...prefix, 'install', '-y', 'chromium']);
  if (!chromiumPath()) {
    console.error('Chromium was installed but not found at /usr/bin/chromium; set CHROME_PATH.');
    process.exit(1);
  }
}
