/*
 * What a script-tag page fetched of dist/cdn/ (the script tag's chunks of the one module graph), told by the modules
 * each file holds as its source map names them, not by the file names the build chose: `elements/…` and `src/…`
 * for ours, `node_modules/<package>/…` for a library's. Whether a page loaded a lazy part is whether it fetched the
 * file that holds its module.
 */

/** The URLs of the script tag's chunks `win` fetched so far, from wherever it loaded them (a refused one is not). */
export function cdnFiles(win: Window): string[] {
  return (win.performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => !(entry.responseStatus >= 400))
    .map((entry) => entry.name)
    .filter((name) => /\/cdn\/[^/]+\.js$/.test(new URL(name).pathname));
}

const maps = new Map<string, Promise<string[]>>();

/** The modules of one chunk (none for a file without a source map: a re-export or the bundler's runtime). */
export function modulesOf(file: string): Promise<string[]> {
  let modules = maps.get(file);
  if (!modules) {
    // A file without a map is answered 404, which another origin's server may send without CORS: a failed fetch.
    modules = fetch(`${file}.map`).then(async (response) => {
      if (!response.ok) return [];
      const { sources } = (await response.json()) as { sources: string[] };
      return sources.map((source) => {
        const at = source.lastIndexOf('node_modules/');
        return at >= 0 ? source.slice(at) : new URL(source, file).pathname.slice(1);
      });
    }, () => []);
    maps.set(file, modules);
  }
  return modules;
}

/** Every module of the chunks `win` fetched so far. */
export async function fetchedModules(win: Window): Promise<string[]> {
  return (await Promise.all(cdnFiles(win).map(modulesOf))).flat();
}

/** Whether `win` fetched the chunk that holds `module` (a path, or a folder ending in `/`). */
export async function fetchedModule(win: Window, module: string): Promise<boolean> {
  return (await fetchedModules(win)).some((name) => (module.endsWith('/') ? name.startsWith(module) : name === module));
}

/** The text of every chunk `win` fetched so far. */
export async function fetchedCode(win: Window): Promise<string> {
  return (await Promise.all(cdnFiles(win).map(async (file) => (await fetch(file)).text()))).join('\n');
}
