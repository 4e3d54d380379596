// @ts-check
// What a script-tag page fetches, from the built files alone (scripts/check-size.mjs budgets it; the browser test
// test/iife-fetched.test.ts checks it against what Chromium fetched): the loader, the CDN entry it imports, every
// file those import up front, and, for each source module the page has run, the file that holds it (found through
// the files' source maps) with what that file imports up front. A file is counted once however many modules it
// holds. A dynamic import is not followed: it is fetched when its module is needed, which the page's named modules say.
//
// The same source maps tell whether a module was built into two files (each would run its own copy: two Lits, two
// registries), which the check refuses.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

/**
 * @typedef {{
 *   path: string, bytes: number, gzipBytes: number,
 *   imports: string[], dynamicImports: string[], sources: string[] | null,
 * }} GraphFile
 *   One built file: `path` relative to the root with `/`; `imports` and `dynamicImports` are the literal specifiers
 *   it imports (statically, dynamically), resolved to such paths; `sources` the source modules its map names
 *   (relative to the root), or null when it has no map.
 * @typedef {Map<string, GraphFile>} Graph
 * @typedef {{ path: string, gzipBytes: number, bytes: number, modules: string[] }} PageFile
 *   A file the page fetches and, when it is there for them, the named modules it holds.
 * @typedef {{ files: PageFile[], gzipBytes: number, bytes: number }} PageFiles
 */

/** @param {string} path */
const slash = (path) => path.split('\\').join('/');

/** A specifier from the text between quotes or backquotes, when it is a literal one (no `${…}`). */
const literal = (/** @type {string} */ text) => /^(['"`])([^'"`$\\]*)\1$/.exec(text.trim())?.[2];

/**
 * The literal specifiers a file imports, statically and dynamically. A minifier writes `import(\`./x.js\`)`, which
 * es-module-lexer does not read as a name; the specifier's text does.
 * @param {string} code
 * @returns {Promise<{ imports: string[], dynamicImports: string[] }>}
 */
async function importsOf(code) {
  await init;
  const [found] = parse(code);
  /** @type {string[]} */
  const imports = [];
  /** @type {string[]} */
  const dynamicImports = [];
  for (const i of found) {
    if (i.d === -2) continue; // import.meta
    const name = i.n ?? (i.d > -1 ? literal(code.slice(i.s, i.e)) : undefined);
    if (name === undefined) continue; // a computed URL (the loader's data-mantis-lazy-base): nothing to follow
    (i.d === -1 ? imports : dynamicImports).push(name);
  }
  return { imports, dynamicImports };
}

/**
 * A relative specifier of `from` as a path relative to the root; anything else (a bare name, a URL) is returned as
 * written, and will be named as a file the graph lacks.
 * @param {string} from path of the importing file, relative to the root
 * @param {string} specifier
 */
function resolveSpecifier(from, specifier) {
  return specifier.startsWith('./') || specifier.startsWith('../') ? posix.normalize(posix.join(posix.dirname(from), specifier)) : specifier;
}

/**
 * One built file and what it imports; its map's sources when it has a `.map`.
 * @param {string} root
 * @param {string} path relative to the root
 * @returns {Promise<GraphFile>}
 */
async function readFile(root, path) {
  const absolute = resolve(root, path);
  const code = readFileSync(absolute, 'utf8');
  const { imports, dynamicImports } = await importsOf(code);
  /** @type {string[] | null} */
  let sources = null;
  if (existsSync(`${absolute}.map`)) {
    const map = JSON.parse(readFileSync(`${absolute}.map`, 'utf8'));
    const base = resolve(dirname(absolute), typeof map.sourceRoot === 'string' ? map.sourceRoot : '');
    sources = (Array.isArray(map.sources) ? map.sources : []).map((/** @type {string} */ s) => {
      // A virtual module (`\0…`, `rolldown:runtime`) has no file: kept as written.
      if (s.startsWith('\0') || /^[a-z][\w+.-]*:/i.test(s)) return s;
      const path = slash(relative(root, isAbsolute(s) ? s : resolve(base, s)));
      // A dependency installed outside the project (a node_modules linked from another checkout) is named as it
      // would be inside it: `node_modules/marked/…`.
      const installed = path.indexOf('node_modules/');
      return path.startsWith('../') && installed > 0 ? path.slice(installed) : path;
    });
  }
  return {
    path,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
    imports: imports.map((s) => resolveSpecifier(path, s)),
    dynamicImports: dynamicImports.map((s) => resolveSpecifier(path, s)),
    sources,
  };
}

/**
 * Every `.js` file of a folder (not its subfolders) with its imports and its map's sources.
 * @param {string} dir relative to the root
 * @param {{ root?: string }} [options]
 * @returns {Promise<Graph>}
 */
export async function readGraph(dir, { root = process.cwd() } = {}) {
  /** @type {Graph} */
  const graph = new Map();
  for (const name of readdirSync(resolve(root, dir)).filter((f) => f.endsWith('.js')).sort()) {
    const path = slash(posix.normalize(posix.join(slash(dir), name)));
    graph.set(path, await readFile(root, path));
  }
  return graph;
}

/**
 * The files a set of files imports up front, with them, in the order they are reached.
 * @param {Graph} graph
 * @param {string[]} from
 * @returns {string[]}
 */
export function staticClosure(graph, from) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} path @param {string | null} by */
  const walk = (path, by) => {
    if (seen.has(path)) return;
    const file = graph.get(path);
    if (!file) throw new Error(by === null ? `${path} is not a built file` : `${by} imports ${path}, which is not a built file`);
    seen.add(path);
    for (const next of file.imports) walk(next, path);
  };
  for (const path of from) walk(path, null);
  return [...seen];
}

