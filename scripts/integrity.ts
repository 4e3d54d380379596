// The integrity hashes of the script tag's files, for the pinned loader (vite.config.ts, `pinned` mode).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Subresource Integrity metadata of `bytes`: SHA-384, as browsers check it. */
export const sri = (bytes: Buffer | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * The file a pinned page imports to learn whether the browser checks an import map's integrity: its map entry names a
 * hash it does not have, so a browser that checks refuses it, and one that does not run it (nothing happens).
 */
export const PROBE = { name: 'integrity-probe.js', text: 'export{};\n', wrongHash: sri('not the probe') } as const;

/** Every JavaScript file of the folder (the CDN build, dist/cdn/) by its name, with its integrity; not the probe. */
export function folderIntegrity(folder: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const name of readdirSync(folder).sort()) if (name.endsWith('.js') && name !== PROBE.name) hashes[name] = sri(readFileSync(join(folder, name)));
  return hashes;
}
