// @ts-check
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { build as esbuild } from 'esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { tsImport } from 'tsx/esm/api';
import { chromiumPath } from './scripts/chromium.mjs';
import { selfImportPlugin } from './test/helpers/wtr-self-import-plugin.mjs';
import { reactPlugin } from './test/helpers/wtr-react-plugin.mjs';
import { strictPolicy } from './test/fixtures/strict/policy.mjs';
import { pinnedPages } from './test/fixtures/pinned/serve.mjs';
import { scriptTagPage } from './scripts/size-graph.mjs';

/** Where the summary reporter leaves the counts that scripts/test.mjs prints as `N passed, N failed`. */
export const RESULTS_FILE = process.env.MANTIS_WTR_RESULTS ?? 'node_modules/.cache/mantis-wtr-results.json';

// The reference agent server, started by the test runner: browser tests talk to it over real sockets. The media
// store's test peer (test files, held responses, the test-control API) is for tests only, so it is turned on here.
const { startAgentServer } = await tsImport('./demo/server/agent-server.ts', import.meta.url);
// It also serves dist/ as a CDN would (test/iife.test.ts loads the IIFE from this other origin).
const agent = await startAgentServer({ port: 0, mediaTest: true, mounts: [{ prefix: '/dist/', dir: 'dist', cors: true }] });

/**
 * Whether the script tag's chunk `file` (dist/cdn/…) holds A2UI's code, the SSE parser's or the view components' that
 * load on need (elements/mantis-ui-view/nodes/more.ts), by its source map, and is
 * not part of the first load (what dist/cdn/mantis-ui.js imports statically, which a page cannot do without): what
 * /__partial-dist/ leaves out (test/iife.test.ts).
 */