/**
 * The files whose source maps name a source module (a path relative to the root, as `src/chat/session.ts`).
 * @param {Graph} graph
 * @param {string} module
 */
export function filesHolding(graph, module) {
  return [...graph.values()].filter((f) => f.sources?.includes(module)).map((f) => f.path);
}

/**
 * Every source module that two or more files hold, with those files. Throws when no file has a map: the check
 * would pass by seeing nothing.
 * @param {Graph} graph
 * @returns {{ module: string, files: string[] }[]}
 */
export function duplicateModules(graph) {
  const mapped = [...graph.values()].filter((f) => f.sources !== null);
  if (mapped.length === 0) throw new Error(`no file of ${[...graph.keys()].join(', ') || 'the graph'} has a source map: build with source maps`);
  /** @type {Map<string, string[]>} */
  const holders = new Map();
  for (const file of mapped) for (const s of new Set(file.sources)) holders.set(s, [...(holders.get(s) ?? []), file.path]);
  return [...holders].filter(([, files]) => files.length > 1).map(([module, files]) => ({ module, files }));
}

/**
 * The CDN entries a loader imports: its literal imports, static or dynamic (the loader's `import('./cdn/…')`).
 * @param {string} loader path relative to the root
 * @param {{ root?: string }} [options]
 * @returns {Promise<string[]>}
 */
export async function loaderEntries(loader, { root = process.cwd() } = {}) {
  const file = await readFile(root, loader);
  const entries = [...file.imports, ...file.dynamicImports];
  if (entries.length === 0) throw new Error(`${loader} imports no module by a literal specifier: its entry is unknown`);
  return entries;
}

/**
 * What a page fetches: `start` (the loader and the entries, with what they import up front), then for each named
 * module the files that hold it and what they import up front; each file once.
 * @param {Graph} graph
 * @param {{ start: string[], modules: string[], extra?: GraphFile[] }} page `extra`: files outside the graph the page
 *   fetches (the loader), counted first and not followed
 * @returns {PageFiles}
 */
export function pageFiles(graph, { start, modules, extra = [] }) {
  const missing = modules.filter((m) => filesHolding(graph, m).length === 0);
  if (missing.length > 0) {
    throw new Error(`no built file holds ${missing.join(', ')} (a module with no code of its own, such as an index that only re-exports, is in no source map: name the module that has the code)`);
  }
  /** @type {Map<string, PageFile>} */
  const files = new Map();
  /** @param {GraphFile} file */
  const add = (file) => files.has(file.path) || files.set(file.path, { path: file.path, bytes: file.bytes, gzipBytes: file.gzipBytes, modules: [] });
  extra.forEach(add);
  for (const path of staticClosure(graph, start)) add(/** @type {GraphFile} */ (graph.get(path)));
  for (const module of modules) {
    const holders = filesHolding(graph, module);
    for (const path of staticClosure(graph, holders)) add(/** @type {GraphFile} */ (graph.get(path)));
    for (const path of holders) files.get(path)?.modules.push(module);
  }
  const list = [...files.values()];
  return { files: list, gzipBytes: list.reduce((n, f) => n + f.gzipBytes, 0), bytes: list.reduce((n, f) => n + f.bytes, 0) };
}

/**
 * A script-tag page: the loader, the CDN entries it imports (whose folder is the graph) and the named modules.
 * @param {string} loader path relative to the root, as `dist/mantis-ui.iife.js`
 * @param {string[]} modules source modules the page has run, relative to the root
 * @param {{ root?: string }} [options]
 * @returns {Promise<PageFiles & { graph: Graph, dir: string }>}
 */
export async function scriptTagPage(loader, modules, { root = process.cwd() } = {}) {
  const entries = await loaderEntries(loader, { root });
  const dirs = [...new Set(entries.map((e) => posix.dirname(e)))];
  if (dirs.length !== 1) throw new Error(`${loader} imports entries from ${dirs.join(' and ')}: one folder of chunks is expected`);
  const dir = /** @type {string} */ (dirs[0]);
  if (!existsSync(join(root, dir))) throw new Error(`${loader} imports ${entries.join(', ')}, but ${dir}/ is missing`);
  const graph = await readGraph(dir, { root });
  const start = await readFile(root, loader);
  return { ...pageFiles(graph, { start: entries, modules, extra: [start] }), graph, dir };
}
