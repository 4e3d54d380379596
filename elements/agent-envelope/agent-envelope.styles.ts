import { css } from 'lit';

export const envelopeStyles = css`
  :host {
    display: block;
  }
  [part='base'] {
    min-width: 0;
  }
  [part='status'],
  [part='map-status'] {
    margin: 0;
    color: var(--_muted);
    font-size: 0.9em;
  }
  [part='fallback'] {
    margin: 0;
    padding: calc(var(--_space) * 1.5);
    border-radius: var(--_radius);
    background: var(--_raised);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .where {
    font-weight: 600;
  }
  .chart-figure {
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: var(--_space);
    margin: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
    background: var(--_surface);
  }
  .chart-title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .chart-subtext {
    display: block;
    font-weight: normal;
    font-size: 0.875em;
    color: var(--_muted);
  }
  [part='chart-toggle'] {
    font: inherit;
    font-size: 0.875em;
    padding: 2px 10px;
    border-radius: var(--_radius);
    border: 1px solid var(--_accent);
    background: transparent;
    color: var(--_accent);
    cursor: pointer;
  }
  [part='chart-toggle'][aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .chart,
  .table-wrap {
    grid-column: 1 / -1;
  }
  .chart {
    height: var(--mantis-chart-height, 18rem);
    width: 100%;
    /* A change of theme changes this color: its transitionend recolors the chart. */
    color: var(--_text);
    transition: color 1ms;
  }
  .table-wrap {
    overflow: auto;
    max-height: var(--mantis-chart-height, 18rem);
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9em;
  }
  th,
  td {
    text-align: start;
    padding: 4px 8px;
    border-bottom: 1px solid var(--_border);
  }
  th {
    background: var(--_raised);
    position: sticky;
    top: 0;
  }
  .note {
    color: var(--_muted);
    font-size: 0.875em;
  }
`;
