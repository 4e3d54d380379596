/*
 * Focus containment for the panel's modal sheet. The panel cannot make the host page inert (it does not own it), so
 * it keeps sequential focus inside itself instead: Tab on its last focusable control goes to its first, Shift+Tab on
 * its first goes to its last. Screen readers are kept in by `aria-modal="true"` on the sheet.
 */

const CANDIDATES = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable]';

/** The controls of `container` that Tab reaches, in document order: shown, enabled and not taken out of the order. */
export function tabbables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && !el.closest('[inert]') && el.checkVisibility({ checkVisibilityCSS: true }),
  );
}

/**
 * Handles a Tab keydown inside `container` (`focused`: the element focused in its root): at either end of its
 * controls (or from an element outside their order), focus wraps to the other end. Elsewhere the browser moves it.
 */
export function wrapFocus(event: KeyboardEvent, container: Element, focused: Element | null): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = tabbables(container);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const at = focused instanceof HTMLElement ? controls.indexOf(focused) : -1;
  if (event.shiftKey ? at <= 0 : at === -1 || at === controls.length - 1) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
