import { css, html, nothing, type TemplateResult } from 'lit';
import type { MetricGroupNode } from '../../../src/index.js';

const DIRECTION_WORD = { up: 'up', down: 'down', flat: 'unchanged' } as const;
const ARROW = { up: '▲', down: '▼', flat: '▶' } as const;
/**
 * Sentiment in visible words, not colour alone (WCAG 1.4.1): readers who cannot tell the colours apart, or who
 * override them, still learn whether the change is good news. "Favorable" rather than "positive", which could be
 * misread as the sign of the change.
 */
const SENTIMENT_WORD = { positive: 'favorable', negative: 'unfavorable' } as const;

export function metricGroup(node: MetricGroupNode): TemplateResult {
  // A named group, not a region landmark: a conversation holds many metric groups, and landmarks named alike (every
  // untitled one is "Metrics") would crowd a screen reader's landmark list with duplicates.
  return html`<section part="metric-group" class="metric-group" role="group" aria-label=${node.title ?? 'Metrics'}>
    ${node.title ? html`<p class="group-title" aria-hidden="true">${node.title}</p>` : nothing}
    <dl class="metrics">
      ${node.metrics.map(
        (metric) => html`<div part="metric" class="metric">
          <dt class="metric-label">${metric.label}</dt>
          <dd class="metric-value">${metric.value}${metric.unit ? html`<span class="unit"> ${metric.unit}</span>` : nothing}</dd>
          ${metric.change
            ? html`<dd class="change sentiment-${metric.change.sentiment ?? 'neutral'}">
                <span aria-hidden="true">${ARROW[metric.change.direction]}</span>
                <span class="visually-hidden">${DIRECTION_WORD[metric.change.direction]}</span>
                ${metric.change.value}
                ${metric.change.sentiment && metric.change.sentiment !== 'neutral'
                  ? html`<span class="sentiment-word">(${SENTIMENT_WORD[metric.change.sentiment]})</span>`
                  : nothing}
              </dd>`
            : nothing}
          ${metric.description ? html`<dd class="metric-description">${metric.description}</dd>` : nothing}
        </div>`,
      )}
    </dl>
  </section>`;
}

export const metricGroupStyles = css`
  .group-title {
    margin: 0 0 calc(var(--_space) * 0.5);
    font-weight: 650;
  }
  /* Responsive: as many 9rem tiles per row as fit. */
  .metrics {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
    gap: var(--_space);
    margin: 0;
  }
  .metric {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_raised);
    padding: var(--_space) calc(var(--_space) * 1.25);
    min-width: 0;
  }
  .metric dd {
    margin: 0;
  }
  .metric-label,
  .metric-description {
    color: var(--_muted);
    font-size: 0.8125em;
  }
  .metric-value {
    font-size: 1.5em;
    font-weight: 650;
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  .unit {
    font-size: 0.6em;
    font-weight: 500;
  }
  .change {
    font-size: 0.8125em;
    font-weight: 600;
  }
  .sentiment-positive {
    color: var(--_success);
  }
  .sentiment-negative {
    color: var(--_danger);
  }
  .sentiment-neutral {
    color: var(--_muted);
  }
  .sentiment-word {
    font-weight: 500;
  }
`;
