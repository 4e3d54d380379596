import { css } from 'lit';

export const viewStyles = css`
  :host {
    display: block;
    line-height: 1.5;
  }
  /* An explicit theme paints its own surface; an inherited one stays transparent on its container. */
  :host([theme]) {
    background: var(--_surface);
  }
  .base {
    display: block;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .heading {
    font-weight: 650;
    margin: 0;
    line-height: 1.25;
  }
  .heading.level-1 {
    font-size: 1.25em;
  }
  .heading.level-2 {
    font-size: 1.1em;
  }
  .heading.level-3 {
    font-size: 1em;
  }
  .stack {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .stack.horizontal {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: flex-start;
  }
  .stack.horizontal > * {
    flex: 1 1 12rem;
    min-width: 0;
  }
  .gap-small {
    gap: calc(var(--_space) * 0.5);
  }
  .gap-medium {
    gap: var(--_space);
  }
  .gap-large {
    gap: calc(var(--_space) * 2);
  }
  .callout {
    position: relative;
    border: 1px solid var(--_border);
    border-inline-start: 4px solid var(--_tone);
    border-radius: var(--_radius);
    background: var(--_raised);
    padding: var(--_space) calc(var(--_space) * 1.5);
  }
  .tone-info {
    --_tone: var(--_info);
  }
  .tone-success {
    --_tone: var(--_success);
  }
  .tone-warning {
    --_tone: var(--_warning);
  }
  .tone-danger {
    --_tone: var(--_danger);
  }
  .callout-title {
    margin: 0 0 calc(var(--_space) * 0.5);
    font-weight: 650;
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown > :last-child {
    margin-bottom: 0;
  }
  .markdown code,
  .markdown pre {
    font-family: var(--_mono);
    font-size: 0.9em;
  }
  .markdown pre {
    overflow: auto;
  }
  .invalid,
  .fallback {
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
`;
