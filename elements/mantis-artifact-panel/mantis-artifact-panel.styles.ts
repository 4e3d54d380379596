import { css, unsafeCSS } from 'lit';
import { formatStyles } from './formats.js';
import { tabStyles } from './tabs.js';

/** Below this viewport width the panel is an overlay sheet, whatever `narrow` says. */
export const NARROW_QUERY = '(max-width: 40rem)';

/**
 * The sheet over the page: full screen, or a bar at the top while collapsed (at the bottom it would cover a chat's
 * composer, and whatever a page keeps there). `host` is the :host selector that turns it on (the `narrow`
 * attribute, or any host inside the narrow media query).
 */
const overlay = (host: string, collapsedHost: string) =>
  unsafeCSS(`
  ${host} .base {
    position: fixed;
    inset: 0;
    z-index: 1000;
    width: auto;
    height: auto;
    border: 0;
  }
  ${host} .handle {
    display: none;
  }
  ${collapsedHost} .base {
    bottom: auto;
    border-bottom: 1px solid var(--_border);
  }
`);

const panelStyles = css`
  :host {
    display: block;
    position: relative;
    flex: none;
    width: fit-content;
    max-width: 100%;
    min-height: 0;
  }
  /* Nothing to show: no tab is open. */
  :host(:state(empty)) {
    display: none;
  }
  .base {
    position: relative;
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    width: var(--_width, min(var(--mantis-artifact-panel-width, 26rem), 80vw));
    height: 100%;
    min-height: 0;
    background: var(--_surface);
    color: var(--_text);
    border-inline-start: 1px solid var(--_border);
  }
  .handle {
    position: absolute;
    inset-block: 0;
    inset-inline-start: -5px;
    z-index: 1;
    width: 9px;
    cursor: col-resize;
    touch-action: none;
  }
  .handle::after {
    content: '';
    position: absolute;
    inset-block: 0;
    inset-inline-start: 3px;
    width: 3px;
    background: transparent;
  }
  .handle:hover::after,
  .handle:focus-visible::after {
    background: var(--_accent);
  }
  .handle:focus-visible {
    outline-offset: -2px;
  }
  .header {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
    padding: calc(var(--_space) * 0.5) var(--_space);
    background: var(--_raised);
    border-bottom: 1px solid var(--_border);
  }
  .title {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 650;
  }
  .header button {
    font: inherit;
    font-size: 0.875em;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.25) var(--_space);
    cursor: pointer;
  }
  .header button:hover {
    border-color: var(--_accent);
  }
  .content {
    flex: 1;
    min-height: 0;
    overflow: auto;
    padding: var(--_space) calc(var(--_space) * 1.5);
  }
  .content:focus-visible {
    outline-offset: -2px;
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown table {
    border-collapse: collapse;
  }
  .markdown th,
  .markdown td {
    border: 1px solid var(--_border);
    padding: calc(var(--_space) * 0.25) calc(var(--_space) * 0.75);
  }
  ${overlay(':host([narrow])', ':host([narrow][collapsed])')}
  @media ${unsafeCSS(NARROW_QUERY)} {
    ${overlay(':host', ':host([collapsed])')}
  }
`;

export const artifactPanelStyles = [panelStyles, tabStyles, formatStyles];
