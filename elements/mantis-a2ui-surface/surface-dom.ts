/* A surface's theme (`primaryColor`, `agentDisplayName`) as the element shows it, and how a Modal opens. */

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Black or white, whichever contrasts more with a `#rrggbb` color (WCAG relative luminance). */
function onColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}


/** The style and agent name a surface's theme gives (a primary color only as `#rrggbb`, a name cut to 200 characters). */
export function themeOf(theme: Readonly<Record<string, unknown>> | undefined): { readonly style: string; readonly agent: string } {
  const color = theme?.['primaryColor'];
  const name = theme?.['agentDisplayName'];
  const primary = typeof color === 'string' && HEX_COLOR.test(color) ? color : '';
  return {
    style: primary ? `--_a2ui-primary: ${primary}; --_a2ui-on-primary: ${onColor(primary)}` : '',
    agent: typeof name === 'string' ? name.slice(0, 200) : '',
  };
}

/**
 * A click inside a Modal's trigger opens its dialog instead of reaching the trigger (render-layout.ts). Focus goes to
 * the trigger's button first, so the dialog gives it back when it closes, whether it was clicked or pressed.
 */
export function openModal(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const wrapper = target?.closest('.modal-trigger');
  const dialog = wrapper?.parentElement?.querySelector<HTMLDialogElement>(':scope > dialog');
  if (!wrapper || !dialog) return;
  event.stopPropagation();
  event.preventDefault();
  if (dialog.open) return;
  (target?.closest<HTMLElement>('button') ?? null)?.focus();
  dialog.showModal();
}
