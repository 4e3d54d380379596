const warned = new Set<string>();

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
