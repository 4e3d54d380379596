import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { minifyCssLiterals, minifyHtmlLiterals } from './scripts/css-literals.js';
import { terseChunks } from './scripts/terse-chunks.js';
import { folderIntegrity, PROBE, sri } from './scripts/integrity.js';

/** The project's folder, whatever folder the build runs from. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
// The package's own name too: `mantis-ui/react` imports the elements from `mantis-ui`, the main entry.
const isExternal = (id: string): boolean => [...external, pkg.name].some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * The CSS of Lit's css`` templates in elements/ without its comments and indentation, and its html`` templates
 * without their indentation: a minifier leaves template literals as they are, so every comment that says why a rule is
 * there would ship in the bundle (about 1.6 KB gzip of the script tag's old IIFE), and the templates' indentation
 * another 0.1 KB of its first load. Only a template's own text changes, never the code of a `${…}` inside it; a
 * comment is CSS's `/* … *\/`, which our styles never write inside a string or url().
 */
export function cssLiterals(): Plugin {
  return {
    name: 'mantis-css-literals',
    transform(code, id) {
      if (!/\/elements\/.+\.ts$/.test(id) || !(code.includes('css`') || code.includes('html`'))) return null;
      return { code: minifyHtmlLiterals(minifyCssLiterals(code)), map: null };
    },
  };
}

/**
 * Beside the pinned loader (`pinned` mode): the probe it imports to learn whether the browser checks an import map's
 * integrity; dist/cdn/integrity.json, the integrity of every file of the CDN build; and dist/integrity.json, the
 * integrity of the two loaders, which a page pins with its script tag (docs/strict-pages.md). `integrity`: the CDN
 * build's, hashed once for this file and the loader's map.
 */
function pinnedFiles(integrity: Record<string, string>): Plugin {
  return {
    name: 'mantis-pinned-files',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: `cdn/${PROBE.name}`, source: PROBE.text });
      this.emitFile({ type: 'asset', fileName: 'cdn/integrity.json', source: `${JSON.stringify(integrity, null, 2)}\n` });
    },
    writeBundle() {
      // As written: what a browser checks is the file's bytes.
      const loaders = Object.fromEntries(['mantis-ui.iife.js', 'mantis-ui.pinned.js'].map((name) => [name, sri(readFileSync(`dist/${name}`))]));
      writeFileSync('dist/integrity.json', `${JSON.stringify(loaders, null, 2)}\n`);
    },
  };
}

/**
 * The modules the CDN entry imports up front (its static import closure), known once the graph is built: what a
 * page loads before any lazy part.
 */
function firstLoadModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  return {
    has: (id) => modules.has(id),
    plugin: {
      name: 'mantis-first-load',
      buildEnd() {
        const walk = (id: string): void => {
          if (modules.has(id)) return;
          modules.add(id);
          // The core's index re-exports every module of the core: what an element takes from it is reached through
          // the modules that use it, and the rest (a lazy protocol's helpers, say) stays out of the first load.
          if (id.endsWith('/src/index.ts')) return;
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
      },
    },
  };
}
const firstLoad = firstLoadModules();
/** What the Composer WebSocket and SSE transports share (reconnection, resumption, the URL they advertise). */
const COMPOSER_SHARED = /\/src\/protocols\/composer\/(reconnecting|url)\.ts$/;

/**
 * The A2UI core's modules, and apart from them what reads the catalogs a page gives (catalog-input.ts and json-catalog/:
 * one file, loaded only for them; a script-tag page can give documents only, which need both).
 */
const A2UI_CORE = /\/src\/protocols\/a2ui\/(?!catalog-input)[^/]+\.ts$/;
const A2UI_CATALOGS_GIVEN = /\/src\/protocols\/a2ui\/(catalog-input\.ts|json-catalog\/)/;
const SSE_PARSER = /\/(node_modules\/eventsource-parser\/|src\/protocols\/composer\/sse-parser\.ts$)/;
/** The rules of A2UI v1.0, loaded with a conversation's first v1.0 message. */
const A2UI_V1 = /\/src\/protocols\/a2ui\/v1\//;
/** The surface renderer and its placer; openUrl's confirmation (link-confirm.ts) apart, loaded with the first link clicked. */
const A2UI_SURFACE = /\/elements\/mantis-a2ui-surface\/(?!link-confirm\.ts$)/;

/** A loader of the script tag: one classic script (IIFE) in dist/, minified. */
const classicScript = (entry: string, name: string, fileName: string): UserConfig['build'] => ({
  outDir: 'dist',
  emptyOutDir: false,
  target: 'es2022',
  sourcemap: true,
  minify: true,
  lib: { entry, formats: ['iife'], name, fileName: () => fileName },
});

/**
 * One module graph, four builds, chosen by mode:
 * - default: ES modules for bundlers, every dependency external (`.` registers the elements, `./core` is DOM-free,
 *   `./agent-ui` the agent-ui@1 schemas and clients, `./a2ui` A2UI); lazy parts are dynamic imports the host's
 *   bundler splits;
 * - `cdn`: the same graph for the script tag (dist/cdn/), everything bundled, minified and split into chunks: each
 *   lazy part a chunk loaded by a plain dynamic import, each module in exactly one file;
 * - `loader`: dist/mantis-ui.iife.js, the classic script a `<script>` tag loads, which imports dist/cdn/mantis-ui.js
 *   (elements/loader.ts).
 */
