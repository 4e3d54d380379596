import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const external = Object.keys(pkg.dependencies);
const isExternal = (id: string): boolean => external.some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * Two library builds, chosen by mode:
 * - default: ES modules with every dependency external (`.` registers the elements, `./core` is DOM-free);
 * - `iife`: one self-registering file for a plain `<script>` tag, everything bundled.
 */
export default defineConfig(({ mode }) =>
  mode === 'iife'
    ? {
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
    : {
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: true,
          minify: false,
          lib: {
            entry: { index: 'elements/index.ts', core: 'src/index.ts' },
            formats: ['es'],
            fileName: (_format, name) => `${name}.js`,
          },
          rolldownOptions: { external: isExternal },
        },
      },
);
