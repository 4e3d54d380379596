import { css } from 'lit';

/*
 * The look of what the user acts on (render-inputs.ts): Button, TextField, Slider, CheckBox and ChoicePicker (its
 * chips too). A file of its own beside the layout and the content; mantis-a2ui-surface.styles.ts puts the parts
 * together.
 */
export const inputStyles = css`
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
`;
