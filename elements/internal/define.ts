/**
 * Registers a tag once. A tag that is already defined (two copies of the bundle on one page, or a host that
 * defined it first) is warned about, not thrown on.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (existing) {
    if (existing !== element) console.warn(`[mantis-ui] <${tag}> is already defined by another copy; keeping the first.`);
    return;
  }
  customElements.define(tag, element);
}
