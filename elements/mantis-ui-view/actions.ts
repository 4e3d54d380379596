import { css, html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { describeOutcome, type Action, type ActionOutcome, type ActionPreparation, type ActionRegistry } from '../../src/index.js';

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
  readonly run: (nodeId: string, action: Action, options?: { readonly createSelectionBag?: boolean }) => void;
  /**
   * Finds out what a state-changing action will do before its confirmation is shown (inside a chat: the bags API for
   * add-to-bag); without it, the registry's description is the confirmation.
   */
  readonly prepare?: (nodeId: string, action: Action) => Promise<ActionPreparation>;
  /** What became of a state-changing action that ran, as its message keeps it (inside a chat). */
  readonly outcome: (actionId: string) => ActionOutcome | undefined;
}

/**
 * The state of a view's action buttons: which one awaits its confirmation click, and which state-changing actions
 * already ran (at most once per rendered message).
 */
export class ActionButtons {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #confirming: string | null = null;
  /** The action whose confirmation is being prepared (the bags API is asked), and what each one prepared said. */
  #preparing: string | null = null;
  readonly #prepared = new Map<string, ActionPreparation>();
  readonly #done = new Set<string>();
  /** The policy of the latest render: handlers read it, not the one their (possibly stale) template captured. */
  #policy: ActionPolicy | null = null;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
  }

  /** Forgets confirmations and completed actions: a new view is a new rendered message. */
  reset(): void {
    this.#confirming = null;
    this.#preparing = null;
    this.#prepared.clear();
    this.#done.clear();
  }

  render(nodeId: string, actions: readonly Action[] | undefined, policy: ActionPolicy): TemplateResult | typeof nothing {
    this.#policy = policy;
    // A confirmation never survives a disabled spell (streaming): the user confirms again once it is over.
    if (policy.disabled) this.#confirming = this.#preparing = null;
    const offered = (actions ?? []).filter((action) => policy.registry.offers(action.type, policy.readOnly));
    if (offered.length === 0) return nothing;
    return html`<div part="actions" class="actions" role="group" aria-label="Actions">
      ${offered.map((action) => this.#button(nodeId, action, policy))}
    </div>`;
  }

  #button(nodeId: string, action: Action, policy: ActionPolicy): TemplateResult {
    const outcome = policy.outcome(action.id);
    const done = this.#done.has(action.id) || outcome !== undefined;
    if (this.#confirming === action.id && !done && !policy.disabled) {
      // Action IDs are unique across the view, so this ID is unique in the shadow root.
      const textId = `confirm-text-${action.id}`;
      const prepared = this.#prepared.get(action.id);
      const allowed = prepared?.allowed ?? true;
      // Escape cancels from anywhere in the step (focus starts on Confirm).
      return html`<span
        part="action-confirm"
        class="confirm"
        role="group"
        aria-label=${`Confirm ${action.label}`}
        @keydown=${this.#onEscape(action.id)}
      >
        <span class="confirm-text" id=${textId}>${prepared?.description ?? policy.registry.describe(action)}</span>
        ${allowed
          ? html`<button
              part="action action-confirm-button"
              class="action primary"
              data-confirm=${action.id}
              aria-describedby=${textId}
              @click=${() => this.#run(nodeId, action, policy)}
            >
              Confirm
            </button>`
          : nothing}
        <button
          part="action"
          class="action"
          data-cancel=${action.id}
          aria-describedby=${allowed ? nothing : textId}
          @click=${() => this.#cancel(action.id)}
        >
          ${allowed ? 'Cancel' : 'Close'}
        </button>
      </span>`;
    }
    if (!policy.registry.handler(action.type)) {
      // No handler: shown, never silently dropped, and nothing runs.
      return html`<button part="action" class="action" data-action=${action.id} disabled>
        ${action.label}<span class="visually-hidden"> (unavailable)</span>
      </button>`;
    }
    // A state-changing action that ran stays focusable (aria-disabled, not disabled) so focus is not lost when it
    // comes back to it; its click handler ignores it. Its outcome is part of its name; without one (a view on its
    // own, whose host runs the action) it says "sent", not "done": delivery, not completion.
    const mark = outcome
      ? html`<span class="outcome outcome-${outcome.status}"> · ${describeOutcome(outcome)}</span>`
      : done
        ? html`<span class="visually-hidden"> (sent)</span><span aria-hidden="true"> ✓</span>`
        : nothing;
    return html`<button
      part="action"
      class="action"
      data-action=${action.id}
      ?disabled=${policy.disabled}
      aria-busy=${this.#preparing === action.id ? 'true' : nothing}
      aria-disabled=${done ? 'true' : nothing}
      aria-description=${policy.registry.needsConfirmation(action.type) && !done ? 'Asks for confirmation' : nothing}
      @click=${() => this.#click(nodeId, action, policy)}
    >
      ${action.label}${mark}
    </button>`;
  }

  #blocked(action: Action): boolean {
    const policy = this.#policy;
    return (
      !policy ||
      policy.disabled ||
      this.#done.has(action.id) ||
      policy.outcome(action.id) !== undefined ||
      !policy.registry.handler(action.type) ||
      !policy.registry.offers(action.type, policy.readOnly)
    );
  }

  #click(nodeId: string, action: Action, policy: ActionPolicy): void {
    if (this.#blocked(action)) return;
    if (policy.registry.needsConfirmation(action.type)) {
      if (policy.prepare) void this.#prepare(nodeId, action, policy.prepare);
      else this.#ask(action.id);
      return;
    }
    policy.run(nodeId, action);
  }

  /** Asks what the action will do (the bags API, for add-to-bag), then shows that as its confirmation. */
  async #prepare(nodeId: string, action: Action, prepare: NonNullable<ActionPolicy['prepare']>): Promise<void> {
    if (this.#preparing === action.id) return;
    this.#preparing = action.id;
    this.#host.requestUpdate();
    let prepared: ActionPreparation;
    try {
      prepared = await prepare(nodeId, action);
    } catch {
      prepared = { allowed: true, description: this.#policy?.registry.describe(action) ?? action.label };
    }
    // Another click, a new view or a streaming spell since: this answer is stale.
    if (this.#preparing !== action.id) return;
    this.#preparing = null;
    this.#prepared.set(action.id, prepared);
    this.#ask(action.id);
  }

  /** Shows the confirmation step; focus goes to Confirm, or to Close when there is nothing to confirm. */
  #ask(actionId: string): void {
    this.#confirming = actionId;
    this.#host.requestUpdate();
    const allowed = this.#prepared.get(actionId)?.allowed ?? true;
    void this.#focus(allowed ? `[data-confirm="${actionId}"]` : `[data-cancel="${actionId}"]`);
  }

  #run(nodeId: string, action: Action, policy: ActionPolicy): void {
    if (this.#blocked(action) || this.#confirming !== action.id) return;
    const prepared = this.#prepared.get(action.id);
    if (prepared && !prepared.allowed) return;
    this.#done.add(action.id);
    this.#confirming = null;
    this.#host.requestUpdate();
    policy.run(nodeId, action, prepared?.createSelectionBag ? { createSelectionBag: true } : undefined);
    void this.#focus(`[data-action="${action.id}"]`);
  }

  #cancel(actionId: string): void {
    this.#confirming = null;
    // Asked again next time: the bags may have changed.
    this.#prepared.delete(actionId);
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
  .outcome {
    font-weight: 400;
  }
  .outcome-rejected,
  .outcome-failed {
    color: var(--_danger, var(--_text));
  }
`;
