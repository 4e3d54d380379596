import { css } from 'lit';

/*
 * How the surface lays its components out (render-layout.ts): the containers (Row, Column, List) with no spacing of
 * their own, the one uniform margin of leaves and outlined containers, Card, Tabs, Modal, and the dialog that asks
 * before a link opens (link-confirm.ts). A file of its own so that each part of the basic catalog's look stays
 * readable beside the renderers it styles; mantis-a2ui-surface.styles.ts puts the parts together.
 */
export const layoutStyles = css`
  /* A component's live region or hidden box (v1.0 accessibility): no box of its own in the layout. */
  .a11y {
    display: contents;
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
  .video,
  .audio,
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