export default defineConfig(({ mode }): UserConfig => {
  // The integrity of every file the CDN build wrote (it runs before the pinned one: scripts/build.mjs), hashed once.
  const integrity = mode === 'pinned' ? folderIntegrity('dist/cdn') : {};
  return mode === 'cdn'
    ? {
        plugins: [cssLiterals(), firstLoad.plugin, terseChunks()],
        // tus-js-client's url-parse is the platform's URL (elements/internal/url-native.ts): no CommonJS in these files.
        resolve: { alias: [{ find: /^url-parse$/, replacement: fileURLToPath(new URL('./elements/internal/url-native.ts', import.meta.url)) }] },
        // Bundled for the browser: ECharts reads process.env.NODE_ENV, which no page has.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: 'dist/cdn',
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: true,
          minify: true,
          lib: { entry: { 'mantis-ui': 'elements/cdn/mantis-ui.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
          rolldownOptions: {
            // Terser takes most of this build's time, on purpose (terseChunks): not a slow plugin to report.
            checks: { bundlerTimings: false },
            output: {
              // Six characters of content hash (36 bits) name a file apart from its other builds: the pinned loader
              // carries every file's name, and a hash is what no compression shrinks.
              chunkFileNames: '[name]-[hash:6].js',
              // Library mode leaves ES output's whitespace and comments (to keep pure annotations for a bundler that
              // will minify again): these files are what a page runs, so they are minified whole, their annotations
              // dropped (licence comments kept).
              minify: true,
              comments: { legal: true, annotation: false, jsdoc: false },
              // Every module the entry imports up front in one file, even one a lazy part imports too: a page pays
              // for one file's gzip and no cross-chunk import lists (6.3 KB gzip over the default's 18 files). What
              // both Composer transports share goes with it (a chat connects at once, by WebSocket unless told
              // otherwise): one chunk fewer on every Composer page. The transports themselves stay lazy, each its own
              // chunk: one the first load held would be a dynamic import of itself, and need the bundler's runtime
              // file for its namespace.
              // The A2UI core is one lazy file too, whichever of its modules a lazy part (the catalog reader) imports.
              codeSplitting: {
                groups: [
                  { name: 'first-load', test: (id) => firstLoad.has(id) || COMPOSER_SHARED.test(id), priority: 10 },
                  { name: 'a2ui', test: (id) => A2UI_CORE.test(id), priority: 5 },
                  { name: 'a2ui-json', test: (id) => A2UI_CATALOGS_GIVEN.test(id), priority: 5 },
                  { name: 'a2ui-v1', test: (id) => A2UI_V1.test(id), priority: 5 },
                  // eventsource-parser with the Composer SSE transport's door to it: one file, not a file of its own
                  // plus one that only re-exports it (every file costs the pinned loader a hash).
                  { name: 'sse-parser', test: (id) => SSE_PARSER.test(id), priority: 5 },
                  // The renderer of surfaces and what places them in a chat, which only ever loads with it: one file.
                  { name: 'a2ui-surface', test: (id) => A2UI_SURFACE.test(id), priority: 4 },
                ],
              },
            },
          },
        },
      }
    : mode === 'pinned'
      ? {
          plugins: [pinnedFiles(integrity)],
          define: {
            __MANTIS_INTEGRITY__: JSON.stringify(integrity),
            __MANTIS_PROBE__: JSON.stringify({ name: PROBE.name, hash: PROBE.wrongHash }),
          },
          build: classicScript('elements/loader-pinned.ts', 'MantisUIPinned', 'mantis-ui.pinned.js'),
        }
      : mode === 'loader'
      ? {
          build: {
            ...classicScript('elements/loader.ts', 'MantisUILoader', 'mantis-ui.iife.js'),
            // Imported at run time, relative to where the script was served from: never bundled.
            rolldownOptions: { external: ['./cdn/mantis-ui.js'] },
          },
        }
      : {
          plugins: [cssLiterals()],
          build: {
            outDir: 'dist',
            emptyOutDir: false,
            target: 'es2022',
            sourcemap: true,
            minify: false,
            lib: {
              entry: {
                index: 'elements/index.ts',
                core: 'src/index.ts',
                'agent-ui': 'src/protocols/agent-ui/index.ts',
                a2ui: 'src/protocols/a2ui/index.ts',
                'a2ui-catalog': 'src/protocols/a2ui/catalog-tools.ts',
                'a2ui-json': 'src/protocols/a2ui/json-catalog/index.ts',
                'a2ui-v1': 'src/protocols/a2ui/v1/index.ts',
                'a2ui-v1-json': 'src/protocols/a2ui/v1/json.ts',
                prompt: 'src/prompt/index.ts',
                transports: 'src/protocols/composer/transports.ts',
                media: 'src/media/index.ts',
                uploads: 'src/uploads/index.ts',
                react: 'elements/react/index.ts',
                testing: 'elements/testing/index.ts',
              },
              formats: ['es'],
              fileName: (_format, name) => `${name}.js`,
            },
            // One file per module, as the sources are: a host's bundler drops every module a page does not use (a backend
            // that imports validateView and parseAssistantText carries no transport), which merged chunks prevent.
            rolldownOptions: { external: isExternal, output: { preserveModules: true, preserveModulesRoot: ROOT } },
          },
        };
});
