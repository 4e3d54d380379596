/**
 * The tags warned about, page-wide: two copies of mantis-ui on one page (the script tag and a bundle, say) each carry
 * their own copy of this module, and a tag is still warned about once.
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

const CALLBACKS = ['connectedCallback', 'disconnectedCallback', 'adoptedCallback', 'attributeChangedCallback'] as const;

type Callback = (this: HTMLElement, ...args: unknown[]) => unknown;

/**
 * Defines a tag whose elements' lifecycle callbacks are the element's own at each call. A definition takes them from
 * its class's prototype once, when the tag is defined, so an element made an instance of a subclass in place (a
 * lazily loaded tag's implementation, lazy-element.ts) would never have the subclass's called: each taken callback
 * calls the one the element has now (or, while `define` upgrades the page's elements, the class's own).
 */
function defineLive(tag: string, element: CustomElementConstructor): void {
  const proto = element.prototype as Record<string, unknown>;
  const kept = CALLBACKS.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const);
  for (const name of CALLBACKS) {
    const original = proto[name] as Callback | undefined;
    const live: Callback = function (...args) {
      const now = (this as unknown as Record<string, unknown>)[name] as Callback | undefined;
      return (now === live ? original : now)?.apply(this, args);
    };
    Object.defineProperty(proto, name, { value: live, configurable: true, writable: true });
  }
  try {
    customElements.define(tag, element);
  } finally {
    for (const [name, descriptor] of kept) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete proto[name];
    }
  }
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
  defineLive(tag, element);
}
