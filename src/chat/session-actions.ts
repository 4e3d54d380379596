import type { ActionPreparation, BagDirectory } from '../actions/bags.js';
import { outcomeOf, type ActionOutcome, type ActionStatus } from '../actions/outcomes.js';
import type { ActionRegistry, ActionRequest, ActionServices } from '../actions/registry.js';
import type { OutgoingFrame } from '../protocols/connection.js';
import type { AssistantMessage } from '../message/messages.js';
import type { Thread } from './thread.js';

/*
 * How a session runs the actions of its views (000_de6e533300a72cb9.txt, "Actions"): the registry's handler runs
 * with the session's narrow services; a state-changing action (one the registry confirms) runs at most once per
 * rendered message, never while its message streams, never on an Ask-authored message, and its outcome is kept
 * with the message, so the memory is persisted with the history.
 */

/** What the runner needs from its session. */
export interface ActionHost {
  readonly thread: Thread;
  /** Sends a frame through the session's connection; false when there is none (or it cannot carry it). */
  send(frame: OutgoingFrame): boolean;
  /** The session's registry, read on each run (a host may replace it). */
  readonly actions: ActionRegistry;
  /** Milliseconds an action frame waits for its `action_result` before it shows as failed. */
  readonly actionTimeout: number;
  /** The bags API add-to-bag confirmations consult, if any. */
  readonly bags: BagDirectory | null;
  /** Hands an action to the host page. */
  deliver(request: ActionRequest): void;
  /** Puts text in the chat's message box. */
  prefill(text: string): void;
  /** Sends a user message; the error text when it was refused. */
  sendText(text: string): { readonly ok: true } | { readonly ok: false; readonly message: string };
  /** An action's outcome changed (it was confirmed, answered, or its task reported progress). */
  changed(message: AssistantMessage, outcome: ActionOutcome): void;
}

export type ActionRunResult = 'ran' | 'no-handler' | 'refused';

/** Later task statuses never give way to earlier ones (a resume replays every task event of the session). */
const TASK_ORDER = { delivered: 0, running: 1, completed: 2, failed: 2 } as const;

/** A client action ID that no other tab or reload sharing the server's session will use. */
const newActionId = (n: number): string =>
  typeof globalThis.crypto?.randomUUID === 'function' ? `action-${globalThis.crypto.randomUUID()}` : `action-${Date.now().toString(36)}-${n}-${Math.random().toString(36).slice(2)}`;

export interface RunOptions {
  /** add-to-bag: the user confirmed using (or creating) the "Composer selection" bag (no destination, no mutable active bag). */
  readonly createSelectionBag?: boolean;
  /**
   * Called once the action may run, before its handler: false when the page took the action over (then nothing else
   * runs, and a state-changing action is remembered as delivered).
   */
  readonly beforeRun?: (request: ActionRequest) => boolean;
  /** How a follow-up is sent (the chat's own send, with its cancelable `mantis-send`); the session's by default. */
  readonly send?: (text: string) => { readonly ok: true } | { readonly ok: false; readonly message: string };
}

export class ActionRunner {
  readonly #host: ActionHost;
  readonly #timeouts = new Map<string, ReturnType<typeof setTimeout>>();
  #next = 0;

  constructor(host: ActionHost) {
    this.#host = host;
  }

  /**
   * What the user is asked to confirm: the registry's description, or for add-to-bag what the bags API says (the
   * named bag must exist and be writable; with none, the active bag is named when it is mutable, or else the
   * "Composer selection" bag, or its creation, is what is confirmed). When the bags API cannot be reached, the registry's description stands and
   * the backend still checks before it writes.
   */
  async prepare(request: ActionRequest): Promise<ActionPreparation> {
    const { action } = request;
    const described: ActionPreparation = { allowed: true, description: this.#host.actions.describe(action) };
    const bags = this.#host.bags;
    if (action.type !== 'add-to-bag' || !bags) return described;
    try {
      // Its own module, loaded with the first add-to-bag confirmation; one that cannot load leaves the description.
      const { prepareAddToBag } = await import('../actions/bag-confirmation.js');
      return await prepareAddToBag(action, bags);
    } catch {
      return described;
    }
  }

  /**
   * Runs an action chosen in a view. `refused`: it is state-changing and already ran for this message, or its message
   * streams, or its message was authored under Ask (by the stored marker, whatever the selected mode).
   */
  run(request: ActionRequest, options: RunOptions = {}): ActionRunResult {
    const host = this.#host;
    const registry = host.actions;
    const handler = registry.handler(request.action.type);
    if (!handler) return 'no-handler';
    const message = request.messageId === undefined ? undefined : host.thread.assistant(request.messageId);
    // An action names the message it was offered in: one that is not in the conversation runs nothing.
    if (request.messageId !== undefined && !message) return 'refused';
    if (message && !registry.offers(request.action.type, message.marker.mode === 'ask')) return 'refused';
    // The policy is the specification's, whatever a host's handler says (see ActionRegistry.needsConfirmation).
    const once = registry.needsConfirmation(request.action.type) && message !== undefined;
    if (once && (message.status === 'streaming' || outcomeOf(message.actions, request.viewId, request.action.id, request.partId))) return 'refused';

    const clientActionId = newActionId(this.#next++);
    const messageId = message?.id;
    const outcome = (status: ActionStatus, extra: Partial<ActionOutcome> = {}): void => {
      if (!once || messageId === undefined) return;
      const base = outcomeOf(host.thread.assistant(messageId)?.actions, request.viewId, request.action.id, request.partId);
      this.#set(messageId, {
        viewId: request.viewId,
        ...(request.partId === undefined ? {} : { partId: request.partId }),
        actionId: request.action.id,
        type: request.action.type,
        clientActionId,
        at: Date.now(),
        ...base,
        ...extra,
        status,
      });
    };
    // Remembered before anything runs: a second confirmation in the same instant finds it.
    outcome('pending');
    if (options.beforeRun && !options.beforeRun(request)) {
      outcome('delivered');
      return 'ran';
    }
    const services: ActionServices = {
      deliverToHost: (r) => host.deliver(r),
      sendToBackend: (r, sendOptions) => this.#sendFrame(r, clientActionId, options.createSelectionBag ?? sendOptions?.createSelectionBag, outcome),
      prefillComposer: (text) => host.prefill(text),
      sendFollowUp: (text) => {
        const sent = options.send ? options.send(text) : host.sendText(text);
        if (sent.ok) outcome('delivered');
        else outcome('failed', { reason: sent.message });
      },
      report: (status, reason) => outcome(status, reason === undefined ? {} : { reason }),
    };
    try {
      handler.run(request as never, services);
    } catch (error) {
      // A handler that throws (a host's, say) never leaves its action pending.
      outcome('failed', { reason: error instanceof Error ? error.message.slice(0, 200) : 'the handler failed' });
    }
    return 'ran';
  }

