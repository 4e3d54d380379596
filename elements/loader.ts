/*
 * dist/mantis-ui.iife.js, what a `<script>` tag loads: a small classic script that imports the script tag's build of
 * the one module graph (dist/cdn/mantis-ui.js, the same modules as the package's ES build, bundled and split into
 * chunks), and gives the page `MantisUI`. The tags are defined as soon as that module ran; `MantisUI.ready` resolves
 * then, with `MantisUI` holding every export, so a page script that calls a method right after the script tag waits
 * on it.
 *
 * The entry is imported by a relative specifier, which a classic script resolves against its response URL (after
 * redirects): `…/dist/mantis-ui.iife.js` imports `…/dist/cdn/mantis-ui.js`. A URL that names no file (a CDN's
 * `…/mantis-ui`) and was not redirected to one gives no such folder: `./cdn/mantis-ui.js` would be another package of
 * the CDN's root, which anyone may publish. Such a page names the folder with `data-mantis-lazy-base`; without it
 * nothing loads, and the console says so once.
 */

interface MantisGlobal {
  /** Resolves with `MantisUI` once every tag is defined and every export is on it; rejects if it cannot load. */
  ready: Promise<MantisGlobal>;
  [name: string]: unknown;
}

const PREFIX = '[mantis-ui]';
const scope = globalThis as unknown as { MantisUI?: MantisGlobal };
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

/** Whether a URL's path ends in a file name (`…/mantis-ui.iife.js`), not a folder or a package name. */
const namesFile = (url: string): boolean => /\/[^/]+\.m?js$/.test(new URL(url).pathname);

/** The URL this script was served from after redirects, as the engine reports it (null when it cannot tell). */
function responseUrl(): string | null {
  const stack = new Error().stack ?? '';
  return /(https?:\/\/[^\s)]+?):\d+:\d+/.exec(stack)?.[1] ?? null;
}

function load(): Promise<Record<string, unknown>> {
  const base = script?.dataset['mantisLazyBase'];
  if (base) {
    const folder = new URL(base.endsWith('/') ? base : `${base}/`, document.baseURI);
    return import(/* @vite-ignore */ new URL('cdn/mantis-ui.js', folder).href) as Promise<Record<string, unknown>>;
  }
  const served = responseUrl();
  if (!script?.src || namesFile(script.src) || (served !== null && served !== script.src && namesFile(served))) {
    // elements/cdn/mantis-ui.ts, built beside this script as dist/cdn/mantis-ui.js (vite.config.ts keeps it external).
    return import('./cdn/mantis-ui.js') as Promise<Record<string, unknown>>;
  }
  return Promise.reject(new Error(`${script.src} names no file, so the folder of mantis-ui's modules is unknown: set data-mantis-lazy-base on the script`));
}

const api: MantisGlobal = scope.MantisUI ?? ({} as MantisGlobal);
scope.MantisUI = api;
api.ready = load().then(
  (entry) => {
    for (const [name, value] of Object.entries(entry)) if (name !== 'ready') api[name] = value;
    return api;
  },
  (error: unknown) => {
    console.warn(`${PREFIX} mantis-ui could not be loaded:`, error instanceof Error ? error.message : error);
    throw error;
  },
);
// A page that never waits on `ready` is told by the console, not by an unhandled rejection.
api.ready.catch(() => undefined);
