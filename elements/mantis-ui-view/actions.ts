import { css, html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { CONFIRMED_ACTIONS, READ_ONLY_ACTIONS, type Action } from '../../src/index.js';
import { emit } from '../events.js';

const truncate = (text: string, max = 120): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The confirmation text of a state-changing action, derived by the client from the action's data, never taken
 * from model-authored prose.
 */
export function describeAction(action: Action): string {
  switch (action.type) {
    case 'add-to-bag': {
      const points = `${action.targets.length} point${action.targets.length === 1 ? '' : 's'}`;
      const bag = action.bagName ? `the bag “${truncate(action.bagName, 60)}”` : action.bagId ? `bag ${action.bagId}` : 'the active bag';
      return `Add ${points} to ${bag}?`;
    }
    case 'run-task':
      return `Start this task: “${truncate(action.task)}”?`;
    case 'submit-followup':
      return `Send this message: “${truncate(action.text)}”?`;
    case 'navigate':
      return 'Go to this item on the map.';
    case 'summarize':
      return 'Summarize this item.';
    case 'prefill-composer':
      return 'Put this text in the message box.';
  }
}

/** Options the view's action policy reads on every render. */
export interface ActionPolicy {
  readonly viewId: string;
  /** Ask's read-only policy: only navigate, summarize and prefill-composer are offered. */
  readonly readOnly: boolean;
  /** While the message streams, no action runs. */
  readonly disabled: boolean;
}

/**
 * The state of a view's action buttons: which one awaits its confirmation click, and which state-changing actions
 * already ran (at most once per rendered message).
 */
export class ActionButtons {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #confirming: string | null = null;
  readonly #done = new Set<string>();

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
  }

  /** Forgets confirmations and completed actions: a new view is a new rendered message. */
  reset(): void {
    this.#confirming = null;
    this.#done.clear();
  }

  render(nodeId: string, actions: readonly Action[] | undefined, policy: ActionPolicy): TemplateResult | typeof nothing {
    const offered = (actions ?? []).filter((action) => !policy.readOnly || READ_ONLY_ACTIONS.has(action.type));
    if (offered.length === 0) return nothing;
    return html`<div part="actions" class="actions" role="group" aria-label="Actions">
      ${offered.map((action) => this.#button(nodeId, action, policy))}
    </div>`;
  }

  #button(nodeId: string, action: Action, policy: ActionPolicy): TemplateResult {
    const done = this.#done.has(action.id);
    if (this.#confirming === action.id && !done && !policy.disabled) {
      return html`<span part="action-confirm" class="confirm" role="group" aria-label=${`Confirm ${action.label}`}>
        <span class="confirm-text">${describeAction(action)}</span>
        <button part="action action-confirm-button" class="action primary" data-confirm=${action.id} @click=${() => this.#run(nodeId, action, policy)}>
          Confirm
        </button>
        <button part="action" class="action" @click=${() => this.#cancel(action.id)} @keydown=${this.#onEscape(action.id)}>Cancel</button>
      </span>`;
    }
    return html`<button
      part="action"
      class="action"
      data-action=${action.id}
      ?disabled=${policy.disabled || done}
      aria-description=${CONFIRMED_ACTIONS.has(action.type) ? 'Asks for confirmation' : nothing}
      @click=${() => this.#click(nodeId, action, policy)}
    >
      ${action.label}${done ? html`<span class="visually-hidden"> (done)</span> ✓` : nothing}
    </button>`;
  }

  #click(nodeId: string, action: Action, policy: ActionPolicy): void {
    if (policy.disabled || this.#done.has(action.id)) return;
    if (CONFIRMED_ACTIONS.has(action.type)) {
      this.#confirming = action.id;
      this.#host.requestUpdate();
      void this.#focus(`[data-confirm="${action.id}"]`);
      return;
    }
    emit(this.#host, 'mantis-action', { viewId: policy.viewId, nodeId, action });
  }

  #run(nodeId: string, action: Action, policy: ActionPolicy): void {
    if (policy.disabled || this.#done.has(action.id)) return;
    this.#done.add(action.id);
    this.#confirming = null;
    this.#host.requestUpdate();
    emit(this.#host, 'mantis-action', { viewId: policy.viewId, nodeId, action });
    void this.#focus(`[data-action="${action.id}"]`);
  }

  #cancel(actionId: string): void {
    this.#confirming = null;
    this.#host.requestUpdate();
    void this.#focus(`[data-action="${actionId}"]`);
  }

  #onEscape(actionId: string) {
    return (event: KeyboardEvent) => {
      if (event.key === 'Escape') this.#cancel(actionId);
    };
  }

  async #focus(selector: string): Promise<void> {
    await (this.#host as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    this.#host.shadowRoot?.querySelector<HTMLElement>(selector)?.focus();
  }
}

export const actionStyles = css`
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.75);
  }
  .action {
    font: inherit;
    font-size: 0.875em;
    font-weight: 600;
    color: var(--_accent);
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 1.25);
    cursor: pointer;
  }
  .action.primary {
    color: var(--_on-accent);
    background: var(--_accent);
    border-color: var(--_accent);
  }
  .action:disabled {
    cursor: not-allowed;
    color: var(--_muted);
  }
  .confirm {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
  }
  .confirm-text {
    font-size: 0.875em;
  }
`;