function withheld(file) {
  const entry = readFileSync('dist/cdn/mantis-ui.js', 'utf8');
  const firstLoad = [...entry.matchAll(/(?:import|export)\b(?!\s*\()[^"'();]*?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
  const name = file.slice('dist/cdn/'.length);
  if (name === 'mantis-ui.js' || firstLoad.includes(name) || !existsSync(`${file}.map`)) return false;
  const { sources } = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  return sources.some((/** @type {string} */ source) => /\/src\/protocols\/a2ui\/|\/node_modules\/eventsource-parser\/|\/elements\/mantis-ui-view\/nodes\/more\.ts$/.test(source));
}

/** ECharts bundled into one module, once per run (the mantis-bundled-echarts plugin). @type {Promise<string> | undefined} */
let echartsBundle;

/** @returns {import('@web/test-runner').Reporter} */
function countingReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      /** @param {import('@web/test-runner').TestSuiteResult} suite */
      const walk = (suite) => {
        for (const test of suite.tests) {
          if (test.skipped) skipped += 1;
          else if (test.passed) passed += 1;
          else failed += 1;
        }
        suite.suites.forEach(walk);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults);
        // A file that failed to load, or an error outside any test, counts as one failure.
        if (session.errors.length > 0 || (!session.passed && !session.testResults)) failed += 1;
      }
      mkdirSync(dirname(RESULTS_FILE), { recursive: true });
      writeFileSync(RESULTS_FILE, JSON.stringify({ passed, failed, skipped }));
    },
  };
}

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/**/*.test.ts', '!test/node/**'],
  nodeResolve: true,
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  // One page at a time: a page in the background does not paint, and fixture() and focus need a painting page.
  concurrency: 1,
  testsFinishTimeout: 240_000,
  browserStartTimeout: 60_000,
  // A test's first chart or A2UI surface loads ECharts or the renderer through the dev server, hundreds of modules: on
  // two busy cores that alone has taken most of 10 s (the README's tester example failed so once under a full run).
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: chromiumPath(),
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--enable-unsafe-swiftshader',
        ],
      },
    }),
  ],
  middleware: [
    // The script tag under a URL that names no file, redirected to the file (as a CDN resolves `…/mantis-ui` to its
    // main file): its lazy parts come from beside where the redirect led (test/iife.test.ts).
    function redirectedScript(context, next) {
      if (context.path !== '/__redirect/mantis-ui') return next();
      context.redirect('/dist/mantis-ui.iife.js');
      return undefined;
    },
    // dist/ as a CDN that fails some of the script tag's chunks (A2UI's, the SSE parser's, the view components' that load
    // on need) would serve it: a page
    // whose lazy parts cannot load (test/iife.test.ts).
    function partialDist(context, next) {
      if (!context.path.startsWith('/__partial-dist/')) return next();
      const file = `dist/${context.path.slice('/__partial-dist/'.length)}`;
      if (/^dist\/cdn\/[^/]+\.js$/.test(file) && withheld(file)) {
        context.status = 404;
        return undefined;
      }
      context.url = context.url.replace('/__partial-dist/', '/dist/');
      return next();
    },
    // Pages that pin every file through the pinned loader, some files modified (test/iife-pinned.test.ts).
    pinnedPages,
  ],
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    // `mantis-ui` and `mantis-ui/…` imported by name (the README's tester example) are the sources.
    selfImportPlugin(),
    // React and react-dom are CommonJS: served as one ES module, so the React 19 tests have one React.
    reactPlugin(),
    {
      // tus-js-client's url-parse is the platform's URL, as in the script-tag build (elements/internal/url-native.ts).
      name: 'mantis-url-parse-native',
      resolveImport({ source }) {
        return source === 'url-parse' ? '/elements/internal/url-native.ts' : undefined;
      },
    },
    {
      // ECharts is some six hundred modules, which the test runner would serve one by one: a test's first chart waited
      // for all of them (13 s on two busy cores). Its four entry points are served as a host's bundler gives it to a
      // page, one module built once, so every chart test draws with the real library as users get it.
      name: 'mantis-bundled-echarts',
      async serve(context) {
        if (/\/node_modules\/echarts\/(core|charts|components|renderers)\.js$/.test(context.path)) {
          return { body: "export * from '/__bundled/echarts.js';", type: 'js' };
        }
        if (context.path !== '/__bundled/echarts.js') return undefined;
        echartsBundle ??= esbuild({
          stdin: { contents: ['core', 'charts', 'components', 'renderers'].map((entry) => `export * from 'echarts/${entry}';`).join('\n'), resolveDir: '.' },
          bundle: true,
          format: 'esm',
          write: false,
          logLevel: 'silent',
          define: { 'process.env.NODE_ENV': '"production"' },
        }).then((out) => out.outputFiles[0].text);
        return { body: await echartsBundle, type: 'js' };
      },
    },
    {
      // ECharts and zrender read process.env.NODE_ENV, which every bundler replaces (vite.config.ts does for the script
      // tag's chunks, a host's bundler for the ES build). The test runner serves them unbundled: it replaces it too.
      name: 'mantis-node-env',
      transform(context) {
        if (/\/node_modules\/(echarts|zrender)\//.test(context.path) && typeof context.body === 'string') {
          return { body: context.body.replaceAll('process.env.NODE_ENV', '"production"') };
        }
        return undefined;
      },
    },
    {
      name: 'mantis-agent-server',
      serverStop: () => agent.close(),
    },
    {
      // What scripts/check-size.mjs counts for each script-tag budget of package.json, computed from dist/ as it does
      // (scripts/size-graph.mjs): test/iife-fetched.test.ts checks that a page fetches nothing else.
      name: 'mantis-size-pages',
      async serve(context) {
        if (context.path !== '/__size/pages.json') return undefined;
        const { sizeBudgets } = JSON.parse(readFileSync('package.json', 'utf8'));
        const pages = [];
        for (const [name, budget] of Object.entries(sizeBudgets)) {
          if (budget.scriptTag === undefined) continue;
          try {
            const page = await scriptTagPage(budget.scriptTag, budget.modules);
            pages.push({ name, files: page.files.map((f) => ({ path: f.path, modules: f.modules })) });
          } catch (error) {
            // The test says why (dist/ not built, a module in no file) rather than a bare server error.
            pages.push({ name, error: error instanceof Error ? error.message : String(error) });
          }
        }
        return { body: JSON.stringify(pages), type: 'json' };
      },
    },
    {
      // ../shared/ sits beside the project, not in it: a user's clone has none, and tests that read it skip.
      name: 'mantis-shared-corpus',
      serve(context) {
        const file = '../shared/corpus/attacks.json';
        if (context.path === '/__shared/corpus/attacks.json' && existsSync(file)) {
          return { body: readFileSync(file, 'utf8'), type: 'json' };
        }
        // The IIFE under a package URL with no file name, as a CDN serves `…/mantis-ui` (test/iife.test.ts).
        if (context.path === '/__cdn/mantis-ui' && existsSync('dist/mantis-ui.iife.js')) {
          return { body: readFileSync('dist/mantis-ui.iife.js', 'utf8'), type: 'js' };
        }
        return undefined;
      },
    },
    {
      // README's script-tag example as a file beside the IIFE, as its instructions say (test/iife-page.test.ts): pasted
      // as written, with the test's reference server where `npm start` would run it.
      name: 'mantis-readme-snippet',
      serve(context) {
        if (context.path !== '/dist/readme-snippet.html') return undefined;
        const snippet = /<!-- script-tag-example -->\s*```html\n([\s\S]*?)```/.exec(readFileSync('README.md', 'utf8'))?.[1];
        const host = new URL(agent.origin).host;
        return snippet ? { body: snippet.replaceAll('127.0.0.1:8787', host), type: 'html' } : undefined;
      },
    },
    {
      // A page under a strict Content-Security-Policy with Trusted Types enforced (test/strict-page.test.ts): no inline
      // script or style, connections only to the reference agent, and only Lit's policy and ours, as
      // docs/strict-pages.md tells hosts. Served with the policy as a header; its scripts are files.
      name: 'mantis-strict-page',
      serve(context) {
        if (context.path !== '/__strict/index.html') return undefined;
        return { body: readFileSync('test/fixtures/strict/index.html', 'utf8'), type: 'html', headers: { 'content-security-policy': strictPolicy(agent.origin) } };
      },
    },
  ],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head><title>mantis-ui tests</title></head>
  <body>
    <script>window.__MANTIS_AGENT__ = ${JSON.stringify({ origin: agent.origin })};</script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countingReporter()],
};
