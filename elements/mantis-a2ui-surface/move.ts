/*
 * Moving a surface element to another place in the page without losing what the user was doing in it: the chat
 * moves each surface to the latest message that touched it (004_655f119d9cdaeeed.txt). Part of the element's module,
 * so the IIFE carries it only once a surface is shown.
 */

/** Moves a connected element into another parent, keeping its state (see ChatSurfaces). */
export function moveSurface(element: HTMLElement, slot: HTMLElement): void {
  const target = slot as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
  if (element.isConnected && typeof target.moveBefore === 'function') {
    try {
      target.moveBefore(element, null);
      return;
    } catch {
      // Not movable atomically (another document, say): moved the plain way below.
    }
  }
  const kept = captureState(element);
  slot.append(element);
  kept();
}

/** Focus, selection and scroll positions inside an element's shadow tree, and a function that puts them back. */
function captureState(element: HTMLElement): () => void {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  const focused = active instanceof HTMLElement && isInside(element, active) ? active : null;
  const field = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? focused : null;
  const selection = field ? { start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection } : null;
  const scrolled: { node: Element; top: number; left: number }[] = [];
  const walk = (root: ParentNode): void => {
    for (const node of root.querySelectorAll('*')) {
      if (node.scrollTop || node.scrollLeft) scrolled.push({ node, top: node.scrollTop, left: node.scrollLeft });
      if (node.shadowRoot) walk(node.shadowRoot);
    }
  };
  if (element.scrollTop || element.scrollLeft) scrolled.push({ node: element, top: element.scrollTop, left: element.scrollLeft });
  if (element.shadowRoot) walk(element.shadowRoot);
  return () => {
    for (const { node, top, left } of scrolled) node.scrollTo({ top, left });
    if (!focused) return;
    focused.focus({ preventScroll: true });
    if (field && selection && selection.start !== null && selection.end !== null) {
      try {
        field.setSelectionRange(selection.start, selection.end, selection.direction ?? undefined);
      } catch {
        // An input type without a selection (number, date): focus is enough.
      }
    }
  };
}

/** Whether a node is in an element's shadow-including subtree. */
function isInside(element: Element, node: Node): boolean {
  for (let at: Node | null = node; at; at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)) if (at === element) return true;
  return false;
}