  #sendFrame(
    request: ActionRequest,
    clientActionId: string,
    createSelectionBag: boolean | undefined,
    outcome: (status: ActionStatus, extra?: Partial<ActionOutcome>) => void,
  ): void {
    const sent =
      request.messageId !== undefined &&
      this.#host.send({
        type: 'action',
        clientActionId,
        messageId: request.messageId,
        viewId: request.viewId,
        nodeId: request.nodeId,
        action: request.action,
        ...(createSelectionBag ? { createSelectionBag: true } : {}),
      });
    if (!sent) {
      outcome('failed', { reason: 'this chat has no connection to send it through' });
      return;
    }
    // The transport resends it on every connection until it is answered; without an answer in time it has failed
    // (an answer that comes later still replaces that outcome).
    this.#timeouts.set(
      clientActionId,
      setTimeout(() => {
        this.#timeouts.delete(clientActionId);
        const found = this.#host.thread.findAction(clientActionId);
        if (found?.outcome.status === 'pending') outcome('failed', { reason: 'no answer from the server' });
      }, this.#host.actionTimeout),
    );
  }

  /** The server's decision on an action frame: its outcome changes. False when no action of this session has that ID. */
  result(clientActionId: string, status: 'accepted' | 'rejected', reason?: string): boolean {
    const found = this.#host.thread.findAction(clientActionId);
    if (!found) return false;
    const { message, outcome } = found;
    clearTimeout(this.#timeouts.get(clientActionId));
    this.#timeouts.delete(clientActionId);
    const { reason: _old, ...rest } = outcome;
    const next: ActionOutcome = status === 'accepted' ? { ...rest, status: 'delivered' } : { ...rest, status: 'rejected', reason: reason ?? 'the server refused it' };
    // An answer repeated (to a resent frame) changes nothing.
    if (next.status !== outcome.status || next.reason !== outcome.reason) this.#set(message.id, next);
    return true;
  }

  /**
   * Trusted progress of the task an action started (`status`: delivered, running, completed or failed; another is
   * ignored). False when no action of this session has that ID.
   */
  progress(clientActionId: string, status: string): boolean {
    const found = this.#host.thread.findAction(clientActionId);
    if (!found) return false;
    if (!Object.prototype.hasOwnProperty.call(TASK_ORDER, status)) return true;
    const task = status as keyof typeof TASK_ORDER;
    const { message, outcome } = found;
    // A trusted task event proves delivery (even after a timeout said failed); a task only moves forward, so the
    // events a resume replays change nothing and announce nothing again.
    if (outcome.task !== undefined && TASK_ORDER[task] <= TASK_ORDER[outcome.task]) return true;
    const next = outcome.status === 'pending' || outcome.status === 'failed' ? 'delivered' : outcome.status;
    const { reason: _reason, ...rest } = outcome;
    this.#set(message.id, { ...(next === outcome.status ? outcome : rest), status: next, task });
    return true;
  }

  /** Stops waiting for answers (the session was disposed of). */
  dispose(): void {
    for (const timer of this.#timeouts.values()) clearTimeout(timer);
    this.#timeouts.clear();
  }

  #set(messageId: string, outcome: ActionOutcome): void {
    const changed = this.#host.thread.setAction(messageId, outcome);
    if (changed) this.#host.changed(changed, outcome);
  }
}
