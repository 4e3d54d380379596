// @ts-check
// React and react-dom are CommonJS, and the test runner serves modules one by one, unbundled. Every bundler converts
// them, so the test runner does too: it bundles the React modules a test can import into ONE ES module (so react-dom,
// react/jsx-runtime and the mantis-ui/react wrapper share one React, as in a host's bundle), and answers each of
// those imports with a small module that re-exports its part of that bundle under its own named exports.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { build as esbuild } from 'esbuild';

/** The specifiers a test can import, by the file the test runner's node resolution serves for each. */
const MODULES = {
  'react/index.js': 'react',
  'react/jsx-runtime.js': 'react/jsx-runtime',
  'react/jsx-dev-runtime.js': 'react/jsx-dev-runtime',
  'react-dom/index.js': 'react-dom',
  'react-dom/client.js': 'react-dom/client',
};
const BUNDLE_PATH = '/__mantis-react/bundle.js';
const SERVED = /\/node_modules\/(react\/(?:index|jsx-runtime|jsx-dev-runtime)\.js|react-dom\/(?:index|client)\.js)$/;

/**
 * The plugin: add `reactPlugin()` to the `plugins` of web-test-runner.config.mjs.
 *
 * @param {{ nodeEnv?: 'development' | 'production' }} [options] React's build: development (the default) keeps its
 *   warnings, which a test of a wrapper wants to see.
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function reactPlugin({ nodeEnv = 'development' } = {}) {
  /** @type {Promise<string> | undefined} */
  let bundle;
  /** @type {Record<string, string[]> | undefined} */
  let exportNames;
  const build = async () => {
    const out = await esbuild({
      stdin: {
        // One CommonJS entry that requires each module: esbuild includes React once, and every module gets it.
        contents: `module.exports = {${Object.values(MODULES).map((id) => `${JSON.stringify(id)}: require(${JSON.stringify(id)})`).join(', ')}};`,
        resolveDir: resolve('.'),
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    });
    return out.outputFiles[0].text;
  };
  return {
    name: 'mantis-react-esm',
    serve(context) {
      if (context.path !== BUNDLE_PATH) return undefined;
      return (bundle ??= build()).then((body) => ({ body, type: 'js' }));
    },
    transform(context) {
      const match = SERVED.exec(context.path);
      if (!match) return undefined;
      const id = MODULES[/** @type {keyof typeof MODULES} */ (match[1])];
      exportNames ??= readExportNames(nodeEnv);
      const names = exportNames[id] ?? [];
      return {
        body: [
          `import all from ${JSON.stringify(BUNDLE_PATH)};`,
          `const module = all[${JSON.stringify(id)}];`,
          'export default module;',
          `export const { ${names.join(', ')} } = module;`,
        ].join('\n'),
      };
    },
  };
}

/**
 * The named exports of each module: its CommonJS exports' own keys, read in a Node process of their own (React's
 * development build calls console methods the test runner's console lacks). They are the same in the browser build.
 *
 * @param {string} nodeEnv
 * @returns {Record<string, string[]>}
 */
function readExportNames(nodeEnv) {
  const script = `console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(Object.values(MODULES))}.map((id) => [id, Object.keys(require(id))]))))`;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: resolve('.'), env: { ...process.env, NODE_ENV: nodeEnv }, encoding: 'utf8' });
  /** @type {Record<string, string[]>} */
  const names = JSON.parse(out);
  const identifier = /^[A-Za-z_$][\w$]*$/;
  return Object.fromEntries(Object.entries(names).map(([id, keys]) => [id, keys.filter((key) => identifier.test(key) && key !== 'default')]));
}
