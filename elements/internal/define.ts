/**
 * The tags warned about, page-wide: the IIFE and each lazy file beside it carry their own copy of this module (as
 * would two copies of the bundle), and a tag is still warned about once.
 */
const WARNED = Symbol.for('mantis-ui.warned-tags');
const shared = globalThis as typeof globalThis & { [WARNED]?: Set<string> };
const warned: Set<string> = (shared[WARNED] ??= new Set<string>());

/** The warning for a tag that is already defined: once per tag, never an exception. */
export function warnTaken(tag: string): void {
  if (warned.has(tag)) return;
  warned.add(tag);
  console.warn(`[mantis-ui] <${tag}> is already defined (by the page or another copy of mantis-ui); keeping that one.`);
}

/**
 * Registers a tag once. A tag that is already defined (two copies of the bundle on one page, or a host that
 * defined it first) is warned about, not thrown on.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (existing) {
    if (existing !== element) warnTaken(tag);
    return;
  }
  customElements.define(tag, element);
}
