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

/** Layout boxes whose text stands apart from the text around it (anything but an inline box). */
const INLINE = new Set(['inline', 'contents']);

/**
 * The visible text of an element and of the shadow roots inside it, whitespace collapsed (for assertions). Text is
 * joined as it reads: `J-<b>101</b>` is `J-101`, and the text of separate boxes (paragraphs, cells, buttons, list
 * items) is separated by a space. What is not displayed (`hidden`, `display: none`, `visibility: hidden`) is left out.
 */
export function deepText(root: SearchRoot): string {
  let text = '';
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent ?? '';
      return;
    }
    if (node instanceof Element) {
      if (['STYLE', 'SCRIPT', 'TEMPLATE'].includes(node.tagName)) return;
      const style = getComputedStyle(node);
      if (style.display === 'none') return;
      const apart = !INLINE.has(style.display) || node.tagName === 'BR';
      if (apart) text += ' ';
      // A hidden box may show a visible child; its own text nodes are hidden with it.
      if (style.visibility === 'hidden') {
        for (const child of node.children) walk(child);
      } else {
        if (node.shadowRoot) walk(node.shadowRoot);
        for (const child of node.childNodes) walk(child);
      }
      if (apart) text += ' ';
      return;
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return text.replace(/\s+/g, ' ').trim();
}
