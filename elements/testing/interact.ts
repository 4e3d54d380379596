import { findAllParts, type SearchRoot } from './find.js';

/*
 * What a user does with rendered content, found through shadow roots: press a view's action (confirming it when it
 * asks), press any button by its name, type into a field by its label. Each waits for what it needs to appear, and
 * fails with a message saying what was there instead.
 */

type Updatable = Element & { updateComplete?: Promise<unknown> };

/** Options of the helpers that wait for something to appear. */
export interface FindOptions {
  /** Milliseconds to wait for it to appear (default 2000). */
  readonly timeout?: number;
}

/** The accessible name a person reads on a control: its aria-label, else its text. */
const nameOf = (element: Element): string => (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Waits for `find` to return something, a task at a time, up to the timeout. */
async function appear<T>(find: () => T | null, options: FindOptions, what: () => string): Promise<T> {
  const deadline = performance.now() + (options.timeout ?? 2000);
  for (;;) {
    const found = find();
    if (found) return found;
    if (performance.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const enabled = (button: HTMLButtonElement): boolean => !button.disabled && !button.closest('[hidden]');

/**
 * Presses a view's action button, by the action's `id` or its label, and its Confirm button when the action asks
 * for confirmation (submit-followup, add-to-bag, run-task). Resolves once the view rendered what followed.
 */
export async function clickAction(root: SearchRoot, action: string, options: FindOptions = {}): Promise<void> {
  const buttons = (): HTMLButtonElement[] => findAllParts<HTMLButtonElement>(root, 'button[part~="action"][data-action]');
  const button = await appear(
    () => buttons().find((b) => enabled(b) && (b.dataset.action === action || nameOf(b) === action)) ?? null,
    options,
    () => `clickAction: no enabled action "${action}" (actions: ${buttons().map((b) => `${b.dataset.action} "${nameOf(b)}"`).join(', ') || 'none'}).`,
  );
  const id = button.dataset.action as string;
  const view = (button.getRootNode() as ShadowRoot).host as Updatable;
  // Read before the click: the button may say something else once it was pressed.
  const asks = button.getAttribute('aria-description') === 'Asks for confirmation';
  button.click();
  await view.updateComplete;
  if (!asks) return;
  const confirm = await appear(
    () => findAllParts<HTMLButtonElement>(view, `button[data-confirm="${CSS.escape(id)}"]`).find(enabled) ?? null,
    options,
    () => `clickAction: action "${action}" showed no Confirm button.`,
  );
  confirm.click();
  await view.updateComplete;
}

/** Presses the first enabled button with this accessible name (an A2UI button, Stop, a suggestion, …). */
export async function clickButton(root: SearchRoot, name: string, options: FindOptions = {}): Promise<void> {
  const buttons = (): HTMLButtonElement[] => findAllParts<HTMLButtonElement>(root, 'button');
  const button = await appear(
    () => buttons().find((b) => enabled(b) && nameOf(b) === name) ?? null,
    options,
    () => `clickButton: no enabled button named "${name}" (buttons: ${buttons().map((b) => `"${nameOf(b)}"`).join(', ') || 'none'}).`,
  );
  button.click();
  await ((button.getRootNode() as ShadowRoot).host as Updatable | undefined)?.updateComplete;
}

/** The label text of a field: its `<label>`s, else its aria-label. */
const labelOf = (field: HTMLInputElement | HTMLTextAreaElement): string =>
  [...(field.labels ?? [])].map(nameOf).join(' ') || (field.getAttribute('aria-label') ?? '');

/** Types into the text field with this label (an A2UI TextField, say), as a user does: value, then `input`. */
export async function fillField(root: SearchRoot, label: string, value: string, options: FindOptions = {}): Promise<void> {
  const fields = (): Array<HTMLInputElement | HTMLTextAreaElement> => findAllParts<HTMLInputElement | HTMLTextAreaElement>(root, 'input, textarea');
  const field = await appear(
    () => fields().find((f) => !f.disabled && labelOf(f).trim() === label) ?? null,
    options,
    () => `fillField: no field labelled "${label}" (fields: ${fields().map((f) => `"${labelOf(f)}"`).join(', ') || 'none'}).`,
  );
  field.focus();
  field.value = value;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }));
  field.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await ((field.getRootNode() as ShadowRoot).host as Updatable | undefined)?.updateComplete;
}
