import { css, html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Action, ActionRegistry } from '../../src/index.js';

/** Options the view's action policy reads on every render. */
export interface ActionPolicy {
  readonly viewId: string;
  /** Ask's read-only policy: only navigate, summarize and prefill-composer are offered. */
  readonly readOnly: boolean;
  /** While the message streams, no action runs. */
  readonly disabled: boolean;
  /** The handlers: what is offered, confirmed and described, and which types have no handler (unavailable). */
  readonly registry: ActionRegistry;
  /** Runs a chosen action (after its confirmation). */
  readonly run: (nodeId: string, action: Action) => void;
}

/**
 * The state of a view's action buttons: which one awaits its confirmation click, and which state-changing actions
 * already ran (at most once per rendered message).
 */
export class ActionButtons {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #confirming: string | null = null;
  readonly #done = new Set<string>();
  /** The policy of the latest render: handlers read it, not the one their (possibly stale) template captured. */
  #policy: ActionPolicy | null = null;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
  }

  /** Forgets confirmations and completed actions: a new view is a new rendered message. */
  reset(): void {
    this.#confirming = null;
    this.#done.clear();
  }

  render(nodeId: string, actions: readonly Action[] | undefined, policy: ActionPolicy): TemplateResult | typeof nothing {
    this.#policy = policy;
    // A confirmation never survives a disabled spell (streaming): the user confirms again once it is over.
    if (policy.disabled) this.#confirming = null;
    const offered = (actions ?? []).filter((action) => policy.registry.offers(action.type, policy.readOnly));
    if (offered.length === 0) return nothing;
    return html`<div part="actions" class="actions" role="group" aria-label="Actions">
      ${offered.map((action) => this.#button(nodeId, action, policy))}
    </div>`;
  }

  #button(nodeId: string, action: Action, policy: ActionPolicy): TemplateResult {
    const done = this.#done.has(action.id);
    if (this.#confirming === action.id && !done && !policy.disabled) {
      // Action IDs are unique across the view, so this ID is unique in the shadow root.
      const textId = `confirm-text-${action.id}`;
      // Escape cancels from anywhere in the step (focus starts on Confirm).
      return html`<span
        part="action-confirm"
        class="confirm"
        role="group"
        aria-label=${`Confirm ${action.label}`}
        @keydown=${this.#onEscape(action.id)}
      >
        <span class="confirm-text" id=${textId}>${policy.registry.describe(action)}</span>
        <button
          part="action action-confirm-button"
          class="action primary"
          data-confirm=${action.id}
          aria-describedby=${textId}
          @click=${() => this.#run(nodeId, action, policy)}
        >
          Confirm
        </button>
        <button part="action" class="action" data-cancel=${action.id} @click=${() => this.#cancel(action.id)}>Cancel</button>
      </span>`;
    }
    if (!policy.registry.handler(action.type)) {
      // No handler: shown, never silently dropped, and nothing runs.
      return html`<button part="action" class="action" data-action=${action.id} disabled>
        ${action.label}<span class="visually-hidden"> (unavailable)</span>
      </button>`;
    }
    // A state-changing action that ran stays focusable (aria-disabled, not disabled) so focus is not lost when it
    // comes back to it; its click handler ignores it. "Sent", not "done": the host reports delivery, not completion.
    return html`<button
      part="action"
      class="action"
      data-action=${action.id}
      ?disabled=${policy.disabled}
      aria-disabled=${done ? 'true' : nothing}
      aria-description=${policy.registry.needsConfirmation(action.type) && !done ? 'Asks for confirmation' : nothing}
      @click=${() => this.#click(nodeId, action, policy)}
    >
      ${action.label}${done ? html`<span class="visually-hidden"> (sent)</span><span aria-hidden="true"> ✓</span>` : nothing}
    </button>`;
  }

  #blocked(action: Action): boolean {
    const policy = this.#policy;
    return (
      !policy ||
      policy.disabled ||
      this.#done.has(action.id) ||
      !policy.registry.handler(action.type) ||
      !policy.registry.offers(action.type, policy.readOnly)
    );
  }

  #click(nodeId: string, action: Action, policy: ActionPolicy): void {
    if (this.#blocked(action)) return;
    if (policy.registry.needsConfirmation(action.type)) {
      this.#confirming = action.id;
      this.#host.requestUpdate();
      void this.#focus(`[data-confirm="${action.id}"]`);
      return;
    }
    policy.run(nodeId, action);
  }

  #run(nodeId: string, action: Action, policy: ActionPolicy): void {
    if (this.#blocked(action) || this.#confirming !== action.id) return;
    this.#done.add(action.id);
    this.#confirming = null;
    this.#host.requestUpdate();
    policy.run(nodeId, action);
    void this.#focus(`[data-action="${action.id}"]`);
  }

  #cancel(actionId: string): void {
    this.#confirming = null;
    this.#host.requestUpdate();
    void this.#focus(`[data-action="${actionId}"]`);
  }

  #onEscape(actionId: string) {
    return (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      this.#cancel(actionId);
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
  .action:disabled,
  .action[aria-disabled='true'] {
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
