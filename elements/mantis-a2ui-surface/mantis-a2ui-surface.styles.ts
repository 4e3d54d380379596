import { css } from 'lit';

/*
 * The basic catalog's look (basic_catalog_implementation_guide.md §3-4): invisible containers (Row, Column, List)
 * carry no spacing; leaf components and outlined containers carry one uniform margin. Cards are outlined and
 * transparent, so nested cards stay distinct. Text and icons inherit their color (a primary button's text follows it).
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

  /* Containers: zero spacing of their own. */
  .flex {
    display: flex;
    min-width: 0;
  }
  .flex[data-direction='row'] {
    flex-direction: row;
    flex-wrap: wrap;
  }
  .flex[data-direction='column'] {
    flex-direction: column;
  }
  .flex[data-justify='start'] { justify-content: flex-start; }
  .flex[data-justify='center'] { justify-content: center; }
  .flex[data-justify='end'] { justify-content: flex-end; }
  .flex[data-justify='spaceBetween'] { justify-content: space-between; }
  .flex[data-justify='spaceAround'] { justify-content: space-around; }
  .flex[data-justify='spaceEvenly'] { justify-content: space-evenly; }
  .flex[data-justify='stretch'] { justify-content: stretch; }
  [data-align='start'] { align-items: flex-start; }
  [data-align='center'] { align-items: center; }
  [data-align='end'] { align-items: flex-end; }
  [data-align='stretch'] { align-items: stretch; }
  .list {
    display: flex;
    min-width: 0;
  }
  .list[data-direction='vertical'] {
    flex-direction: column;
    overflow-y: auto;
  }
  .list[data-direction='horizontal'] {
    flex-direction: row;
    overflow-x: auto;
    scrollbar-width: none;
  }
  .list[data-direction='horizontal'] > .list-item {
    flex: 0 0 auto;
    max-width: 80%;
  }
  .list-item {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }

  /* Leaves and outlined containers: one uniform margin. */
  .text,
  .image,
  .image-placeholder,
  .icon,
  .media-placeholder,
  .card,
  .button,
  .field,
  .checkbox,
  .choices,
  .slider,
  .tabs,
  .modal-trigger,
  .divider {
    margin: var(--_a2ui-leaf);
  }
  .card {
    box-sizing: border-box;
    padding: calc(var(--_space) * 2);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.5);
    background: transparent;
    min-width: 0;
  }
  .text {
    min-width: 0;
    overflow-wrap: anywhere;
    line-height: 1.4;
  }
  .md {
    display: contents;
  }
  .text p {
    margin: 0;
  }
  .text p + p,
  .text ul,
  .text ol,
  .text pre,
  .text blockquote,
  .text table {
    margin: 0.4em 0 0;
  }
  .text[data-variant='h1'] { font-size: 2.5em; font-weight: 600; line-height: 1.15; }
  .text[data-variant='h2'] { font-size: 2em; font-weight: 600; line-height: 1.2; }
  .text[data-variant='h3'] { font-size: 1.75em; font-weight: 600; line-height: 1.2; }
  .text[data-variant='h4'] { font-size: 1.5em; font-weight: 600; line-height: 1.25; }
  .text[data-variant='h5'] { font-size: 1.25em; font-weight: 600; line-height: 1.3; }
  .text[data-variant='caption'] { font-size: 0.8em; color: var(--_muted); font-style: italic; }
  .button[data-variant='primary'] .text[data-variant='caption'] { color: inherit; }

  .image,
  .image-placeholder {
    box-sizing: border-box;
    display: block;
    width: 100%;
    max-width: 300px;
    height: auto;
    border-radius: var(--_radius);
  }
  .image[data-fit='contain'] { object-fit: contain; }
  .image[data-fit='cover'] { object-fit: cover; }
  .image[data-fit='fill'] { object-fit: fill; }
  .image[data-fit='none'] { object-fit: none; }
  .image[data-fit='scaleDown'] { object-fit: scale-down; }
  .image-placeholder {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 4em;
    padding: var(--_space);
    border: 1px dashed var(--_border);
    background: var(--_raised);
    color: var(--_muted);
    font-size: 0.875em;
    text-align: center;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  [data-variant='icon'].image,
  [data-variant='icon'].image-placeholder { width: 24px; height: 24px; min-height: 0; padding: 0; font-size: 0; }
  [data-variant='avatar'].image,
  [data-variant='avatar'].image-placeholder { width: 40px; height: 40px; min-height: 0; padding: 0; border-radius: 50%; font-size: 0; }
  [data-variant='smallFeature'].image,
  [data-variant='smallFeature'].image-placeholder { width: 100px; height: 100px; }
  [data-variant='largeFeature'].image,
  [data-variant='largeFeature'].image-placeholder { max-width: none; max-height: 400px; }
  [data-variant='header'].image,
  [data-variant='header'].image-placeholder { max-width: none; height: 200px; object-fit: cover; }
  .icon {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 1.5em;
    height: 1.5em;
    font-size: 1em;
    line-height: 1;
    color: inherit;
    flex: 0 0 auto;
  }
  .button .icon,
  .button .text {
    margin: 0;
  }
  .divider {
    border: none;
    align-self: stretch;
    background: var(--_border);
  }
  .divider[data-axis='horizontal'] { height: 1px; }
  .divider[data-axis='vertical'] { width: 1px; min-height: 1.5em; }

  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.35em;
    box-sizing: border-box;
    min-height: 2.25em;
    padding: 0.3em 1em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_raised);
    color: var(--_text);
    font: inherit;
    cursor: pointer;
  }
  .button[data-variant='primary'] {
    border-color: var(--_primary);
    background: var(--_primary);
    color: var(--_on-primary);
  }
  .button[data-variant='borderless'] {
    border-color: transparent;
    background: transparent;
    color: var(--_accent);
    text-decoration: underline;
  }
  .button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25em;
    min-width: 0;
  }
  .field label,
  .choices legend {
    font-size: 0.875em;
    font-weight: 600;
  }
  .field input,
  .field textarea,
  .filter {
    box-sizing: border-box;
    width: 100%;
    padding: 0.4em 0.6em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
  }
  .field input[aria-invalid='true'],
  .field textarea[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .field-error {
    margin: 0;
    color: var(--_danger);
    font-size: 0.8em;
  }
  .slider-row {
    display: flex;
    align-items: center;
    gap: var(--_space);
  }
  .slider-row input {
    flex: 1 1 auto;
    padding: 0;
    border: none;
    accent-color: var(--_primary);
  }
  .slider-value {
    min-width: 3ch;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .checkbox label,
  .option {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    cursor: pointer;
  }
  .checkbox input,
  .option input {
    accent-color: var(--_primary);
  }
  .choices {
    min-width: 0;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .choices .options {
    display: flex;
    flex-direction: column;
    gap: 0.25em;
    margin-top: 0.25em;
  }
  .choices[data-style='chips'] .options {
    flex-direction: row;
    flex-wrap: wrap;
  }
  .choices[data-style='chips'] .option {
    padding: 0.2em 0.75em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_raised);
  }
  .choices[data-style='chips'] .option:has(input:checked) {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }
  .choices[data-style='chips'] .option:has(input:focus-visible) {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .choices[data-style='chips'] .option input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }

  .tablist {
    display: flex;
    flex-wrap: wrap;
    border-bottom: 1px solid var(--_border);
  }
  .tab {
    padding: 0.4em 0.9em;
    border: none;
    border-bottom: 2px solid transparent;
    background: none;
    color: var(--_muted);
    font: inherit;
    cursor: pointer;
  }
  .tab[aria-selected='true'] {
    border-bottom-color: var(--_primary);
    color: var(--_text);
    font-weight: 600;
  }
  .tabpanel {
    padding-top: calc(var(--_space) * 0.5);
  }

  .modal-trigger {
    display: contents;
  }
  .dialog {
    max-width: min(40rem, calc(100vw - 2rem));
    padding: calc(var(--_space) * 2);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.5);
    background: var(--_surface);
    color: var(--_text);
  }
  .dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  .dialog-actions {
    display: flex;
    justify-content: flex-end;
    gap: var(--_space);
    margin-top: var(--_space);
  }
  .dialog-actions .button {
    margin: 0;
  }
  .confirm-title {
    margin: 0 0 0.5em;
    font-size: 1.15em;
  }
  .confirm-text {
    margin: 0;
  }
  .confirm-url {
    margin: 0.5em 0 0;
    padding: 0.4em 0.6em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_raised);
    font-family: var(--_mono);
    font-size: 0.9em;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
`;
