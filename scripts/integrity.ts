// The integrity hashes of the script tag's files, for the pinned loader (vite.config.ts, `pinned` mode).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Subresource Integrity metadata of `bytes`, as browsers check it: SHA-384, what a page pins a loader with. */
export const sri = (bytes: Buffer | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * The same with SHA-256, for the chunks the pinned loader carries: every browser that checks integrity checks it,
 * and its 44 characters, against SHA-384's 64, keep the loader's 30-odd hashes (which no compression shrinks) about
 * 0.6 KB smaller.
 */
export const sri256 = (bytes: Buffer | string): string => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

/**
 * The file a pinned page imports to learn whether the browser checks an import map's integrity: its map entry names a
 * hash it does not have, so a browser that checks refuses it, and one that does not run it (nothing happens).
 */
export const PROBE = { name: 'integrity-probe.js', text: 'export{};\n', wrongHash: sri256('not the probe') } as const;

/** Every JavaScript file of the folder (the CDN build, dist/cdn/) by its name, with its SHA-256 integrity; not the probe. */
export function folderIntegrity(folder: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const name of readdirSync(folder).sort()) if (name.endsWith('.js') && name !== PROBE.name) hashes[name] = sri256(readFileSync(join(folder, name)));
  return hashes;
}
