/*
 * Finding what a chat rendered, through every open shadow root on the way: the chat's own, its views', their
 * components', envelopes' and A2UI surfaces'. Selectors are ordinary CSS selectors; parts are found by attribute
 * (`[part~="tool"]`), as `::part()` only works from outside a shadow root. A selector is matched within the root its
 * element is in: `mantis-a2ui-surface input` finds nothing, as the input is in the surface's shadow root; search from
 * the surface instead (`findPart(surface, 'input')`).
 */

/** Where a search starts: an element (its shadow root first, then its children), a shadow root or a document. */
export type SearchRoot = Element | ShadowRoot | Document;

function collect(root: Element | ShadowRoot | Document, selector: string, found: Element[]): void {
  for (const element of root.querySelectorAll('*')) {
    if (element.matches(selector)) found.push(element);
    if (element.shadowRoot) collect(element.shadowRoot, selector, found);
  }
}

/**
 * Every element matching `selector` under `root`, looking inside each open shadow root it meets; an element's
 * shadow content comes right after the element, before its children.
 */
export function findAllParts<T extends Element = HTMLElement>(root: SearchRoot, selector: string): T[] {
  const found: Element[] = [];
  if (root instanceof Element && root.shadowRoot) collect(root.shadowRoot, selector, found);
  collect(root, selector, found);
  return found as T[];
}

/** The first element matching `selector` under `root`, through shadow roots (see findAllParts), or null. */
export function findPart<T extends Element = HTMLElement>(root: SearchRoot, selector: string): T | null {
  return findAllParts<T>(root, selector)[0] ?? null;
}

/** The visible text of an element and of the shadow roots inside it, whitespace collapsed (for assertions). */
export function deepText(root: SearchRoot): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    if (node instanceof Element && ['STYLE', 'SCRIPT', 'TEMPLATE'].includes(node.tagName)) return;
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
