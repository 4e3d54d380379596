// @ts-check
// The framework hosts in demo/hosts/<name>/ are apps of their own, each with its package.json and lock, built with its
// framework's real toolchain against this package's dist/ (run `node scripts/build.mjs` first). For each host: `npm ci`
// when its node_modules is missing or differs from its lock, then `npm run build`, which writes demo/hosts/<name>/dist/.
// `node scripts/hosts.mjs [name…]` builds the named hosts only. Exits non-zero when a host fails to install or build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = 'demo/hosts';
const wanted = process.argv.slice(2);
const hosts = existsSync(root)
  ? readdirSync(root).filter((name) => existsSync(join(root, name, 'package.json')) && (wanted.length === 0 || wanted.includes(name)))
  : [];

/** @param {string} dir */
function lockMatches(dir) {
  try {
    const want = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages;
    const have = JSON.parse(readFileSync(join(dir, 'node_modules/.package-lock.json'), 'utf8')).packages;
    return Object.entries(want).every(([path, info]) => path === '' || info.optional || info.link || have[path]?.version === info.version);
  } catch {
    return false;
  }
}

let ok = true;
for (const name of hosts) {
  const dir = join(root, name);
  /** @param {string[]} args */
  const npm = (args) => {
    console.log(`> (${dir}) npm ${args.join(' ')}`);
    return spawnSync('npm', args, { cwd: dir, stdio: 'inherit' }).status === 0;
  };
  if (!lockMatches(dir) && !npm(['ci', '--no-audit', '--no-fund'])) {
    console.error(`The ${name} host did not install.`);
    ok = false;
    continue;
  }
  if (!npm(['run', 'build'])) {
    console.error(`The ${name} host did not build.`);
    ok = false;
  }
}
if (hosts.length > 0) console.log(`Built the hosts: ${hosts.join(', ')}.`);
process.exit(ok ? 0 : 1);
