import { css, html, nothing, type TemplateResult } from 'lit';
import type { AssistantMessage, ChatSession, Tour } from '../../src/index.js';
import { markdown } from '../internal/markdown.js';

/** A tour step was chosen: a navigation, the same narrow, read-only action a view offers. */
export function showTourStep(session: ChatSession, message: AssistantMessage, stepId: string): void {
  const tour = message.parts.find((p) => p.type === 'data-mantis-tour');
  const step = tour?.type === 'data-mantis-tour' ? tour.data.steps.find((s) => s.id === stepId) : undefined;
  if (!step) return;
  const action = { id: step.id, type: 'navigate', label: step.title, target: step.target } as const;
  session.runAction({ messageId: message.id, viewId: `tour-${message.id}`, nodeId: step.id, action });
}

/** A Visual Tour (drawn by the lazy parts module): ordered steps, each with a button that asks the host to show its map target. */
export function renderTour(tour: Tour, show: (stepId: string) => void): TemplateResult {
  return html`<section part="tour" class="tour" aria-label=${`Tour: ${tour.title}`}>
    <p class="tour-title">${tour.title}</p>
    ${tour.summary ? html`<p class="tour-summary">${tour.summary}</p>` : nothing}
    <ol class="tour-steps">
      ${tour.steps.map(
        (step) => html`<li part="tour-step" class="tour-step">
          <span class="tour-step-title">${step.title}</span>
          <div class="markdown">${markdown(step.body, 'restricted')}</div>
          <button part="tour-show" class="tour-show" @click=${() => show(step.id)}>Show “${step.title}” on the map</button>
        </li>`,
      )}
    </ol>
  </section>`;
}

export const tourStyles = css`
  .tour {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.5);
  }
  .tour-title {
    margin: 0;
    font-weight: 650;
    font-size: 1.1em;
  }
  .tour-summary {
    color: var(--_muted);
  }
  .tour-steps {
    display: grid;
    gap: var(--_space);
    padding-inline-start: 1.5em;
  }
  .tour-step-title {
    font-weight: 600;
  }
  .tour-step .markdown {
    margin-block: 0.25em;
  }
`;
