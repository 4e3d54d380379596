import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

/**
 * The mantis-ui checkout this host lives in. The host imports the package from its built dist/ (what npm would
 * install), not from its sources, and without installing it: an alias per entry point, as a monorepo links a sibling
 * package. The dist files' own imports (lit, marked, zod…) then resolve from the checkout's node_modules, walking up
 * from dist/ as Node does, so the app gets the same single copy of each dependency the package was built against.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

export default defineConfig({
  // Relative asset URLs: the built app works wherever dist/ is served from (the tests serve it under /demo/hosts/…).
  base: './',
  plugins: [svelte()],
  resolve: {
    alias: [
      { find: /^mantis-ui$/, replacement: `${root}dist/index.js` },
      { find: /^mantis-ui\/core$/, replacement: `${root}dist/core.js` },
      { find: /^mantis-ui\/transports$/, replacement: `${root}dist/transports.js` },
    ],
  },
  // ECharts is one lazy chunk of about 570 kB, loaded only when a reply carries a chart.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 700 },
});
