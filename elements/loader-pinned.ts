/*
 * dist/mantis-ui.pinned.js: the script tag's loader for a page that pins what it runs (docs/strict-pages.md, "Pinning
 * every file"). The page pins this file with Subresource Integrity; it holds the integrity of every file of dist/cdn/
 * (written in at build time) and installs them as an import map before it imports anything, so every chunk, the
 * first load and each lazy part, runs only if it is byte for byte the one built. It fails closed: if the page refuses
 * the map (its Content-Security-Policy or Trusted Types), if the map comes too late to apply, or if the browser does
 * not check an import map's integrity, nothing of mantis-ui loads, the console says why once, and each chat on the
 * page shows why in its place.
 *
 * The map is an inline script: a page with a Content-Security-Policy gives this script a nonce (passed on to the
 * map), or allows the map's `sha256` (the console names it when the map was refused). Under Trusted Types the map's
 * text goes through a policy named `mantis-ui-loader`, which returns that one text and nothing else.
 */
import { expose, lazyBase, namesFile, noFolder } from './internal/loader-shared.js';

/** The integrity of every file of dist/cdn/, by file name (vite.config.ts, `pinned` mode). */
declare const __MANTIS_INTEGRITY__: Readonly<Record<string, string>>;
/** The file that tells whether integrity is checked, and a hash it does not have (scripts/integrity.ts). */
declare const __MANTIS_PROBE__: { readonly name: string; readonly hash: string };

const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
/** Names only this loader's import map gives: nothing else on the page resolves them. */
const ENTRY = '@mantis-ui/pinned-entry';
const PROBE = '@mantis-ui/integrity-probe';
/** How long a failed load waits for the page's report that its policy refused the map (only to say so). */
const REPORT_WAIT = 1000;

type Entry = Record<string, unknown>;

/** The folder of the CDN build: beside this script, or under the page's `data-mantis-lazy-base`. */
function folder(): URL {
  const base = lazyBase(script);
  if (base) return new URL('cdn/', base);
  if (script?.src && namesFile(script.src)) return new URL('cdn/', script.src);
  throw noFolder(script?.src);
}

/** The import map's text: the entry and the probe under names of their own, and the integrity of every file. */
function mapText(cdn: URL): string {
  const at = (name: string): string => new URL(name, cdn).href;
  const integrity: Record<string, string> = {};
  for (const [name, hash] of Object.entries(__MANTIS_INTEGRITY__)) integrity[at(name)] = hash;
  integrity[at(__MANTIS_PROBE__.name)] = __MANTIS_PROBE__.hash;
  return JSON.stringify({ imports: { [ENTRY]: at('mantis-ui.js'), [PROBE]: at(__MANTIS_PROBE__.name) }, integrity });
}

/** What a page allows the map with, when its policy refused it: this script's nonce, or the map's own hash. */
async function refusal(text: string): Promise<string> {
  const digest = await crypto.subtle?.digest('SHA-256', new TextEncoder().encode(text)).catch(() => null);
  const hash = digest ? ` or allow 'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}' in script-src` : '';
  return `the page's Content-Security-Policy refused mantis-ui's import map: give this script a nonce${hash}`;
}

async function load(): Promise<Entry> {
  const text = mapText(folder());
  const map = document.createElement('script');
  map.type = 'importmap';
  if (script?.nonce) map.nonce = script.nonce;
  const types = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: { createScript(input: string): string }): { createScript(input: string): unknown } } }).trustedTypes;
  let policy: { createScript(input: string): unknown } | undefined;
  try {
    policy = types?.createPolicy('mantis-ui-loader', { createScript: (input) => (input === text ? input : '') });
  } catch {
    // Not in the page's `trusted-types` list: a page that enforces Trusted Types refuses the text below.
  }
  try {
    map.text = (policy ? policy.createScript(text) : text) as string;
  } catch {
    throw new Error("the page's Trusted Types refused mantis-ui's import map: add mantis-ui-loader to its trusted-types directive");
  }
  // Whether the page's policy refused the map: reported in a task after it was added, so waited for when loading failed.
  let refused: (seen: boolean) => void = () => undefined;
  const refusedMap = new Promise<boolean>((settle) => (refused = settle));
  const seen = (event: SecurityPolicyViolationEvent): void => {
    if (event.target === map) refused(true);
  };
  document.addEventListener('securitypolicyviolation', seen);
  document.head.append(map);
  try {
    // A browser that checks integrity refuses the probe (its hash is wrong); one that runs it would run any file.
    const unchecked = await import(/* @vite-ignore */ PROBE).then(
      () => true,
      () => false,
    );
    if (unchecked) throw new Error('this browser does not check the integrity of modules in an import map, so nothing is loaded');
    try {
      return (await import(/* @vite-ignore */ ENTRY)) as Entry;
    } catch (error) {
      setTimeout(() => refused(false), REPORT_WAIT);
      if (await refusedMap) throw new Error(await refusal(text));
      throw error;
    }
  } finally {
    document.removeEventListener('securitypolicyviolation', seen);
  }
}

/** Each chat of the page says why it is empty, once, in its place (nothing defines the tag). */
function notice(reason: string): void {
  const write = (): void => {
    for (const chat of document.querySelectorAll('mantis-chat')) {
      if (chat.querySelector(':scope > [data-mantis-load-error]')) continue;
      const line = document.createElement('p');
      line.setAttribute('role', 'status');
      line.dataset['mantisLoadError'] = '';
      line.textContent = `This chat could not load: ${reason}`;
      chat.append(line);
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', write, { once: true });
  else write();
}

const loading = load();
expose(loading);
loading.catch((error: unknown) => notice(error instanceof Error ? error.message : String(error)));
