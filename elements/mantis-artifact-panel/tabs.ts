import { css, html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ArtifactEntry } from '../../src/index.js';
import { cssProperties } from '../internal/css-properties.js';

/** The id of the one tab panel every tab controls. */
export const CONTENT_ID = 'artifact-content';

export const tabId = (index: number): string => `artifact-tab-${index}`;

export interface TabStripHandlers {
  select(key: string): void;
  close(key: string): void;
  keydown(event: KeyboardEvent): void;
}

/**
 * The tab strip: a `tablist` holding only tabs (ARIA allows nothing else in it), with each tab's close button
 * outside it and placed right after its tab through a shared subgrid. Roving tabindex: only the selected tab and its
 * close button are in the tab order; the arrow keys reach the others.
 */
export function renderTabStrip(tabs: readonly ArtifactEntry[], active: string | null, handlers: TabStripHandlers): TemplateResult {
  const column = (index: number) => cssProperties({ 'grid-column': String(index + 1) });
  return html`<div class="strip" style=${cssProperties({ 'grid-template-columns': `repeat(${tabs.length}, minmax(0, max-content) auto)` })}>
    <div part="tabs" class="tabs" role="tablist" aria-label="Artifacts" @keydown=${handlers.keydown}>
      ${repeat(
        tabs,
        (tab) => tab.key,
        (tab, i) =>
          html`<button
            part="tab"
            class="tab"
            role="tab"
            id=${tabId(i)}
            data-key=${tab.key}
            style=${column(2 * i)}
            aria-selected=${tab.key === active ? 'true' : 'false'}
            aria-controls=${CONTENT_ID}
            tabindex=${tab.key === active ? 0 : -1}
            title=${tab.title}
            @click=${() => handlers.select(tab.key)}
          >
            ${tab.title}
          </button>`,
      )}
    </div>
    ${repeat(
      tabs,
      (tab) => tab.key,
      (tab, i) =>
        html`<button
          part="tab-close"
          class=${tab.key === active ? 'tab-close selected' : 'tab-close'}
          data-key=${tab.key}
          style=${column(2 * i + 1)}
          aria-label=${`Close ${tab.title}`}
          tabindex=${tab.key === active ? 0 : -1}
          @click=${() => handlers.close(tab.key)}
        >
          <span aria-hidden="true">×</span>
        </button>`,
    )}
  </div>`;
}

export const tabStyles = css`
  .strip {
    display: grid;
    grid-template-rows: auto;
    overflow-x: auto;
    border-bottom: 1px solid var(--_border);
    scrollbar-width: thin;
  }
  .tabs {
    display: grid;
    grid-row: 1;
    grid-column: 1 / -1;
    grid-template-columns: subgrid;
  }
  .tab,
  .tab-close {
    grid-row: 1;
    font: inherit;
    color: var(--_muted);
    background: none;
    border: 0;
    border-bottom: 2px solid transparent;
    cursor: pointer;
  }
  .tab {
    min-width: 0;
    max-width: 16em;
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 0.25) calc(var(--_space) * 0.75) var(--_space);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    text-align: start;
  }
  .tab-close {
    padding: 0 var(--_space) 0 calc(var(--_space) * 0.5);
    font-size: 1.1em;
    line-height: 1;
  }
  .tab[aria-selected='true'],
  .tab-close.selected {
    color: var(--_text);
    border-bottom-color: var(--_accent);
  }
  .tab[aria-selected='true'] {
    font-weight: 600;
  }
  .tab:hover,
  .tab-close:hover {
    color: var(--_text);
    background: var(--_raised);
  }
  .tab:focus-visible,
  .tab-close:focus-visible {
    outline-offset: -2px;
  }
`;
