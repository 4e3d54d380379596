// @ts-check
// npm run catalog: generates our A2UI catalog JSON from the Zod schemas the client validates with (src/protocols/a2ui/catalog-json.ts)
// and writes it to dist/a2ui-catalog.json (pretty), or to the path after `--out`. Prints one line per catalog: its
// components and functions, the size of the file as written and its estimated tokens (characters / 4; see
// estimateTokens), full and slim (no descriptions, compact: the form a prompt carries). Exits non-zero on failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

/** @param {string[]} argv */
function outPath(argv) {
  const at = argv.indexOf('--out');
  if (at === -1) return resolve('dist/a2ui-catalog.json');
  const path = argv[at + 1];
  if (!path) throw new Error('--out needs a path.');
  return resolve(path);
}

/** @param {number} n */
const grouped = (n) => n.toLocaleString('en-US');

try {
  const unregister = register();
  const { catalogJson, slimCatalog, estimateTokens, BASIC_DESCRIPTIONS } = await import('../src/protocols/a2ui/catalog-json.ts');
  const { MANTIS_CATALOG } = await import('../src/protocols/a2ui/catalog-mantis.ts');
  const { MANTIS_DESCRIPTIONS } = await import('../src/protocols/a2ui/catalog-mantis-docs.ts');
  const { BASIC_CATALOG } = await import('../src/protocols/a2ui/catalog-basic.ts');
  await unregister();

  const catalogs = [
    { name: 'basic', catalog: BASIC_CATALOG, descriptions: BASIC_DESCRIPTIONS, write: false },
    { name: 'mantis-v1', catalog: MANTIS_CATALOG, descriptions: MANTIS_DESCRIPTIONS, write: true },
  ];
  const out = outPath(process.argv.slice(2));
  for (const { name, catalog, descriptions, write } of catalogs) {
    const json = catalogJson(catalog, descriptions);
    const full = `${JSON.stringify(json, null, 2)}\n`;
    const slim = JSON.stringify(slimCatalog(json));
    if (write) {
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, full);
    }
    const components = Object.keys(catalog.components).length;
    const kb = (Buffer.byteLength(full, 'utf8') / 1024).toFixed(1);
    console.log(
      `${name} A2UI catalog: ${components} components, ${catalog.functions.size} functions, ${kb} KB, ` +
        `~${grouped(estimateTokens(full))} tokens (slim ~${grouped(estimateTokens(slim))})${write ? ` → ${out}` : ''}`,
    );
  }
} catch (error) {
  console.error(`catalog: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
