/*
 * dist/mantis-ui.iife.js, what a `<script>` tag loads: a small classic script that imports the script tag's build of
 * the one module graph (dist/cdn/mantis-ui.js, the same modules as the package's ES build, bundled and split into
 * chunks), and gives the page `MantisUI`. The tags are defined as soon as that module ran; `MantisUI.ready` resolves
 * then, with `MantisUI` holding every export, so a page script that calls a method right after the script tag waits
 * on it.
 *
 * The entry is imported by a relative specifier, which a classic script resolves against its response URL (after
 * redirects): `…/dist/mantis-ui.iife.js` imports `…/dist/cdn/mantis-ui.js` (a script of another origin loaded without
 * `crossorigin` is not told its response URL: it imports beside the URL the page named). A URL that names no file (a
 * CDN's `…/mantis-ui`) and was not redirected to one gives no such folder: `./cdn/mantis-ui.js` would be another
 * package of the CDN's root, which anyone may publish. Such a page names the folder with `data-mantis-lazy-base`;
 * without it nothing loads, and the console says so once.
 */

import { expose, lazyBase, namesFile, noFolder } from './internal/loader-shared.js';

const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

/** The script tag's entry, beside this script: elements/cdn/mantis-ui.ts, built as dist/cdn/mantis-ui.js. */
const ENTRY = 'cdn/mantis-ui.js';

/**
 * Whether the engine resolves this script's relative imports against about:blank: a script of another origin loaded
 * without `crossorigin` is CORS-cross-origin, and where a redirect led is not told to it. It imports by the URL the
 * page named instead.
 */
const crossOriginWithoutCors = (element: HTMLScriptElement): boolean => element.crossOrigin === null && new URL(element.src).origin !== self.origin;

type Entry = Record<string, unknown>;

async function load(): Promise<Entry> {
  const base = lazyBase(script);
  if (base) return import(/* @vite-ignore */ new URL(ENTRY, base).href) as Promise<Entry>;
  if (!script?.src || namesFile(script.src)) {
    if (script?.src && crossOriginWithoutCors(script)) return import(/* @vite-ignore */ new URL(ENTRY, script.src).href) as Promise<Entry>;
    // A literal relative specifier (vite.config.ts keeps it external): resolved against this script's response URL,
    // after redirects.
    return import('./cdn/mantis-ui.js') as Promise<Entry>;
  }
  // A URL that names no file gives a folder only when it was redirected to one that does, which only a request tells
  // (an engine names a script by the URL the page asked for); the script was just fetched, so the cache answers it.
  const response = await fetch(script.src, { cache: 'force-cache' }).catch(() => null);
  void response?.body?.cancel().catch(() => undefined);
  if (response?.redirected && namesFile(response.url)) return import(/* @vite-ignore */ new URL(ENTRY, response.url).href) as Promise<Entry>;
  throw noFolder(script.src);
}

expose(load());
