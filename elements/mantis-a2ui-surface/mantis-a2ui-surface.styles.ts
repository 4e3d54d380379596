import { css } from 'lit';
import { contentStyles } from './surface-content.styles.js';
import { inputStyles } from './surface-inputs.styles.js';
import { layoutStyles } from './surface-layout.styles.js';

/*
 * The basic catalog's look (basic_catalog_implementation_guide.md §3-4): invisible containers (Row, Column, List)
 * carry no spacing; leaf components and outlined containers carry one uniform margin. Cards are outlined and
 * transparent, so nested cards stay distinct. Text and icons inherit their color (a primary button's text follows it).
 *
 * This file holds the element's frame; the rules of the components are in surface-layout.styles.ts,
 * surface-content.styles.ts and surface-inputs.styles.ts, joined here into one style sheet.
 */
export const surfaceStyles = css`
  :host {
    display: block;
    min-width: 0;
    --_a2ui-leaf: calc(var(--_space) * 0.5);
  }
  /* With a theme of its own, the element paints its background, so its text colors always have theirs. */
  :host([theme]) {
    background: var(--_surface);
  }
  .base {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .surface {
    --_primary: var(--_a2ui-primary, var(--_accent));
    --_on-primary: var(--_a2ui-on-primary, var(--_on-accent));
    min-width: 0;
  }
  .agent {
    margin: 0 var(--_a2ui-leaf);
    color: var(--_muted);
    font-size: 0.8em;
  }
  .fallback,
  .note {
    margin: var(--_a2ui-leaf);
  }
  .note {
    color: var(--_muted);
    font-size: 0.875em;
  }
${layoutStyles}
${contentStyles}
${inputStyles}
`;
