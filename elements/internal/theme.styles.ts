import { css } from 'lit';

/**
 * Design tokens and the few rules every element shares (`hidden` on the host, visually hidden text, fallback notes,
 * Markdown code). Public `--mantis-*` custom properties map onto private `--_*` ones; the
 * defaults use `light-dark()`, so one set of tokens serves both themes and the used `color-scheme` picks. The
 * `theme` attribute sets `color-scheme` (`light`, `dark`, or `system` to follow prefers-color-scheme); without it
 * an element inherits the color scheme of where it is placed.
 */
export const themeStyles = css`
  :host {
    --_font: var(--mantis-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-size: var(--mantis-font-size, 1rem);
    --_mono: var(--mantis-font-family-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    --_text: var(--mantis-color-text, light-dark(#1c1b1f, #e7e3ea));
    --_muted: var(--mantis-color-text-muted, light-dark(#55515c, #b9b4bf));
    --_surface: var(--mantis-color-surface, light-dark(#ffffff, #18171b));
    --_raised: var(--mantis-color-surface-raised, light-dark(#f3f2f6, #26242b));
    --_border: var(--mantis-color-border, light-dark(#cfcbd6, #4a4650));
    --_accent: var(--mantis-color-accent, light-dark(#3346c4, #a9b4ff));
    --_on-accent: var(--mantis-color-on-accent, light-dark(#ffffff, #10142e));
    --_focus: var(--mantis-color-focus, light-dark(#3346c4, #a9b4ff));
    --_info: var(--mantis-color-info, light-dark(#1f5fa8, #8cc1ff));
    --_success: var(--mantis-color-success, light-dark(#1d6b3a, #7fd49c));
    --_warning: var(--mantis-color-warning, light-dark(#8a5200, #ffc66b));
    --_danger: var(--mantis-color-danger, light-dark(#b3261e, #ffb4ab));
    --_radius: var(--mantis-radius, 8px);
    --_space: var(--mantis-space, 8px);
    /*
     * The page's CSS does not reach inside, but what it sets on the element itself is inherited by everything in it.
     * Typography is set here with !important, which in the shadow tree wins over the page's rules, its !important
     * ones too: a page themes the elements through the --mantis-* custom properties (on the element or a part), never
     * by accident. Direction is left to inherit: a right-to-left page gets right-to-left elements.
     */
    font: 400 var(--_font-size) / 1.5 var(--_font) !important;
    font-feature-settings: normal !important;
    font-variation-settings: normal !important;
    color: var(--_text) !important;
    -webkit-text-fill-color: currentcolor !important;
    -webkit-text-stroke: 0 !important;
    letter-spacing: normal !important;
    word-spacing: normal !important;
    text-align: start !important;
    text-indent: 0 !important;
    text-transform: none !important;
    text-shadow: none !important;
    text-decoration: none !important;
    white-space: normal !important;
    text-wrap: wrap !important;
    word-break: normal !important;
    overflow-wrap: normal !important;
    hyphens: manual !important;
    tab-size: 8 !important;
    writing-mode: horizontal-tb !important;
    cursor: auto !important;
    list-style: disc !important;
    quotes: auto !important;
    border-collapse: separate !important;
    border-spacing: 0 !important;
    caption-side: top !important;
    empty-cells: show !important;
  }
  /*
   * The hidden attribute hides the element itself. Without this, the host's own display rule (and any page rule
   * such as "mantis-chat { display: flex }", which beats a :host rule) overrides the browser's display: none;
   * !important in the shadow tree wins over the page's normal and !important declarations alike.
   */
  :host([hidden]) {
    display: none !important;
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  :host([theme='system']) {
    color-scheme: light dark;
  }
  [hidden] {
    display: none !important;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  /* Fallbacks and inert warnings: the same quiet, dashed note everywhere. */
  .fallback,
  .invalid {
    margin: 0;
    padding: calc(var(--_space) * 0.5) var(--_space);
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
    font-size: 0.875em;
  }
  .fallback strong {
    color: var(--_text);
  }
  .markdown code,
  .markdown pre {
    font-family: var(--_mono);
    font-size: 0.9em;
  }
  .markdown pre {
    overflow: auto;
  }
  /* A Markdown table past the shown columns says so (markdown-render.ts). */
  .markdown caption.capped {
    caption-side: bottom;
    text-align: start;
    color: var(--_muted);
    font-size: 0.875em;
  }
`;

/** Values of the `theme` attribute. */
export type Theme = 'light' | 'dark' | 'system';

/** Whether a value is one of the color schemes. */
export const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark' || value === 'system';
