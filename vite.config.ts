import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import lazyFiles from './scripts/lazy-files.json' with { type: 'json' };
import { minifyCssLiterals } from './scripts/css-literals.js';
import litKit from './scripts/lit-kit.json' with { type: 'json' };

/** The project's folder, whatever folder the build runs from. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
// The package's own name too: `mantis-ui/react` imports the elements from `mantis-ui`, the main entry.
const isExternal = (id: string): boolean => [...external, pkg.name].some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * The lazily loaded parts (scripts/lazy-files.json): for the IIFE, ES module files beside it, which it imports from
 * where it was served. Each is built on its own (`--mode lazy:<name>`), with everything it needs bundled and nothing
 * shared, so a part brings only its own code; one part importing another imports that file.
 */
export const LAZY_FILES: Record<string, string> = lazyFiles;

/** In a lazy part's build, an import of another part is an import of that part's file. */
function siblingParts(own: string): Plugin {
  const files = new Map(Object.entries(LAZY_FILES).map(([name, source]) => [resolve(source), `./${name}.js`]));
  return {
    name: 'mantis-lazy-siblings',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const file = resolved ? files.get(resolved.id) : undefined;
      return file && file !== `./${own}.js` ? { id: file, external: true } : null;
    },
  };
}

/**
 * In a lazy part, `lit` and its decorators are the IIFE's (elements/internal/lit-kit.ts), read from the kit the IIFE
 * lent under the folder both were served from: one Lit on the page. A name missing from the kit fails the build.
 */
function litFromKit(): Plugin {
  const kit: Record<string, string[]> = litKit;
  const PREFIX = '\0mantis-lit-kit:';
  return {
    name: 'mantis-lit-kit',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source in kit) return PREFIX + source;
      // A module of ours in the kit (the Markdown renderer) is named by its path from the project's root.
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const own = resolved ? relative(ROOT, resolved.id).replaceAll('\\', '/') : '';
      return own in kit ? PREFIX + own : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const module = id.slice(PREFIX.length);
      return [
        `const kit = globalThis[Symbol.for('mantis-ui.lit-kit:' + new URL(/* @vite-ignore */ './', import.meta.url).href)];`,
        `if (!kit) throw new Error('[mantis-ui] this file needs the mantis-ui IIFE beside it');`,
        `export const { ${(kit[module] as string[]).join(', ')} } = kit[${JSON.stringify(module)}];`,
      ].join('\n');
    },
  };
}

/**
 * In the IIFE, some modules have an `.iife.ts` twin: elements/internal/lazy.ts imports the lazy parts as files beside
 * the IIFE instead of bundled chunks, and a lazily defined element's module loads its file when the element is
 * needed instead of defining it.
 */
const IIFE_TWINS = [
  'elements/internal/lazy.ts',
  'elements/mantis-media-item/mantis-media-item.ts',
  'elements/mantis-a2ui-surface/mantis-a2ui-surface.ts',
  'elements/mantis-artifact-panel/mantis-artifact-panel.ts',
  'elements/agent-envelope/agent-envelope.ts',
];
function iifeTwins(): Plugin {
  const twins = new Map(IIFE_TWINS.map((file) => [resolve(file), resolve(file.replace(/\.ts$/, '.iife.ts'))]));
  return {
    name: 'mantis-iife-twins',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && twins.get(resolved.id)) ?? null;
    },
  };
}

/** The global the IIFE's lazy loader is under (elements/internal/lazy.iife.ts sets it). */
const LAZY_LOADER = "globalThis[Symbol.for('mantis-ui.lazy-import')]";

/**
 * In the IIFE, a dynamic import of a lazy part's entry (a protocol the registration file loads on first need, say) is
 * an import of that part's file beside the IIFE, through the loader lazy.iife.ts sets: the part is not inlined.
 */
function lazyImports(): Plugin {
  const files = new Map(Object.entries(LAZY_FILES).map(([name, source]) => [resolve(source), `${name}.js`]));
  const IMPORT = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
  return {
    name: 'mantis-lazy-imports',
    enforce: 'pre',
    async transform(code, id) {
      if (!code.includes('import(') || id.includes('node_modules')) return null;
      let out = code;
      const eager: string[] = [];
      for (const match of code.matchAll(IMPORT)) {
        const resolved = await this.resolve(match[2] as string, id);
        const file = resolved ? files.get(resolved.id) : undefined;
        if (file) out = out.replace(match[0], `${LAZY_LOADER}(${JSON.stringify(file)})`);
        else if (resolved && !resolved.external && resolved.id.startsWith(ROOT)) {
          // Any other module of ours (a Composer transport) is bundled into the IIFE: imported up front here, so the
          // bundler wraps no module of the IIFE in lazy-initialization code (1.1 KB gzip for the transports). The
          // ES build keeps the dynamic import. Goes with the IIFE's twin build when the script tag loads dist/cdn/.
          const name = `__mantisEager${eager.length}`;
          eager.push(`import * as ${name} from ${JSON.stringify(match[2])};`);
          out = out.replace(match[0], `Promise.resolve(${name})`);
        }
      }
      return out === code ? null : { code: `${eager.join('\n')}\n${out}`, map: null };
    },
  };
}

/**
 * The CSS of Lit's css`` templates in elements/ without its comments and indentation: a minifier leaves template
 * literals as they are, so every comment that says why a rule is there would ship in the bundle (about 1 KB gzip of
 * the IIFE). Only the template's own text changes, never a `${…}` inside it; a comment is CSS's `/* … *\/`, which our
 * styles never write inside a string or url().
 */
export function cssLiterals(): Plugin {
  return {
    name: 'mantis-css-literals',
    transform(code, id) {
      if (!/\/elements\/.+\.ts$/.test(id) || !code.includes('css`')) return null;
      return { code: minifyCssLiterals(code), map: null };
    },
  };
}

/**
 * Library builds, chosen by mode:
 * - default: ES modules with every dependency external (`.` registers the elements, `./core` is DOM-free,
 *   `./agent-ui` the agent-ui@1 schemas and clients); the lazy parts are chunks loaded by dynamic import;
 * - `iife`: one self-registering file for a plain `<script>` tag, everything bundled except the lazy parts
 *   (IIFE_TWINS);
 * - `lazy:<name>`: one lazy part for the IIFE (LAZY_FILES), an ES module with everything it needs bundled except
 *   Lit, which it takes from the IIFE (litFromKit).
 */
export default defineConfig(({ mode }) =>
  mode === 'iife'
    ? {
        plugins: [iifeTwins(), lazyImports(), cssLiterals()],
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: true,
          lib: {
            entry: 'elements/index.ts',
            formats: ['iife'],
            name: 'MantisUI',
            fileName: () => 'mantis-ui.iife.js',
          },
        },
      }
    : mode.startsWith('lazy:')
      ? {
          plugins: [siblingParts(mode.slice('lazy:'.length)), litFromKit(), cssLiterals()],
          // Bundled for the browser, as the IIFE is: ECharts reads process.env.NODE_ENV, which no page has.
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            outDir: 'dist',
            emptyOutDir: false,
            target: 'es2022',
            sourcemap: true,
            minify: true,
            lib: { entry: { [mode.slice('lazy:'.length)]: LAZY_FILES[mode.slice('lazy:'.length)] as string }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
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
        },
);
