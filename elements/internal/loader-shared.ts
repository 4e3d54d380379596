/* What the script tag's two loaders share (elements/loader.ts, elements/loader-pinned.ts): `MantisUI` and its `ready`. */

export const PREFIX = '[mantis-ui]';

interface MantisGlobal {
  /** Resolves with `MantisUI` once every tag is defined and every export is on it; rejects if it cannot load. */
  ready: Promise<MantisGlobal>;
  [name: string]: unknown;
}

/** Whether a URL's path ends in a file name (`…/mantis-ui.iife.js`), not a folder or a package name. */
export const namesFile = (url: string): boolean => /\/[^/]+\.m?js$/.test(new URL(url).pathname);

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
