/* What the script tag's two loaders share (elements/loader.ts, elements/loader-pinned.ts): `MantisUI` and its `ready`. */

const PREFIX = '[mantis-ui]';

interface MantisGlobal {
  /** Resolves with `MantisUI` once every tag is defined and every export is on it; rejects if it cannot load. */
  ready: Promise<MantisGlobal>;
  [name: string]: unknown;
}

/** Whether a URL's path ends in a file name (`…/mantis-ui.iife.js`), not a folder or a package name. */
export const namesFile = (url: string): boolean => /\/[^/]+\.m?js$/.test(new URL(url).pathname);

/** The folder the page names with `data-mantis-lazy-base` on the script (against the document's base), if it does. */
export function lazyBase(script: HTMLScriptElement | null): URL | null {
  const base = script?.dataset['mantisLazyBase'];
  return base ? new URL(base.endsWith('/') ? base : `${base}/`, document.baseURI) : null;
}

/** Why the folder of the modules is unknown: the script's URL names no file, and the page named no folder. */
export const noFolder = (src: string | undefined): Error =>
  new Error(`${src || 'this script'} names no file, so the folder of mantis-ui's modules is unknown: set data-mantis-lazy-base on the script`);

/**
 * Gives the page `MantisUI`: `ready` settles with the entry's loading, and once it loaded every export is on it. A
 * failure is said once on the console, not as an unhandled rejection.
 */
export function expose(entry: Promise<Record<string, unknown>>): void {
  const scope = globalThis as unknown as { MantisUI?: MantisGlobal };
  const api: MantisGlobal = scope.MantisUI ?? ({} as MantisGlobal);
  scope.MantisUI = api;
  api.ready = entry.then(
    (exports) => {
      for (const [name, value] of Object.entries(exports)) if (name !== 'ready') api[name] = value;
      return api;
    },
    (error: unknown) => {
      console.warn(`${PREFIX} mantis-ui could not be loaded:`, error instanceof Error ? error.message : error);
      throw error;
    },
  );
  api.ready.catch(() => undefined);
}
